import JoyfillFormulas

extension LintRule {
    static let syntaxError = LintRule(
        code: .syntaxError, severity: .error,
        summary: "The formula does not parse.",
        fixability: .sometimes,
        foundBy: .parser,
        documentation: Documentation(
            what: "Reports a formula that does not parse, with what the parser expected and where.",
            why: "A formula that does not parse never runs: the field keeps a stale value in every SDK.",
            bad: formula("sum(price, qty"),
            good: formula("sum(price, qty)"),
            fix: "Read the message: it names the token that was expected (`')'`, an expression, a parameter name) and the caret shows where. The language has no `%`, ternary `? :`, `**` or comments; use `mod()`, `if()` and `pow()`. Strings have no escape sequences: a string holding `\"` is written between `'` quotes. Lookalikes of ASCII pasted from a word processor or a web page (typographic quotes `“ ” ‘ ’`, `≠ ≤ ≥ × ÷ −`, dashes, zero-width spaces) are the one safe fix: `jf lint --fix` replaces every one outside strings with the ASCII meant. Other mistakes get a suggestion (`--fix --unsafe-fixes`) where one edit makes the formula parse: brackets left open at the end are named and closed there (`sum(price, qty` gets `)`; the writer may have meant to close them earlier), a closing bracket of the wrong kind is replaced (`sum(1, 2]`), a comma missing between two arguments, elements or members is inserted (`concat(\"a\" \"b\")`), and a lambda's parameter is put in parentheses (`x -> x * 2`)."))
}
