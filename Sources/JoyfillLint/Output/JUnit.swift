/// `--format junit`: a JUnit XML report, which CI systems (Jenkins, GitLab, Azure Pipelines,
/// CircleCI) show as test results: a test suite per file, a failing test case per finding
/// (named by its rule, with the line and column, the message and the notes), and one passing
/// test case for a file without findings. `jf lint` and `jf validate` write it.
public enum JUnitFormatter {
    /// The report of `reports`, whose findings are kept (their files' text is not needed), as
    /// `tool` (`jf lint`, `jf validate`) found them.
    public static func render(_ reports: [FileReport], tool: String = "jf lint") -> String {
        let findings = reports.reduce(0) { $0 + $1.findings.count }
        let failures = reports.filter { $0.failure != nil }.count
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"\(escape(tool))\" tests=\"\(findings + reports.count(where: { $0.findings.isEmpty }))\""
            + " failures=\"\(findings)\" errors=\"\(failures)\">\n"
        for report in reports {
            let path = escape(report.path)
            let cases = max(report.findings.count, 1)
            output += "  <testsuite name=\"\(path)\" tests=\"\(cases)\" failures=\"\(report.findings.count)\""
                + " errors=\"\(report.failure == nil ? 0 : 1)\" skipped=\"\(report.skipped == nil ? 0 : 1)\">\n"
            for diagnostic in report.findings {
                let place = "line \(diagnostic.location.line), column \(diagnostic.location.column)"
                var text = "\(place): \(diagnostic.message)"
                if let field = diagnostic.field { text += " (field \(field))" }
                for note in diagnostic.notes { text += "\nnote: " + note }
                if let fix = diagnostic.fix { text += "\nhelp: " + fix.message }
                output += "    <testcase name=\"jf.\(escape(diagnostic.rule))\" classname=\"\(path)\""
                    + " line=\"\(diagnostic.location.line)\" column=\"\(diagnostic.location.column)\">\n"
                output += "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(escape(diagnostic.message))\">"
                    + escape(text, inAttribute: false) + "</failure>\n    </testcase>\n"
            }
            if report.findings.isEmpty {
                output += "    <testcase name=\"\(escape(tool))\" classname=\"\(path)\">"
                if let failure = report.failure {
                    output += "<error message=\"\(escape(failure))\"/>"
                } else if let skipped = report.skipped {
                    output += "<skipped message=\"\(escape(skipped))\"/>"
                }
                output += "</testcase>\n"
            }
            output += "  </testsuite>\n"
        }
        return output + "</testsuites>\n"
    }

    /// Text as an XML attribute value, or as character data, where quotes and line breaks
    /// stay as they are.
    static func escape(_ text: String, inAttribute: Bool = true) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where inAttribute: output += "&quot;"
            case "'" where inAttribute: output += "&apos;"
            case "\n" where inAttribute: output += "&#10;"
            // XML 1.0 has no other control characters.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\r" && scalar != "\n": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
