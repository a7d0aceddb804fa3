import JoyfillJSON

/// One level of a collection: its columns and the schemas of its children.
public struct CollectionSchema: Sendable {
    public let key: String
    public let title: String?
    public let isRoot: Bool
    public let columns: [TableColumn]
    /// Keys of the child schemas.
    public let children: [String]
    /// `required: true` on a child schema: every row of its parent needs at least one row of it.
    public let required: Bool
    /// `hidden: true`: the schema's rows are not shown, so they are not validated either.
    public let hidden: Bool
    /// The schema as written.
    public let json: JSONValue

    init(key: String, json: JSONValue, owner: @autoclosure () -> String, issue: (String, JSONValue?) -> Void) {
        self.key = key
        self.json = json
        title = json["title"]?.stringValue
        isRoot = json["root"]?.boolValue ?? false
        columns = TableColumn.list(json["tableColumns"], owner: "\(owner()), schema \"\(key)\"", issue: issue)
        children = json["children"]?.arrayValue?.compactMap(\.stringValue) ?? []
        required = json["required"]?.boolValue ?? false
        hidden = json["hidden"]?.boolValue ?? false
    }
}
