import JoyfillFormulas

/// The codes of what is found in a document as a whole: what its reader worked around, what
/// the SDKs' check at load refuses, its formulas' applications, their writes and their order,
/// and changes that cannot be applied.
extension DiagnosticCode {
    /// What the reader worked around (duplicate ids, a formula without an expression).
    public static let invalidDocument = DiagnosticCode("invalid-document")
    /// A version the SDKs refuse (`ERROR_SCHEMA_VERSION`).
    public static let schemaVersion = DiagnosticCode("schema-version")
    /// A structure the SDKs refuse (`ERROR_SCHEMA_VALIDATION`).
    public static let schemaValidation = DiagnosticCode("schema-validation")
    public static let writeTypeMismatch = DiagnosticCode("write-type-mismatch")
    public static let missingFormula = DiagnosticCode("missing-formula")
    public static let invalidKey = DiagnosticCode("invalid-key")
    public static let invalidValue = DiagnosticCode("invalid-value")
    /// A field whose formula reads one on a cycle: it keeps its value.
    public static let dependsOnCircular = DiagnosticCode("depends-on-circular")
    /// A field whose formula reads one whose formula failed: not evaluated, it keeps its value.
    public static let dependsOnFailure = DiagnosticCode("depends-on-failure")
    /// A change (`--set`, a change-API entry) that cannot be applied.
    public static let invalidChange = DiagnosticCode("invalid-change")
}
