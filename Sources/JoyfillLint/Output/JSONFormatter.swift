import JoyfillFormulas
import JoyfillJSON

/// `--format json`, the contract of docs/cli.md.
public enum JSONFormatter {
    public static func render(_ reports: [FileReport]) -> String {
        opening + reports.map(file).joined(separator: ",") + closing(LintSummary(reports))
    }

    /// The report's start, before the files (a batch writes the files as they are done).
    public static let opening = "{\"files\":["

    /// The report's end after the files, with the summary of them all.
    public static func closing(_ summary: LintSummary) -> String {
        "],\"summary\":" + json(summary) + "}\n"
    }

    /// One file's entry in `files`: `{"path":…,"diagnostics":[…]}` (and `skipped`, `error`, `fixed`).
    public static func file(_ report: FileReport) -> String {
        var output = "{\"path\":" + JSONText.string(report.path) + ",\"diagnostics\":["
        output += report.diagnostics.map(json).joined(separator: ",") + "]"
        if let skipped = report.skipped { output += ",\"skipped\":" + JSONText.string(skipped) }
        if let failure = report.failure { output += ",\"error\":" + JSONText.string(failure) }
        if report.fixed > 0 { output += ",\"fixed\":\(report.fixed)" }
        return output + "}"
    }

    /// `{"errors":…,"warnings":…,"infos":…,"fixable":…,"unsafeFixable":…,"fixed":…,"files":…}`.
    static func json(_ summary: LintSummary) -> String {
        "{\"errors\":\(summary.errors),\"warnings\":\(summary.warnings),\"infos\":\(summary.infos)"
            + ",\"fixable\":\(summary.fixable),\"unsafeFixable\":\(summary.unsafeFixable),\"fixed\":\(summary.fixed),\"files\":\(summary.files)}"
    }

    /// One finding: `rule severity field formula message span fix`, plus `location` (the
    /// place in the file) and `notes`.
    static func json(_ diagnostic: LintDiagnostic) -> String {
        var output = "{\"rule\":\"\(diagnostic.rule)\",\"severity\":\"\(diagnostic.severity.rawValue)\""
        output += ",\"field\":" + (diagnostic.field.map(JSONText.string) ?? "null")
        output += ",\"formula\":" + (diagnostic.formula.map(JSONText.string) ?? "null")
        output += ",\"message\":" + JSONText.string(diagnostic.message)
        if let span = diagnostic.span, let expression = diagnostic.expression {
            output += ",\"span\":" + span.json(in: expression)
        } else {
            output += ",\"span\":null"
        }
        output += ",\"location\":" + json(diagnostic.location)
        if !diagnostic.notes.isEmpty { output += ",\"notes\":" + json(diagnostic.notes) }
        output += ",\"fix\":" + (diagnostic.fix.map(json) ?? "null")
        return output + "}"
    }

    /// `{"line":…,"column":…,"endLine":…,"endColumn":…}`.
    public static func json(_ location: FileLocation) -> String {
        "{\"line\":\(location.line),\"column\":\(location.column),\"endLine\":\(location.endLine),\"endColumn\":\(location.endColumn)}"
    }

    /// `["…", …]`.
    public static func json(_ notes: [String]) -> String {
        "[" + notes.map(JSONText.string).joined(separator: ",") + "]"
    }

    /// `{"message":…,"safe":…,"edits":[{"start":…,"end":…,"replacement":…}]}`, offsets in the expression.
    public static func json(_ fix: Fix) -> String {
        var output = "{\"message\":" + JSONText.string(fix.message) + ",\"safe\":\(fix.isSafe),\"edits\":["
        output += fix.edits.map { "{\"start\":\($0.span.start),\"end\":\($0.span.end),\"replacement\":" + JSONText.string($0.replacement) + "}" }
            .joined(separator: ",")
        return output + "]}"
    }
}
