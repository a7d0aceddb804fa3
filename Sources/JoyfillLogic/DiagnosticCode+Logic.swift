import JoyfillFormulas

/// The codes of logic that cannot be used as written (``LogicIssue``), and of what validation
/// finds (``Validator``).
extension DiagnosticCode {
    public static let invalidLogic = DiagnosticCode("invalid-logic")
    public static let logicMissingTarget = DiagnosticCode("logic-missing-target")
    public static let logicComparesText = DiagnosticCode("logic-compares-text")
    public static let logicUnknownAction = DiagnosticCode("logic-unknown-action")
    public static let lonePageHidden = DiagnosticCode("lone-page-hidden")
    public static let unreachableRequiredLogic = DiagnosticCode("unreachable-required-logic")
    /// A shown field, row or collection level without a value it requires.
    public static let required = DiagnosticCode("required")
}
