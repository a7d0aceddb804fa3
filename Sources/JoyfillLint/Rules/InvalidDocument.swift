import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let invalidDocument = LintRule(
        code: .invalidDocument, severity: .warning,
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

// The check.
extension DocumentLint {
    /// `invalid-document`: what the reader worked around (duplicate field ids, formulas
    /// without an id or an expression), and formulas that share an id.
    mutating func documentIssues() {
        add(document.issues, as: .invalidDocument)
        var seen = Set<String>()
        for formula in document.formulas where !seen.insert(formula.id).inserted {
            findings.add(.invalidDocument, "a second formula has the _id \"\(formula.id)\"; fields apply the first",
                         at: range(of: formula.json["_id"], or: formula.json), formula: formula.id)
        }
        var pages = Set<String>()
        for page in document.pages where !pages.insert(page.id).inserted {
            findings.add(.invalidDocument, "a second page has the _id \"\(page.id)\"; a path (jf validate, decorators) names the first",
                         at: range(of: page.json["_id"], or: page.json))
        }
    }
}
