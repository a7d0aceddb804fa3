/// An error that says what went wrong and where, and, when one name is close to what was
/// written, what was probably meant. Every such error of jf (a name a formula reads, a
/// change, a decorator path, a validation path, a `--set`) renders its suggestion the same
/// way, here: `no field has the _id 'qyt' (did you mean 'qty'?)`.
public protocol SuggestingError: Error, CustomStringConvertible {
    /// What went wrong, with where (the change, the path, the field), without the suggestion.
    var summary: String { get }
    /// What was probably meant.
    var suggestion: String? { get }
    /// Every name as close as ``suggestion`` to what was written, when several are (`row_1`
    /// and `row_2` for `row_9`): naming one of them would be a guess.
    var suggestions: [String] { get }
}

extension SuggestingError {
    public var suggestions: [String] { suggestion.map { [$0] } ?? [] }
    public var description: String { summary + Suggestions.afterMessage(suggestions) }
}

extension Suggestions {
    /// A suggestion as a question, for a fix or a note: `did you mean 'qty'?`.
    public static func question(_ suggestion: String) -> String { "did you mean '\(suggestion)'?" }

    /// Suggestions as a question: `did you mean 'row_1' or 'row_2'?`.
    public static func question(_ suggestions: [String]) -> String {
        let quoted = suggestions.map { "'\($0)'" }
        let listed = quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! : quoted.first ?? "''"
        return "did you mean \(listed)?"
    }

    /// A suggestion after a message: ` (did you mean 'qty'?)`, or nothing.
    public static func afterMessage(_ suggestion: String?) -> String {
        suggestion.map { " (\(question($0)))" } ?? ""
    }

    /// Suggestions after a message: ` (did you mean 'row_1' or 'row_2'?)`, or nothing.
    public static func afterMessage(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (\(question(suggestions)))"
    }
}
