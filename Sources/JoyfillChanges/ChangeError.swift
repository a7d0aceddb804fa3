import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A change that cannot be applied: which one (0-based), what and, where known, the field.
public struct ChangeError: SuggestingError, Sendable {
    public let index: Int
    public let field: String?
    public let message: String
    public var suggestion: String?
    /// Where the change goes wrong in the text it was read from: the value at fault, or the
    /// whole entry.
    public var span: Range<Int>?

    public init(index: Int, field: String?, message: String, suggestion: String? = nil, span: Range<Int>? = nil) {
        self.index = index
        self.field = field
        self.message = message
        self.suggestion = suggestion
        self.span = span
    }

    public var summary: String {
        "change \(index + 1)\(field.map { " (field '\($0)')" } ?? ""): \(message)"
    }
}

extension ChangeError {
    /// The error as an `invalid-change` finding in the changes' text, placed by `lines`, its
    /// map (at its start when the place is not known), so that it is shown as every other
    /// problem is: the line, a caret under the value, the suggestion.
    public func finding(placedBy lines: LineMap) -> Finding {
        Finding(code: .invalidChange, kind: .reference, severity: .error, message: summary,
                notes: suggestion.map { [Suggestions.question($0)] } ?? [], field: field, location: lines.location(covering: span))
    }
}
