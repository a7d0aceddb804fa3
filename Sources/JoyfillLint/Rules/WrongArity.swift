import JoyfillFormulas

extension LintRule {
    static let wrongArity = LintRule(
        code: .wrongArity, severity: .error,
        summary: "A call with too few or too many arguments.",
        fixability: .never,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a call with fewer or more arguments than the function's signature allows.",
            why: "The call fails at run time with an `arguments` error.",
            bad: formula("round(price)"),
            good: formula("round(price, 2)"),
            fix: "The note shows the function's usage; `jf lint --explain` is for rules, `jf functions` (or `:doc` in the REPL) shows a function's signature and examples."))
}
