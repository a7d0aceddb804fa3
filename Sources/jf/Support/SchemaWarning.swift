import JoyfillLint
import JoyfillModel
import JoyfillSchema
import JoyfillSession

/// The warning of the commands that go on when the SDKs would refuse a document at load
/// (`jf apply`, `jf run`): one line naming the first problem; `jf lint` and `jf validate`
/// report each.
enum SchemaWarning {
    /// `jf: warning: PATH:LINE:COLUMN: the Joyfill SDKs would not load this document: …`, or
    /// nil when they would; with `structure` false, only for its version.
    static func line(_ path: String, _ document: JoyDoc, structure: Bool = true) -> String? {
        let violations = SchemaCheck.check(document.json, limit: 1, structure: structure)
        guard let first = SchemaFindings.findings(violations, in: document).first else { return nil }
        let pointer = first.pointer.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
        return "jf: warning: \(path):\(first.location.line):\(first.location.column): the Joyfill SDKs would not load this document: \(first.message)\(pointer); "
            + "jf lint \(path) shows every problem\n"
    }
}
