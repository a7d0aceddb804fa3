import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Logic that cannot be used as written: what is wrong, as the code of the `jf lint` rule that
/// reports it (`logic-missing-target`, `logic-unknown-action`, …), and where.
public struct LogicIssue: Sendable {
    public var code: DiagnosticCode
    public var issue: DocumentIssue

    /// `issues` with their lines and columns (``DocumentIssue/located(_:in:)``).
    static func located(_ issues: [LogicIssue], in bytes: SourceBytes) -> [LogicIssue] {
        zip(issues, DocumentIssue.located(issues.map(\.issue), in: bytes)).map { LogicIssue(code: $0.code, issue: $1) }
    }
}
