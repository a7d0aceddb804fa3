import JoyfillFormulas

extension LintRule {
    static let invalidOperator = LintRule(
        code: .invalidOperator, severity: .error,
        summary: "Spellings borrowed from other languages: `===`, `!==`, `=`, `&`, `|`, `<>`, `;` between arguments, a leading `=`.",
        fixability: .always,
        foundBy: .parser,
        documentation: Documentation(
            what: "Reports spellings that other languages have and this one does not: the operators `===`, `!==`, `=` (for comparison), `&`, `|` and `<>` (spreadsheets' and SQL's 'not equal'), arguments separated by `;` (spreadsheets in some locales) and a formula that starts with `=` (a spreadsheet's formula bar).",
            why: "Every Joyfill SDK rejects them. jf understands what was meant and says so, but the template would fail everywhere else.",
            bad: formula("=if(status === \"Open\" & qty <> 0; 1; 0)"),
            good: formula("if(status == \"Open\" && qty != 0, 1, 0)"),
            fix: "`jf lint --fix` rewrites `===` to `==`, `!==` and `<>` to `!=`, `=` to `==`, `&` to `&&`, `|` to `||` and `;` between arguments to `,`, and removes a leading `=`. `==` is already strict: it never converts types."))
}
