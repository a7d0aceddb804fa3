import JoyfillFormulas

/// The codes of what the linter and `jf validate` find themselves: the document's structure
/// and JSON, its decorators, its suppressions, unused formulas, missing required values.
extension DiagnosticCode {
    public static let unusedFormula = DiagnosticCode("unused-formula")
    public static let invalidDecorator = DiagnosticCode("invalid-decorator")
    public static let invalidDocument = DiagnosticCode("invalid-document")
    /// A template that does not read as JSON.
    public static let invalidJSON = DiagnosticCode("invalid-json")
    public static let invalidSuppression = DiagnosticCode("invalid-suppression")
    /// A `jfLint` suppression that silences nothing.
    public static let unusedSuppression = DiagnosticCode("unused-suppression")
    /// A version the SDKs refuse (`ERROR_SCHEMA_VERSION`).
    public static let schemaVersion = DiagnosticCode("schema-version")
    /// A structure the SDKs refuse (`ERROR_SCHEMA_VALIDATION`).
    public static let schemaValidation = DiagnosticCode("schema-validation")
    /// A shown field, row or collection level without a value it requires (`jf validate`).
    public static let required = DiagnosticCode("required")
}
