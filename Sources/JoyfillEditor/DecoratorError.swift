import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A decorator path that does not resolve, or a decorator change the SDKs reject.
public struct DecoratorError: SuggestingError, Sendable {
    public let path: String
    public let message: String
    public var suggestion: String?

    /// The error without its suggestion.
    public var summary: String { "decorator path '\(path)': \(message)" }
}
