import JoyfillAnalysis
import JoyfillSession

/// The warning `jf eval --doc` and `jf validate` give when a document's own formulas failed:
/// those fields keep their stored values, so a result computed from them would otherwise look
/// like the document's.
enum FormulaFailures {
    static func warning(_ path: String, _ diagnostics: [Finding]) -> String? {
        let failed = fields(diagnostics)
        guard !failed.isEmpty else { return nil }
        var names = failed.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        if failed.count > 3 { names += " and \(failed.count - 3) more" }
        let one = failed.count == 1
        return "jf: warning: \(path): the formula\(one ? "" : "s") of \(names) failed, "
            + "so \(one ? "that field keeps its" : "those fields keep their") stored value\(one ? "" : "s") (jf run \(path) shows why)\n"
    }

    /// The fields whose formulas failed, each once, in the engine's order.
    static func fields(_ diagnostics: [Finding]) -> [String] {
        var failed: [String] = []
        for diagnostic in diagnostics where failed.last != diagnostic.field { failed.append(diagnostic.field ?? "") }
        return failed
    }
}
