import JoyfillFormulas

/// The codes of what the linter alone finds: a template that is no JSON, its decorators, its
/// suppressions, unused formulas.
extension DiagnosticCode {
    public static let unusedFormula = DiagnosticCode("unused-formula")
    public static let invalidDecorator = DiagnosticCode("invalid-decorator")
    /// A template that does not read as JSON.
    public static let invalidJSON = DiagnosticCode("invalid-json")
    public static let invalidSuppression = DiagnosticCode("invalid-suppression")
    /// A `jfLint` suppression that silences nothing.
    public static let unusedSuppression = DiagnosticCode("unused-suppression")
}
