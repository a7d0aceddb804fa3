import JoyfillFormulas

extension LintRule {
    static let nullProjection = LintRule(
        code: .nullProjection, severity: .warning,
        summary: "A column read from every row of rows that do not have it: a list of nulls.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a column read from every row of an array of rows of known shape that do not have it: the rows `filter` keeps (`filter(items, …).prise`), a collection row's child rows (`sites.0.children.checks.scor`), a chart line's points (`sales.0.points.lable`). The closest column is suggested.",
            why: "Reading a key from every element of an array gives each element's value, and null where an element lacks the key, so the formula does not fail: it quietly works on a list of nulls (`sum` of it is 0, `concat` of it empty text). A path from the field itself (`items.prise`) fails instead, and is [unknown-column](unknown-column.md).",
            bad: formula("sum(filter(items, (row) -> row.qty > 1).prise)"),
            good: formula("sum(filter(items, (row) -> row.qty > 1).price)"),
            fix: "Use the column's `_id`. The suggestion is not applied by `--fix`, because a column with a similar id may be a different column."))
}
