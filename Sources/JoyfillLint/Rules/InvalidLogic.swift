import JoyfillFormulas
import JoyfillLogic

extension LintRule {
    static let invalidLogic = LintRule(
        code: .invalidLogic, severity: .warning,
        summary: "Conditional logic that cannot work as written: malformed, an unknown operator, an option's text.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports conditional logic (`logic`, `requiredLogic` and the cell logic of fields, pages, columns and collection schemas) that cannot work as written: logic that is not an object, or whose `conditions` are not an array, a condition with no `field`, an unknown operator (`==`), and a dropdown or multiSelect compared with something that is none of its option ids (its option's text, most often). On a collection schema, also: a condition without both `schema` and `column`, or on a field (left out), conditions listed under `schemaConditions` instead of `conditions`, and logic on the root schema (its rows hang under no row for conditions to read). Other mistakes have rules of their own: `logic-missing-target`, `logic-compares-text`, `logic-unknown-action`, `lone-page-hidden` and `unreachable-required-logic`. `jf validate` reports the same problems.",
            why: "Such a condition never holds (or, with `!=`, always does), so the field or page it should show stays hidden, or the one it should hide stays shown, and a required field may be checked or skipped by mistake. The SDKs give no error.",
            bad: json("""
                "logic": {"action": "show", "conditions": [{"field": "priority", "condition": "=", "value": "High"}]}
                """),
            good: json("""
                "logic": {"action": "show", "conditions": [{"field": "priority", "condition": "=", "value": "opt_high"}]}
                """),
            fix: "Name an existing field (or, on a schema, a column of the row above), use one of `=`, `!=`, `?=`, `>`, `<`, `null=` and `*=`, and compare dropdowns and multiSelects with an option's `_id` (see docs/validation.md)."))
}

// The check, of this rule and of the five that name one mistake each (their files say so).
extension DocumentLint {
    /// The rules one reading of the logic reports.
    static let logicRules: [DiagnosticCode] = [
        .invalidLogic, .logicMissingTarget, .logicComparesText, .logicUnknownAction, .lonePageHidden, .unreachableRequiredLogic,
    ]

    /// Conditional logic on fields, pages, columns and collection schemas that cannot work as
    /// written, each issue under its rule (JoyfillSession reads the logic as `jf validate` does).
    mutating func logic() {
        let reported = Set(Self.logicRules.filter { settings.isEnabled($0) })
        guard !reported.isEmpty else { return }
        for logic in DocumentLogic(document).issues where reported.contains(logic.code) {
            add([logic.issue], as: logic.code)
        }
    }
}
