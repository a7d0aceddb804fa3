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
        /// `change: {row: {_id?, cells}, targetRowIndex?, parentPath?, schemaId?}`: a new table
        /// or collection row, at that place among the rows shown (the end by default). A row
        /// without `_id` gets a new one. In a collection, `parentPath` names the row it goes
        /// under, and `schemaId` its schema (see `docs/cli.md`, `jf apply`).
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
