import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// What `jf run` reports about one document, placed in its text as `jf lint` places its own
/// findings, so that both tools show a problem the same way: the file, line and column, the
/// formula with a caret under the span, the notes and the suggested fix.
public struct RunFindings: Sendable {
    /// What the reader worked around (duplicate field ids, formulas without an expression), as
    /// `invalid-document` warnings; in the document's order.
    public let issues: [Finding]
    /// One finding per diagnostic of the run, in the same order.
    public let findings: [Finding]

    /// The findings of `engine`'s last run of its document.
    public init(_ engine: DocumentEngine) {
        self.init(document: engine.document, findings: engine.findings)
    }

    public init(document: JoyDoc, findings: [Finding]) {
        guard !findings.isEmpty || !document.issues.isEmpty else {
            (issues, self.findings) = ([], [])
            return
        }
        // One index of the text's lines for all the findings: a document can have thousands.
        let lines = LineMap(Array(document.bytes))
        issues = document.issues.map { issue in
            let start = issue.offset ?? 0
            return Finding(code: .invalidDocument, severity: .warning, message: issue.message, field: issue.field,
                           location: lines.location(start, min(start + 1, document.bytes.count)))
        }
        self.findings = findings.map { $0.placed(by: lines) }
    }

    /// Whether there is nothing to report.
    public var isEmpty: Bool { issues.isEmpty && findings.isEmpty }
}
