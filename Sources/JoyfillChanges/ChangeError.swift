import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A change that cannot be applied: which one (0-based), what and, where known, the field.
public struct ChangeError: SuggestingError, Sendable {
    public let index: Int
    public let field: String?
    public let message: String
    /// Every name as close to what was written, the first the likeliest.
    public var suggestions: [String]
    public var suggestion: String? { suggestions.first }
    /// Where the change goes wrong in the text it was read from: the value at fault, or the
    /// whole entry.
    public var span: Range<Int>?

    public init(index: Int, field: String?, message: String, suggestion: String? = nil, span: Range<Int>? = nil) {
        self.init(index: index, field: field, message: message, suggestions: suggestion.map { [$0] } ?? [], span: span)
    }

    public init(index: Int, field: String?, message: String, suggestions: [String], span: Range<Int>? = nil) {
        self.index = index
        self.field = field
        self.message = message
        self.suggestions = suggestions
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
                notes: suggestions.isEmpty ? [] : [Suggestions.question(suggestions)], field: field, location: lines.location(covering: span))
    }
}
