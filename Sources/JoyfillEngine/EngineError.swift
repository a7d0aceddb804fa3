import JoyfillFormulas

/// A change the engine cannot apply.
public struct EngineError: SuggestingError, Sendable {
    public let message: String
    /// Every name as close to what was written, the first the likeliest.
    public let suggestions: [String]
    public var suggestion: String? { suggestions.first }
    /// The field the change named.
    public let field: String?
    public var summary: String { message }

    public init(message: String, suggestion: String?, field: String?) {
        self.init(message: message, suggestions: suggestion.map { [$0] } ?? [], field: field)
    }

    public init(message: String, suggestions: [String], field: String?) {
        self.message = message
        self.suggestions = suggestions
        self.field = field
    }
}
