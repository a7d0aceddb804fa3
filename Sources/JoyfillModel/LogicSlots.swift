import JoyfillJSON

/// Where a JoyDoc keeps conditional logic: the keys of a field, a table or collection column
/// and a collection schema that hold a logic object (`{"conditions": [...], ...}`), and the
/// objects that have them. Whatever walks every logic of a document (renaming a field, copying
/// a page) walks it here, so that no slot is forgotten by one of them.
public enum LogicSlots {
    /// The keys that hold logic: a field's `logic` (shown) and `requiredLogic`; a column's
    /// four; a collection schema's `logic`. A page's logic is its `logic`.
    public static let keys = ["logic", "requiredLogic", "cellRequiredLogic", "cellVisibilityLogic"]

    /// `field` with each logic it holds replaced by `transform` of it: its own slots, those of
    /// its columns, of its collection schemas and of their columns.
    public static func mapping(field: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        var result = slots(of: field, transform)
        if let columns = result["tableColumns"]?.arrayValue {
            result = JSONValue.setting("tableColumns", to: .array(columns.map { slots(of: $0, transform) }), in: result)
        }
        if let schemas = result["schema"]?.members {
            result = JSONValue.setting("schema", to: .object(schemas.map { member in
                var schema = slots(of: member.value, transform)
                if let columns = schema["tableColumns"]?.arrayValue {
                    schema = JSONValue.setting("tableColumns", to: .array(columns.map { slots(of: $0, transform) }), in: schema)
                }
                return JSONMember(member.key, schema)
            }), in: result)
        }
        return result
    }

    /// Every logic object of `document`, as read from its text: the slots of each field, of
    /// its columns, schemas and schemas' columns, then the logic of each page of every file
    /// and of every file's views.
    public static func all(in document: JSONValue) -> [JSONValue] {
        var found: [JSONValue] = []
        func slots(_ object: JSONValue) {
            for key in keys { if let logic = object[key], logic.isObject { found.append(logic) } }
        }
        for field in document["fields"]?.arrayValue ?? [] where field.isObject {
            slots(field)
            for column in field["tableColumns"]?.arrayValue ?? [] where column.isObject { slots(column) }
            for schema in field["schema"]?.members ?? [] where schema.value.isObject {
                slots(schema.value)
                for column in schema.value["tableColumns"]?.arrayValue ?? [] where column.isObject { slots(column) }
            }
        }
        for file in document["files"]?.arrayValue ?? [] {
            for page in pages(of: file) { if let logic = page["logic"], logic.isObject { found.append(logic) } }
        }
        return found
    }

    /// The pages of a file: its own, then those of its views.
    public static func pages(of file: JSONValue) -> [JSONValue] {
        var pages = file["pages"]?.arrayValue ?? []
        for view in file["views"]?.arrayValue ?? [] { pages += view["pages"]?.arrayValue ?? [] }
        return pages
    }

    private static func slots(of object: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard object.isObject else { return object }
        var result = object
        for key in keys {
            if let logic = object[key] { result = JSONValue.setting(key, to: transform(logic), in: result) }
        }
        return result
    }
}
