import JoyfillFormulas

extension LintRule {
    static let typeMismatch = LintRule(
        code: .typeMismatch, severity: .error,
        summary: "An argument or operand whose type can never be accepted.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports an argument or operand whose type can never be accepted, found without evaluating: literals, results of functions, fields whose type the document declares, and columns read from a table's or collection's rows, which are arrays. Arithmetic on whole columns (`items.price * items.qty`, as a spreadsheet writes it) gets a suggestion that maps the rows: `map(items, (row) -> row.price * row.qty)`.",
            why: "The language never converts types implicitly, so `\"5\" * 2` or `upper(qty)` on a number field always fails, and operators never work element by element.",
            bad: formula("upper(qty) + \" items\""),
            good: formula("toString(qty) + \" items\""),
            fix: "Convert explicitly with `toNumber()`, `toString()` or `date()`, or use the function meant for that type. Combine columns row by row with `map()`, and total them with `sum()`. The suggestion for columns is not applied by `--fix`: mapping gives an array where the formula may have meant one number."))
}
