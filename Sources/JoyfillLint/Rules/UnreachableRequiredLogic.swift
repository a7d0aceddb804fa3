import JoyfillFormulas

extension LintRule {
    static let unreachableRequiredLogic = LintRule(
        code: .unreachableRequiredLogic, severity: .warning,
        summary: "`requiredLogic` on a field that is never shown, so it never applies.",
        fixability: .never, foundBy: .logic, scope: .field,
        documentation: Documentation(
            what: "Reports `requiredLogic` on a field that no view shows: hidden (`\"hidden\": true` with no logic that shows it) or hidden for every view (`hiddenViews`). `jf validate` reports it too.",
            why: "A hidden field is never validated, so its required logic does nothing; usually the field was meant to be shown by logic that is missing, or the required logic sits on the wrong field.",
            bad: json("""
                {"_id": "note", "type": "text", "hidden": true, "requiredLogic": {"action": "enforce", "eval": "and", "conditions": [...]}}
                """),
            good: json("""
                {"_id": "note", "type": "text", "hidden": true, "logic": {"action": "show", ...}, "requiredLogic": {"action": "enforce", ...}}
                """),
            fix: "Give the field logic that shows it, or move the required logic to a field that is shown. See docs/logic.md."))
}

// The check is ``DocumentLint/logic()`` (InvalidLogic.swift): one reading of the logic reports
// this rule and the others of ``DocumentLint/logicRules``.
