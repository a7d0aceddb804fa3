import JoyfillFormulas

extension LintRule {
    static let logicUnknownAction = LintRule(
        code: .logicUnknownAction, severity: .warning,
        summary: "An `action` or `eval` the SDKs read as something else (`reveal` as hide, `all` as or).",
        fixability: .never, foundBy: .logic, scope: .field,
        documentation: Documentation(
            what: "Reports logic whose `action` is not one the slot knows — `show` or `hide` for `logic` and `cellVisibilityLogic`, `enforce` or `unenforce` for `requiredLogic` and `cellRequiredLogic` — or is missing, and an `eval` other than `and` or `or`. `jf validate` reports it too.",
            why: "The SDKs read any action but `show` as `hide` (so `\"reveal\"` hides), ignore required logic whose action is not `enforce` or `unenforce`, read cell visibility's unknown actions as `show`, and read any `eval` but exactly `\"and\"` as or. The form does the opposite of what the template meant, without an error.",
            bad: json("""
                "logic": {"action": "reveal", "eval": "all", "conditions": [...]}
                """),
            good: json("""
                "logic": {"action": "show", "eval": "and", "conditions": [...]}
                """),
            fix: "Use `show` or `hide` (`enforce` or `unenforce` for required logic) and `and` or `or`. See docs/logic.md."))
}

// The check is ``DocumentLint/logic()`` (InvalidLogic.swift): one reading of the logic reports
// this rule and the others of ``DocumentLint/logicRules``.
