import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A change that cannot be applied: which one (0-based), what and, where known, the field.
public struct ChangeError: SuggestingError, Sendable {
    public let index: Int
    public let field: String?
    public let message: String
    public var suggestion: String?
    /// Where the change is in the text it was read from.
    public var offset: Int?

    public init(index: Int, field: String?, message: String, suggestion: String? = nil, offset: Int? = nil) {
        self.index = index
        self.field = field
        self.message = message
        self.suggestion = suggestion
        self.offset = offset
    }

    public var summary: String {
        "change \(index + 1)\(field.map { " (field '\($0)')" } ?? ""): \(message)"
    }
}
