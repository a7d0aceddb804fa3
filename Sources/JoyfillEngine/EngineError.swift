import JoyfillFormulas

/// A change the engine cannot apply.
public struct EngineError: SuggestingError, Sendable {
    public let message: String
    public let suggestion: String?
    /// The field the change named.
    public let field: String?
    public var summary: String { message }

    public init(message: String, suggestion: String?, field: String?) {
        self.message = message
        self.suggestion = suggestion
        self.field = field
    }
}
