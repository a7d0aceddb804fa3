import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A decorator path that does not resolve, or a decorator change the SDKs reject.
public struct DecoratorError: SuggestingError, Sendable {
    public let path: String
    public let message: String
    public var suggestion: String?

    package init(path: String, message: String, suggestion: String? = nil) {
        self.path = path
        self.message = message
        self.suggestion = suggestion
    }

    /// The error without its suggestion.
    public var summary: String { "decorator path '\(path)': \(message)" }
}
