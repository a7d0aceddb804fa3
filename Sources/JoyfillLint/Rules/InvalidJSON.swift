import JoyfillFormulas

extension LintRule {
    /// The finding is placed at the reader's line and column, so that every output format (an
    /// editor's `file:line:col`, GitHub's and GitLab's annotations, SARIF, JUnit) points at it.
    static let invalidJSON = LintRule(
        code: .invalidJSON, severity: .error,
        summary: "A template that is not JSON: nothing else in it can be checked.",
        fixability: .never, foundBy: .reader,
        documentation: Documentation(
            what: "Reports a `.json` file that does not read as JSON (a missing comma or bracket, a trailing comma, a comment, text cut short), at the line and column where reading stopped. No other rule runs on it.",
            why: "The SDKs cannot load such a template at all, and no other finding can be given until it reads.",
            bad: json("""
                {"_id": "total", "type": "number",}
                """),
            good: json("""
                {"_id": "total", "type": "number"}
                """),
            fix: "Correct the JSON at the place given (an editor that formats JSON shows where it breaks)."))
}
