import JoyfillFormulas

extension LintRule {
    /// `invalid-document`: A structural problem the reader works around (a duplicate id, a formula without an expression).
    static let invalidDocument = LintRule(
        name: "invalid-document", severity: .warning,
        summary: "A structural problem the reader works around (a duplicate id, a formula without an expression).",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports structural problems the reader works around: two fields, two formulas or two pages with the same `_id`, formulas without an `_id` or an `expression`, fields without a `type`, options and columns without an `_id`, and numbers beyond a double's range (`1e999`). `jf run` reports the same problems (but pages, which formulas do not read) as warnings.",
            why: "References resolve to the first field with an id, applications to the first formula, and validation and decorator paths to the first page, so the second is silently ignored. A number beyond ±1.8e308 reads as ±Infinity, which no formula result can store back.",
            bad: json("""
                "fields": [{"_id": "qty", "type": "number"}, {"_id": "qty", "type": "text"}]
                """),
            good: json("""
                "fields": [{"_id": "qty", "type": "number"}, {"_id": "qty_note", "type": "text"}]
                """),
            fix: "Give every field, formula and page a unique `_id`, every formula an `expression` string, and keep numbers within a double's range."))
}
