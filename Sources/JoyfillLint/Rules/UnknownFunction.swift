import JoyfillFormulas

extension LintRule {
    static let unknownFunction = LintRule(
        code: .unknownFunction, severity: .error,
        summary: "A call to a function no engine has.",
        fixability: .sometimes,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a call to a function that is not in the registry (`jf functions` lists them), with the closest name.",
            why: "An unknown function fails when the formula runs, in every SDK.",
            bad: formula("rund(total * 1.2, 2)"),
            good: formula("round(total * 1.2, 2)"),
            fix: "When exactly one function name is that close, `jf lint --fix` replaces the misspelt name; otherwise the suggestion is shown and left to you. A name that spreadsheets, JavaScript or Python use (`len`, `CONCATENATE`, `toUpperCase`, `ceiling`) gets the function that does the same as a suggestion, never applied, since its arguments may differ (`size` is `length`, although `some` is as close in spelling). A name whose work is written here with several functions (`TODAY`, `DATEDIFF`, `VLOOKUP`, `SUMIF`, `MID`) gets a note that shows how, and no fix. Function names are case-insensitive."))
}
