import JoyfillJSON

/// A problem the reader worked around; reported, never fatal.
public struct DocumentIssue: Sendable, CustomStringConvertible {
    public var message: String
    public var field: String?
    /// The byte offset in the document's text of what the issue is about.
    public var offset: Int?
    public var line: Int?
    public var column: Int?

    /// An issue at `offset`, given its line and column by ``located(_:in:)``.
    public init(message: String, field: String?, offset: Int?, in bytes: SourceBytes) {
        self.message = message
        self.field = field
        if !bytes.isEmpty { self.offset = offset }
    }

    /// `issues` with their lines and columns, from one map of the text's lines: a document
    /// can have one issue per field.
    public static func located(_ issues: [DocumentIssue], in bytes: SourceBytes) -> [DocumentIssue] {
        let placed = issues.indices.filter { issues[$0].offset != nil }
        guard !placed.isEmpty else { return issues }
        let lines = LineMap(bytes)
        var issues = issues
        for index in placed {
            (issues[index].line, issues[index].column) = lines.location(of: issues[index].offset!)
        }
        return issues
    }

    public var description: String {
        var prefix = ""
        if let line, let column { prefix = "line \(line), column \(column): " }
        return prefix + message
    }
}
