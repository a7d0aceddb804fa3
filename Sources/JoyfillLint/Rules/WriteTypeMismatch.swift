import JoyfillFormulas

extension LintRule {
    /// `write-type-mismatch`: A result that can never be stored in the field it is written to.
    static let writeTypeMismatch = LintRule(
        name: "write-type-mismatch", severity: .error,
        summary: "A result that can never be stored in the field it is written to.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports a formula whose every possible result is refused by the field it writes: text that cannot read as a number into a number field, a number into a multiSelect or chart, anything into a table or collection, a non-boolean into `hidden`.",
            why: "The result cannot be stored, so the field keeps its previous value and the run reports an error every time.",
            bad: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total: concat("Total: ", sum(prices))
                """),
            good: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total: sum(prices)
                """),
            fix: "Produce the field's type (`toNumber()` for text that holds a number), or move the formula to a field of the right type. A number field stores text that reads as a number, so text is reported only when it certainly does not: a literal (`\"5\"` is accepted, `\"five\"` is not), or a text that starts with a literal no number starts with (`concat(\"Total: \", x)`, `\"#\" + n`), through the branches of `if`."))
}
