import JoyfillFormulas

extension LintRule {
    /// `unused-formula`: A document formula no field applies.
    static let unusedFormula = LintRule(
        name: "unused-formula", severity: .warning,
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
