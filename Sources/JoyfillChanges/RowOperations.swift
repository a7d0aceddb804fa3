import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The row operations of the SDKs' `DocumentEditor` (`insertRow`, `insertRowWithFilter`,
/// `insertBelow`, `deleteRows`, `duplicateRows`, `moveRowUp`, `moveRowDown`, `bulkEdit`), as the
/// change-API entries they
/// emit: a service applies them (``DocumentChange/list(from:)``, ``ChangeApplier``) and can
/// forward them to Joyfill as the changelog. Each entry carries what places its field
/// (``FieldIdentifier``: `_id` and `identifier` of the document, `fieldIdentifier`, `pageId`,
/// `fieldPositionId`, `fileId`) besides `target`, `fieldId` and `change`.
///
/// Rows are named by `_id`, in a table or at any level of a collection. A place is counted
/// among the rows shown beside the row (deleted ones left out, `rowOrder` applied), as the
/// change API counts it. An operation checks its rows before it makes an entry, so the entries
/// apply; a row that is deleted, or under a deleted row, cannot be named. A ``ChangeError``
/// says why not, its `index` being the entry that would have named the row.
public struct RowOperations: Sendable {
    public let document: JoyDoc
    /// The stored rows of fields whose value changed since `document` was read, by field id
    /// (a session's rows changed in place).
    let values: [String: JSONValue]

    /// The operations over `document`, whose fields hold their stored values, or the ones in
    /// `values` (by field id) for the fields given there.
    public init(document: JoyDoc, values: [String: JSONValue] = [:]) {
        self.document = document
        self.values = values
    }

    /// A new row with `cells` (its `_id` made here: the entry's `change.row._id`), at the end
    /// of the rows shown or at place `index`; in a collection, under the row `parent` (nil: a
    /// root row) in the child schema `schema` (which may be left out when the parent's schema
    /// has only one).
    public func insertRow(in field: String, cells: [JSONMember] = [], at index: Int? = nil,
                          under parent: String? = nil, schema: String? = nil) throws(ChangeError) -> JSONValue {
        let found = try rows(of: field)
        if let parent {
            guard found.field.type == .collection else {
                throw ChangeError(index: 0, field: field, message: "only a collection's rows go under a row; '\(field)' is a \(found.field.type.name) field")
            }
            _ = try locate(parent, in: found)
        }
        var change = [JSONMember("row", newRow(cells).json)]
        if let index { change.append(JSONMember("targetRowIndex", .number(Double(index)))) }
        if let parent { change.append(JSONMember("parentPath", .string(parent))) }
        if let schema { change.append(JSONMember("schemaId", .string(schema))) }
        return entry(.rowCreate, found, change)
    }

    /// The SDKs' `insertRowWithFilter`: a new row at the end of the rows shown (in a
    /// collection, under `parent` in `schema`), its cells what the table view's active column
    /// `filters` (texts by column id) put in them, as the SDKs' form does: the text itself in a
    /// text, dropdown, barcode or signature column, its number (or null when it is none) in a
    /// number or date column, a one-item array in a multiSelect column, nothing in other
    /// columns; a column without a filter gets its default `value`, when it has one. The entry
    /// says where the row went (`targetRowIndex`), as the SDKs' does.
    public func insertRowWithFilter(in field: String, filters: [String: String], under parent: String? = nil,
                                    schema: String? = nil) throws(ChangeError) -> JSONValue {
        let found = try rows(of: field)
        var siblings = Field.liveRows(found.stored, order: found.field.rowOrder).count
        var columns = found.field.columns
        var nesting: [JSONMember] = []
        if let parent {
            guard found.field.type == .collection else {
                throw ChangeError(index: 0, field: field, message: "only a collection's rows go under a row; '\(field)' is a \(found.field.type.name) field")
            }
            let place = try locate(parent, in: found)
            // The parent row's own schema: the root one, or the schema it was created in.
            let parentSchema = place.parentMembers.last?.value.stringValue ?? found.field.rootSchema?.key
            let children = parentSchema.flatMap { found.field.schema[$0]?.children } ?? []
            guard let key = schema ?? (children.count == 1 ? children.first : nil), let child = found.field.schema[key] else {
                throw ChangeError(index: 0, field: field, message: "name the child schema the row goes in (one of \(children.joined(separator: ", ")))",
                                  suggestion: schema.flatMap { Suggestions.closest(to: $0, in: children) })
            }
            columns = child.columns
            siblings = CollectionRows.shownOrder(under: place.row, schema: key).shown.count
            nesting = [JSONMember("parentPath", .string(parent)), JSONMember("schemaId", .string(key))]
        }
        let cells = columns.filter { !$0.deleted }.compactMap { column -> JSONMember? in
            guard let text = filters[column.id] else { return column.json["value"].map { JSONMember(column.id, $0) } }
            switch column.type {
            case .text, .dropdown, .signature, .unknown("barcode"): return JSONMember(column.id, .string(text))
            case .number, .date: return JSONMember(column.id, Double(text).map(JSONValue.number) ?? .null)
            case .multiSelect: return JSONMember(column.id, .strings([text]))
            default: return nil
            }
        }
        return entry(.rowCreate, found, [JSONMember("row", newRow(cells).json), JSONMember("targetRowIndex", .integer(siblings))] + nesting)
    }

    /// A new row with `cells` right below `row`, beside it (under the same parent row).
    public func insertBelow(_ row: String, in field: String, cells: [JSONMember] = []) throws(ChangeError) -> JSONValue {
        let found = try rows(of: field)
        let place = try locate(row, in: found)
        return entry(.rowCreate, found, [JSONMember("row", newRow(cells).json), JSONMember("targetRowIndex", .number(Double(place.index + 1)))]
                     + place.parentMembers)
    }

    /// `rows` deleted (marked `deleted`, as Joyfill keeps them).
    public func deleteRows(_ rows: [String], in field: String) throws(ChangeError) -> [JSONValue] {
        let found = try self.rows(of: field)
        var entries: [JSONValue] = []
        for (index, row) in rows.enumerated() {
            _ = try locate(row, in: found, entry: index)
            entries.append(entry(.rowDelete, found, [JSONMember("rowId", .string(row))]))
        }
        return entries
    }

    /// A copy of each of `rows` right below it, with the row's cells and a new `_id` (a
    /// collection row's child rows are not copied).
    public func duplicateRows(_ rows: [String], in field: String) throws(ChangeError) -> [JSONValue] {
        let found = try self.rows(of: field)
        // The rows shown beside each parent, as the copies go in: a later copy's place counts
        // the earlier ones.
        var shown: [String: [String]] = [:]
        var entries: [JSONValue] = []
        for (index, row) in rows.enumerated() {
            let place = try locate(row, in: found, entry: index)
            let key = place.parentMembers.map(\.value.text).joined(separator: "/")
            var siblings = shown[key] ?? place.siblings
            let below = (siblings.firstIndex(of: row) ?? place.index) + 1
            let copy = newRow(place.row["cells"]?.members ?? [])
            siblings.insert(copy.id, at: below)
            shown[key] = siblings
            entries.append(entry(.rowCreate, found, [JSONMember("row", copy.json), JSONMember("targetRowIndex", .number(Double(below)))]
                                 + place.parentMembers))
        }
        return entries
    }

    /// `row` moved one place up among the rows shown beside it; no entry when it is the first.
    public func moveRowUp(_ row: String, in field: String) throws(ChangeError) -> [JSONValue] {
        let found = try rows(of: field)
        let place = try locate(row, in: found)
        guard place.index > 0 else { return [] }
        return [entry(.rowMove, found, [JSONMember("rowId", .string(row)), JSONMember("targetRowIndex", .number(Double(place.index - 1)))])]
    }

    /// `row` moved one place down among the rows shown beside it; no entry when it is the last.
    public func moveRowDown(_ row: String, in field: String) throws(ChangeError) -> [JSONValue] {
        let found = try rows(of: field)
        let place = try locate(row, in: found)
        guard place.index + 1 < place.siblings.count else { return [] }
        return [entry(.rowMove, found, [JSONMember("rowId", .string(row)), JSONMember("targetRowIndex", .number(Double(place.index + 1)))])]
    }

    /// The same `cells` set on every row of `rows` (their other cells kept).
    public func bulkEdit(_ rows: [String], in field: String, cells: [JSONMember]) throws(ChangeError) -> [JSONValue] {
        let found = try self.rows(of: field)
        var entries: [JSONValue] = []
        for (index, row) in rows.enumerated() {
            _ = try locate(row, in: found, entry: index)
            entries.append(entry(.rowUpdate, found, [JSONMember("rowId", .string(row)),
                                                     JSONMember("row", .object([JSONMember("cells", .object(cells))]))]))
        }
        return entries
    }

    // MARK: Finding rows

    /// A table or collection field, its stored rows, and what places it (for the entries).
    private struct Rows {
        let field: Field
        let stored: [JSONValue]
        let placed: FieldIdentifier?
    }

    /// Where a live row is shown: among which rows, at which place, and for a collection row
    /// below the root rows, the row it hangs under and its schema (as a `rowCreate` names them).
    private struct Place {
        let row: JSONValue
        let siblings: [String]
        let index: Int
        let parentMembers: [JSONMember]
    }

    private func rows(of id: String) throws(ChangeError) -> Rows {
        guard let field = document.field(id) else {
            throw ChangeError(index: 0, field: id, message: "no field has the _id '\(id)'",
                              suggestion: Suggestions.closest(to: id, in: document.fields.map(\.id)))
        }
        guard field.type == .table || field.type == .collection else {
            throw ChangeError(index: 0, field: id, message: "rows belong to tables and collections, and '\(id)' is a \(field.type.name) field")
        }
        return Rows(field: field, stored: (values[id] ?? field.value)?.arrayValue ?? [], placed: FieldIdentifier(field: id, in: document))
    }

    private func locate(_ id: String, in rows: Rows, entry: Int = 0) throws(ChangeError) -> Place {
        let roots = Field.liveRows(rows.stored, order: rows.field.rowOrder)
        let rootIDs = roots.map { $0["_id"]?.stringValue ?? "" }
        if let index = rootIDs.firstIndex(of: id) {
            return Place(row: roots[index], siblings: rootIDs, index: index, parentMembers: [])
        }
        let kind = rows.field.type.name
        guard rows.field.type == .collection, let (place, live) = CollectionRows.find(id, in: rows.stored), let step = place.steps.last else {
            let ids = rows.field.type == .collection ? rootIDs + CollectionRows.liveIDs(under: rows.stored) : rootIDs
            throw ChangeError(index: entry, field: rows.field.id, message: "the \(kind) has no row with the _id '\(id)' (deleted rows cannot be named)",
                              suggestion: Suggestions.closest(to: id, in: ids))
        }
        guard live else {
            throw ChangeError(index: entry, field: rows.field.id, message: "the row '\(id)' is deleted, or under a deleted row (deleted rows cannot be named)")
        }
        let root = rows.stored[place.root]
        guard let parent = CollectionRows.row(at: Array(place.steps.dropLast()), under: root),
              let parentID = parent["_id"]?.stringValue else {
            throw ChangeError(index: entry, field: rows.field.id, message: "the row '\(id)' hangs under a row without an _id, which no change can name")
        }
        let (stored, shown) = CollectionRows.shownOrder(under: parent, schema: step.schema)
        let siblings = shown.map { stored[$0]["_id"]?.stringValue ?? "" }
        return Place(row: stored[step.index], siblings: siblings, index: siblings.firstIndex(of: id) ?? shown.count,
                     parentMembers: [JSONMember("parentPath", .string(parentID)), JSONMember("schemaId", .string(step.schema))])
    }

    // MARK: Entries

    /// A row with a new `_id`, and the id.
    private func newRow(_ cells: [JSONMember]) -> (id: String, json: JSONValue) {
        let id = ObjectID.make()
        return (id, .object([JSONMember("_id", .string(id)), JSONMember("cells", .object(cells))]))
    }

    /// A change-API entry: what places the field, then the target, the field and the change.
    private func entry(_ target: DocumentChange.Target, _ rows: Rows, _ change: [JSONMember]) -> JSONValue {
        let placed = rows.placed
        var members: [JSONMember] = []
        func add(_ key: String, _ value: String?) {
            if let value { members.append(JSONMember(key, .string(value))) }
        }
        add("_id", placed?.documentID)
        add("identifier", placed?.documentIdentifier)
        add("target", target.rawValue)
        add("fieldId", rows.field.id)
        add("fieldIdentifier", placed?.fieldIdentifier)
        add("pageId", placed?.pageID)
        add("fieldPositionId", placed?.fieldPositionID)
        add("fileId", placed?.fileID)
        members.append(JSONMember("change", .object(change)))
        return .object(members)
    }
}
