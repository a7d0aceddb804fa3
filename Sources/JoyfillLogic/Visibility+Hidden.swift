import JoyfillJSON
import JoyfillModel

/// What is hidden, and by what: the answer to "why was this not checked?" (`jf validate
/// --json`'s `hidden`).
public struct HiddenItem: Sendable {
    /// The field hidden, or holding the column or cell hidden; nil for a page.
    public let field: String?
    public let page: String?
    /// The collection schema of a column or cell of a collection.
    public let schema: String?
    public let column: String?
    /// The row of a hidden cell.
    public let row: String?
    public let by: HiddenBy
}

extension Visibility {
    /// Every hidden field and page of the view, every hidden column of a shown table or
    /// collection, and every hidden cell that would otherwise need a value (its column is
    /// required in that row, and it is empty) in the rows of a shown table or of a
    /// collection's root level: what validation left out, each with what hid it.
    public func hiddenItems(in values: FieldValues) -> [HiddenItem] {
        let document = values.document
        var items: [HiddenItem] = []
        for position in document.fields.indices {
            if let by = hiddenBy(field: position, in: document) {
                items.append(HiddenItem(field: document.fields[position].id, page: nil, schema: nil, column: nil, row: nil, by: by))
            }
        }
        for page in document.pages(in: view) {
            if let by = hiddenBy(page: page.id) {
                items.append(HiddenItem(field: nil, page: page.id, schema: nil, column: nil, row: nil, by: by))
            }
        }
        for (position, field) in document.fields.enumerated()
        where (field.type == .table || field.type == .collection) && shows(field: field.id) {
            let levels: [(schema: String?, columns: [TableColumn])] = field.type == .table ? [(nil, field.columns)]
                : field.schema.values.sorted { $0.key < $1.key }.map { ($0.key, $0.columns) }
            for level in levels {
                for column in level.columns {
                    if let by = hiddenBy(column: column, schema: level.schema, in: field) {
                        items.append(HiddenItem(field: field.id, page: nil, schema: level.schema, column: column.id, row: nil, by: by))
                    }
                }
            }
            // Cells of the rows at the first level: of the table, or of the collection's root schema.
            let schema = field.type == .collection ? field.rootSchema : nil
            if field.type == .collection && schema == nil { continue }
            let columns = schema?.columns ?? field.columns
            let rows = Field.liveRows(values.value(at: position)?.arrayValue ?? [], order: field.type == .table ? field.rowOrder : nil)
            for row in rows {
                for column in columns where shows(column: column, schema: schema?.key, in: field)
                    && !Filled.value(row["cells"]?[column.id])
                    && requirement(of: column, schema: schema?.key, in: field, row: row, columns: columns) != nil {
                    guard let by = hiddenBy(cell: column, schema: schema?.key, in: field, row: row, columns: columns) else { continue }
                    items.append(HiddenItem(field: field.id, page: nil, schema: schema?.key, column: column.id,
                                            row: row["_id"]?.stringValue, by: by))
                }
            }
        }
        return items
    }
}
