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
        for finding in report.findings {
            var place = "\(report.path):\(finding.location.line):\(finding.location.column)"
            if let field = finding.field { place += " · field \(field)" }
            if let formula = finding.formula { place += " · formula \(formula)" }
            let fixNote = finding.fix == nil ? "" : finding.isFixable ? " [fixable with \(fixCommand)]" : " [suggestion]"
            let label = finding.fix.map { $0.message + fixNote } ?? ""
            var renderer = DiagnosticRenderer(colored: colored)
            renderer.location = place
            renderer.width = width
            func render(at span: SourceSpan, in lines: LineMap) -> String {
                renderer.render(finding.severity, finding.rule, finding.message, at: span, label: label, notes: finding.notes, in: lines)
            }
            if let expression = finding.expression,
               finding.location.endLine != finding.location.line || finding.location.end > report.bytes.count {
                // A span over lines of the file (a formula with line breaks in a .jf file), or
                // a report without the file's text: the formula's own lines show it.
                if lastExpression?.text != expression { lastExpression = (expression, LineMap(expression)) }
                output += render(at: finding.span ?? SourceSpan(start: 0, end: 0), in: lastExpression!.lines)
            } else {
                // Show the finding's line of the file, as it is written there (a formula in a
                // JoyDoc, with its JSON escapes), numbered as the editor numbers it. The span
                // is placed in the whole file's lines, so that a finding costs the width of
                // the line shown: a minified document is one line of megabytes.
                if fileLines == nil { fileLines = LineMap(report.bytes) }
                let lines = fileLines!
                let start = finding.location.start
                let lineEnd = lines.range(ofLine: finding.location.line).upperBound
                let end = finding.location.endLine == finding.location.line ? finding.location.end : lineEnd
                output += render(at: SourceSpan(start: start, end: max(start + 1, end)), in: lines)
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
        let checked = summary.checked
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
