import JoyfillFormulas

extension LintRule {
    static let lonePageHidden = LintRule(
        code: .lonePageHidden, severity: .warning,
        summary: "The only page of a view marked hidden, or given logic, which the SDKs never read.",
        fixability: .never, foundBy: .logic, scope: .field,
        documentation: Documentation(
            what: "Reports a page that is the only page of the mobile or desktop view and carries `\"hidden\": true` or `logic`. `jf validate` reports it too.",
            why: "The SDKs always show a lone page: its `hidden` flag and its logic are never read, so a form author expecting it hidden sees it shown.",
            bad: json("""
                "pages": [{"_id": "p1", "hidden": true, "fieldPositions": [...]}]
                """),
            good: json("""
                "pages": [{"_id": "p1", "fieldPositions": [...]}]
                """),
            fix: "Remove the flag and the logic, or add the page they should switch to. See docs/logic.md."))
}

// The check is ``DocumentLint/logic()`` (InvalidLogic.swift): one reading of the logic reports
// this rule and the others of ``DocumentLint/logicRules``.
