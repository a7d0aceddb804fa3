import JoyfillFormulas

extension LintRule {
    static let unknownReference = LintRule(
        code: .unknownReference, severity: .error,
        summary: "A name that is no field of the document.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a name that is neither a lambda parameter nor the `_id` of a field of the document, with the closest field id.",
            why: "Formulas reference fields by `_id` (case-sensitive). An unknown name fails at run time with a `reference` error; titles and identifiers are never used.",
            bad: formula("price * qyt"),
            good: formula("price * qty"),
            fix: "Use the field's `_id`. The suggestion is the id spelt closest, or else the id of the field whose title or `identifier` the name is, compared by letters and digits only (`LineItems` and `line_items` for the title \"Line items\"). It is not applied by `--fix`, because a field with a similar id may be a different field."))
}
