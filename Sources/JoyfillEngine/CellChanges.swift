import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

extension DocumentEngine {
    /// Changes named by path, as `jf run --set`, `jf eval --set` and the REPL's `:set` take
    /// them, turned into the whole-field changes ``apply(_:)`` takes. A path is a field id, or
    /// a cell of a table or a collection: `items.0.qty` (the first row as formulas number them:
    /// rows not deleted, in `rowOrder`), `items.r1.qty` (the row whose `_id` is r1; in a
    /// collection, a row at any depth); the column by its id or, as in formulas, its title (of
    /// the row's own schema). Changes of cells of the same field are merged, in order, into one
    /// value of the field.
    public func fieldChanges(_ changes: [(path: String, value: JSONValue)]) throws(EngineError) -> [(field: String, value: JSONValue)] {
        var merged: [(field: String, value: JSONValue)] = []
        var slot: [String: Int] = [:]
        for (path, value) in changes {
            guard let cell = try cellPath(path) else {
                slot[path] = merged.count
                merged.append((path, value))
                continue
            }
            let position = slot[cell.field.id]
            let rows = position.map { merged[$0].value } ?? storedValue(ofFieldAt: cell.position) ?? .array([])
            let changed = try setting(cell, to: value, in: rows)
            if let position { merged[position].value = changed } else {
                slot[cell.field.id] = merged.count
                merged.append((cell.field.id, changed))
            }
        }
        return merged
    }

    /// A path's parts when it names a cell: `FIELD.ROW.COLUMN` where FIELD is a table or a
    /// collection. A field whose id is the whole path is that field (nil).
    private func cellPath(_ path: String) throws(EngineError) -> (field: Field, position: Int, row: String, column: String)? {
        if document.fieldIndex(path) != nil { return nil }
        let parts = path.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let position = document.fieldIndex(parts[0]) else {
            if parts.count > 1, let position = document.fieldIndex(parts[0]) {
                let field = document.fields[position]
                let example = field.type == .table || field.type == .collection ? "\(field.id).0.COLUMN" : field.id
                throw EngineError(message: "'\(path)' names no field or cell: a cell is FIELD.ROW.COLUMN, as in \(example)",
                                  suggestion: nil, field: field.id)
            }
            throw EngineError(message: "no field has the _id '\(parts[0])'", suggestion: context.suggestion(for: parts[0]), field: parts[0])
        }
        let field = document.fields[position]
        guard field.type == .table || field.type == .collection else {
            throw EngineError(message: "'\(field.id)' is a \(field.type.name) field; only a table's or a collection's cells are set by FIELD.ROW.COLUMN",
                              suggestion: nil, field: field.id)
        }
        return (field, position, parts[1], parts[2])
    }

    /// `rows` (a table's or collection's stored value) with the cell `cell` set to `value`.
    private func setting(_ cell: (field: Field, position: Int, row: String, column: String), to value: JSONValue,
                         in rows: JSONValue) throws(EngineError) -> JSONValue {
        let field = cell.field
        func fail(_ message: String, _ suggestions: [String] = []) -> EngineError {
            EngineError(message: "\(field.type.name) '\(field.id)': \(message)", suggestions: suggestions, field: field.id)
        }
        var stored = rows.arrayValue ?? []
        let live = Field.liveRowIndices(stored, order: field.rowOrder)
        // The row: a root row (by place or id), or in a collection a row below them (by id).
        let place: RowPlace
        if Lexer.isIndex(cell.row), let number = Int(cell.row) {
            guard number < live.count else {
                throw fail("there is no row \(number): it has \(live.count) row\(live.count == 1 ? "" : "s") (numbered from 0)")
            }
            place = RowPlace(root: live[number])
        } else {
            let ids = live.map { stored[$0]["_id"]?.stringValue ?? "" }
            if let number = ids.firstIndex(of: cell.row) {
                place = RowPlace(root: live[number])
            } else if field.type == .collection, let (found, isLive) = CollectionRows.find(cell.row, in: stored), isLive {
                place = found
            } else {
                let known = field.type == .collection ? ids + CollectionRows.liveIDs(under: stored) : ids
                throw fail("no row has the _id '\(cell.row)' (deleted rows cannot be changed)", Suggestions.closestTies(to: cell.row, in: known))
            }
        }
        let columns: [TableColumn]
        switch (field.type, place.steps.last) {
        case (.table, _): columns = field.columns
        case (_, nil): columns = field.rootSchema?.columns ?? []
        case (_, let step?): columns = field.schema[step.schema]?.columns ?? []
        }
        guard let column = columns.first(where: { $0.id == cell.column })
                ?? columns.first(where: { $0.title?.lowercased() == cell.column.lowercased() }) else {
            let schema = place.steps.last.map { " in schema '\($0.schema)'" } ?? ""
            throw fail("no column '\(cell.column)'\(schema)", Suggestions.closestTies(to: cell.column, in: columns.map(\.id)))
        }
        stored[place.root] = CollectionRows.updating(stored[place.root], at: place.steps[...]) { row in
            JSONValue.setting("cells", to: JSONValue.setting(column.id, to: value, in: row["cells"] ?? .object([])), in: row)
        }
        return .array(stored)
    }
}
