import JoyfillJSON

/// `--format gitlab`: GitLab's Code Quality report, a JSON array of issues that a merge
/// request shows beside its diff (`artifacts: reports: codequality:` in `.gitlab-ci.yml`).
///
/// Each issue has the rule as `check_name`, the message (with the field, and the notes as
/// SARIF gives them) as `description`, a severity (`major` for errors, `minor` for warnings,
/// `info`), the file and its lines, and a fingerprint that does not change when lines move:
/// the finding's own (as SARIF's), the path, and its place among identical findings of the file.
public enum GitLabFormatter {
    /// A file's findings as issues.
    public static func issues(_ report: FileReport) -> [JSONValue] {
        var seen: [String: Int] = [:]
        return report.findings.map { diagnostic in
            let identity = SARIFFormatter.fingerprint(diagnostic)
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            var description = diagnostic.message
            if let field = diagnostic.field { description = "field \(field): " + description }
            if !diagnostic.notes.isEmpty { description += " (" + diagnostic.notes.joined(separator: "; ") + ")" }
            let severity = diagnostic.severity == .error ? "major" : diagnostic.severity == .warning ? "minor" : "info"
            return .object([
                "description": .string(description),
                "check_name": .string(diagnostic.rule),
                "fingerprint": .string(SARIFFormatter.hash([identity, report.path, String(occurrence)])),
                "severity": .string(severity),
                "location": .object([
                    "path": .string(report.path),
                    "lines": .object(["begin": .integer(diagnostic.location.line), "end": .integer(diagnostic.location.endLine)]),
                ]),
            ])
        }
    }
}
