import JoyfillFormulas
import JoyfillJSON

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
        var fileLines: LineMap?   // built once, when the first finding needs a line
        var lastExpression: (text: String, lines: LineMap)?   // findings of one formula are adjacent
        for diagnostic in report.findings {
            var place = "\(report.path):\(diagnostic.location.line):\(diagnostic.location.column)"
            if let field = diagnostic.field { place += " · field \(field)" }
            if let formula = diagnostic.formula { place += " · formula \(formula)" }
            let fixNote = diagnostic.fix == nil ? "" : diagnostic.isFixable ? " [fixable with \(fixCommand)]" : " [suggestion]"
            var renderer = DiagnosticRenderer(colored: colored)
            renderer.showsCode = true
            renderer.location = place
            renderer.width = width
            var shown = Diagnostic(.other, diagnostic.message, at: diagnostic.span ?? SourceSpan(start: 0, end: 0),
                                   severity: diagnostic.severity, notes: diagnostic.notes, code: RuleCode(named: diagnostic.rule))
            if let fix = diagnostic.fix { shown.fix = Fix(fix.message + fixNote, edits: fix.edits, isSafe: fix.isSafe) }
            if let expression = diagnostic.expression,
               diagnostic.location.endLine != diagnostic.location.line || diagnostic.location.end > report.bytes.count {
                // A span over lines of the file (a formula with line breaks in a .jf file), or
                // a report without the file's text: the formula's own lines show it.
                if lastExpression?.text != expression { lastExpression = (expression, LineMap(expression)) }
                output += renderer.render(shown, in: lastExpression!.lines)
            } else {
                // Show the finding's line of the file, as it is written there (a formula in a
                // JoyDoc, with its JSON escapes), numbered as the editor numbers it. The span
                // is placed in the whole file's lines, so that a finding costs the width of
                // the line shown: a minified document is one line of megabytes.
                if fileLines == nil { fileLines = LineMap(report.bytes) }
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
        // Files that could not be read or parsed, or are no JoyDoc, were not checked: they count
        // neither as passed nor in the findings' total.
        let checked = summary.files - summary.failures - summary.skipped
        let files = "\(checked) file\(checked == 1 ? "" : "s")"
        if checked == 0 && summary.failures == 0 {
            parts.append("No JoyDoc checked.")
        } else if problems == 0 {
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
