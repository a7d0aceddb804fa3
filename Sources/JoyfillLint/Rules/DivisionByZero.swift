import JoyfillFormulas

extension LintRule {
    static let divisionByZero = LintRule(
        code: .divisionByZero, severity: .error,
        summary: "A division or `mod()` by a literal zero.",
        fixability: .never,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a division or `mod()` whose divisor is the literal `0`.",
            why: "Division by zero is an error (not Infinity), so the formula always fails.",
            bad: formula("total / 0"),
            good: formula("if(count == 0, 0, total / count)"),
            fix: "Divide by the intended field, and guard divisors that can be zero with `if()`."))
}
