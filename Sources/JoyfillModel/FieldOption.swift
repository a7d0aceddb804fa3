import JoyfillJSON

/// A dropdown or multiSelect option: `{_id, value, deleted?}`.
public struct FieldOption: Sendable {
    public let id: String
    /// The option's text (what formulas see).
    public let text: String
    public let deleted: Bool

    static func list(_ json: JSONValue?, owner: @autoclosure () -> String, issue: (String, JSONValue?) -> Void) -> [FieldOption] {
        guard let elements = json?.arrayValue else { return [] }
        var options: [FieldOption] = []
        for element in elements {
            guard let id = element["_id"]?.stringValue else {
                issue("\(owner()): an option has no \"_id\" and is ignored", element)
                continue
            }
            let text: String
            switch element["value"]?.kind {
            case .string(let value): text = value
            case .number(let value): text = value
            default:
                issue("\(owner()): option \"\(id)\" has no \"value\" text and reads as \"\"", element)
                text = ""
            }
            options.append(FieldOption(id: id, text: text, deleted: element["deleted"]?.boolValue ?? false))
        }
        return options
    }
}
