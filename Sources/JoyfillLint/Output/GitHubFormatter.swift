import JoyfillFormulas
import JoyfillJSON

/// `--format github`: GitHub Actions workflow commands, one annotation per finding.
public enum GitHubFormatter {
    /// Workflow annotations for a report's findings; `tool` heads each title ("jf lint (rule)").
    public static func render(_ report: FileReport, tool: String = "jf lint") -> String {
        var output = ""
        for diagnostic in report.findings {
            let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
            let location = diagnostic.location
            var properties = "file=\(escapeProperty(report.path)),line=\(location.line),col=\(location.column)"
            properties += ",endLine=\(location.endLine),endColumn=\(location.endColumn)"
            properties += ",title=" + escapeProperty("\(tool) (\(diagnostic.rule))")
            var message = diagnostic.message
            if let field = diagnostic.field { message = "field \(field): " + message }
            if let fix = diagnostic.fix { message += "\n" + fix.message }
            output += "::\(command) \(properties)::\(escapeData(message))\n"
        }
        if let failure = report.failure {
            output += "::error file=\(escapeProperty(report.path)),title=\(escapeProperty(tool))::\(escapeData(failure))\n"
        }
        return output
    }

    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
