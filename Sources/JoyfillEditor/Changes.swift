import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// One change of the Joyfill change API (a changelog entry): `{"target": …, "fieldId": …,
/// "change": {…}}`. Other keys of an entry (`_id`, `v`, `sdk`, `pageId`, `createdOn` …) are
/// not needed to apply it and are not read.
public struct DocumentChange: Sendable {
    public enum Target: String, Sendable, CaseIterable {
        /// `change: {value}`: the field's new value.
        case fieldUpdate = "field.update"
        /// `change: {row: {_id?, cells}, targetRowIndex?}`: a new table row (or collection root row), at that place
        /// among the rows shown (the end by default). A row without `_id` gets a new one.
        case rowCreate = "field.value.rowCreate"
        /// `change: {rowId, row: {cells}}`: the given cells set on the row; the others kept.
        case rowUpdate = "field.value.rowUpdate"
        /// `change: {rowId}`: the row marked `deleted` (kept in the document, as Joyfill keeps it).
        case rowDelete = "field.value.rowDelete"
        /// `change: {rowId, targetRowIndex}`: the row moved to that place among the rows shown.
        case rowMove = "field.value.rowMove"
        /// `path`, `change: {decorators: […]}`: decorators added at a decorator path (jf's own
        /// entry for the SDKs' `addDecorators`; see ``DecoratorEditor``).
        case decoratorsAdd = "decorators.add"
        /// `path`, `change: {action, decorator}`: the decorator with that action replaced.
        case decoratorsUpdate = "decorators.update"
        /// `path`, `change: {action}`: the decorator with that action removed.
        case decoratorsRemove = "decorators.remove"

        /// Entries that name a decorator `path` instead of a `fieldId`.
        public var isDecoratorChange: Bool { self == .decoratorsAdd || self == .decoratorsUpdate || self == .decoratorsRemove }
    }

    public let target: Target
    /// The field changed; empty for a decorator change, which names its ``path``.
    public let fieldID: String
    /// The decorator path of a decorator change.
    public let path: String?
    /// The entry's `change` object.
    public let change: JSONValue
    /// The whole entry, for placing errors.
    public let json: JSONValue

    /// Reads a list of changes: a JSON array of entries, or one entry.
    public static func list(from json: JSONValue) throws(ChangeError) -> [DocumentChange] {
        let entries = json.arrayValue ?? [json]
        var changes: [DocumentChange] = []
        for (index, entry) in entries.enumerated() {
            func fail(_ message: String) -> ChangeError {
                ChangeError(index: index, field: entry["fieldId"]?.stringValue, message: message, offset: entry.span?.lowerBound)
            }
            guard entry.isObject else { throw fail("a change must be an object, not \(entry.typeName)") }
            guard let name = entry["target"]?.stringValue else { throw fail("the change has no \"target\" string") }
            guard let target = Target(rawValue: name) else {
                let known = Target.allCases.map(\.rawValue)
                throw ChangeError(index: index, field: entry["fieldId"]?.stringValue,
                                  message: "unknown target \"\(name)\" (one of \(known.joined(separator: ", ")))",
                                  suggestion: Suggestions.closest(to: name, in: known), offset: entry["target"]?.span?.lowerBound)
            }
            var field = "", path: String?
            if target.isDecoratorChange {
                guard let text = entry["path"]?.stringValue else { throw fail("\(name) needs a decorator \"path\" string (PAGE/POSITION[/…])") }
                path = text
            } else {
                guard let text = entry["fieldId"]?.stringValue else { throw fail("the change has no \"fieldId\" string") }
                field = text
            }
            guard let change = entry["change"], change.isObject else { throw fail("the change has no \"change\" object") }
            changes.append(DocumentChange(target: target, fieldID: field, path: path, change: change, json: entry))
        }
        return changes
    }
}

/// A change that cannot be applied: which one (0-based), what and, where known, the field.
public struct ChangeError: Error, Sendable, CustomStringConvertible {
    public let index: Int
    public let field: String?
    public let message: String
    public var suggestion: String?
    /// Where the change is in the text it was read from.
    public var offset: Int?

    public init(index: Int, field: String?, message: String, suggestion: String? = nil, offset: Int? = nil) {
        self.index = index
        self.field = field
        self.message = message
        self.suggestion = suggestion
        self.offset = offset
    }

    public var description: String {
        "change \(index + 1)\(field.map { " (field '\($0)')" } ?? ""): \(message)" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }
}

/// Applies changes to a document's text, all or none: the result is the text with each
/// changed value rewritten in place (an untouched row, field or byte keeps its text), or the
/// first change that cannot be applied. Formulas are not run here; ``DocumentEditor`` runs them
/// on the result.
///
/// Changes are gathered per field in memory first, so any number of them costs one pass over
/// the document: a table's changed rows are rewritten row by row, new rows are added at the
/// end of its `value`, and its `rowOrder` is written when a row's place was given. Decorator
/// changes are gathered the same way, by ``DecoratorEditor``, and written as edits of the
/// members they change. Changes to different fields commute, so both kinds share one pass; only
/// when one field gets a decorator change after a value change (or the other way round) is the
/// text written so far read again before going on.
public enum ChangeApplier {
    public static func apply(_ changes: [DocumentChange], to document: JoyDoc,
                             newID: () -> String = ObjectID.make) throws(ChangeError) -> [UInt8] {
        var batch = Batch(document: document)
        for (index, change) in changes.enumerated() {
            if change.target.isDecoratorChange {
                if let field = DecoratorScope.fieldIndex(ofPath: change.path ?? "", in: batch.document, lookup: batch.decorators.lookup),
                   batch.valueFields.contains(field) {
                    try batch.flush(at: index)
                }
                try batch.addDecoratorChange(change, at: index)
            } else {
                if let field = batch.document.fieldIndex(change.fieldID), batch.decoratorFields.contains(field) {
                    try batch.flush(at: index)
                }
                try batch.addValueChange(change, at: index, newID: newID)
            }
        }
        return batch.written
    }

    /// The changes gathered since the document was last read.
    private struct Batch {
        private(set) var document: JoyDoc
        private var states: [Int: FieldState] = [:]
        private var order: [Int] = []
        private(set) var decorators: DecoratorEditor
        private(set) var valueFields: Set<Int> = []
        private(set) var decoratorFields: Set<Int> = []

        init(document: JoyDoc) {
            self.document = document
            decorators = DecoratorEditor(document: document)
        }

        /// The document's text with the changes gathered written in.
        var written: [UInt8] {
            if states.isEmpty && decoratorFields.isEmpty { return Array(document.bytes) }
            var edits = decorators.edits
            for position in order { edits += states[position]!.edits() }
            return JSONEdit.apply(edits, to: document.bytes)
        }

        /// Writes the changes gathered and reads the result, to go on from there.
        mutating func flush(at index: Int) throws(ChangeError) {
            let bytes = written
            do {
                self = Batch(document: try JoyDoc(bytes: bytes))
            } catch {
                throw ChangeError(index: index, field: nil, message: "the document changed so far does not read: \(error)")
            }
        }

        mutating func addDecoratorChange(_ change: DocumentChange, at index: Int) throws(ChangeError) {
            func fail(_ message: String) -> ChangeError {
                ChangeError(index: index, field: nil, message: message, offset: change.json.span?.lowerBound)
            }
            let path = change.path ?? "", action = change.change["action"]?.stringValue
            let list = change.change["decorators"]?.arrayValue, decorator = change.change["decorator"]
            switch change.target {
            case .decoratorsAdd where list == nil:
                throw fail("decorators.add needs \"change\": {\"decorators\": [{\"action\": …}, …]}")
            case .decoratorsUpdate where action == nil || decorator == nil:
                throw fail("decorators.update needs \"change\": {\"action\": …, \"decorator\": {…}}")
            case .decoratorsRemove where action == nil:
                throw fail("decorators.remove needs \"change\": {\"action\": …}")
            default:
                break
            }
            do throws(DecoratorError) {
                switch change.target {
                case .decoratorsAdd: decoratorFields.insert(try decorators.add(list!, at: path))
                case .decoratorsUpdate: decoratorFields.insert(try decorators.update(action: action!, with: decorator!, at: path))
                case .decoratorsRemove: decoratorFields.insert(try decorators.remove(action: action!, at: path))
                default: break
                }
            } catch {
                throw ChangeError(index: index, field: nil, message: error.summary, suggestion: error.suggestion,
                                  offset: change.json["path"]?.span?.lowerBound ?? change.json.span?.lowerBound)
            }
        }

        /// Why a change to a collection's child rows stops: the change API's entries for them
        /// are not applied yet.
        static let nestedRowsUnsupported = "changes to a collection's child rows are not supported yet; "
            + "change its root rows, or replace the whole value with field.update"

        mutating func addValueChange(_ change: DocumentChange, at index: Int, newID: () -> String) throws(ChangeError) {
            func fail(_ message: String, suggestion: String? = nil, at value: JSONValue? = nil) -> ChangeError {
                ChangeError(index: index, field: change.fieldID, message: message, suggestion: suggestion,
                            offset: (value ?? change.json).span?.lowerBound)
            }
            guard let position = document.fieldIndex(change.fieldID) else {
                throw fail("no field has the _id '\(change.fieldID)'",
                           suggestion: Suggestions.closest(to: change.fieldID, in: document.fields.map(\.id)), at: change.json["fieldId"])
            }
            let field = document.fields[position]
            valueFields.insert(position)
            if states[position] == nil {
                states[position] = FieldState(field)
                order.append(position)
            }
            if change.target == .fieldUpdate {
                guard let value = change.change["value"] else { throw fail("field.update needs \"change\": {\"value\": …}") }
                states[position]!.replace(value)
                return
            }
            guard field.type == .table || field.type == .collection else {
                throw fail("\(change.target.rawValue) changes the rows of a table or collection, and '\(field.id)' is a \(field.type.name) field")
            }
            let kind = field.type.name
            if field.type == .collection, let parent = change.change["parentPath"], parent.stringValue?.isEmpty != true, !parent.isNull {
                throw fail(Self.nestedRowsUnsupported, at: parent)
            }
            states[position]!.loadRows()
            let targetIndex: Int?
            switch change.change["targetRowIndex"] {
            case nil, .some(.null): targetIndex = nil
            case let .some(json):
                guard let number = json.numberValue, number >= 0, number == number.rounded(), number < 1e9 else {
                    throw fail("\"targetRowIndex\" must be a whole number from 0", at: json)
                }
                targetIndex = Int(number)
            }
            if change.target == .rowCreate {
                guard let row = change.change["row"], row.isObject else { throw fail("rowCreate needs \"change\": {\"row\": {…}}") }
                if let cells = row["cells"], !cells.isObject, !cells.isNull { throw fail("the row's \"cells\" must be an object", at: cells) }
                var id = row["_id"]?.stringValue ?? ""
                var created = row
                if id.isEmpty {
                    id = newID()
                    // A new `_id` goes first, where Joyfill writes it (or replaces an empty one).
                    created = row["_id"] == nil ? .object([JSONMember("_id", .string(id))] + (row.members ?? []))
                        : JSONValue.setting("_id", to: .string(id), in: row)
                } else if states[position]!.contains(id) {
                    throw fail("the \(kind) already has a row with the _id '\(id)'", at: row["_id"])
                }
                states[position]!.create(created, id: id, at: targetIndex)
                return
            }
            guard let rowID = change.change["rowId"]?.stringValue else { throw fail("\(change.target.rawValue) needs \"change\": {\"rowId\": …}") }
            guard !rowID.isEmpty else { throw fail("the \"rowId\" is empty: a row is named by its _id", at: change.change["rowId"]) }
            guard states[position]!.containsLive(rowID) else {
                if field.type == .collection, states[position]!.hasChildRow(rowID) {
                    throw fail("the row '\(rowID)' is a child row: " + Self.nestedRowsUnsupported, at: change.change["rowId"])
                }
                throw fail("the \(kind) has no row with the _id '\(rowID)' (deleted rows cannot be changed)",
                           suggestion: Suggestions.closest(to: rowID, in: states[position]!.liveIDs), at: change.change["rowId"])
            }
            switch change.target {
            case .rowUpdate:
                guard let cells = change.change["row"]?["cells"], cells.isObject else {
                    throw fail("rowUpdate needs \"change\": {\"rowId\": …, \"row\": {\"cells\": {…}}}")
                }
                states[position]!.update(rowID, cells: cells)
            case .rowDelete:
                states[position]!.delete(rowID)
            case .rowMove:
                guard let targetIndex else { throw fail("rowMove needs \"change\": {\"rowId\": …, \"targetRowIndex\": …}") }
                states[position]!.move(rowID, to: targetIndex)
            case .fieldUpdate, .rowCreate, .decoratorsAdd, .decoratorsUpdate, .decoratorsRemove:
                break
            }
        }
    }
}

/// One field's value while changes are applied: the whole value (after a `field.update`), or a
/// table's or collection's (root) rows, each still the document's text until a change touches it. The rows are read
/// only when a row change needs them (a `field.update` of a large table reads none).
private struct FieldState {
    let field: Field
    /// The field's value replaced as a whole: written as one value.
    private var replaced = false
    private var value: JSONValue?
    /// Table rows in stored order; `span`: where a row of the document is in its text (nil for
    /// a new row, or any row after a `field.update`).
    private var rows: [(json: JSONValue, id: String, span: Range<Int>?, changed: Bool)] = []
    private var rowsLoaded = false
    /// Row ids, each with the index in ``rows`` of the first row that has it.
    private var ids = StringIndex()
    private var rowOfID: [Int] = []
    private var rowOrderChanged = false
    /// The rows shown, by index in ``rows``, in the order shown: worked out when a change first
    /// needs it, then kept up to date by each change (integers, so a batch of moves in a large
    /// table compares and shifts words, not ids).
    private var shown: [Int]?

    init(_ field: Field) {
        self.field = field
        value = field.value
    }

    /// Reads the rows of the current value, once.
    mutating func loadRows() {
        guard !rowsLoaded else { return }
        rowsLoaded = true
        shown = nil
        rows = (value?.arrayValue ?? []).map { ($0, $0["_id"]?.stringValue ?? "", replaced ? nil : $0.span, false) }
        ids = StringIndex(capacity: rows.count)
        rowOfID = []
        for (index, row) in rows.enumerated() where !row.id.isEmpty { remember(row.id, at: index) }
    }

    private mutating func remember(_ id: String, at row: Int) {
        if ids.insert(id).inserted { rowOfID.append(row) }
    }

    /// The index in ``rows`` of the first row with this id.
    private func row(_ id: String) -> Int? { ids.position(of: id).map { rowOfID[$0] } }

    func contains(_ id: String) -> Bool { row(id) != nil }

    func containsLive(_ id: String) -> Bool {
        row(id).map { rows[$0].json["deleted"]?.boolValue != true } ?? false
    }

    /// Whether a row below the root rows (in a collection row's `children`, at any depth) has this id.
    func hasChildRow(_ id: String) -> Bool {
        func children(of row: JSONValue) -> [JSONValue] {
            (row["children"]?.members ?? []).flatMap { $0.value["value"]?.arrayValue ?? [] }
        }
        var pending = rows.flatMap { children(of: $0.json) }
        while let row = pending.popLast() {
            if row["_id"]?.stringValue == id { return true }
            pending += children(of: row)
        }
        return false
    }

    /// The ids of the rows a change can name (a row without an `_id`, or with an empty one, cannot be).
    var liveIDs: [String] { rows.filter { $0.json["deleted"]?.boolValue != true && !$0.id.isEmpty }.map(\.id) }

    private mutating func shownOrder() -> [Int] {
        if let shown { return shown }
        let order = Field.liveRowIndices(rows.map(\.json), order: field.rowOrder)
        shown = order
        return order
    }

    mutating func replace(_ newValue: JSONValue) {
        replaced = true
        value = newValue
        rowsLoaded = false
        rows = []
        shown = nil
    }

    mutating func create(_ row: JSONValue, id: String, at target: Int?) {
        // A new row is stored after the others, so at the end it is shown last whether or not
        // the table has a rowOrder; anywhere else its place is kept by writing the order shown.
        let index = rows.count
        var order = shownOrder()
        if let target, target < order.count {
            order.insert(index, at: target)
            rowOrderChanged = true
        } else {
            order.append(index)
        }
        shown = order
        remember(id, at: index)
        rows.append((row, id, nil, true))
    }

    mutating func update(_ id: String, cells: JSONValue) {
        let index = row(id)!
        var merged = rows[index].json["cells"] ?? .object([])
        if !merged.isObject { merged = .object([]) }
        for member in cells.members ?? [] { merged = JSONValue.setting(member.key, to: member.value, in: merged) }
        rows[index].json = JSONValue.setting("cells", to: merged, in: rows[index].json)
        rows[index].changed = true
    }

    mutating func delete(_ id: String) {
        let index = row(id)!
        rows[index].json = JSONValue.setting("deleted", to: .bool(true), in: rows[index].json)
        rows[index].changed = true
        if let place = shown?.firstIndex(of: index) { shown?.remove(at: place) }
    }

    mutating func move(_ id: String, to target: Int) {
        let index = row(id)!
        var order = shownOrder()
        if let place = order.firstIndex(of: index) { order.remove(at: place) }
        order.insert(index, at: min(target, order.count))
        shown = order
        rowOrderChanged = true
    }

    /// The edits of the document's text that write this field's changes.
    func edits() -> [JSONEdit] {
        guard field.json.span != nil else { return [] }
        var edits: [JSONEdit] = []
        var members: [JSONMember] = []   // new members of the field object
        if replaced {
            // A field.update replaced the value; row changes after it were made on the new one.
            let written = rowsLoaded && (value?.arrayValue != nil || !rows.isEmpty) ? JSONValue.array(rows.map(\.json)) : (value ?? .null)
            if let old = field.json["value"], let oldSpan = old.span {
                edits.append(JSONEdit(span: oldSpan, replacement: written.text))
            } else {
                members.append(JSONMember("value", written))
            }
        } else {
            for row in rows where row.changed {
                if let rowSpan = row.span { edits.append(JSONEdit(span: rowSpan, replacement: row.json.text)) }
            }
            let added = rows.filter { $0.span == nil }
            if !added.isEmpty {
                if let array = field.json["value"], let elements = array.arrayValue, let arraySpan = array.span {
                    // After the last row (so the array's closing layout stays), or inside `[]`.
                    let at = elements.last?.span?.upperBound ?? arraySpan.upperBound - 1
                    let text = (elements.isEmpty ? "" : ", ") + added.map(\.json.text).joined(separator: ", ")
                    edits.append(JSONEdit(span: at..<at, replacement: text))
                } else if let old = field.json["value"], let oldSpan = old.span {
                    edits.append(JSONEdit(span: oldSpan, replacement: JSONValue.array(added.map(\.json)).text))
                } else {
                    members.append(JSONMember("value", .array(added.map(\.json))))
                }
            }
        }
        if rowOrderChanged, let shown {
            let orderJSON = JSONValue.array(shown.map { rows[$0].id }.filter { !$0.isEmpty }.map { .string($0) })
            if let old = field.json["rowOrder"], let oldSpan = old.span {
                edits.append(JSONEdit(span: oldSpan, replacement: orderJSON.text))
            } else {
                members.append(JSONMember("rowOrder", orderJSON))
            }
        }
        if let added = JSONEdit(adding: members, to: field.json) { edits.append(added) }
        return edits
    }
}

/// New `_id`s in the form Joyfill uses (24 hexadecimal digits, a MongoDB ObjectId): the
/// seconds since 1970, then 16 random digits.
public enum ObjectID {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let seconds = UInt32(truncatingIfNeeded: Int(Instant.now.milliseconds / 1000))
        let high = String(seconds, radix: 16), random = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 8 - high.count) + high + String(repeating: "0", count: 16 - random.count) + random
    }
}
