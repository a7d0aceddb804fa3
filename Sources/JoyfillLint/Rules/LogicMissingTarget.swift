import JoyfillFormulas

extension LintRule {
    static let logicMissingTarget = LintRule(
        code: .logicMissingTarget, severity: .warning,
        summary: "A logic condition on a field, column or schema the document does not have.",
        fixability: .never, foundBy: .logic, scope: .field,
        documentation: Documentation(
            what: "Reports a condition of conditional logic (`logic`, `requiredLogic`, `cellRequiredLogic`, `cellVisibilityLogic`, on fields, pages, columns and collection schemas) that reads a field the document does not have, a column the row does not have, or a schema the collection does not have, with the closest existing name. `jf validate` reports it too.",
            why: "The SDKs leave such a condition out of the logic, silently: with `eval: \"and\"` the others decide alone, and when it was the only condition the logic never holds, so what it should show stays hidden (or the reverse).",
            bad: json("""
                "logic": {"action": "show", "eval": "and", "conditions": [{"field": "prioriti", "condition": "=", "value": "opt_high"}]}
                """),
            good: json("""
                "logic": {"action": "show", "eval": "and", "conditions": [{"field": "priority", "condition": "=", "value": "opt_high"}]}
                """),
            fix: "Name a field of the document (on a column's cell logic, a column of the same row; on a collection schema, a schema and a column of the row above). The finding names the closest one. See docs/logic.md."))
}

// The check is ``DocumentLint/logic()`` (InvalidLogic.swift): one reading of the logic reports
// this rule and the others of ``DocumentLint/logicRules``.
