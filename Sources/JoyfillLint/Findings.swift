import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON

/// The findings of one file, as they are made: each is dropped when its rule is off, given
/// the configured severity and placed in the file.
struct Findings {
    let settings: LintSettings
    let bytes: [UInt8]
    private var map: LineMap?
    private(set) var items: [Finding] = []

    init(settings: LintSettings, bytes: [UInt8]) {
        self.settings = settings
        self.bytes = bytes
    }

    /// Adds a finding about the file's bytes `range` (structural findings); a `fix` of such a
    /// finding edits the file's bytes.
    mutating func add(_ rule: DiagnosticCode, _ message: String, at range: Range<Int>, notes: [String] = [], fix: Fix? = nil,
                      field: String? = nil, formula: String? = nil, pointer: String? = nil) {
        guard let severity = settings.severity(of: rule.name) else { return }
        let location = locate(range.lowerBound, range.upperBound)
        var finding = Finding(code: rule, severity: severity, message: message, notes: notes, fix: fix,
                              field: field, formula: formula, pointer: pointer, location: location)
        if let fix, fix.isSafe || settings.unsafeFixes {
            finding.isFixable = true
            finding.fileEdits = fix.edits.map { FileEdit(start: $0.span.start, end: $0.span.end, replacement: $0.replacement) }
        }
        items.append(finding)
    }

    /// Adds a finding made and placed elsewhere (``SchemaFindings``), its severity given by
    /// the settings; its fix is offered as `--fix` would apply it.
    mutating func add(_ finding: Finding) {
        var finding = finding
        if let fix = finding.fix {
            finding.isFixable = fix.isSafe || settings.unsafeFixes
            if finding.isFixable {
                finding.fileEdits = fix.edits.map { FileEdit(start: $0.span.start, end: $0.span.end, replacement: $0.replacement) }
            }
        }
        items.append(finding)
    }

    /// The map of the file's lines, made on first use.
    mutating func lines() -> LineMap {
        if map == nil { map = LineMap(bytes) }
        return map!
    }

    /// Adds a finding in a formula; `place` maps a span of the expression to file bytes.
    mutating func add(_ diagnostic: Diagnostic, expression: String, formula: String?, field: String?,
                      place: (SourceSpan) -> SourceSpan) {
        let rule = diagnostic.identifier
        guard let severity = settings.severity(of: rule.name) else { return }
        let range = place(diagnostic.span)
        var finding = Finding(code: rule, kind: diagnostic.kind, severity: severity, message: diagnostic.message, notes: diagnostic.notes,
                                     fix: diagnostic.fix, field: field, formula: formula, expression: expression,
                                     span: diagnostic.span, location: locate(range.start, range.end))
        if let fix = diagnostic.fix, fix.isSafe || settings.unsafeFixes {
            finding.isFixable = true
            finding.fileEdits = fix.edits.map { edit in
                let target = place(edit.span)
                var text = edit.replacement
                if formula != nil {
                    // The formula lives in a JSON string: write the replacement as its contents.
                    text = String(JSONText.string(text).dropFirst().dropLast())
                }
                return FileEdit(start: target.start, end: target.end, replacement: text)
            }
        }
        items.append(finding)
    }

    /// Drops the findings for which `drop` is true.
    mutating func removeAll(where drop: (Finding) -> Bool) {
        items.removeAll(where: drop)
    }

    func sorted() -> [Finding] {
        items.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }
    }

    private mutating func locate(_ start: Int, _ end: Int) -> FileLocation {
        lines().location(start, end)
    }
}
