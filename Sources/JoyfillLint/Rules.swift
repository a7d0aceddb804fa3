import JoyfillFormulas

/// One lint rule: its code (``DiagnosticCode``, its stable name), a default severity, a one-line
/// summary, whether findings can carry a fix, what finds its problems, and its documentation.
/// Each rule is declared in its own file, `Rules/<RuleName>.swift`, with its page and its
/// check, or with ``foundBy`` naming the parser or the checker (which share one walk of the
/// formula) when they find its problems. Every rule has a page in
/// `docs/rules/<name>.md` and a fixture in `Tests/JoyfillLintTests/Fixtures/rules/<name>/` (a
/// test checks both exist).
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

    /// What finds a rule's problems.
    public enum Finder: String, Sendable {
        /// The parser, while it reads the formula (``Parser``): its findings come to the linter
        /// with the rule's code, and the linter places them in the file.
        case parser
        /// The checker, in its one walk of the formula (``Checker`` and the analyses it runs),
        /// likewise.
        case checker
        /// JoyfillLogic's reading of the document's logic (`DocumentLogic`), which gives each
        /// issue its rule's code; `invalid-logic`'s check adds them all.
        case logic
        /// JoyfillSchema's check of the document's structure; `schema-validation`'s check adds
        /// its violations.
        case schemaCheck
        /// The reading of the `jfLint` annotations (``Suppressions``).
        case suppressions
        /// The JSON reader, when the file does not read.
        case reader
        /// The rule's own check, beside its declaration (an extension of the linter's
        /// document walk).
        case rule
    }

    /// What a rule's findings are about, which says where a `jfLint` suppression silences them.
    public enum Scope: Sendable {
        /// A formula's text: the formula's suppression (or that of every field applying it).
        case formula
        /// What a field stores or applies, a cycle it starts, the document's structure: the
        /// field's suppression, or the document's for what is about no field.
        case field
    }

    /// A rule's page, as structured fields: `jf lint --explain` and `docs/rules/<name>.md`
    /// are made from it (``RuleDocumentation``).
    public struct Documentation: Sendable, Hashable {
        /// What the rule reports.
        var what: String
        /// Why it matters.
        var why: String
        /// A formula or document the rule reports, as a Markdown code block.
        var bad: String
        /// The same, written so that it does not.
        var good: String
        /// How to fix it, and what `--fix` does.
        var fix: String
    }

    /// The rule's code, which its findings carry.
    public let code: DiagnosticCode
    /// The rule's name: its code's.
    public var name: String { code.name }
    public let severity: Diagnostic.Severity
    public let summary: String
    public let fixability: Fixability
    public let foundBy: Finder
    public let scope: Scope
    public let documentation: Documentation

    init(code: DiagnosticCode, severity: Diagnostic.Severity, summary: String, fixability: Fixability, foundBy: Finder = .rule,
         scope: Scope = .formula, documentation: Documentation) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.fixability = fixability
        self.foundBy = foundBy
        self.scope = scope
        self.documentation = documentation
    }

    /// A formula as a page's example.
    static func formula(_ text: String) -> String { "```\n\(text)\n```" }
    /// JSON (part of a document) as a page's example.
    static func json(_ text: String) -> String { "```json\n\(text)\n```" }

    /// Where the rule's documentation page lives, relative to the repository.
    public var documentationPath: String { "docs/rules/\(name).md" }

    /// Every rule, in the order of `jf lint --list-rules`.
    public static let all: [LintRule] = [
        .syntaxError,
        .invalidOperator,
        .unknownFunction,
        .wrongArity,
        .typeMismatch,
        .unknownReference,
        .unknownColumn,
        .nullProjection,
        .invalidArgument,
        .divisionByZero,
        .alwaysFalseComparison,
        .dateMilliseconds,
        .unknownOption,
        .circularReference,
        .writeTypeMismatch,
        .shadowedField,
        .jsonText,
        .nonPortable,
        .missingFormula,
        .unusedFormula,
        .invalidKey,
        .invalidLogic,
        .logicMissingTarget,
        .logicComparesText,
        .logicUnknownAction,
        .lonePageHidden,
        .unreachableRequiredLogic,
        .invalidDecorator,
        .invalidValue,
        .invalidDocument,
        .invalidJSON,
        .invalidSuppression,
        .unusedSuppression,
        .schemaVersion,
        .schemaValidation,
    ]

    private static let byName: [String: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The rule with this name.
    public static func named(_ name: String) -> LintRule? { byName[name] }

    /// Every rule name, for suggestions.
    public static let names: [String] = all.map(\.name)
}
