import JoyfillAnalysis
import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let invalidKey = LintRule(
        code: .invalidKey, severity: .error,
        summary: "An applied formula writes a key other than `value` or `hidden`.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports an applied formula whose `key` is neither `value` nor `hidden` (a missing `key` means `value`).",
            why: "Only those two keys are written ([specification](../specification.md) §8.1); any other key makes the field an error in `jf run` and is ignored by the SDKs.",
            bad: json("""
                {"_id": "total", "formulas": [{"formula": "f_total", "key": "vaule"}]}
                """),
            good: json("""
                {"_id": "total", "formulas": [{"formula": "f_total", "key": "value"}]}
                """),
            fix: "Write `\"key\": \"value\"` to set the field's value, or `\"key\": \"hidden\"` with a boolean formula to show or hide it."))
}

// The check.
extension DocumentLint {
    /// `invalid-key`: an applied formula writes `value` or `hidden` (§8.1), and nothing else.
    mutating func invalidKey(_ applied: AppliedFormula, of field: Field) {
        guard !["value", "hidden"].contains(applied.key) else { return }
        let (message, notes) = ApplicationProblems.invalidKey(applied)
        findings.add(.invalidKey, message, at: range(of: applied.json["key"], or: applied.json), notes: notes,
                     field: field.id, formula: applied.formula)
    }
}
