import JoyfillFormulas

extension LintRule {
    /// `invalid-suppression`: A `jfLint` suppression names no rule, or is malformed.
    ///
    /// Found by `Suppressions`, while it reads the `jfLint` annotations, which gives its findings
    /// `RuleCode.invalidSuppression`; the linter places them in the file and applies the settings
    /// and suppressions.
    static let invalidSuppression = LintRule(
        code: .invalidSuppression, severity: .warning,
        summary: "A `jfLint` suppression names no rule, or is malformed.",
        fixability: .never,
        documentation: Documentation(
            what: "Reports a `jfLint` annotation that is not `{\"ignore\": [rule names]}`, or that names a rule that does not exist.",
            why: "A misspelt suppression silences nothing, and the finding it meant to silence keeps failing CI.",
            bad: json("""
                {"_id": "legacy_total", "jfLint": {"ignore": ["non-portible"]}}
                """),
            good: json("""
                {"_id": "legacy_total", "jfLint": {"ignore": ["non-portable"]}}
                """),
            fix: "Use rule names from `jf lint --list-rules`, or `\"all\"`."))
}
