/// The stable name of a kind of finding: a diagnostic's `code` in JSON, and the name of the
/// linter's rule that reports it (`unknown-column`). Each is a constant, so a misspelt code
/// does not compile. This module declares the codes of what is found in a formula; each module
/// that finds something else declares its own codes beside it (JoyfillEngine: a document's
/// formulas; JoyfillLogic: its logic; JoyfillLint: the rest), and JoyfillLint's rules name
/// every one (`LintRule`).
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// The name, in kebab case.
    public let name: String

    /// A code of the module that declares it: each module declares the codes of what it
    /// finds, beside the finding.
    package init(_ name: String) { self.name = name }

    public var description: String { name }

    // Found in a formula.
    public static let syntaxError = DiagnosticCode("syntax-error")
    public static let invalidOperator = DiagnosticCode("invalid-operator")
    public static let unknownFunction = DiagnosticCode("unknown-function")
    public static let wrongArity = DiagnosticCode("wrong-arity")
    public static let typeMismatch = DiagnosticCode("type-mismatch")
    public static let unknownReference = DiagnosticCode("unknown-reference")
    public static let unknownColumn = DiagnosticCode("unknown-column")
    public static let nullProjection = DiagnosticCode("null-projection")
    public static let invalidArgument = DiagnosticCode("invalid-argument")
    public static let divisionByZero = DiagnosticCode("division-by-zero")
    public static let alwaysFalseComparison = DiagnosticCode("always-false-comparison")
    public static let dateMilliseconds = DiagnosticCode("date-milliseconds")
    public static let unknownOption = DiagnosticCode("unknown-option")
    public static let shadowedField = DiagnosticCode("shadowed-field")
    public static let jsonText = DiagnosticCode("json-text")
    public static let nonPortable = DiagnosticCode("non-portable")
    /// An evaluation failure with no code of its own (a missing property, a limit).
    public static let evaluationError = DiagnosticCode("evaluation-error")
    /// An evaluation stopped by its caller (Ctrl-C).
    public static let interrupted = DiagnosticCode("interrupted")

    public static let circularReference = DiagnosticCode("circular-reference")

}
