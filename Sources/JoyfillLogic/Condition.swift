import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// One condition of a logic: the stored value of a field, or a cell of a collection row,
/// compared with `value`.
public struct Condition: Sendable {
    public enum Operator: String, Sendable {
        case equals = "=", notEquals = "!=", contains = "?=", greaterThan = ">", lessThan = "<"
        case isEmpty = "null=", isFilled = "*="
    }

    /// What a condition reads.
    public enum Subject: Sendable, Equatable {
        /// The stored value of the field with this `_id` (fields and pages).
        case field(String)
        /// The cell of `column` in the row the rows of the logic's schema hang under (`schema`
        /// nil), or in that row's nearest ancestor of schema `schema` (collection schemas).
        case cell(schema: String?, column: String)
    }

    /// The field this condition reads, when it reads one.
    var fieldRead: String? {
        if case .field(let id) = subject { return id }
        return nil
    }

    /// Whether the condition names what it reads (a condition that does not never holds).
    var names: Bool {
        switch subject {
        case .field(let field): return !field.isEmpty
        case .cell(_, let column): return !column.isEmpty
        }
    }

    public let subject: Subject
    /// Nil for an operator the document spells in a way no SDK knows: the condition never holds.
    public let `operator`: Operator?
    public let value: JSONValue?

    /// Whether a field condition holds on the field's stored value; a cell condition never
    /// holds here (see ``holds(on:type:)``).
    public func holds(in values: FieldValues) -> Bool {
        guard case .field(let field) = subject, let position = values.document.fieldIndex(field) else { return false }
        return holds(on: values.value(at: position), type: values.document.fields[position].type)
    }

    /// Whether the condition holds on `stored` (nil: absent), a value of a field or column of
    /// `type`, as the SDKs compare (docs/validation.md has the table): through the value's text
    /// (``text(_:)``) and number (``number(_:)``), a multiSelect's or dropdown's array by its
    /// items, a number field's numbers as numbers.
    public func holds(on stored: JSONValue?, type: FieldType) -> Bool {
        guard let op = `operator` else { return false }
        switch op {
        case .equals: return equals(stored, type: type)
        case .notEquals: return !equals(stored, type: type)
        case .contains:
            guard stored != nil, let text = Condition.text(stored), let needle = Condition.text(value) else { return false }
            return text.lowercased().contains(needle.lowercased())
        case .greaterThan, .lessThan:
            guard let left = Condition.number(stored), let right = Condition.number(value) else { return false }
            return op == .greaterThan ? left > right : left < right
        case .isEmpty: return Condition.isEmpty(stored, type: type)
        case .isFilled: return !Condition.isEmpty(stored, type: type)
        }
    }

    private func equals(_ stored: JSONValue?, type: FieldType) -> Bool {
        if type == .dropdown || type == .multiSelect, let items = Condition.strings(stored) {
            return items.contains(Condition.text(value) ?? "")
        }
        if type == .number, let left = Condition.number(stored), let right = Condition.number(value) { return left == right }
        if let left = Condition.text(stored), let right = Condition.text(value) { return left.lowercased() == right.lowercased() }
        let storedNull = stored?.isNull == true, valueNull = value?.isNull == true
        return (stored == nil && value == nil) || (storedNull && valueNull)
    }

    /// `null=`: a dropdown's or multiSelect's array with no item but `""`; else a value whose
    /// text is `""` or that has neither text nor number.
    static func isEmpty(_ stored: JSONValue?, type: FieldType) -> Bool {
        if type == .dropdown || type == .multiSelect, let items = strings(stored) { return items.allSatisfy(\.isEmpty) }
        if let text = text(stored) { return text.isEmpty }
        return number(stored) == nil
    }

    /// The items of an array of strings; nil for anything else.
    static func strings(_ json: JSONValue?) -> [String]? {
        guard let elements = json?.arrayValue else { return nil }
        var items: [String] = []
        for element in elements {
            guard let text = element.stringValue else { return nil }
            items.append(text)
        }
        return items
    }

    /// A value's text, as the SDKs make it: a string itself; a whole number its digits, another
    /// number the shortest text of its double with a fraction (`12.5`, `10.0` for `10.0`); a
    /// boolean `true`/`false`; strings joined by `", "`; rows `Element(<_id>)` joined; an
    /// object `{key: text, …}`; nil for null or nothing.
    static func text(_ json: JSONValue?) -> String? {
        guard let json else { return nil }
        switch json.kind {
        case .null: return nil
        case .string(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .number(let text):
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return text }
            return Double(text).map { "\($0)" } ?? text
        case .array(let elements):
            if let items = strings(json) { return items.joined(separator: ", ") }
            return elements.map { element in
                if element.isObject { return "Element(\(element["_id"]?.stringValue ?? ""))" }
                return text(element) ?? ""
            }.joined(separator: ", ")
        case .object(let members):
            return "{" + members.map { "\($0.key): \(text($0.value) ?? "null")" }.joined(separator: ", ") + "}"
        }
    }

    /// A value's number: a JSON number, or a boolean as 1 or 0; a string has none.
    static func number(_ json: JSONValue?) -> Double? {
        switch json?.kind {
        case .number(let text): return Double(text)
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }
}
