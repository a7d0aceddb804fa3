import JoyfillFormulas

extension LintRule {
    static let unknownColumn = LintRule(
        code: .unknownColumn, severity: .error,
        summary: "A column that the rows of a table or collection, or a chart's lines or points, do not have.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a column that a table's or collection's rows, or a chart's lines or points, do not have, wherever the rows are known and reading it fails: a path from the field (`items.prise`, which may also name a column by its title, ignoring case; `sales.titel`), a row passed to a callback (`row` in `map(items, (row) -> row.prise)`, `filter`, `find`, `some`, `every`, `flatMap`, `reduce`), a row taken by index (`items.0`, `items[0]`) or by `find`, a collection row's `children` and their schemas, and a chart line's `points`. The closest column is suggested. A column read from every row of an array of rows (`filter(items, …).prise`) gives nulls instead of failing: that is [null-projection](null-projection.md).",
            why: "A row holds exactly its table's columns, by `_id`, and a chart line and point exactly their properties. A misspelt column fails at run time (`table 'items' has no column 'prise'`, `the object has no property 'prise'`), often only once the table has rows.",
            bad: formula("sum(map(items, (row) -> row.prise * row.qty))"),
            good: formula("sum(map(items, (row) -> row.price * row.qty))"),
            fix: "Use the column's `_id` (in a row) or its `_id` or title (in a path from the field). The suggestion is not applied by `--fix`, because a column with a similar id may be a different column. A name that is a function here (`items.length`, `items.count`) is suggested as the call, `length(items)`."))
}
