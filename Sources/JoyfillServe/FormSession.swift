import Foundation
import JoyfillChanges
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillSession

/// The document a `jf serve` page shows and edits, and everything the page asks of it.
///
/// Edits arrive as change-API entries (or as the SDKs' row operations, which
/// ``RowOperations`` turns into entries), applied by the document's session
/// (``DocumentSession/apply(_:createdOn:step:onError:)``), which keeps read-only mode and the
/// licence and runs only what a value change reaches, and which undoes and redoes them
/// (typing in one input one step). After a change, the containers whose
/// HTML changed are sent back, and only those. The session is an actor: requests are applied one at a time, in order.
actor FormSession {
    /// What the session is set up with; the document comes and goes.
    struct Settings: Sendable {
        var options = EvaluationOptions()
        var view: DocumentView = .mobile
        var licensing: Licensing = .unrestricted
        var readonly = false
        /// The largest document opened or uploaded (bytes).
        var maximumDocumentSize = 64 << 20
        /// Where files are opened and saved; nil: none are.
        var folders: DocumentFolders?
        /// Writes the document to a file atomically: `jf serve` gives its own, which names the
        /// file in its errors.
        var write: @Sendable ([UInt8], String) throws -> Void = { _, _ in throw ServeError("this server writes no file") }
    }

    let settings: Settings
    /// The file the document was opened from, where Save writes, as the person named it; nil
    /// for an upload or the empty document.
    private(set) var path: String?
    /// ``path`` with every symbolic link resolved: what is read and written.
    private var file: String?
    /// The file's bytes as last read or written: Save refuses to overwrite a file that no
    /// longer holds them (changed by someone else since).
    private var onDisk: [UInt8]?
    private var editor: DocumentSession {
        didSet { reportedWarnings = 0 }
    }
    /// How many of the session's change warnings the page was told of.
    private var reportedWarnings = 0
    /// Whether the form is read-only: the session refuses every change then.
    private var readonly: Bool { editor.mode == .readonly }
    /// Bumped by every change; a page that sends an older one is behind (another tab changed
    /// the document) and is told to load the form again.
    private(set) var version = 0
    /// Whether the document differs from the one opened, reloaded or saved (a change undone
    /// back to it leaves none): what the page marks, and what Ctrl-C in a terminal asks about.
    var hasUnsavedChanges: Bool { editor.revision != savedRevision }
    /// The session's ``DocumentSession/revision`` when the document was last opened or saved.
    private var savedRevision = 0
    /// Each container's HTML as last sent, by id.
    private var rendered: [String: String] = [:]
    /// Each field's state as last sent (``FormRenderer/states()``), by field id.
    private var fieldStates: [String: FormRenderer.FieldState] = [:]
    /// How each table shows its rows, by field.
    private var tableViews: [String: TableView] = [:]
    /// The changelogs of the document's changes since it was opened, oldest first.
    var changelogs: [JSONValue] { editor.changelogs }

    /// The session of `document`, read from `path` (nil: an upload or the empty document).
    /// The file must be one the folders allow.
    init(document: JoyDoc, path: String?, settings: Settings) throws(ServeError) {
        self.settings = settings
        self.path = path
        if let path {
            guard let folders = settings.folders else { throw ServeError("this server opens no file") }
            file = try folders.existingFile(path)
            onDisk = Array(document.bytes)
        }
        editor = DocumentSession(document: document, options: settings.options, view: settings.view,
                                 mode: settings.readonly ? .readonly : .fill, licensing: settings.licensing)
        editor.keepsHistory = true
    }

    /// The document shown when `jf serve` is given none: one empty page.
    static let emptyDocument: JoyDoc = {
        let text = #"{"_id":"","identifier":"","name":"New document","type":"document","fields":[],"files":[{"_id":"file_1","name":"New document","pageOrder":["page_1"],"pages":[{"_id":"page_1","name":"Page 1","fieldPositions":[]}]}]}"#
        return try! JoyDoc(bytes: Array(text.utf8))
    }()

    var name: String { editor.document.json["name"]?.stringValue ?? path ?? "Untitled" }

    // MARK: The page

    /// The whole page: the form of the current document and the playground.
    func page() -> String {
        let renderer = self.renderer()
        remember(renderer)
        return PageTemplate(title: name, path: path, version: version, readonly: readonly, form: renderer.form(rendered),
                            status: status(renderer), fields: playgroundFields(), examples: Playground.examples(of: editor.document)).html
    }

    /// The form alone (after a document is opened, or when the page is behind).
    func form() -> JSONValue {
        let renderer = self.renderer()
        remember(renderer)
        return .object([JSONMember("version", .integer(version)), JSONMember("title", .string(name)),
                        JSONMember("path", path.map(JSONValue.string) ?? .null), JSONMember("readonly", .bool(readonly)),
                        JSONMember("form", .string(renderer.form(rendered))), JSONMember("status", status(renderer)),
                        JSONMember("fields", .strings(playgroundFields())),
                        JSONMember("examples", .array(Playground.examples(of: editor.document).map { label, formula in
                            .object([JSONMember("label", .string(label)), JSONMember("formula", .string(formula))])
                        }))])
    }

    private func renderer() -> FormRenderer {
        FormRenderer(editor: editor, readonly: readonly, tableViews: tableViews)
    }

    /// Records what the page now shows: every container's HTML, and every field's state.
    private func remember(_ renderer: FormRenderer) {
        rendered = Dictionary(renderer.containers().map { ($0.id, $0.html) }, uniquingKeysWith: { first, _ in first })
        fieldStates = renderer.states()
    }

    /// The containers whose HTML differs from what was sent, with the pages' visibility and
    /// the document's status. After a `field.update` (`moved`: the fields whose values it
    /// moved), only the containers of those fields and of fields whose state changed are
    /// rendered again; otherwise every container is.
    private func update(started: ContinuousClock.Instant, moved: [String]? = nil) -> JSONValue {
        let renderer = self.renderer()
        var replaced: [JSONValue] = []
        let states = renderer.states()
        var candidates: Set<String>?
        if let moved {
            var fields = Set(moved)
            for (field, state) in states where fieldStates[field] != state { fields.insert(field) }
            candidates = fields
        }
        fieldStates = states
        for group in renderer.instances {
            for instance in group.instances {
                let field = editor.document.fields[instance.position].id
                if let candidates, !candidates.contains(field) { continue }
                let html = renderer.container(instance).html
                guard rendered[instance.id] != html else { continue }
                rendered[instance.id] = html
                replaced.append(.object([JSONMember("id", .string(instance.id)), JSONMember("html", .string(html))]))
            }
        }
        let pages = renderer.instances.enumerated().compactMap { index, group in
            group.page.map { JSONValue.object([JSONMember("id", .string("pg\(index)")),
                                               JSONMember("hidden", .bool(!editor.visibility.shows(page: $0.id)))]) }
        }
        // A change the form would not have let a person make (to a disabled field), said once.
        let warnings = editor.changeWarnings.dropFirst(reportedWarnings).map { warning -> JSONValue in
            let title = editor.document.field(warning.field)?.title.flatMap { $0.isEmpty ? nil : $0 } ?? warning.field
            return .string("\(title): this field is disabled, so the form lets no one change it; the change was made anyway")
        }
        reportedWarnings = editor.changeWarnings.count
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return .object(["version": .integer(version), "replace": .array(replaced), "pages": .array(pages),
                        "status": status(renderer), "changelogs": .integer(changelogs.count),
                        "warnings": warnings.isEmpty ? nil : .array(warnings),
                        "serverMilliseconds": .number((milliseconds * 100).rounded() / 100)])
    }

    private func status(_ renderer: FormRenderer) -> JSONValue {
        let invalid = renderer.validation.invalidFields.count
        let failures = renderer.failures.values.reduce(0) { $0 + $1.count }
        return .object([JSONMember("valid", .bool(renderer.validation.status == .valid)), JSONMember("invalid", .integer(invalid)),
                        JSONMember("failures", .integer(failures)), JSONMember("unsaved", .bool(hasUnsavedChanges)),
                        JSONMember("undo", .bool(editor.canUndo && !readonly)), JSONMember("redo", .bool(editor.canRedo && !readonly))])
    }

    // MARK: Changes

    /// Applies what the page sends: `{"version", "changes": [entries]}` or
    /// `{"version", "operation": NAME, "field", "row"?, "parent"?, "schema"?}` (the SDKs'
    /// `insertRow`, `duplicateRows`, `deleteRows`, `moveRowUp`, `moveRowDown`). Returns the
    /// update, or throws what was wrong with the request; the document is then as it was.
    func change(_ request: JSONValue) throws(ServeError) -> JSONValue {
        let started = ContinuousClock.now
        // The version the page's form is of: a whole number (its digits alone, so that 1e300
        // or 2^63 never reads as another); another one means the page is behind, and nothing
        // is applied.
        guard let given = request["version"]?.numberText, !given.isEmpty, given.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ServeError("give the \"version\" of the form the change was made in (a whole number, \(version) now)", status: 400)
        }
        if given != String(version) { return .object([JSONMember("reload", .bool(true)), JSONMember("version", .integer(version))]) }
        let entries: JSONValue
        let operation = request["operation"]?.stringValue
        if let operation, Uploads.operations.contains(operation) || ChartEdits.operations.contains(operation) {
            // An operation on one field's value: the field's whole new value, from the value now.
            guard let id = request["field"]?.stringValue, let position = editor.document.fieldIndex(id) else {
                throw ServeError("the operation \(operation) names no \"field\" of the document")
            }
            let (field, current) = (editor.document.fields[position], editor.values.value(at: position))
            entries = Uploads.operations.contains(operation) ? try Uploads.entries(operation, on: field, current: current, request)
                : try ChartEdits.entries(operation, on: field, current: current, request)
        } else if let operation {
            entries = try rowOperation(operation, request)
        } else if let changes = request["changes"] {
            entries = changes
        } else {
            throw ServeError("the request names no \"changes\" and no \"operation\"")
        }
        let changes: [DocumentChange]
        do throws(ChangeError) {
            changes = try DocumentChange.list(from: entries)
        } catch {
            throw ServeError(error)
        }
        guard !changes.isEmpty else { return update(started: started) }
        // Typing in one input is one step: a value, a cell, or one coordinate of a chart's point.
        let step: UndoStep = operation == nil ? .typing
            : operation == "setPoint" ? .named([request["field"], request["line"], request["point"], request["key"]].map { $0?.stringValue ?? "" }.joined(separator: " "))
            : .own
        // Row changes reshape the document's text, but only the fields they name and the
        // formulas' results can move: those are found, so that only their containers (and
        // those whose state changed) are rendered again, as after a value change.
        let rowsOnly = changes.allSatisfy { [.rowCreate, .rowUpdate, .rowDelete, .rowMove].contains($0.target) }
        let results = rowsOnly ? formulaResults() : [:]
        var moved: [String]?
        do throws(ChangeError) {
            moved = try editor.apply(changes, createdOn: Date().timeIntervalSince1970, step: step)
        } catch {
            throw ServeError(error)
        }
        if moved == nil && rowsOnly {
            moved = Array(Set(changes.map(\.fieldID))) + formulaResults().compactMap { field, value in results[field] == value ? nil : field }
        }
        version += 1
        // A row added with Add row is shown where it went (a root row: on its page of rows),
        // and the page puts the focus in it.
        let added = operation == "insertRow" ? entries.arrayValue?.first?["change"]?["row"]?["_id"]?.stringValue : nil
        if let added, request["parent"] == nil, let field = request["field"]?.stringValue, let position = editor.document.fieldIndex(field),
           let index = Field.liveRows(editor.values.value(at: position)?.arrayValue ?? [], order: editor.document.fields[position].rowOrder)
            .firstIndex(where: { $0["_id"]?.stringValue == added }) {
            // Unsorted and unsearched, so that the new row is there to see.
            tableViews[field] = TableView(page: index / FormRenderer.rowsPerPage)
        }
        var answer = update(started: started, moved: moved)
        if let added { answer = JSONValue.setting("focusRow", to: .string(added), in: answer) }
        return answer
    }

    /// The value of every field a formula computes, by id.
    private func formulaResults() -> [String: JSONValue?] {
        var results: [String: JSONValue?] = [:]
        for (position, field) in editor.document.fields.enumerated() where field.hasValueFormula {
            results[field.id] = editor.values.value(at: position)
        }
        return results
    }

    /// Undoes the last change (or run of typing in one input): the document is again as it was
    /// before it. `request` is `{"version"}`, as for a change.
    func undo(_ request: JSONValue) throws(ServeError) -> JSONValue {
        try travel(request, undoing: true)
    }

    /// Does again what was undone last.
    func redo(_ request: JSONValue) throws(ServeError) -> JSONValue {
        try travel(request, undoing: false)
    }

    private func travel(_ request: JSONValue, undoing: Bool) throws(ServeError) -> JSONValue {
        let started = ContinuousClock.now
        guard request["version"]?.numberText == String(version) else {
            return .object([JSONMember("reload", .bool(true)), JSONMember("version", .integer(version))])
        }
        guard !readonly else { throw ServeError("the form is read-only: nothing can be \(undoing ? "undone" : "redone")", status: 409) }
        let done: Bool
        do throws(ChangeError) {
            done = undoing ? try editor.undo() : try editor.redo()
        } catch {
            throw ServeError(error)
        }
        guard done else { throw ServeError("there is nothing to \(undoing ? "undo" : "redo")", status: 409) }
        // The warnings of the state restored were told of when it was made.
        reportedWarnings = editor.changeWarnings.count
        version += 1
        return update(started: started)
    }

    private func rowOperation(_ name: String, _ request: JSONValue) throws(ServeError) -> JSONValue {
        guard let field = request["field"]?.stringValue else { throw ServeError("the operation \(name) names no \"field\"") }
        let row = request["row"]?.stringValue
        func needRow() throws(ServeError) -> String {
            guard let row else { throw ServeError("the operation \(name) names no \"row\"") }
            return row
        }
        let rows = ["insertRow", "duplicateRows", "deleteRows", "moveRowUp", "moveRowDown"]
        guard rows.contains(name) else {
            let known = rows + Uploads.operations + ChartEdits.operations
            throw ServeError("unknown operation \"\(name)\" (one of \(known.joined(separator: ", ")))",
                             suggestion: Suggestions.closest(to: name, in: known))
        }
        let target = name == "insertRow" ? nil : try needRow()
        let operations = editor.rowOperations
        do throws(ChangeError) {
            switch (name, target) {
            case ("duplicateRows", let row?): return .array(try operations.duplicateRows([row], in: field))
            case ("deleteRows", let row?): return .array(try operations.deleteRows([row], in: field))
            case ("moveRowUp", let row?): return .array(try operations.moveRowUp(row, in: field))
            case ("moveRowDown", let row?): return .array(try operations.moveRowDown(row, in: field))
            default:
                return .array([try operations.insertRow(in: field, under: request["parent"]?.stringValue, schema: request["schema"]?.stringValue)])
            }
        } catch {
            throw ServeError(error)
        }
    }

    /// Changes how table or collection `field` shows its rows, from what the page sends:
    /// `{"field", "page"?, "sort"?: {"column", "descending"} | null, "search"?, "searchColumn"?: ID | null}`.
    /// A new sort or search starts again at the first page.
    func showRows(_ request: JSONValue) throws(ServeError) -> JSONValue {
        guard let id = request["field"]?.stringValue else { throw ServeError("give the table's \"field\"") }
        guard let field = editor.document.field(id), field.type == .table || field.type == .collection else {
            throw ServeError("no table or collection '\(id)'", suggestion: Suggestions.closest(to: id, in: editor.document.fields.filter {
                $0.type == .table || $0.type == .collection }.map(\.id)))
        }
        let columns = field.type == .table ? field.columns.map(\.id) : (field.rootSchema?.columns.map(\.id) ?? [])
        func column(_ value: JSONValue, _ what: String) throws(ServeError) -> String {
            guard let name = value.stringValue, columns.contains(name) else {
                throw ServeError("\(what) names no column of '\(id)'", suggestion: value.stringValue.flatMap { Suggestions.closest(to: $0, in: columns) })
            }
            return name
        }
        var view = tableViews[id] ?? TableView()
        let before = view
        if let sort = request["sort"] {
            if sort.isNull {
                view.sort = nil
            } else {
                guard let name = sort["column"], let descending = (sort["descending"] ?? .bool(false)).boolValue else {
                    throw ServeError("give \"sort\" as {\"column\": ID, \"descending\": true|false}, or null")
                }
                view.sort = TableView.Sort(column: try column(name, "\"sort\""), descending: descending)
            }
        }
        if let search = request["search"] {
            guard let text = search.stringValue, text.count <= TableView.maximumSearch else {
                throw ServeError("give \"search\" as text of at most \(TableView.maximumSearch) characters")
            }
            view.search = text
        }
        if let searchColumn = request["searchColumn"] {
            view.searchColumn = searchColumn.isNull ? nil : try column(searchColumn, "\"searchColumn\"")
        }
        if view.sort != before.sort || view.search != before.search || view.searchColumn != before.searchColumn { view.page = 0 }
        if let page = request["page"] {
            guard let number = page.integerValue else { throw ServeError("give \"page\" as a whole number") }
            view.page = max(0, number)
        }
        tableViews[id] = view
        return update(started: .now)
    }

    /// Switches read-only mode: every input is disabled, and changes are refused.
    func setReadonly(_ on: Bool) -> JSONValue {
        editor.mode = on ? .readonly : .fill
        return update(started: .now)
    }

    // MARK: Documents

    /// The document's text now: the opened text with the changes and formula results in.
    func currentBytes() -> [UInt8] {
        editor.currentBytes
    }

    /// Opens the file at `path`, relative to the directory `jf serve` was started in (see
    /// ``open(_:path:)``); only a file the folders allow.
    func open(path: String) throws(ServeError) -> JSONValue {
        guard let folders = settings.folders else { throw ServeError("this server opens no file") }
        let real = try folders.existingFile(path)
        let bytes = try folders.contents(of: real, shown: path, limit: settings.maximumDocumentSize)
        let form = try open(bytes, path: path)
        file = real
        onDisk = bytes
        return form
    }

    /// Replaces the document with `bytes` (from `path`, when a file was opened). A text that
    /// is not a JoyDoc is refused with where it went wrong; the document shown stays.
    func open(_ bytes: [UInt8], path: String?) throws(ServeError) -> JSONValue {
        guard bytes.count <= settings.maximumDocumentSize else {
            throw ServeError("the document is \(bytes.count) bytes, more than the \(settings.maximumDocumentSize) bytes jf serve opens")
        }
        let document: JoyDoc
        do {
            document = try JoyDoc(bytes: bytes)
        } catch {
            throw ServeError("\(path ?? "the upload"): \(error)")
        }
        editor = DocumentSession(document: document, options: settings.options, view: settings.view,
                                 mode: editor.mode, licensing: settings.licensing)
        editor.keepsHistory = true
        self.path = path
        file = nil
        onDisk = nil
        version += 1
        savedRevision = editor.revision
        tableViews = [:]
        return form()
    }

    /// Writes the document back to the file it was opened from, or with `newPath` to a new
    /// file (Save as), atomically (a new file beside it, renamed over it). Returns the path
    /// written. A file changed on disk since it was read or last saved is not overwritten: the
    /// error says so (409, `conflict`), and the page offers to reload it or save as.
    func save(as newPath: String? = nil) throws(ServeError) -> String {
        guard let folders = settings.folders else { throw ServeError("this server saves no file") }
        let bytes = currentBytes()
        if let newPath {
            let real = try folders.newFile(newPath)
            try write(bytes, to: real)
            (path, file, onDisk) = (newPath, real, bytes)
            savedRevision = editor.revision
            return newPath
        }
        guard let path, let file else { throw ServeError("the document was not opened from a file: save it as one, or download it") }
        // Resolved again: a link swapped in since may not lead out of the folders.
        let real = try folders.existingFile(path)
        let now: [UInt8]
        do throws(ServeError) {
            now = try folders.contents(of: real, shown: path, limit: Int.max)
        } catch {
            throw ServeError.conflict("\(path) cannot be read any more (\(error.message)): save as another file, or download")
        }
        guard real == file, now == onDisk else {
            throw ServeError.conflict("\(path) was changed on disk since it was opened: reload it (your changes are dropped), or save as another file")
        }
        try write(bytes, to: real)
        onDisk = bytes
        savedRevision = editor.revision
        return path
    }

    private func write(_ bytes: [UInt8], to file: String) throws(ServeError) {
        do {
            try settings.write(bytes, file)
        } catch {
            throw ServeError("\(error)")
        }
    }

    /// Reads the document's file again, dropping the session's changes (after Save was
    /// refused because the file changed on disk).
    func reload() throws(ServeError) -> JSONValue {
        guard let path else { throw ServeError("the document was not opened from a file") }
        return try open(path: path)
    }

    // MARK: The playground

    /// The document for the playground: nil when the worker's session is bound to the current
    /// version already (its text is then not taken again).
    func playgroundSnapshot(known: Int?) -> PlaygroundWorker.Snapshot? {
        known == version ? nil : PlaygroundWorker.Snapshot(version: version, bytes: currentBytes(), name: path ?? "document")
    }

    /// The field ids the playground offers for the dependency graph.
    private func playgroundFields() -> [String] {
        editor.document.fields.map(\.id)
    }
}
