import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// Findings as the editor shows them: published diagnostics, code actions that apply the
/// fixes, and formatting.
extension LanguageServer {
    /// The document's findings as a `publishDiagnostics` notification.
    func publish(_ document: OpenDocument) -> String {
        let analysis = analyze(document)
        let lines = TextLines(document.text, encoding: encoding)
        var members = [JSONMember("uri", .string(document.uri))]
        if let version = document.version { members.append(JSONMember("version", .number(Double(version)))) }
        let all = analysis.findings + analysis.runFindings
        let positions = lines.positions(of: all.flatMap { [$0.location.start, $0.location.end] })
        let diagnostics = all.enumerated().map { index, finding in
            diagnostic(finding, lines, range: (positions[2 * index], positions[2 * index + 1]),
                       source: index < analysis.findings.count ? "jf" : "jf run")
        }
        members.append(JSONMember("diagnostics", .array(diagnostics + analysis.problems.map { problem in
            .object([JSONMember("range", range(problem.offset, problem.offset, lines)),
                     JSONMember("severity", .number(1)), JSONMember("source", .string("jf")),
                     JSONMember("message", .string(problem.message))])
        })))
        return Self.notification("textDocument/publishDiagnostics", .object(members))
    }

    /// A finding as an LSP diagnostic: its range, severity, rule as the code, and the message
    /// followed by its notes and suggestion.
    func diagnostic(_ finding: Finding, _ lines: TextLines, range given: (Position, Position)? = nil,
                    source: String = "jf") -> JSONValue {
        var message = finding.message
        for note in finding.notes { message += "\nnote: " + note }
        if let fix = finding.fix { message += "\nhelp: " + fix.message }
        let severity: Double
        switch finding.severity {
        case .error: severity = 1
        case .warning: severity = 2
        case .info: severity = 3
        }
        let (start, end) = given ?? (lines.position(of: finding.location.start), lines.position(of: finding.location.end))
        return .object([
            JSONMember("range", Self.json(start, end)),
            JSONMember("severity", .number(severity)),
            JSONMember("code", .string(finding.rule)),
            JSONMember("source", .string(source)),
            JSONMember("message", .string(message)),
        ])
    }

    /// The kind of the action that applies every fix `jf lint --fix` would.
    static let fixAllKind = "source.fixAll.jf"

    /// Quick fixes for the findings in the requested range, and "fix all" when any finding in
    /// the file is fixable as `jf lint --fix` (with the configuration's `unsafe-fixes`) would fix it.
    func codeActions(_ params: JSONValue) -> JSONValue {
        guard let document = openDocument(params), let range = params["range"].flatMap(decodeRange) else { return .array([]) }
        let uri = document.uri
        let analysis = analyze(document)
        let lines = TextLines(document.text, encoding: encoding)
        let start = lines.offset(of: range.start), end = lines.offset(of: range.end)
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func wanted(_ kind: String) -> Bool {
            only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        var actions: [JSONValue] = []
        if wanted("quickfix") {
            for finding in analysis.findings where finding.location.start <= end && start <= finding.location.end {
                if let fix = finding.fix, !finding.fileEdits.isEmpty {
                    let edits = finding.fileEdits.map { JSONEdit(span: $0.start..<$0.end, replacement: $0.replacement) }
                    actions.append(.object([
                        JSONMember("title", .string(fix.isSafe ? fix.message : fix.message + Self.suggestionWarning(finding))),
                        JSONMember("kind", .string("quickfix")),
                        JSONMember("diagnostics", .array([diagnostic(finding, lines)])),
                        JSONMember("isPreferred", .bool(fix.isSafe)),
                        JSONMember("edit", workspaceEdit(uri, edits, lines)),
                    ]))
                }
                if let document = analysis.document, let (owner, edit) = Self.suppression(of: finding, in: document) {
                    actions.append(.object([
                        JSONMember("title", .string("Ignore \(finding.rule) in \(owner) (jfLint)")),
                        JSONMember("kind", .string("quickfix")),
                        JSONMember("diagnostics", .array([diagnostic(finding, lines)])),
                        JSONMember("edit", workspaceEdit(uri, [edit], lines)),
                    ]))
                }
            }
        }
        if wanted(Self.fixAllKind) {
            // What `jf lint --fix` applies: safe fixes, and suggestions where the configuration says so.
            let fixable = analysis.findings.map { finding -> Finding in
                var finding = finding
                finding.isFixable = finding.fix.map { $0.isSafe || analysis.unsafeFixes } ?? false
                return finding
            }
            let edits = (analysis.document.map { LintFixes.edits(for: fixable, in: $0) } ?? LintFixes.edits(for: fixable)).edits
            if !edits.isEmpty {
                actions.append(.object([
                    JSONMember("title", .string("Fix all jf problems that can be fixed (jf lint --fix)")),
                    JSONMember("kind", .string(Self.fixAllKind)),
                    JSONMember("edit", workspaceEdit(uri, edits, lines)),
                ]))
            }
        }
        return .array(actions)
    }

    /// What a suggestion's title adds: it may change what the formula means, or (a stored
    /// value's) what formulas read.
    static func suggestionWarning(_ finding: Finding) -> String {
        finding.expression == nil ? " (changes what formulas read)" : " (may change what the formula means)"
    }

    /// The edit that silences `finding`'s rule where it is (`jf lint --add-suppressions` does
    /// the same for every finding): `"jfLint": {"ignore": [rule]}` on the formula it is in,
    /// else the field it is about, else the document; nil when its annotation is malformed
    /// (`invalid-suppression` says how).
    static func suppression(of finding: Finding, in document: JoyDoc) -> (owner: String, edit: JSONEdit)? {
        guard let owner = Suppressions.owner(of: finding, in: document),
              let edit = Suppressions.edit(adding: [finding.rule], to: owner.json) else { return nil }
        return (owner.name, edit)
    }

    /// `jf fmt`'s edits: each formula in its canonical layout (a bare formula file as a whole).
    /// With a range (`textDocument/rangeFormatting`), only the formulas on the lines it covers:
    /// a selection formats what it holds and nothing else.
    func formatting(_ params: JSONValue, range: Bool = false) -> JSONValue {
        guard let document = openDocument(params) else { return .array([]) }
        let result = TemplateFormatter().format(path: document.kindPath, bytes: document.text)
        let lines = TextLines(document.text, encoding: encoding)
        guard range else { return textEdits(result.edits, lines) }
        func offset(_ key: String) -> Int? {
            guard let line = params["range"]?[key]?["line"]?.integerValue else { return nil }
            return lines.offset(of: Position(line: line, character: key == "start" ? 0 : Int.max / 2))
        }
        guard let start = offset("start"), let end = offset("end") else { return .array([]) }
        return textEdits(result.edits.filter { $0.span.lowerBound <= end && $0.span.upperBound >= start }, lines)
    }
}
