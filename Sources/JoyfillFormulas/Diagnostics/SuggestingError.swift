/// An error that says what went wrong and where, and, when one name is close to what was
/// written, what was probably meant. Every such error of jf (a name a formula reads, a
/// change, a decorator path, a validation path, a `--set`) renders its suggestion the same
/// way, here: `no field has the _id 'qyt' (did you mean 'qty'?)`.
public protocol SuggestingError: Error, CustomStringConvertible {
    /// What went wrong, with where (the change, the path, the field), without the suggestion.
    var summary: String { get }
    /// What was probably meant.
    var suggestion: String? { get }
}

extension SuggestingError {
    public var description: String { summary + Suggestions.afterMessage(suggestion) }
}

extension Suggestions {
    /// A suggestion as a question, for a fix or a note: `did you mean 'qty'?`.
    public static func question(_ suggestion: String) -> String { "did you mean '\(suggestion)'?" }

    /// A suggestion after a message: ` (did you mean 'qty'?)`, or nothing.
    public static func afterMessage(_ suggestion: String?) -> String {
        suggestion.map { " (\(question($0)))" } ?? ""
    }
}
