import JoyfillAnalysis
import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let missingFormula = LintRule(
        code: .missingFormula, severity: .error,
        summary: "A field applies a formula the document does not define.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports a field whose `formulas` entry names a formula `_id` that the document's `formulas` list does not have.",
            why: "The SDKs skip the entry silently: the field is never computed.",
            bad: json("""
                "fields": [{"_id": "total", "formulas": [{"formula": "f_totl", "key": "value"}]}],
                "formulas": [{"_id": "f_total", "expression": "sum(items.price)"}]
                """),
            good: json("""
                "fields": [{"_id": "total", "formulas": [{"formula": "f_total", "key": "value"}]}],
                "formulas": [{"_id": "f_total", "expression": "sum(items.price)"}]
                """),
            fix: "Correct the id (the note suggests the closest one) or add the formula to the document's `formulas`."))
}

// The check.
extension DocumentLint {
    /// `missing-formula`: an applied formula names no document formula. `formulaIDs` is made
    /// on the first finding, for its suggestions, and kept for the next.
    mutating func missingFormula(_ applied: AppliedFormula, of field: Field,
                                 formulaIDs: inout Suggestions.Index?) {
        var ids = formulaIDs
        let (message, notes) = ApplicationProblems.missingFormula(applied, of: field, in: document) {
            if ids == nil { ids = Suggestions.Index(document.formulas.map(\.id)) }
            return ids!
        }
        formulaIDs = ids
        findings.add(.missingFormula, message, at: range(of: applied.json["formula"], or: applied.json), notes: notes,
                     field: field.id, formula: applied.formula)
    }
}
