import JoyfillFormulas

extension LintRule {
    static let dateMilliseconds = LintRule(
        code: .dateMilliseconds, severity: .warning,
        summary: "Days counted where dates count milliseconds: a small number added to a date, or compared with a difference of dates.",
        fixability: .suggestions,
        foundBy: .checker,
        documentation: Documentation(
            what: "Reports a small whole number (under 1000) added to a date (`due_date + 30`), and a difference of two dates compared with one (`due_date - invoice_date > 30`).",
            why: "A date is a count of milliseconds: `+ 30` moves it by 30 milliseconds, and a difference of dates is in milliseconds too, so comparing it with a number of days is decided by the days' count of milliseconds, not by the days. The formula runs without an error and gives the wrong answer.",
            bad: formula("if(due_date - invoice_date > 30, \"late\", due_date + 7)"),
            good: formula("if((due_date - invoice_date) / 86400000 > 30, \"late\", dateAdd(due_date, 7, \"days\"))"),
            fix: "Move a date with `dateAdd(date, amount, unit)` (`\"days\"`, `\"weeks\"`, `\"months\"` …), and divide a difference of dates by 86400000 (the milliseconds of a day) before comparing it with days. The suggestions (`jf lint --fix --unsafe-fixes`) do both, taking the number for days. A number of 1000 or more is taken to be milliseconds already (`due_date + 86400000`) and is not reported."))
}
