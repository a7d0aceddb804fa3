import JoyfillEngine
import JoyfillJSON

/// A change that was applied, and that the app would not have let a person make: one to a
/// disabled field.
public struct ChangeWarning: Sendable, CustomStringConvertible {
    /// The change's place in the list (0-based).
    public let index: Int
    public let field: String
    public let message: String
    /// Where the change names the field in the text it was read from.
    public let span: Range<Int>?

    public var description: String { "change \(index + 1) (field '\(field)'): \(message)" }
}

extension ChangeWarning {
    /// The warning as a `disabled-field-change` finding in the changes' text, placed by `lines`.
    public func finding(placedBy lines: LineMap) -> Finding {
        Finding(code: .disabledFieldChange, severity: .warning, message: description, field: field,
                location: lines.location(covering: span))
    }
}
