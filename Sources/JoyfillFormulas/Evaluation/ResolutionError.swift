/// A failure to resolve a name or path, reported by a context. The evaluator turns it into a
/// ``Diagnostic`` at the span of the reference, or of the property name for a path
/// (`prise` in `items.prise`), with the suggestion as a fix that replaces it.
public struct ResolutionError: SuggestingError, Sendable {
    public var kind: Diagnostic.Kind
    public var message: String
    public var notes: [String]
    /// What was probably meant instead of the name or property ("did you mean 'price'?").
    public var suggestion: String?
    /// The diagnostic code, when the linter has a rule for the problem (`unknown-column`).
    public var code: DiagnosticCode?

    public init(_ kind: Diagnostic.Kind, _ message: String, notes: [String] = [], suggestion: String? = nil, code: DiagnosticCode? = nil) {
        self.kind = kind
        self.message = message
        self.notes = notes
        self.suggestion = suggestion
        self.code = code
    }

    public var summary: String { message }

    /// The error as a diagnostic at `span`, the suggestion a fix that replaces the span.
    public func diagnostic(at span: SourceSpan) -> Diagnostic {
        let fix = suggestion.map { Fix.replace(span, with: $0, Suggestions.question($0), isSafe: false) }
        return Diagnostic(kind, message, at: span, notes: notes, fix: fix, code: code)
    }
}
