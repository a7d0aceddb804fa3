import JoyfillFormulas
import JoyfillJSON

/// Counts over all files.
public struct LintSummary: Sendable, Equatable {
    public var files = 0
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// Findings whose fix `--fix` would apply (``Finding/isFixable``).
    public var fixable = 0
    /// Findings with a suggestion that only `--unsafe-fixes` lets `--fix` apply.
    public var unsafeFixable = 0
    public var fixed = 0
    public var skipped = 0
    public var failures = 0

    /// The files checked: neither unreadable (``failures``) nor JSON that is no JoyDoc
    /// (``skipped``).
    public var checked: Int { files - failures - skipped }

    public init(_ reports: [FileReport] = []) {
        for report in reports { add(report) }
    }

    /// Counts one more file's findings (a batch counts its files as it reports them).
    public mutating func add(_ report: FileReport) {
        files += 1
        fixed += report.fixed
        if report.skipped != nil { skipped += 1 }
        if report.failure != nil { failures += 1 }
        for diagnostic in report.findings {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
            if diagnostic.isFixable { fixable += 1 } else if diagnostic.fix != nil { unsafeFixable += 1 }
        }
    }
}
