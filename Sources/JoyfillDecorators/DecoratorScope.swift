import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A decorator path, resolved: which decorators of which field it names.
///
/// Paths are the SDKs' (`PAGE/POSITION` and what follows; `schemas`, `rows` and `columns` are
/// reserved words, anything else is an id; empty segments and spaces around them are ignored):
///
/// | path | scope |
/// |---|---|
/// | `PAGE/POSITION` | the field |
/// | `…/rows` | every row (a collection's root schema) |
/// | `…/columns/COLUMN` | every cell of a column |
/// | `…/ROW` | one row |
/// | `…/ROW/COLUMN` or `…/ROW/columns/COLUMN` | one cell |
/// | `…/schemas/SCHEMA/rows`, `…/schemas/SCHEMA/columns/COLUMN` | a collection schema's rows, columns |
/// | `…/ROW/schemas/SCHEMA/ROW2[/COLUMN]` | a nested collection row (or cell) under `ROW` |
///
/// `POSITION` is a field position's `_id`; the `_id` of the field placed there also does.
public struct DecoratorScope: Sendable {
    public enum Kind: Sendable, Equatable {
        case field
        /// Every row of the table, or of the collection schema ``DecoratorScope/schema``.
        case commonRows
        /// Every cell of a column.
        case commonColumn(String)
        /// One row: the last of ``DecoratorScope/rows``.
        case row
        /// One cell of the last of ``DecoratorScope/rows``.
        case cell(String)
    }

    public let kind: Kind
    /// The path as given.
    public let path: String
    /// The field's position in ``JoyDoc/fields``.
    public let field: Int
    /// The collection schema of the rows or columns named (nil for a table or the field).
    public let schema: String?
    /// The rows walked to reach a row or cell, outermost first (each as stored).
    let rows: [JSONValue]

    /// Reads `path` against `document`.
    public static func resolve(_ path: String, in document: JoyDoc) throws(DecoratorError) -> DecoratorScope {
        try resolve(path, in: document, lookup: DecoratorLookup(document))
    }

    /// The position in ``JoyDoc/fields`` of the field a path names (its `PAGE/POSITION`), or nil.
    package static func fieldIndex(ofPath path: String, in document: JoyDoc, lookup: DecoratorLookup) -> Int? {
        let segments = path.split(separator: "/").map { String(String($0).trimmingSpaces) }.filter { !$0.isEmpty }
        guard segments.count >= 2, let page = lookup.pages.first(where: { $0.id == segments[0] }),
              let position = page.positions.first(where: { $0.id == segments[1] }) ?? page.positions.first(where: { $0.field == segments[1] })
        else { return nil }
        return document.fieldIndex(position.field)
    }

    /// Reads `path` with the pages and row ids of `lookup`, which a batch of paths shares.
    package static func resolve(_ path: String, in document: JoyDoc, lookup: DecoratorLookup) throws(DecoratorError) -> DecoratorScope {
        let segments = path.split(separator: "/").map { String(String($0).trimmingSpaces) }.filter { !$0.isEmpty }
        func fail(_ message: String, _ suggestion: String? = nil) -> DecoratorError {
            DecoratorError(path: path, message: message, suggestion: suggestion)
        }
        guard segments.count >= 2 else {
            throw fail("a decorator path starts with a page and a field position: PAGE/POSITION[/…]")
        }
        let pages = lookup.pages
        guard let page = pages.first(where: { $0.id == segments[0] }) else {
            throw fail("no page has the _id '\(segments[0])'", Suggestions.closest(to: segments[0], in: pages.map(\.id)))
        }
        let name = segments[1]
        let byPosition: FieldPosition? = page.positions.first { $0.id == name }
        guard let position = byPosition ?? page.positions.first(where: { $0.field == name }) else {
            let names: [String] = page.positions.map { $0.id } + page.positions.map { $0.field }
            throw fail("page '\(page.id)' places no field at a position or field _id '\(name)'", Suggestions.closest(to: name, in: names))
        }
        guard let index = document.fieldIndex(position.field) else {
            throw fail("position '\(segments[1])' of page '\(page.id)' places the field '\(position.field)', which the document does not have")
        }
        let field = document.fields[index]
        let rest = segments.dropFirst(2)
        if rest.isEmpty { return DecoratorScope(kind: .field, path: path, field: index, schema: nil, rows: []) }
        let isCollection = field.type == .collection
        guard field.type == .table || isCollection else {
            throw fail("'\(field.id)' is a \(field.type.name) field: only tables and collections have rows and columns to decorate")
        }
        let root = isCollection ? field.rootSchema?.key : nil

        func columns(of schema: String?) -> [TableColumn] { schema.flatMap { field.schema[$0]?.columns } ?? field.columns }
        func column(_ id: String, of schema: String?) throws(DecoratorError) -> String {
            let known = columns(of: schema)
            guard known.contains(where: { $0.id == id }) else {
                let owner = schema.map { "schema '\($0)' of '\(field.id)'" } ?? "'\(field.id)'"
                throw fail("\(owner) has no column '\(id)'", Suggestions.closest(to: id, in: known.map(\.id)))
            }
            return id
        }

        var rows: [JSONValue] = []
        var rowSchema: String? = root        // the schema of the rows at the current level
        var pending: String?                 // a `schemas/SCHEMA` read and not yet used
        var cursor = rest.startIndex
        func next() -> String? {
            guard cursor < rest.endIndex else { return nil }
            defer { cursor += 1 }
            return rest[cursor]
        }
        func finished() -> Bool { cursor == rest.endIndex }

        while let segment = next() {
            switch segment {
            case "schemas":
                guard isCollection else { throw fail("'schemas' names a collection schema, and '\(field.id)' is a table") }
                guard let key = next() else { throw fail("'schemas' must be followed by a schema key") }
                guard field.schema[key] != nil else {
                    throw fail("'\(field.id)' has no schema '\(key)'", Suggestions.closest(to: key, in: field.schema.keys.sorted()))
                }
                if let parent = rows.last, let parentSchema = rowSchema,
                   !(field.schema[parentSchema]?.children.contains(key) ?? false) {
                    throw fail("schema '\(key)' is not a child of '\(parentSchema)', the schema of row '\(parent["_id"]?.stringValue ?? "")'")
                }
                guard !finished() else { throw fail("'schemas/\(key)' must be followed by 'rows', 'columns/COLUMN' or a row id") }
                pending = key
            case "rows":
                guard finished() else { throw fail("'rows' must end the path") }
                guard rows.isEmpty || pending != nil else {
                    throw fail("'ROW/rows' is not a decorator scope: every row is 'PAGE/POSITION/rows', a schema's rows 'PAGE/POSITION/schemas/SCHEMA/rows'")
                }
                return DecoratorScope(kind: .commonRows, path: path, field: index, schema: pending ?? root, rows: [])
            case "columns":
                guard let id = next() else { throw fail("'columns' must be followed by a column id") }
                guard finished() else { throw fail("'columns/\(id)' must end the path") }
                if let schema = pending {
                    return DecoratorScope(kind: .commonColumn(try column(id, of: schema)), path: path, field: index, schema: schema, rows: [])
                }
                if !rows.isEmpty {
                    return DecoratorScope(kind: .cell(try column(id, of: rowSchema)), path: path, field: index, schema: rowSchema, rows: rows)
                }
                return DecoratorScope(kind: .commonColumn(try column(id, of: root)), path: path, field: index, schema: root, rows: [])
            default:
                if !rows.isEmpty, pending == nil {
                    // After a row: a bare column id names a cell.
                    guard finished() else {
                        throw fail(isCollection ? "a row's nested rows are named with '…/ROW/schemas/SCHEMA/ROW2'"
                                                : "a table row is followed by a column id only")
                    }
                    return DecoratorScope(kind: .cell(try column(segment, of: rowSchema)), path: path, field: index,
                                          schema: rowSchema, rows: rows)
                }
                if rows.isEmpty, let schema = pending, schema != root {
                    throw fail("rows of schema '\(schema)' are nested: name the parent row first ('…/PARENT_ROW/schemas/\(schema)/ROW')")
                }
                let found: JSONValue?
                let candidates: [JSONValue]
                if let parent = rows.last {
                    candidates = parent["children"]?[pending ?? ""]?["value"]?.arrayValue ?? []
                    found = candidates.first { $0["_id"]?.stringValue == segment && $0["deleted"]?.boolValue != true }
                } else {
                    // Top-level rows by id: a batch of changes to a large table looks each up once.
                    (candidates, found) = lookup.row(segment, of: index, in: field)
                }
                guard let row = found else {
                    let live = candidates.filter { $0["deleted"]?.boolValue != true }.compactMap { $0["_id"]?.stringValue }
                    let owner = rows.last.map { "row '\($0["_id"]?.stringValue ?? "")' has no '\(pending ?? "")' row" } ?? "'\(field.id)' has no row"
                    throw fail("\(owner) '\(segment)' (deleted rows cannot be decorated)", Suggestions.closest(to: segment, in: live))
                }
                rows.append(row)
                if let schema = pending { rowSchema = schema }
                pending = nil
            }
        }
        if pending != nil { throw fail("'schemas/SCHEMA' must be followed by 'rows', 'columns/COLUMN' or a row id") }
        return DecoratorScope(kind: .row, path: path, field: index, schema: rowSchema, rows: rows)
    }

    /// The scope whose decorators this one shows until it has its own: every row for a row,
    /// every cell of the column for a cell (nil for the others).
    var common: DecoratorScope? {
        switch kind {
        case .row: return DecoratorScope(kind: .commonRows, path: path, field: field, schema: schema, rows: [])
        case .cell(let column): return DecoratorScope(kind: .commonColumn(column), path: path, field: field, schema: schema, rows: [])
        case .field, .commonRows, .commonColumn: return nil
        }
    }

    /// True for the scopes drawn in a table's or schema's decorator column (`decorate`).
    var isRowScope: Bool { kind == .row || kind == .commonRows }
}
