import JoyfillJSON

/// What linting one file produced: the report, and with fixing, the file's new bytes.
public struct FileOutcome: Sendable {
    public var report: FileReport
    /// The fixed file, when safe fixes changed it.
    public var fixedBytes: [UInt8]?
    /// The edits of the original bytes that make ``fixedBytes`` (for `--diff`).
    public var edits: [JSONEdit]

    public init(report: FileReport, fixedBytes: [UInt8]? = nil, edits: [JSONEdit] = []) {
        self.report = report
        self.fixedBytes = fixedBytes
        self.edits = edits
    }
}
