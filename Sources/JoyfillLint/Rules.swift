import JoyfillFormulas

/// One lint rule: a stable name, a default severity, a one-line summary, and whether
/// findings can carry a fix. Every rule has a page in `docs/rules/<name>.md` and a fixture
/// in `Tests/JoyfillLintTests/Fixtures/rules/<name>/` (a test checks both exist).
public struct LintRule: Sendable, Hashable {
    public enum Fixability: String, Sendable {
        /// No fix is ever offered.
        case never
        /// Some findings carry a fix (a misspelt function with one close match, say).
        case sometimes
        /// No safe fix, but some findings carry a suggestion: a fix that may change what the
        /// formula means (a misspelt name's closest match), applied by `--fix --unsafe-fixes`.
        case suggestions
        /// Every finding carries a safe fix.
        case always
    }

    /// What a rule's findings are about, which says where a `jfLint` suppression silences them.
    public enum Scope: Sendable {
        /// A formula's text: the formula's suppression (or that of every field applying it).
        case formula
        /// What a field stores or applies, a cycle it starts, the document's structure: the
        /// field's suppression, or the document's for what is about no field.
        case field
    }

    public let name: String
    public let severity: Diagnostic.Severity
    public let summary: String
    public let fixability: Fixability
    public let scope: Scope

    init(name: String, severity: Diagnostic.Severity, summary: String, fixability: Fixability, scope: Scope = .formula) {
        self.name = name
        self.severity = severity
        self.summary = summary
        self.fixability = fixability
        self.scope = scope
    }

    /// Where the rule's documentation page lives, relative to the repository.
    public var documentationPath: String { "docs/rules/\(name).md" }

    /// Every rule, in the order of `jf lint --list-rules`.
    public static let all: [LintRule] = [
        LintRule(name: "syntax-error", severity: .error, summary: "The formula does not parse.", fixability: .sometimes),
        LintRule(name: "invalid-operator", severity: .error,
                 summary: "Spellings borrowed from other languages: `===`, `!==`, `=`, `&`, `|`, `<>`, `;` between arguments, a leading `=`.", fixability: .always),
        LintRule(name: "unknown-function", severity: .error, summary: "A call to a function no engine has.", fixability: .sometimes),
        LintRule(name: "wrong-arity", severity: .error, summary: "A call with too few or too many arguments.", fixability: .never),
        LintRule(name: "type-mismatch", severity: .error,
                 summary: "An argument or operand whose type can never be accepted.", fixability: .suggestions),
        LintRule(name: "unknown-reference", severity: .error, summary: "A name that is no field of the document.", fixability: .suggestions),
        LintRule(name: "unknown-column", severity: .error,
                 summary: "A column that the rows of a table or collection, or a chart's lines or points, do not have.",
                 fixability: .suggestions),
        LintRule(name: "null-projection", severity: .warning,
                 summary: "A column read from every row of rows that do not have it: a list of nulls.", fixability: .suggestions),
        LintRule(name: "invalid-argument", severity: .error,
                 summary: "A text literal that is none of the words its parameter takes, such as a unit `dateAdd()` does not know.",
                 fixability: .suggestions),
        LintRule(name: "division-by-zero", severity: .error, summary: "A division or `mod()` by a literal zero.", fixability: .never),
        LintRule(name: "always-false-comparison", severity: .warning,
                 summary: "A comparison whose outcome the types already decide.", fixability: .never),
        LintRule(name: "date-milliseconds", severity: .warning,
                 summary: "Days counted where dates count milliseconds: a small number added to a date, or compared with a difference of dates.",
                 fixability: .suggestions),
        LintRule(name: "unknown-option", severity: .warning,
                 summary: "A dropdown compared with a text none of its options has, or with an option's id; a countIf() of options by a text none contains.",
                 fixability: .suggestions),
        LintRule(name: "circular-reference", severity: .error, summary: "Fields whose formulas read each other in a cycle.", fixability: .never, scope: .field),
        LintRule(name: "write-type-mismatch", severity: .error,
                 summary: "A result that can never be stored in the field it is written to.", fixability: .never, scope: .field),
        LintRule(name: "shadowed-field", severity: .warning, summary: "A lambda parameter hides a field of the same id.", fixability: .never),
        LintRule(name: "json-text", severity: .info,
                 summary: "A text field holding a JSON array or object, given where text is taken: it reads as the array or object.",
                 fixability: .never),
        LintRule(name: "non-portable", severity: .warning,
                 summary: "Syntax or a function that a target Joyfill SDK does not run.", fixability: .sometimes),
        LintRule(name: "missing-formula", severity: .error,
                 summary: "A field applies a formula the document does not define.", fixability: .never, scope: .field),
        LintRule(name: "unused-formula", severity: .warning, summary: "A document formula no field applies.", fixability: .never),
        LintRule(name: "invalid-key", severity: .error,
                 summary: "An applied formula writes a key other than `value` or `hidden`.", fixability: .never, scope: .field),
        LintRule(name: "invalid-logic", severity: .warning,
                 summary: "Conditional logic that cannot work as written: an unknown field, column, operator or option.", fixability: .never, scope: .field),
        LintRule(name: "invalid-decorator", severity: .warning,
                 summary: "A decorator the SDKs reject or never show: no action, a repeated action, a bad color, no icon or label.",
                 fixability: .never, scope: .field),
        LintRule(name: "invalid-value", severity: .warning,
                 summary: "A stored value its field or column type does not hold: text in a number field, an option's text instead of its `_id`, a date in seconds, a cell of no column.",
                 fixability: .sometimes, scope: .field),
        LintRule(name: "invalid-document", severity: .warning,
                 summary: "A structural problem the reader works around (a duplicate id, a formula without an expression).",
                 fixability: .never, scope: .field),
        LintRule(name: "invalid-suppression", severity: .warning,
                 summary: "A `jfLint` suppression names no rule, or is malformed.", fixability: .never),
    ]

    private static let byName: [String: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The rule with this name.
    public static func named(_ name: String) -> LintRule? { byName[name] }

    /// Every rule name, for suggestions.
    public static let names: [String] = all.map(\.name)
}
