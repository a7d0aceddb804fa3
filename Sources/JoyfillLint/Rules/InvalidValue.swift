import JoyfillAnalysis
import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let invalidValue = LintRule(
        code: .invalidValue, severity: .warning,
        summary: "A stored value its field or column type does not hold: text in a number field, an option's text instead of its `_id`, a date in seconds, a cell of no column.",
        fixability: .sometimes, scope: .field,
        documentation: Documentation(
            what: "Reports stored values that their field's or column's type does not hold, in fields and in the cells of tables and collections at every level: text in a number field (`\"12\"`), a number or boolean in a text field, a date stored as text, or as seconds where date fields hold epoch milliseconds, a dropdown or multiSelect holding an option's text instead of its `_id` or an id no option has, a multiSelect holding one id instead of an array, a table or chart that is not an array, rows without an `_id`, two rows with the same `_id`, rows a `rowOrder` does not list, cells of no column, children of a schema the row's schema does not list, and chart points whose `x` or `y` is not a number. An empty text (`\"\"`), null and a missing value are how the SDKs store nothing, and are never reported; deleted rows are not read, so not checked. At most 100 values are reported per field, then how many more there are.",
            why: "Formulas read a value by its field's or column's type, so such a value reads differently from what the document seems to say: `qty * 2` on the text `\"12\"` is a type error, a dropdown holding `\"Open\"` instead of its option's `_id` reads as `\"\"`, a multiSelect leaves out the ids it does not know, a date of `1748797200` is a moment in January 1970, and a cell of no column is never read.",
            bad: json("""
                {"_id": "status", "type": "dropdown", "value": "Open", "options": [{"_id": "o_open", "value": "Open"}]}
                """),
            good: json("""
                {"_id": "status", "type": "dropdown", "value": "o_open", "options": [{"_id": "o_open", "value": "Open"}]}
                """),
            fix: "Store what the type holds: numbers as JSON numbers, dates as epoch milliseconds, options by their `_id`. Where what was meant is clear (the number in the text, the option with that text, the milliseconds of that date), the finding carries it as a suggestion: `jf lint --fix --unsafe-fixes` stores it, and `--diff --unsafe-fixes` shows it first. Applying it changes what formulas read, which is the point, but read the diff. A row that `rowOrder` leaves out has a safe fix, which `jf lint --fix` applies: its id added at the end of the `rowOrder`, where jf shows it already, so that every SDK shows the rows in one order."))
}

// The check.
extension DocumentLint {
    /// `invalid-value`: stored values that their field's or column's type does not hold, with
    /// what was most likely meant as a suggestion (it changes what formulas read), and rows a
    /// `rowOrder` leaves out with the safe fix of adding them.
    mutating func storedValues() {
        guard settings.isEnabled(.invalidValue) else { return }
        for field in document.fields {
            for issue in StoredValueCheck.issues(in: field) {
                guard let span = issue.span else { continue }   // values read from the text have one
                let fix = issue.replacement.map { replacement in
                    let replaced = issue.replacing ?? span
                    return Fix.replace(SourceSpan(start: replaced.lowerBound, end: replaced.upperBound), with: replacement,
                                       issue.fix ?? "replace it with \(replacement)", isSafe: issue.isSafe)
                }
                findings.add(.invalidValue, issue.message, at: span, notes: issue.notes, fix: fix, field: field.id)
            }
        }
    }
}
