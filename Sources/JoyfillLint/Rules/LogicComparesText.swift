import JoyfillFormulas

extension LintRule {
    static let logicComparesText = LintRule(
        code: .logicComparesText, severity: .warning,
        summary: "`>` or `<` in logic against a value that is not a number, or on a field that holds none.",
        fixability: .never, foundBy: .logic, scope: .field,
        documentation: Documentation(
            what: "Reports a condition with `>` or `<` whose `value` is not a number (`\"ten\"`, `\"\"`, none), or that reads a field or column whose type holds no number (text, a dropdown). `jf validate` reports it too.",
            why: "`>` and `<` compare numbers: the SDKs read a text value as no number, so the condition never holds, and what it should show stays hidden. Before the SDKs' reading was settled, text was parsed as a number; it no longer is.",
            bad: json("""
                {"field": "amount", "condition": ">", "value": "ten"}
                """),
            good: json("""
                {"field": "amount", "condition": ">", "value": 10}
                """),
            fix: "Compare a number field (or date) with a number. See docs/logic.md."))
}

// The check is ``DocumentLint/logic()`` (InvalidLogic.swift): one reading of the logic reports
// this rule and the others of ``DocumentLint/logicRules``.
