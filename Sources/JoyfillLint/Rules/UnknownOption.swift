import JoyfillFormulas

extension LintRule {
    static let unknownOption = LintRule(
        code: .unknownOption, severity: .warning,
        summary: "A dropdown compared with a text none of its options has, or with an option's id; a countIf() of options by a text none contains.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports `==` and `!=` between a dropdown, a field or a cell of a dropdown column (`row.category` in `filter(items, (row) -> …)`), or an element of a multiSelect or of a column of dropdowns in a callback (`(tag)` in `filter(tags, (tag) -> …)`), and a text literal that is none of its options' texts: a misspelling, another letter case, or the `_id` of an option. Also `countIf()` of a text over a multiSelect or a column of dropdowns (`countIf(site.children.checks.result, \"Failed\")`) when no option's text contains it.",
            why: "A formula reads a dropdown as its selected option's text, or `\"\"` when none is selected, and a multiSelect as the array of its selected options' texts, so a comparison with any other text is always false (`!=`: always true), and such a `countIf()` always 0, whatever is selected. The document stores the option's `_id`, which makes comparing with the id tempting, but a formula never sees it.",
            bad: formula("if(status == \"paid\", total, 0)"),
            good: formula("if(status == \"Paid\", total, 0)"),
            fix: "Compare with the option's text exactly as the template writes it: the finding lists the options. The suggestion (`jf lint --fix --unsafe-fixes`) is the text of the option whose `_id` was written, or the closest text. Every option counts, deleted ones too (a stored value may still select one); `\"\"` is never reported."))
}
