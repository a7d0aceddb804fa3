import JoyfillFormulas

extension LintRule {
    static let invalidArgument = LintRule(
        code: .invalidArgument, severity: .error,
        summary: "A text literal that is none of the words its parameter takes, such as a unit `dateAdd()` does not know.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a string literal given for a parameter that takes only certain words, when it is none of them: the unit of `dateAdd()` and `dateSubtract()` (`years`, `months`, `weeks`, `days`, `hours`, `minutes`, `seconds`, `milliseconds`, their singulars and short forms, in any letter case). The closest word is offered as a suggestion (`jf lint --fix --unsafe-fixes`).",
            why: "The function refuses any other word, so the formula always fails with an `arguments` error, and the field keeps its old value.",
            bad: formula("dateAdd(start, 14, \"dayz\")"),
            good: formula("dateAdd(start, 14, \"days\")"),
            fix: "Use one of the words the note lists; `jf functions dateAdd` documents them."))
}
