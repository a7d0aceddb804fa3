import JoyfillDecorators
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// One change of the Joyfill change API (a changelog entry): `{"target": …, "fieldId": …,
/// "change": {…}}`, decoded once into its ``Operation`` with typed payloads, so that applying
/// it is only about the document. Other keys of an entry (`_id`, `v`, `sdk`, `pageId`,
/// `createdOn` …) are not needed to apply it and are not read.
public struct DocumentChange: Sendable {
    public enum Target: String, Sendable, CaseIterable {
        case fieldUpdate = "field.update"
        case rowCreate = "field.value.rowCreate"
        case rowUpdate = "field.value.rowUpdate"
        case rowDelete = "field.value.rowDelete"
        case rowMove = "field.value.rowMove"
        case decoratorsAdd = "decorators.add"
        case decoratorsUpdate = "decorators.update"
        case decoratorsRemove = "decorators.remove"
        case pageDelete = "page.delete"
        case pageDuplicate = "page.duplicate"

        /// Entries that name a decorator `path` instead of a `fieldId`.
        public var isDecoratorChange: Bool { self == .decoratorsAdd || self == .decoratorsUpdate || self == .decoratorsRemove }
    }

    /// What the change does, with what it needs, checked for shape (the document is not read).
    public enum Operation: Sendable {
        /// `change: {value}`: the field's new value.
        case fieldUpdate(value: JSONValue)
        /// `change: {row: {_id?, cells?}, targetRowIndex?, parentPath?, schemaId?}`: a new table
        /// or collection row, at that place among the rows shown (the end by default). A row
        /// without `_id` gets a new one. In a collection, `parentPath` names the row it goes
        /// under and `schemaId` its schema (see `docs/cli.md`, `jf apply`); both are the
        /// entry's values, for errors placed on them.
        case rowCreate(row: JSONValue, at: Int?, parentPath: JSONValue?, schemaID: JSONValue?)
        /// `change: {rowId, row: {cells}, clearCells?}`: the given cells set on the row, the
        /// cells `clearCells` names removed (jf's own member: a cleared cell then reads as its
        /// column's default, as a new row's does), the others kept.
        case rowUpdate(rowID: RowID, cells: JSONValue, cleared: [String])
        /// `change: {rowId}`: the row marked `deleted` (kept in the document, as Joyfill keeps it).
        case rowDelete(rowID: RowID)
        /// `change: {rowId, targetRowIndex}`: the row moved to that place among the rows shown.
        case rowMove(rowID: RowID, to: Int)
        /// `path`, `change: {decorators: […]}`: decorators added at a decorator path (jf's own
        /// entry for the SDKs' `addDecorators`; see ``DecoratorEditor``).
        case decoratorsAdd(path: String, decorators: [Decorator])
        /// `path`, `change: {action, decorator}`: the decorator with that action replaced.
        case decoratorsUpdate(path: String, action: String, decorator: Decorator)
        /// `path`, `change: {action}`: the decorator with that action removed.
        case decoratorsRemove(path: String, action: String)
        /// `change: {pageId}`: the page deleted as the SDKs' `deletePage` deletes it, with the
        /// fields no other page places (jf's own entry; see ``PageDeletion``).
        case pageDelete(pageID: String)
        /// `change: {pageId, copyWithValues?}`: the page copied as the SDKs' `duplicatePage`
        /// copies it, with jf's new ids and re-pointing (jf's own entry; see ``PageDuplication``).
        case pageDuplicate(pageID: String, withValues: Bool)
    }

    /// A row named by a change: its `_id`, and the entry's value, for errors placed on it.
    public struct RowID: Sendable {
        public let id: String
        public let json: JSONValue
    }

    public let target: Target
    public let operation: Operation
    /// The field changed; empty for a decorator change, which names its path.
    public let fieldID: String
    /// The whole entry, for placing errors.
    public let json: JSONValue

    /// Reads a list of changes: a JSON array of entries, or one entry. An entry that does not
    /// have the shape its target needs is an error naming the entry and the key.
    public static func list(from json: JSONValue) throws(ChangeError) -> [DocumentChange] {
        let entries = json.arrayValue ?? [json]
        var changes: [DocumentChange] = []
        changes.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            changes.append(try DocumentChange(entry, index: index))
        }
        return changes
    }

    private init(_ entry: JSONValue, index: Int) throws(ChangeError) {
        let field = entry["fieldId"]?.stringValue
        func fail(_ message: String, at value: JSONValue? = nil) -> ChangeError {
            ChangeError(index: index, field: field, message: message, span: (value ?? entry).span)
        }
        guard entry.isObject else { throw fail("a change must be an object, not \(entry.typeName)") }
        guard let name = entry["target"]?.stringValue else { throw fail("the change has no \"target\" string") }
        guard let target = Target(rawValue: name) else {
            let known = Target.allCases.map(\.rawValue)
            throw ChangeError(index: index, field: field, message: "unknown target \"\(name)\" (one of \(known.joined(separator: ", ")))",
                              suggestion: Suggestions.closest(to: name, in: known), span: entry["target"]?.span)
        }
        var path = ""
        if target.isDecoratorChange {
            guard let text = entry["path"]?.stringValue else { throw fail("\(name) needs a decorator \"path\" string (PAGE/POSITION[/…])") }
            path = text
        } else if field == nil && target != .pageDelete && target != .pageDuplicate {
            throw fail("the change has no \"fieldId\" string")
        }
        guard let change = entry["change"], change.isObject else { throw fail("the change has no \"change\" object") }

        /// `targetRowIndex`: absent or null, or a whole number from 0.
        func targetIndex() throws(ChangeError) -> Int? {
            guard let json = change["targetRowIndex"], !json.isNull else { return nil }
            guard let number = json.numberValue, number >= 0, number == number.rounded(), number < 1e9 else {
                throw fail("\"targetRowIndex\" must be a whole number from 0", at: json)
            }
            return Int(number)
        }
        func rowID() throws(ChangeError) -> RowID {
            guard let json = change["rowId"], let id = json.stringValue else { throw fail("\(name) needs \"change\": {\"rowId\": …}") }
            guard !id.isEmpty else { throw fail("the \"rowId\" is empty: a row is named by its _id", at: json) }
            return RowID(id: id, json: json)
        }
        let action = change["action"]?.stringValue
        let operation: Operation
        switch target {
        case .fieldUpdate:
            guard let value = change["value"] else { throw fail("field.update needs \"change\": {\"value\": …}") }
            operation = .fieldUpdate(value: value)
        case .rowCreate:
            let at = try targetIndex()
            guard let row = change["row"], row.isObject else { throw fail("rowCreate needs \"change\": {\"row\": {…}}") }
            if let cells = row["cells"], !cells.isObject, !cells.isNull { throw fail("the row's \"cells\" must be an object", at: cells) }
            let parentPath = change["parentPath"]
            if let parentPath, !parentPath.isNull, parentPath.stringValue == nil {
                throw fail("\"parentPath\" must be a string", at: parentPath)
            }
            operation = .rowCreate(row: row, at: at, parentPath: parentPath, schemaID: change["schemaId"])
        case .rowUpdate:
            _ = try targetIndex()
            let id = try rowID()
            let clearing = change["clearCells"]
            var cleared: [String] = []
            if let clearing {
                guard let names = clearing.arrayValue?.compactMap(\.stringValue), names.count == clearing.arrayValue?.count else {
                    throw fail("\"clearCells\" must be an array of column ids", at: clearing)
                }
                cleared = names
            }
            let cells = change["row"]?["cells"] ?? (clearing != nil ? .object([]) : nil)
            guard let cells, cells.isObject else {
                throw fail("rowUpdate needs \"change\": {\"rowId\": …, \"row\": {\"cells\": {…}}}")
            }
            if let both = cleared.first(where: { cells[$0] != nil }) {
                throw fail("the cell '\(both)' is both set and cleared", at: clearing)
            }
            operation = .rowUpdate(rowID: id, cells: cells, cleared: cleared)
        case .rowDelete:
            _ = try targetIndex()
            operation = .rowDelete(rowID: try rowID())
        case .rowMove:
            let at = try targetIndex()
            let id = try rowID()
            guard let at else { throw fail("rowMove needs \"change\": {\"rowId\": …, \"targetRowIndex\": …}") }
            operation = .rowMove(rowID: id, to: at)
        case .decoratorsAdd:
            guard let list = change["decorators"]?.arrayValue else {
                throw fail("decorators.add needs \"change\": {\"decorators\": [{\"action\": …}, …]}")
            }
            let decorators = list.map(Decorator.init(json:))
            for (position, decorator) in decorators.enumerated() {
                guard let problem = decorator.problem else { continue }
                let name = decorators.count == 1 ? "the decorator" : "decorator \(position + 1) of \(decorators.count)"
                throw fail(DecoratorError(path: path, message: "\(name) \(problem)").summary, at: decorator.json)
            }
            operation = .decoratorsAdd(path: path, decorators: decorators)
        case .decoratorsUpdate:
            guard let action, let json = change["decorator"] else {
                throw fail("decorators.update needs \"change\": {\"action\": …, \"decorator\": {…}}")
            }
            let decorator = Decorator(json: json)
            if let problem = decorator.problem {
                throw fail(DecoratorError(path: path, message: "the decorator \(problem)").summary, at: json)
            }
            operation = .decoratorsUpdate(path: path, action: action, decorator: decorator)
        case .decoratorsRemove:
            guard let action else { throw fail("decorators.remove needs \"change\": {\"action\": …}") }
            operation = .decoratorsRemove(path: path, action: action)
        case .pageDelete:
            guard let page = change["pageId"]?.stringValue else { throw fail("page.delete needs \"change\": {\"pageId\": …}") }
            operation = .pageDelete(pageID: page)
        case .pageDuplicate:
            guard let page = change["pageId"]?.stringValue else { throw fail("page.duplicate needs \"change\": {\"pageId\": …}") }
            let withValues = change["copyWithValues"]
            guard withValues == nil || withValues?.boolValue != nil else {
                throw fail("page.duplicate's \"copyWithValues\" must be true or false", at: withValues)
            }
            operation = .pageDuplicate(pageID: page, withValues: withValues?.boolValue ?? true)
        }
        self.target = target
        self.operation = operation
        fieldID = field ?? ""
        json = entry
    }

    /// The decorator path of a decorator change.
    public var path: String? {
        switch operation {
        case .decoratorsAdd(let path, _), .decoratorsUpdate(let path, _, _), .decoratorsRemove(let path, _): path
        default: nil
        }
    }
}
