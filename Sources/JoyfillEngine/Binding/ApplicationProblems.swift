import JoyfillFormulas
import JoyfillModel

/// What is wrong with a field's applied formula (`{formula, key}`) before anything is
/// evaluated: it names no usable document formula (`missing-formula`), or it writes a key
/// other than `value` and `hidden` (`invalid-key`). `jf run` meets these while evaluating and
/// `jf lint` finds them statically; both word them here, so the tools say the same thing.
public enum ApplicationProblems {
    /// `missing-formula`: the message and its hint. `formulaIDs` indexes the document's
    /// formula ids for "did you mean"; it is asked for only when needed.
    public static func missingFormula(_ applied: AppliedFormula, of field: Field, in document: JoyDoc,
                                      formulaIDs: () -> Suggestions.Index) -> (message: String, notes: [String]) {
        let start = "the field '\(field.id)' applies the formula \"\(applied.formula)\", which "
        if let reason = document.ignoredFormulas[applied.formula] {
            // Defined, but with no usable expression: no other formula is meant.
            return (start + reason, ["give the formula \"\(applied.formula)\" an \"expression\" string"])
        }
        var notes: [String] = []
        if document.formulas.isEmpty {
            notes.append("the document has no \"formulas\" list; add {\"_id\": \"\(applied.formula)\", \"expression\": …} to it")
        } else if let close = formulaIDs().closest(to: applied.formula) {
            notes.append("did you mean \"\(close)\"?")
        }
        return (start + "the document does not define", notes)
    }

    /// `invalid-key`: the message and its hint.
    public static func invalidKey(_ applied: AppliedFormula) -> (message: String, notes: [String]) {
        let message = "the formula \"\(applied.formula)\" writes the key \"\(applied.key)\"; formulas write \"value\" or \"hidden\""
        return (message, Suggestions.closest(to: applied.key, in: ["value", "hidden"]).map { ["did you mean \"\($0)\"?"] } ?? [])
    }
}
