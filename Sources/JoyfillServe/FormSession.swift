import Foundation
import JoyfillEditor
import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillREPL

/// The document a `jf serve` page shows and edits, and everything the page asks of it.
///
/// Edits arrive as change-API entries (or as the SDKs' row operations, which
/// ``RowOperations`` turns into entries). A `field.update` is applied in place through
/// ``DocumentEditor/update(_:createdOn:)``, so only the formulas and logic it reaches run
/// again; a row or page change makes a new editor over the document's current text, as
/// `jf apply` does. After either, the containers whose HTML changed are sent back, and only
/// those. The session is an actor: requests are applied one at a time, in order.
actor FormSession {
    /// What the session is set up with; the document comes and goes.
    struct Settings: Sendable {
        var options = EvaluationOptions()
        var view: DocumentView = .mobile
        var licensing: Licensing = .unrestricted
        var readonly = false
        /// The largest document opened or uploaded (bytes).
        var maximumDocumentSize = 64 << 20
        /// Reads a file the page asks to open, and writes the document back to it atomically:
        /// `jf serve` gives its own, which name the file in their errors.
        var read: @Sendable (String) throws -> [UInt8] = { _ in throw ServeError("this server opens no file") }
        var write: @Sendable ([UInt8], String) throws -> Void = { _, _ in throw ServeError("this server writes no file") }
    }

    let settings: Settings
    /// The file the document was opened from, where Save writes; nil for an upload or the
    /// empty document.
    private(set) var path: String?
    private var editor: DocumentEditor
    private var readonly: Bool
    /// Bumped by every change; a page that sends an older one is behind (another tab changed
    /// the document) and is told to load the form again.
    private(set) var version = 0
    /// Each container's HTML as last sent, by id.
    private var rendered: [String: String] = [:]
    /// Each field's state as last sent (``FormRenderer/states()``), by field id.
    private var states: [String: FormRenderer.FieldState] = [:]
    private var tablePages: [String: Int] = [:]
    /// The changelogs of the session's changes, oldest first.
    private(set) var changelogs: [JSONValue] = []
    /// The playground's REPL session and the version its document is of.
    private var playground: (session: REPLSession, version: Int)?

    init(document: JoyDoc, path: String?, settings: Settings) {
        self.settings = settings
        self.path = path
        readonly = settings.readonly
        editor = DocumentEditor(document: document, options: settings.options, view: settings.view, licensing: settings.licensing)
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
                            status: status(renderer), fields: playgroundFields()).html
    }

    /// The form alone (after a document is opened, or when the page is behind).
    func form() -> JSONValue {
        let renderer = self.renderer()
        remember(renderer)
        return .object([JSONMember("version", .integer(version)), JSONMember("title", .string(name)),
                        JSONMember("path", path.map(JSONValue.string) ?? .null), JSONMember("readonly", .bool(readonly)),
                        JSONMember("form", .string(renderer.form(rendered))), JSONMember("status", status(renderer)),
                        JSONMember("fields", .strings(playgroundFields()))])
    }

    private func renderer() -> FormRenderer {
        FormRenderer(editor: editor, readonly: readonly, tablePages: tablePages)
    }

    /// Records what the page now shows: every container's HTML, and every field's state.
    private func remember(_ renderer: FormRenderer) {
        rendered = Dictionary(renderer.containers().map { ($0.id, $0.html) }, uniquingKeysWith: { first, _ in first })
        states = renderer.states()
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
            for (field, state) in states where self.states[field] != state { fields.insert(field) }
            candidates = fields
        }
        self.states = states
        for group in renderer.instances {
            for instance in group.instances {
                let field = editor.document.fields[instance.position].id
                if let candidates, !candidates.contains(field) { continue }
                let html = renderer.container(instance)
                guard rendered[instance.id] != html else { continue }
                rendered[instance.id] = html
                replaced.append(.object([JSONMember("id", .string(instance.id)), JSONMember("html", .string(html))]))
            }
        }
        let pages = renderer.instances.enumerated().compactMap { index, group in
            group.page.map { JSONValue.object([JSONMember("id", .string("pg\(index)")),
                                               JSONMember("hidden", .bool(!editor.visibility.shows(page: $0.id)))]) }
        }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return .object([JSONMember("version", .integer(version)), JSONMember("replace", .array(replaced)),
                        JSONMember("pages", .array(pages)), JSONMember("status", status(renderer)),
                        JSONMember("changelogs", .integer(changelogs.count)),
                        JSONMember("serverMilliseconds", .number((milliseconds * 100).rounded() / 100))])
    }

    private func status(_ renderer: FormRenderer) -> JSONValue {
        let invalid = renderer.validation.invalidFields.count
        let failures = renderer.failures.values.reduce(0) { $0 + $1.count }
        return .object([JSONMember("valid", .bool(renderer.validation.status == .valid)), JSONMember("invalid", .integer(invalid)),
                        JSONMember("failures", .integer(failures))])
    }

    // MARK: Changes

    /// Applies what the page sends: `{"version", "changes": [entries]}` or
    /// `{"version", "operation": NAME, "field", "row"?, "parent"?, "schema"?}` (the SDKs'
    /// `insertRow`, `duplicateRows`, `deleteRows`, `moveRowUp`, `moveRowDown`). Returns the
    /// update, or throws what was wrong with the request; the document is then as it was.
    func change(_ request: JSONValue) throws(ServeError) -> JSONValue {
        let started = ContinuousClock.now
        if readonly { throw ServeError("the form is read-only: switch read-only off to change it") }
        let behind = request["version"]?.integerValue.map { $0 != version } ?? false
        let entries: JSONValue
        if let operation = request["operation"]?.stringValue {
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
        let createdOn = Date().timeIntervalSince1970
        var moved: [String]?
        if changes.allSatisfy({ $0.target == .fieldUpdate }) {
            let before = editor.changelogs.count
            do throws(ChangeError) {
                moved = try editor.update(changes, createdOn: createdOn)
            } catch {
                throw ServeError(error)
            }
            changelogs += editor.changelogs[before...]
        } else {
            let document = try currentDocument()
            do throws(ChangeError) {
                editor = try DocumentEditor(document: document, applying: changes, options: settings.options, view: settings.view,
                                            licensing: settings.licensing)
            } catch {
                throw ServeError(error)
            }
            changelogs += editor.changelogs
        }
        version += 1
        if behind { return .object([JSONMember("reload", .bool(true)), JSONMember("version", .integer(version))]) }
        return update(started: started, moved: moved)
    }

    private func rowOperation(_ name: String, _ request: JSONValue) throws(ServeError) -> JSONValue {
        guard let field = request["field"]?.stringValue else { throw ServeError("the operation \(name) names no \"field\"") }
        let row = request["row"]?.stringValue
        func needRow() throws(ServeError) -> String {
            guard let row else { throw ServeError("the operation \(name) names no \"row\"") }
            return row
        }
        let known = ["insertRow", "duplicateRows", "deleteRows", "moveRowUp", "moveRowDown"]
        guard known.contains(name) else {
            throw ServeError("unknown operation \"\(name)\" (one of \(known.joined(separator: ", ")))",
                             suggestion: Suggestions.closest(to: name, in: known))
        }
        let target = name == "insertRow" ? nil : try needRow()
        let operations = RowOperations(document: try currentDocument())
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

    /// Shows row page `page` of table or collection `field`.
    func showRows(of field: String, page: Int) throws(ServeError) -> JSONValue {
        guard editor.document.field(field) != nil else { throw ServeError("no field '\(field)'") }
        tablePages[field] = max(0, page)
        return update(started: .now)
    }

    /// Switches read-only mode: every input is disabled, and changes are refused.
    func setReadonly(_ on: Bool) -> JSONValue {
        readonly = on
        return update(started: .now)
    }

    // MARK: Documents

    /// The document's text now: the opened text with the changes and formula results in.
    func currentBytes() -> [UInt8] {
        editor.updatedBytes ?? Array(editor.document.bytes)
    }

    private func currentDocument() throws(ServeError) -> JoyDoc {
        do {
            return try JoyDoc(bytes: currentBytes())
        } catch {
            throw ServeError("the document no longer reads: \(error)")
        }
    }

    /// Opens the file at `path` (see ``open(_:path:)``).
    func open(path: String) throws(ServeError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try settings.read(path)
        } catch {
            throw ServeError("\(error)")
        }
        return try open(bytes, path: path)
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
        editor = DocumentEditor(document: document, options: settings.options, view: settings.view, licensing: settings.licensing)
        self.path = path
        version += 1
        tablePages = [:]
        changelogs = []
        playground = nil
        return form()
    }

    /// Writes the document back to the file it was opened from, atomically (a new file beside
    /// it, renamed over it). Returns the path written.
    func save() throws(ServeError) -> String {
        guard let path else { throw ServeError("the document was not opened from a file: download it instead") }
        do {
            try settings.write(currentBytes(), path)
        } catch {
            throw ServeError("\(error)")
        }
        return path
    }

    // MARK: The playground

    /// The REPL session bound to the document as it is now (made again after a change).
    private func playgroundSession() -> REPLSession {
        if let playground, playground.version == version { return playground.session }
        let session = REPLSession(files: NoFiles(), options: settings.options)
        session.width = 100
        if let document = try? currentDocument() { session.load(document, name: path ?? "document") }
        playground = (session, version)
        return session
    }

    /// The field ids the playground offers for the dependency graph.
    private func playgroundFields() -> [String] {
        editor.document.fields.map(\.id)
    }

    /// What the playground shows for `formula` with the cursor at `cursor` (UTF-16).
    func analyse(_ formula: String, cursor: Int) -> JSONValue {
        Playground(session: playgroundSession()).analyse(formula, cursor: cursor)
    }

    /// Completions of the word before `cursor` (UTF-16) in `formula`.
    func complete(_ formula: String, cursor: Int) -> JSONValue {
        Playground(session: playgroundSession()).complete(formula, cursor: cursor)
    }

    /// Where `field` sits in the dependency graph.
    func dependencies(of field: String) throws(ServeError) -> JSONValue {
        let session = playgroundSession()
        guard let engine = session.engine else { throw ServeError("no document is open") }
        guard engine.document.field(field) != nil else {
            throw ServeError("no field '\(field)'", suggestion: Suggestions.closest(to: field, in: engine.document.fields.map(\.id)))
        }
        return Playground(session: session).dependencies(of: field, in: engine)
    }
}

/// The playground reads no file: `:load` and `:save` are not offered there.
struct NoFiles: REPLFileSystem {
    func read(_ path: String) throws -> [UInt8] { throw ServeError("the playground reads no file") }
    func write(_ bytes: [UInt8], to path: String) throws { throw ServeError("the playground writes no file") }
}
