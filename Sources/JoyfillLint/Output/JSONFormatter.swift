import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON

/// `--format json`, the contract of docs/cli.md: `{"files":[…],"summary":{…}}`.
///
/// A batch writes the report as it goes: ``begin(_:)``, then each file with ``write(_:to:)``
/// as it is done, then ``end(_:to:)`` with the summary of them all.
public enum JSONFormatter {
    public static func render(_ reports: [FileReport]) -> String {
        var output = JSONWriter()
        begin(&output)
        for report in reports { write(report, to: &output) }
        end(LintSummary(reports), to: &output)
        return output.text + "\n"
    }

    /// The report's start, before the files.
    public static func begin(_ output: inout JSONWriter) {
        output.beginObject()
        output.key("files")
        output.beginArray()
    }

    /// One file's entry in `files`: `{"path":…,"diagnostics":[…]}` (and `skipped`, `error`, `fixed`).
    public static func write(_ report: FileReport, to output: inout JSONWriter) {
        output.beginObject()
        output.key("path"); output.string(report.path)
        output.key("diagnostics")
        output.beginArray()
        for diagnostic in report.findings { write(diagnostic, to: &output) }
        output.endArray()
        if let skipped = report.skipped { output.key("skipped"); output.string(skipped) }
        if let failure = report.failure { output.key("error"); output.string(failure) }
        if report.fixed > 0 { output.key("fixed"); output.integer(report.fixed) }
        output.endObject()
    }

    /// The report's end after the files, with the summary of them all.
    public static func end(_ summary: LintSummary, to output: inout JSONWriter) {
        output.endArray()
        output.key("summary")
        write(summary, to: &output)
        output.endObject()
    }

    /// `{"errors":…,"warnings":…,"infos":…,"fixable":…,"unsafeFixable":…,"fixed":…,"files":…,"skipped":…,"unreadable":…}`:
    /// `files` are those checked, as the human summary counts them; `skipped`, the JSON that
    /// is no JoyDoc; `unreadable`, those that could not be read or parsed.
    public static func write(_ summary: LintSummary, to output: inout JSONWriter) {
        output.beginObject()
        output.key("errors"); output.integer(summary.errors)
        output.key("warnings"); output.integer(summary.warnings)
        output.key("infos"); output.integer(summary.infos)
        output.key("fixable"); output.integer(summary.fixable)
        output.key("unsafeFixable"); output.integer(summary.unsafeFixable)
        output.key("fixed"); output.integer(summary.fixed)
        output.key("files"); output.integer(summary.checked)
        output.key("skipped"); output.integer(summary.skipped)
        output.key("unreadable"); output.integer(summary.failures)
        output.endObject()
    }

    /// One finding: `rule severity field formula message span fix`, plus `location` (the
    /// place in the file), `pointer` (in the document, for the schema's findings) and `notes`.
    static func write(_ diagnostic: Finding, to output: inout JSONWriter) {
        output.beginObject()
        output.key("rule"); output.string(diagnostic.rule)
        output.key("severity"); output.string(diagnostic.severity.rawValue)
        output.key("field"); output.optionalString(diagnostic.field)
        output.key("formula"); output.optionalString(diagnostic.formula)
        output.key("message"); output.string(diagnostic.message)
        output.key("span")
        if let span = diagnostic.span, let expression = diagnostic.expression {
            span.write(to: &output, in: expression)
        } else {
            output.null()
        }
        output.key("location"); diagnostic.location.write(to: &output)
        if let pointer = diagnostic.pointer { output.key("pointer"); output.string(pointer) }
        if !diagnostic.notes.isEmpty { output.key("notes"); output.strings(diagnostic.notes) }
        output.key("fix")
        if let fix = diagnostic.fix { fix.write(to: &output) } else { output.null() }
        output.endObject()
    }

    /// ``write(_:to:)-(LintSummary,_)`` as a value.
    public static func value(_ summary: LintSummary) -> JSONValue {
        var output = JSONWriter()
        write(summary, to: &output)
        return JSONValue(encoded: output.encoded)
    }
}
