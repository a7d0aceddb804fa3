import JoyfillFormulas

extension LintRule {
    static let alwaysFalseComparison = LintRule(
        code: .alwaysFalseComparison, severity: .warning,
        summary: "A comparison whose outcome the types already decide.",
        fixability: .never,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports `==` and `!=` between values of types that are never equal, `==` on arrays or objects, and `<`, `>`, `<=`, `>=` on types that are not ordered.",
            why: "`==` does not convert types (`\"1\" == 1` is false), arrays and objects are never equal, and text is not ordered, so the outcome is fixed before the formula runs.",
            bad: formula("if(qty == \"0\", \"none\", \"some\")"),
            good: formula("if(qty == 0, \"none\", \"some\")"),
            fix: "Compare values of one type: convert with `toNumber()` or `toString()`, compare `length(items) == 0` rather than `items == []`."))
}
