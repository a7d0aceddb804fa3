import JoyfillFormulas
import JoyfillModel

/// What can be known about a field's values before anything is evaluated: the types a
/// formula may read from it and the result types write-back can store in it. The checker
/// and the linter use these; they follow ``ValueConversion`` and ``WriteBack``.
public enum FieldValueTypes {
    /// The types a formula can read from `field` (B2–B4, C8): the type its field type gives,
    /// plus the type of the value it holds now (a text field may hold a number).
    public static func read(_ field: Field) -> ValueTypes {
        var types: ValueTypes
        switch field.type {
        case .text, .textarea, .block, .richText, .signature: types = [.string, .null]
        case .number: types = [.number, .null]
        case .date: types = [.date, .null]
        case .dropdown: types = .string
        case .multiSelect, .table, .collection, .chart: return .array
        case .image, .file, .unknown: return .any
        }
        types.insert(ValueTypes(ValueConversion.value(of: field).type))
        return types
    }

    /// The number a number field stores for a text result (C9): the text without surrounding
    /// white space, read as a finite number; nil when it is not one (a `write-type-mismatch`).
    public static func number(fromText text: String) -> Double? {
        guard let number = Double(text.trimmingWhitespace()), number.isFinite else { return nil }
        return number
    }

    /// The result types that can ever be stored in a field of this type by `key: "value"`
    /// (B6, C9). Null and undefined clear any writable field. A string fits a number field
    /// only when it reads as a number, so it is not listed here. Tables and collections
    /// cannot be written at all.
    public static func writable(_ type: FieldType) -> ValueTypes {
        switch type {
        case .number: return [.number, .null, .undefined]
        case .date: return [.date, .number, .string, .null, .undefined]
        case .multiSelect, .chart: return [.array, .null, .undefined]
        case .table, .collection: return []
        case .text, .textarea, .block, .richText, .signature, .dropdown: return .any
        case .image, .file, .unknown: return ValueTypes.any.subtracting(.lambda)
        }
    }
}
