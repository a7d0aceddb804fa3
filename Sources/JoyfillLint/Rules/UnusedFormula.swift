import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let unusedFormula = LintRule(
        code: .unusedFormula, severity: .warning,
        summary: "A document formula no field applies.",
        fixability: .never,
        documentation: Documentation(
            what: "Reports a document formula that no field applies.",
            why: "It never runs, so it is dead weight or, more often, a formula whose application was lost.",
            bad: json("""
                "formulas": [{"_id": "f_tax", "expression": "subtotal * 0.2"}]   // no field applies f_tax
                """),
            good: json("""
                {"_id": "tax", "type": "number", "formulas": [{"formula": "f_tax", "key": "value"}]}
                """),
            fix: "Apply it to a field or delete it."))
}

// The check.
extension DocumentLint {
    /// `unused-formula`: a document formula that no field applies never runs.
    mutating func unusedFormula(_ definition: FormulaDefinition) {
        findings.add(.unusedFormula, "the formula \"\(definition.id)\" is applied to no field, so it never runs",
                     at: range(of: definition.json["_id"], or: definition.json),
                     notes: ["apply it with \"formulas\": [{\"formula\": \"\(definition.id)\", \"key\": \"value\"}] on a field, or delete it"],
                     formula: definition.id)
    }
}
