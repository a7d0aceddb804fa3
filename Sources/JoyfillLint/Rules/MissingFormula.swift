import JoyfillFormulas

extension LintRule {
    /// `missing-formula`: A field applies a formula the document does not define.
    static let missingFormula = LintRule(
        name: "missing-formula", severity: .error,
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
