/// The stable name of a kind of finding: a diagnostic's `code` in JSON and what the linter's
/// rule for it is called (`unknown-column`). Each is a constant here, so a misspelt code does
/// not compile; the names of rules found by the linter alone (`unused-formula`) are here too,
/// so that every code jf reports is listed in one place.
public struct RuleCode: Hashable, Sendable, CustomStringConvertible {
    /// The name, in kebab case.
    public let name: String

    private init(_ name: String) { self.name = name }

    public var description: String { name }

    /// The code called `name`, if there is one (a name read from a configuration or a
    /// suppression).
    public init?(named name: String) {
        guard let code = RuleCode.byName[name] else { return nil }
        self = code
    }

    // Found in a formula.
    public static let syntaxError = RuleCode("syntax-error")
    public static let invalidOperator = RuleCode("invalid-operator")
    public static let unknownFunction = RuleCode("unknown-function")
    public static let wrongArity = RuleCode("wrong-arity")
    public static let typeMismatch = RuleCode("type-mismatch")
    public static let unknownReference = RuleCode("unknown-reference")
    public static let unknownColumn = RuleCode("unknown-column")
    public static let nullProjection = RuleCode("null-projection")
    public static let invalidArgument = RuleCode("invalid-argument")
    public static let divisionByZero = RuleCode("division-by-zero")
    public static let alwaysFalseComparison = RuleCode("always-false-comparison")
    public static let dateMilliseconds = RuleCode("date-milliseconds")
    public static let unknownOption = RuleCode("unknown-option")
    public static let shadowedField = RuleCode("shadowed-field")
    public static let jsonText = RuleCode("json-text")
    public static let nonPortable = RuleCode("non-portable")
    /// An evaluation failure with no code of its own (a missing property, a limit).
    public static let evaluationError = RuleCode("evaluation-error")
    /// An evaluation stopped by its caller (Ctrl-C).
    public static let interrupted = RuleCode("interrupted")

    // Found in a document.
    public static let circularReference = RuleCode("circular-reference")
    public static let writeTypeMismatch = RuleCode("write-type-mismatch")
    public static let missingFormula = RuleCode("missing-formula")
    public static let unusedFormula = RuleCode("unused-formula")
    public static let invalidKey = RuleCode("invalid-key")
    public static let invalidLogic = RuleCode("invalid-logic")
    public static let logicMissingTarget = RuleCode("logic-missing-target")
    public static let logicComparesText = RuleCode("logic-compares-text")
    public static let logicUnknownAction = RuleCode("logic-unknown-action")
    public static let lonePageHidden = RuleCode("lone-page-hidden")
    public static let unreachableRequiredLogic = RuleCode("unreachable-required-logic")
    public static let invalidDecorator = RuleCode("invalid-decorator")
    public static let invalidValue = RuleCode("invalid-value")
    public static let invalidDocument = RuleCode("invalid-document")
    /// A template that does not read as JSON.
    public static let invalidJSON = RuleCode("invalid-json")
    public static let invalidSuppression = RuleCode("invalid-suppression")
    /// A `jfLint` suppression that silences nothing.
    public static let unusedSuppression = RuleCode("unused-suppression")
    /// A version the SDKs refuse (`ERROR_SCHEMA_VERSION`).
    public static let schemaVersion = RuleCode("schema-version")
    /// A structure the SDKs refuse (`ERROR_SCHEMA_VALIDATION`).
    public static let schemaValidation = RuleCode("schema-validation")
    /// A field whose formula reads one on a cycle: it keeps its value.
    public static let dependsOnCircular = RuleCode("depends-on-circular")
    /// A field whose formula reads one whose formula failed: not evaluated, it keeps its value.
    public static let dependsOnFailure = RuleCode("depends-on-failure")
    /// A shown field, row or collection level without a value it requires (`jf validate`).
    public static let required = RuleCode("required")
    /// A change (`--set`, a change-API entry) that cannot be applied.
    public static let invalidChange = RuleCode("invalid-change")

    /// Every code.
    public static let all: [RuleCode] = [
        .syntaxError, .invalidOperator, .unknownFunction, .wrongArity, .typeMismatch, .unknownReference, .unknownColumn,
        .nullProjection, .invalidArgument, .divisionByZero, .alwaysFalseComparison, .dateMilliseconds, .unknownOption,
        .shadowedField, .jsonText, .nonPortable, .evaluationError, .interrupted, .circularReference, .writeTypeMismatch,
        .dependsOnCircular, .dependsOnFailure, .missingFormula, .unusedFormula, .invalidKey, .invalidLogic, .logicMissingTarget,
        .logicComparesText, .logicUnknownAction, .lonePageHidden, .unreachableRequiredLogic, .invalidDecorator, .invalidValue, .invalidDocument,
        .invalidJSON, .invalidSuppression, .unusedSuppression, .schemaVersion, .schemaValidation, .required, .invalidChange,
    ]

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
