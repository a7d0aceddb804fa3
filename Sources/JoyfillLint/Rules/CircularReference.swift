import JoyfillFormulas

extension LintRule {
    /// `circular-reference`: Fields whose formulas read each other in a cycle.
    static let circularReference = LintRule(
        name: "circular-reference", severity: .error,
        summary: "Fields whose formulas read each other in a cycle.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports fields whose formulas read each other in a cycle, once per cycle, on the field with the smallest id, naming the whole path.",
            why: "A cycle has no evaluation order: every field on it keeps its previous value and every field that reads one of them is not computed either.",
            bad: json("""
                "formulas": [{"_id": "f_a", "expression": "b + 1"}, {"_id": "f_b", "expression": "a * 2"}]
                // a applies f_a, b applies f_b: a → b → a
                """),
            good: json("""
                "formulas": [{"_id": "f_a", "expression": "base + 1"}, {"_id": "f_b", "expression": "a * 2"}]
                """),
            fix: "Remove one reference on the path; the caret shows the read that closes the loop. `jf graph DOC` draws the dependencies."))
}
