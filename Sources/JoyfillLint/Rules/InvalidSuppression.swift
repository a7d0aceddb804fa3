import JoyfillFormulas

extension LintRule {
    static let invalidSuppression = LintRule(
        code: .invalidSuppression, severity: .warning,
        summary: "A `jfLint` suppression names no rule, or is malformed.",
        fixability: .never, foundBy: .suppressions,
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
