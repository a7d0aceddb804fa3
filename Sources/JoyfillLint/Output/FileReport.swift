import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON

/// The outcome of linting one file.
public struct FileReport: Sendable {
    /// The path as given on the command line (or found under a directory).
    public var path: String
    /// The file's bytes after any fixes (a finding shows its line of them).
    public var bytes: [UInt8]
    /// What was found, in the order of the file.
    public var findings: [Finding]
    /// Why the file was passed over without being linted (JSON that is not a JoyDoc).
    public var skipped: String?
    /// Why the file could not be linted (unreadable, invalid JSON); the run exits 2.
    public var failure: String?
    /// How many findings `--fix` fixed (the fixes applied).
    public var fixed: Int

    public init(path: String, bytes: [UInt8] = [], findings: [Finding] = [], skipped: String? = nil,
                failure: String? = nil, fixed: Int = 0) {
        self.path = path
        self.bytes = bytes
        self.findings = findings
        self.skipped = skipped
        self.failure = failure
        self.fixed = fixed
    }
}
