/// The page of a rule, made from its ``LintRule/Documentation``: `jf lint --explain RULE` prints
/// it, and `docs/rules/<name>.md` is generated from it (a test fails when a page is stale).
public enum RuleDocumentation {
    /// The Markdown page of a rule.
    public static func page(for rule: LintRule) -> String {
        let page = rule.documentation
        let fixability: String
        switch rule.fixability {
        case .never: fixability = "no automatic fix"
        case .sometimes: fixability = "some findings have a safe fix (`jf lint --fix`)"
        case .suggestions: fixability = "no safe fix; some findings have a suggestion (`jf lint --fix --unsafe-fixes`)"
        case .always: fixability = "always fixable (`jf lint --fix`)"
        }
        return """
            # \(rule.name)

            \(rule.summary)

            Default severity: **\(rule.severity.rawValue)**; \(fixability).

            ## What it does

            \(page.what)

            ## Why

            \(page.why)

            ## Example

            \(page.bad)

            Use instead:

            \(page.good)

            ## How to fix

            \(page.fix)

            Configure or silence it like any rule: `ignore = ["\(rule.name)"]` or `[lint.severity]` in `jf.toml`,
            or `"jfLint": {"ignore": ["\(rule.name)"]}` on a document, field or formula (see [README](README.md)).

            """
    }
}
