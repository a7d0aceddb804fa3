import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// `validate(path:)`'s path does not name a page or a field on it.
public struct ValidationPathError: SuggestingError, Sendable {
    public let message: String
    public let suggestion: String?
    public var summary: String { message }
}
