import JoyfillJSON
import JoyfillModel

/// Whether a field or cell has a value: what `required` asks for. (The `*=` and `null=`
/// conditions read values as the SDKs' logic does, ``Condition``.)
enum Filled {
    /// A stored value: absent, null, `""`, `[]` and `{}` are empty; any number (0 too) and
    /// any boolean are values. Tables and collections need at least one row that is not deleted.
    static func value(_ json: JSONValue?, of field: Field) -> Bool {
        switch field.type {
        case .table, .collection:
            return !Field.liveRows(json?.arrayValue ?? [], order: nil).isEmpty
        default:
            return value(json)
        }
    }

    /// A stored value or a cell, by its JSON alone.
    static func value(_ json: JSONValue?) -> Bool {
        guard let json else { return false }
        switch json.kind {
        case .null: return false
        case .bool, .number: return true
        case .string(let text): return !text.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .object(let members): return !members.isEmpty
        }
    }
}
