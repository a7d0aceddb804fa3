import JoyfillJSON

/// A table (or collection schema) column: `{_id, type, title, options?}`.
public struct TableColumn: Sendable {
    public let id: String
    public let type: FieldType
    public let title: String?
    public let options: [FieldOption]
    public let deleted: Bool
    /// `required: true`: every row needs a value in this column.
    public let required: Bool
    /// `hidden: true`: the column is not shown, so it is not validated either.
    public let hidden: Bool
    /// The column's JSON object (its `hiddenViews` is read for a view, ``DocumentView``).
    public let json: JSONValue

    static func list(_ json: JSONValue?, owner: @autoclosure () -> String, issue: (String, JSONValue?) -> Void) -> [TableColumn] {
        guard let elements = json?.arrayValue else { return [] }
        var columns: [TableColumn] = []
        for element in elements {
            guard let id = element["_id"]?.stringValue else {
                issue("\(owner()): a column has no \"_id\" and is ignored", element)
                continue
            }
            columns.append(TableColumn(
                id: id, type: FieldType(element["type"]?.stringValue ?? ""), title: element["title"]?.stringValue,
                options: FieldOption.list(element["options"], owner: "\(owner()), column \"\(id)\"", issue: issue),
                deleted: element["deleted"]?.boolValue ?? false,
                required: element["required"]?.boolValue ?? false, hidden: element["hidden"]?.boolValue ?? false,
                json: element))
        }
        return columns
    }
}
