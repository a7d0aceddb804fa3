import JoyfillAnalysis
import JoyfillModel
import JoyfillSchema
import JoyfillSession

/// The warning of the commands that go on when the SDKs would refuse a document at load
/// (`jf apply`, `jf run`): one line naming the first problem; `jf lint` and `jf validate`
/// report each.
enum SchemaWarning {
    /// `jf: warning: PATH:LINE:COLUMN: the Joyfill SDKs would not load this document: …`, or
    /// nil when they would; with `structure` false, only for its version. The session's own
    /// check, made once.
    static func line(_ path: String, _ session: DocumentSession, structure: Bool = true) -> String? {
        guard let violation = session.schemaViolations(structure: structure).first,
              let first = SchemaFindings.findings([violation], bytes: Array(session.document.bytes), json: session.document.json).first
        else { return nil }
        let pointer = first.pointer.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
        return "jf: warning: \(path):\(first.location.line):\(first.location.column): the Joyfill SDKs would not load this document: \(first.message)\(pointer); "
            + "jf lint \(path) shows every problem\n"
    }
}
