import JoyfillFormulas
import JoyfillJSON

/// The outcome of linting one file.
public struct FileReport: Sendable {
    /// The path as given on the command line (or found under a directory).
    public var path: String
    /// The file's bytes after any fixes (a finding shows its line of them).
    public var bytes: [UInt8]
    public var diagnostics: [LintDiagnostic]
    /// Why the file was passed over without being linted (JSON that is not a JoyDoc).
    public var skipped: String?
    /// Why the file could not be linted (unreadable, invalid JSON); the run exits 2.
    public var failure: String?
    /// How many findings `--fix` removed.
    public var fixed: Int

    public init(path: String, bytes: [UInt8] = [], diagnostics: [LintDiagnostic] = [], skipped: String? = nil,
                failure: String? = nil, fixed: Int = 0) {
        self.path = path
        self.bytes = bytes
        self.diagnostics = diagnostics
        self.skipped = skipped
        self.failure = failure
        self.fixed = fixed
    }
}

/// Counts over all files.
public struct LintSummary: Sendable, Equatable {
    public var files = 0
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// Findings whose fix `--fix` would apply (``LintDiagnostic/isFixable``).
    public var fixable = 0
    /// Findings with a suggestion that only `--unsafe-fixes` lets `--fix` apply.
    public var unsafeFixable = 0
    public var fixed = 0
    public var skipped = 0
    public var failures = 0

    public init(_ reports: [FileReport] = []) {
        for report in reports { add(report) }
    }

    /// Counts one more file's findings (a batch counts its files as it reports them).
    public mutating func add(_ report: FileReport) {
        files += 1
        fixed += report.fixed
        if report.skipped != nil { skipped += 1 }
        if report.failure != nil { failures += 1 }
        for diagnostic in report.diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
            if diagnostic.isFixable { fixable += 1 } else if diagnostic.fix != nil { unsafeFixable += 1 }
        }
    }
}

/// How many findings each rule has over all files (`jf lint --statistics`), most first.
public struct LintStatistics: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var rule: String
        /// The severity the findings were reported at (configuration can change a rule's).
        public var severity: Diagnostic.Severity
        public var count: Int
        /// How many have a fix that `--fix` applies.
        public var fixable: Int
    }

    /// By rule and severity: a rule has a row per severity, since configuration overrides can
    /// differ between paths.
    private var byRule: [String: Row] = [:]

    /// The rows, the most findings first.
    public var rows: [Row] {
        byRule.values.sorted { ($1.count, $0.rule, $0.severity.rawValue) < ($0.count, $1.rule, $1.severity.rawValue) }
    }

    public init(_ reports: [FileReport] = []) {
        for report in reports { add(report) }
    }

    /// Counts one more file's findings.
    public mutating func add(_ report: FileReport) {
        for diagnostic in report.diagnostics {
            let key = diagnostic.rule + " " + diagnostic.severity.rawValue
            var row = byRule[key] ?? Row(rule: diagnostic.rule, severity: diagnostic.severity, count: 0, fixable: 0)
            row.count += 1
            if diagnostic.isFixable { row.fixable += 1 }
            byRule[key] = row
        }
    }

    /// One line a rule: `  12  unknown-reference  error  (3 fixable)`.
    public var human: String {
        let rows = self.rows
        let countWidth = String(rows.first?.count ?? 0).count
        let ruleWidth = rows.map(\.rule.count).max() ?? 0
        return rows.map { row in
            let count = String(repeating: " ", count: countWidth - String(row.count).count) + String(row.count)
            let rule = row.rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
            let severity = row.severity.rawValue
            guard row.fixable > 0 else { return "\(count)  \(rule)  \(severity)\n" }
            return "\(count)  \(rule)  \(severity.padding(toLength: 7, withPad: " ", startingAt: 0))  (\(row.fixable) fixable)\n"
        }.joined()
    }

    /// `{"statistics":[{"rule":…,"severity":…,"count":…,"fixable":…}],"summary":{…}}`, the
    /// summary as in the findings report.
    public func json(summary: LintSummary) -> String {
        let entries = rows.map {
            "{\"rule\":\"\($0.rule)\",\"severity\":\"\($0.severity.rawValue)\",\"count\":\($0.count),\"fixable\":\($0.fixable)}"
        }
        return "{\"statistics\":[" + entries.joined(separator: ",") + "],\"summary\":" + JSONFormatter.json(summary) + "}\n"
    }
}

/// The output formats of `jf lint --format`.
public enum LintFormat: String, Sendable, CaseIterable {
    case human, concise, json, sarif, github, gitlab, junit
}

/// Human output, in the style of rustc and Ruff: the rule, the message, the place in the
/// file (and the field and formula), the file's line with a caret under the span, notes and fix.
public struct HumanFormatter: Sendable {
    public var colored: Bool
    /// How a safe fix is applied, shown after it (`jf run` names `jf lint --fix`).
    public var fixCommand = "--fix"
    /// The terminal's width in columns, when known: the lines shown are cut to fit it.
    public var width: Int?

    public init(colored: Bool) { self.colored = colored }

    public func render(_ report: FileReport) -> String {
        var output = ""
        var fileLines: SourceLines?   // built once, when the first finding needs a line
        var lastExpression: (text: String, lines: SourceLines)?   // findings of one formula are adjacent
        for diagnostic in report.diagnostics {
            var place = "\(report.path):\(diagnostic.location.line):\(diagnostic.location.column)"
            if let field = diagnostic.field { place += " · field \(field)" }
            if let formula = diagnostic.formula { place += " · formula \(formula)" }
            let fixNote = diagnostic.fix == nil ? "" : diagnostic.isFixable ? " [fixable with \(fixCommand)]" : " [suggestion]"
            var renderer = DiagnosticRenderer(colored: colored)
            renderer.showsCode = true
            renderer.location = place
            renderer.width = width
            var shown = Diagnostic(.other, diagnostic.message, at: diagnostic.span ?? SourceSpan(start: 0, end: 0),
                                   severity: diagnostic.severity, notes: diagnostic.notes, code: diagnostic.rule)
            if let fix = diagnostic.fix { shown.fix = Fix(fix.message + fixNote, edits: fix.edits, isSafe: fix.isSafe) }
            if let expression = diagnostic.expression,
               diagnostic.location.endLine != diagnostic.location.line || diagnostic.location.end > report.bytes.count {
                // A span over lines of the file (a formula with line breaks in a .jf file), or
                // a report without the file's text: the formula's own lines show it.
                if lastExpression?.text != expression { lastExpression = (expression, SourceLines(expression)) }
                output += renderer.render(shown, in: lastExpression!.lines)
            } else {
                // Show the finding's line of the file, as it is written there (a formula in a
                // JoyDoc, with its JSON escapes), numbered as the editor numbers it. The span
                // is placed in the whole file's lines, so that a finding costs the width of
                // the line shown: a minified document is one line of megabytes.
                if fileLines == nil { fileLines = SourceLines(bytes: report.bytes) }
                let lines = fileLines!
                let start = diagnostic.location.start
                let lineEnd = lines.range(ofLine: diagnostic.location.line).upperBound
                let end = diagnostic.location.endLine == diagnostic.location.line ? diagnostic.location.end : lineEnd
                shown.span = SourceSpan(start: start, end: max(start + 1, end))
                output += renderer.render(shown, in: lines)
            }
            output += "\n"
        }
        return output
    }

    /// The closing line: what was found, what can be fixed.
    public func summary(_ summary: LintSummary) -> String {
        var parts: [String] = []
        let problems = summary.errors + summary.warnings + summary.infos
        // Files that could not be read or parsed were not checked: they count neither as
        // passed nor in the findings' total.
        let checked = summary.files - summary.failures
        let files = "\(checked) file\(checked == 1 ? "" : "s")"
        if problems == 0 {
            parts.append(summary.failures == 0 ? "All checks passed (\(files))." : "No problems found in \(files).")
        } else {
            var counts = ["\(summary.errors) error\(summary.errors == 1 ? "" : "s")", "\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")"]
            if summary.infos > 0 { counts.append("\(summary.infos) info") }
            parts.append("Found \(problems) problem\(problems == 1 ? "" : "s") (\(counts.joined(separator: ", "))) in \(files).")
        }
        if summary.fixed > 0 { parts.append("Fixed \(summary.fixed).") }
        let suggestions = summary.unsafeFixable
        if summary.fixable > 0 {
            parts.append("\(summary.fixable) fixable with --fix (see what changes with --diff)"
                         + (suggestions > 0 ? ", \(suggestions) more with --unsafe-fixes." : "."))
        } else if suggestions > 0 {
            parts.append("\(suggestions) suggestion\(suggestions == 1 ? "" : "s") can be applied with --fix --unsafe-fixes.")
        }
        if summary.failures > 0 {
            parts.append("\(summary.failures) file\(summary.failures == 1 ? "" : "s") could not be checked.")
        }
        if summary.skipped > 0 { parts.append("Skipped \(summary.skipped) non-JoyDoc file\(summary.skipped == 1 ? "" : "s").") }
        return parts.joined(separator: " ") + "\n"
    }
}

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

/// `--format github`: GitHub Actions workflow commands, one annotation per finding.
public enum GitHubFormatter {
    /// Workflow annotations for a report's findings; `tool` heads each title ("jf lint (rule)").
    public static func render(_ report: FileReport, tool: String = "jf lint") -> String {
        var output = ""
        for diagnostic in report.diagnostics {
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
