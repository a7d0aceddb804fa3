import JoyfillEditor
import JoyfillFormulas

extension LintRule {
    /// `invalid-logic`: Conditional logic that cannot work as written: an unknown field, column, operator or option.
    static let invalidLogic = LintRule(
        code: .invalidLogic, severity: .warning,
        summary: "Conditional logic that cannot work as written: an unknown field, column, operator or option.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports conditional logic (`logic` on a field, page or collection schema) that cannot work as written: logic that is not an object, an `action` other than `show` or `hide` (which the SDKs read as `hide`), an `eval` other than `and` or `or` (read as `or`), a condition with no `field`, an unknown operator (`==`), a field the document does not have, `>` or `<` with a value that is not a number, and a dropdown or multiSelect compared with something that is none of its option ids (its option's text, most often). On a collection schema, also: a condition without both `schema` and `column`, or on a field (left out), a schema or column the collection does not have, conditions listed under `schemaConditions` instead of `conditions`, and logic on the root schema (its rows hang under no row for conditions to read). On columns: `requiredLogic` and `cellRequiredLogic` whose action is not `enforce` or `unenforce`, and cell conditions on a column the row does not have. On pages and fields: the `hidden` flag and logic of a lone page, which the SDKs never read (it is always shown), and `requiredLogic` on a field that is never shown. `jf validate` reports the same problems.",
            why: "Such a condition never holds (or, with `!=`, always does), so the field or page it should show stays hidden, or the one it should hide stays shown, and a required field may be checked or skipped by mistake. The SDKs give no error.",
            bad: json("""
                "logic": {"action": "show", "conditions": [{"field": "priority", "condition": "=", "value": "High"}]}
                """),
            good: json("""
                "logic": {"action": "show", "conditions": [{"field": "priority", "condition": "=", "value": "opt_high"}]}
                """),
            fix: "Name an existing field (or, on a schema, a column of the row above), use one of `=`, `!=`, `?=`, `>`, `<`, `null=` and `*=`, and compare dropdowns and multiSelects with an option's `_id` (see docs/validation.md)."))
}

// The check.
extension DocumentLint {
    /// `invalid-logic`: conditional logic on fields, pages and collection schemas that cannot work as written
    /// (JoyfillEditor reads it as `jf validate` does).
    mutating func logic() {
        guard settings.isEnabled(.invalidLogic), !suppressions.ignoresDocument(.invalidLogic) else { return }
        add(DocumentLogic(document).issues, as: .invalidLogic)
    }
}
