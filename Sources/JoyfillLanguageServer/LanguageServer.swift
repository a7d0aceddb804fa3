import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel

/// The Language Server Protocol for JoyDoc templates and formula files (`jf lsp`): `jf lint`'s
/// findings as the editor's diagnostics while a file is edited, its fixes as quick fixes (and
/// "fix all" as `source.fixAll.jf`), `jf fmt` as document formatting, hover documentation for
/// the functions and fields a formula names, completion of fields, columns and functions in a
/// formula, going to the field a formula reads (or the formula a field applies), and the
/// document's fields and formulas as its outline.
///
/// The server is a state machine over messages: ``handle(_:)`` takes one message's body and
/// returns the bodies to send back, so it runs the same under `jf lsp` (which frames them on
/// standard input and output, ``MessageFraming``) and in tests. Documents are synchronised
/// whole (or by ranged edits, which are applied too) and linted on every change; a JoyDoc is
/// recognised by its `.json` name or language, a bare formula by `.jf` or `.formula`.
public final class LanguageServer {
    /// The lint settings for a file path (its `jf.toml`); an error says why the configuration
    /// is unusable.
    public typealias SettingsLookup = (String) throws -> LintSettings

    private let version: String
    private let settings: SettingsLookup
    private var documents: [String: OpenDocument] = [:]
    private var encoding = PositionEncoding.utf16
    private var isShutDown = false
    /// Set when the client sent `exit`: 0 after `shutdown`, 1 without it (as the protocol says).
    public private(set) var exitCode: Int32?

    /// A server for jf `version`, reading each file's lint settings through `settings`.
    public init(version: String, settings: @escaping SettingsLookup) {
        self.version = version
        self.settings = settings
    }

    /// Handles one message (a request, a notification, or a response to the server) and
    /// returns the messages to send, in order: a request's response, published diagnostics.
    public func handle(_ body: [UInt8]) -> [String] {
        let message: JSONValue
        do {
            message = try JSONReader.read(body)
        } catch {
            return [Self.errorResponse(id: .null, code: -32700, "the message is not JSON: line \(error.line), column \(error.column): \(error.message)")]
        }
        guard message.isObject, let method = message["method"]?.stringValue else {
            // A response to the server (it sends no requests), or nonsense: nothing to answer.
            return []
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            return notification(method, params)
        }
        if isShutDown { return [Self.errorResponse(id: id, code: -32600, "the server is shut down; only 'exit' is accepted")] }
        switch method {
        case "initialize": return [Self.response(id: id, initialize(params))]
        case "shutdown":
            isShutDown = true
            return [Self.response(id: id, .null)]
        case "textDocument/codeAction": return [Self.response(id: id, codeActions(params))]
        case "textDocument/formatting": return [Self.response(id: id, formatting(params))]
        case "textDocument/hover": return [Self.response(id: id, hover(params))]
        case "textDocument/completion": return [Self.response(id: id, completion(params))]
        case "textDocument/definition": return [Self.response(id: id, definition(params))]
        case "textDocument/documentSymbol": return [Self.response(id: id, symbols(params))]
        case "textDocument/inlayHint": return [Self.response(id: id, inlayHints(params))]
        default: return [Self.errorResponse(id: id, code: -32601, "jf lsp does not handle '\(method)'")]
        }
    }

    private func notification(_ method: String, _ params: JSONValue) -> [String] {
        switch method {
        case "exit":
            exitCode = isShutDown ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else { return [] }
            let document = OpenDocument(uri: uri, language: item["languageId"]?.stringValue ?? "", text: Array(text.utf8),
                                        version: item["version"]?.numberValue.map(Int.init))
            documents[uri] = document
            return [publish(document)]
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else { return [] }
            for change in params["contentChanges"]?.arrayValue ?? [] {
                guard let text = change["text"]?.stringValue else { continue }
                if let range = change["range"].flatMap(decodeRange) {
                    let lines = TextLines(document.text, encoding: encoding)
                    let start = lines.offset(of: range.start), end = max(start, lines.offset(of: range.end))
                    document.text.replaceSubrange(start..<end, with: Array(text.utf8))
                } else {
                    document.text = Array(text.utf8)
                }
            }
            document.version = params["textDocument"]?["version"]?.numberValue.map(Int.init)
            document.analysis = nil
            return [publish(document)]
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return [] }
            return [Self.notification("textDocument/publishDiagnostics",
                                      .object([JSONMember("uri", .string(uri)), JSONMember("diagnostics", .array([]))]))]
        default:
            // initialized, didSave, $/cancelRequest, $/setTrace …: nothing to do.
            return []
        }
    }

    // MARK: - Requests

    private func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        let capabilities: [JSONMember] = [
            JSONMember("positionEncoding", .string(encoding.rawValue)),
            JSONMember("textDocumentSync", .object([JSONMember("openClose", .bool(true)), JSONMember("change", .number(1))])),
            JSONMember("codeActionProvider", .object([JSONMember("codeActionKinds", .array([.string("quickfix"), .string(Self.fixAllKind)]))])),
            JSONMember("documentFormattingProvider", .bool(true)),
            JSONMember("hoverProvider", .bool(true)),
            JSONMember("completionProvider", .object([JSONMember("triggerCharacters", .array([.string(".")]))])),
            JSONMember("definitionProvider", .bool(true)),
            JSONMember("documentSymbolProvider", .bool(true)),
            JSONMember("inlayHintProvider", .bool(true)),
        ]
        return .object([JSONMember("capabilities", .object(capabilities)),
                        JSONMember("serverInfo", .object([JSONMember("name", .string("jf")), JSONMember("version", .string(version))]))])
    }

    /// The kind of the action that applies every fix `jf lint --fix` would.
    static let fixAllKind = "source.fixAll.jf"

    /// Quick fixes for the findings in the requested range, and "fix all" when any finding in
    /// the file is fixable as `jf lint --fix` (with the configuration's `unsafe-fixes`) would fix it.
    private func codeActions(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
              let range = params["range"].flatMap(decodeRange) else { return .array([]) }
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
                guard let fix = finding.fix, !finding.fileEdits.isEmpty else { continue }
                let edits = finding.fileEdits.map { JSONEdit(span: $0.start..<$0.end, replacement: $0.replacement) }
                actions.append(.object([
                    JSONMember("title", .string(fix.isSafe ? fix.message : fix.message + " (may change what the formula means)")),
                    JSONMember("kind", .string("quickfix")),
                    JSONMember("diagnostics", .array([diagnostic(finding, lines)])),
                    JSONMember("isPreferred", .bool(fix.isSafe)),
                    JSONMember("edit", workspaceEdit(uri, edits, lines)),
                ]))
            }
        }
        if wanted(Self.fixAllKind) {
            // What `jf lint --fix` applies: safe fixes, and suggestions where the configuration says so.
            let fixable = analysis.findings.map { finding -> LintDiagnostic in
                var finding = finding
                finding.isFixable = finding.fix.map { $0.isSafe || analysis.unsafeFixes } ?? false
                return finding
            }
            let edits = analysis.document.map { LintFixes.edits(for: fixable, in: $0) } ?? LintFixes.edits(for: fixable)
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

    /// `jf fmt`'s edits: each formula in its canonical layout (a bare formula file as a whole).
    private func formatting(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else { return .array([]) }
        let result = TemplateFormatter().format(path: document.kindPath, bytes: document.text)
        let lines = TextLines(document.text, encoding: encoding)
        return textEdits(result.edits, lines)
    }

    /// Where a request's `position` is: the document, its analysis, the byte offset, and the
    /// formula text there with the cursor's offset in it (nil outside any formula).
    private struct Cursor {
        let document: OpenDocument
        let analysis: Analysis
        let lines: TextLines
        let offset: Int
        let formula: FormulaText?
        let local: Int

        /// The formula's tree and the innermost node whose span holds the cursor.
        func node() -> (tree: SyntaxTree, node: NodeID)? {
            guard let formula else { return nil }
            let tree = Parser.parse(formula.expression)
            var found: (node: NodeID, length: Int)?
            for index in tree.nodes.indices {
                let span = tree.span(of: NodeID(index))
                guard span.start <= local, local < span.end else { continue }
                if found == nil || span.end - span.start < found!.length { found = (NodeID(index), span.end - span.start) }
            }
            return found.map { (tree, $0.node) }
        }
    }

    private func cursor(_ params: JSONValue) -> Cursor? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
              let at = params["position"].flatMap(decodePosition) else { return nil }
        let lines = TextLines(document.text, encoding: encoding)
        let offset = lines.offset(of: at)
        let analysis = analyze(document)
        let formula = analysis.formula(at: offset)
        return Cursor(document: document, analysis: analysis, lines: lines, offset: offset, formula: formula,
                      local: formula?.localOffset(offset) ?? 0)
    }

    /// The documentation of the function, or the description of the field, under the cursor
    /// in a formula.
    private func hover(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let formula = cursor.formula, let (tree, node) = cursor.node() else { return .null }
        let span = tree.span(of: node)
        let text: String
        let shown: SourceSpan
        switch tree[node] {
        case .call(let name, _):
            let name = tree.name(name)
            shown = SourceSpan(start: span.start, end: span.start + name.utf8.count)
            guard cursor.local < shown.end, let function = FunctionRegistry.standard.lookup(name) else { return .null }
            text = "```\n" + FunctionReference.text(function.signature) + "```"
        case .reference(let name):
            shown = span
            guard let field = cursor.analysis.document?.field(tree.name(name)) else { return .null }
            text = Self.describe(field)
        default:
            return .null
        }
        return .object([
            JSONMember("contents", .object([JSONMember("kind", .string("markdown")), JSONMember("value", .string(text))])),
            JSONMember("range", range(formula.fileOffset(shown.start), formula.fileOffset(shown.end), cursor.lines)),
        ])
    }

    /// What can be written at the cursor in a formula: after a `.`, the columns of the rows
    /// before it (`items.`, `row.` in `map(items, (row) -> row.`), the children of a
    /// collection row, or a chart's line properties; elsewhere the document's fields and the
    /// functions.
    private func completion(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let formula = cursor.formula else { return .array([]) }
        func item(_ label: String, kind: Int, detail: String?, documentation: String? = nil) -> JSONValue {
            var members = [JSONMember("label", .string(label)), JSONMember("kind", .number(Double(kind)))]
            if let detail { members.append(JSONMember("detail", .string(detail))) }
            if let documentation { members.append(JSONMember("documentation", .string(documentation))) }
            return .object(members)
        }
        let fields = cursor.analysis.document?.fields ?? []
        let bytes = Array(formula.expression.utf8)
        if let dot = Self.dotBeforeWord(in: bytes, at: cursor.local) {
            var checker = Checker(knownNames: Set(fields.map(\.id)))
            checker.learn(fields)
            guard let (tree, member) = Parser.parseCompletingMember(String(decoding: bytes[..<(dot + 1)], as: UTF8.self)),
                  let keys = checker.keys(forMember: member, in: tree) else { return .array([]) }
            // A field's own columns come with their types and titles.
            let base: String? = {
                guard case .member(let base, _) = tree[member], case .reference(let name) = tree[base] else { return nil }
                return tree.name(name)
            }()
            let columns = fields.first { $0.id == base }?.columns ?? []
            return .array(keys.map { key in
                let column = columns.first { $0.id == key }
                return item(key, kind: 5, detail: column.map { [$0.type.name, $0.title].compactMap { $0 }.joined(separator: " · ") })
            })
        }
        let fieldItems = fields.map { field in
            item(field.id, kind: 6, detail: [field.type.name, field.title].compactMap { $0 }.joined(separator: " · "))
        }
        let functionItems = FunctionRegistry.standard.signatures.map { signature in
            item(signature.name, kind: 3, detail: signature.usage, documentation: signature.summary)
        }
        return .array(fieldItems + functionItems)
    }

    /// Where the `.` is that the word at the cursor follows (`items.pr|`), or nil when the
    /// word follows no `.`.
    private static func dotBeforeWord(in bytes: [UInt8], at offset: Int) -> Int? {
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        var index = min(offset, bytes.count)
        while index > 0, isNameByte(bytes[index - 1]) { index -= 1 }
        return index > 0 && bytes[index - 1] == UInt8(ascii: ".") ? index - 1 : nil
    }

    /// From a name in a formula, the field it reads; from a field's `"formula": "f_id"`, the
    /// formula it applies.
    private func definition(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let document = cursor.analysis.document else { return .null }
        var target: Range<Int>?
        if let (tree, node) = cursor.node(), case .reference(let name) = tree[node] {
            target = document.field(tree.name(name))?.json.span
        } else {
            search: for field in document.fields {
                for applied in field.appliedFormulas {
                    guard let span = applied.json["formula"]?.span, span.contains(cursor.offset) else { continue }
                    target = document.formula(applied.formula)?.json.span
                    break search
                }
            }
        }
        guard let target else { return .null }
        return .object([JSONMember("uri", .string(cursor.document.uri)),
                        JSONMember("range", range(target.lowerBound, target.upperBound, cursor.lines))])
    }

    /// After each formula of a JoyDoc, what it computed on the document's data, for the fields
    /// that apply it (`= 179.8`, or `subtotal = 1, total = 2`); after a bare formula that
    /// names nothing, its value.
    private func inlayHints(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let open = documents[uri] else { return .array([]) }
        let analysis = analyze(open)
        let lines = TextLines(open.text, encoding: encoding)
        var limits = 0..<open.text.count
        if let range = params["range"].flatMap(decodeRange) {
            let start = lines.offset(of: range.start)
            limits = start..<max(start, lines.offset(of: range.end)) + 1
        }
        var hints: [(offset: Int, label: String)] = []
        if let document = analysis.document {
            var appliers: [String: [String]] = [:]
            for field in document.fields {
                for applied in field.appliedFormulas where applied.key == "value" { appliers[applied.formula, default: []].append(field.id) }
            }
            for definition in document.formulas {
                guard let end = definition.json["expression"]?.span?.upperBound, limits.contains(end),
                      let fields = appliers[definition.id] else { continue }
                let shown = fields.compactMap { field in analysis.results[field].map { (field, Self.shown($0)) } }
                guard !shown.isEmpty else { continue }
                let label = shown.count == 1 ? "= " + shown[0].1 : shown.map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
                hints.append((end, label))
            }
        } else if let formula = analysis.formula(at: 0), let value = try? Evaluator().evaluate(formula.expression) {
            var end = open.text.count
            while end > 0, [0x0A, 0x0D, 0x20].contains(open.text[end - 1]) { end -= 1 }
            if limits.contains(end) { hints.append((end, "= " + Self.cut(value.description))) }
        }
        return .array(hints.map { hint in
            .object([JSONMember("position", Self.json(lines.position(of: hint.offset))),
                     JSONMember("label", .string(hint.label)), JSONMember("paddingLeft", .bool(true))])
        })
    }

    /// A formula field's result as a hint shows it: its value (a date also in ISO 8601), or
    /// what kept it from having one.
    private static func shown(_ report: FieldReport) -> String {
        switch report.status {
        case .ok: break
        case .error: return "error"
        case .circular: return "circular"
        case .dependsOnCircular: return "waits on a cycle"
        }
        guard let value = report.value else { return "(empty)" }
        if report.type == .date, let milliseconds = value.numberValue, let instant = Instant(milliseconds: milliseconds) {
            return instant.iso8601
        }
        let (text, isWhole) = value.textPrefix(40)
        return isWhole ? text : text + "…"
    }

    private static func cut(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    /// The document's outline: its fields (with their types and titles) and its formulas.
    private func symbols(_ params: JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let open = documents[uri],
              let document = analyze(open).document else { return .array([]) }
        let lines = TextLines(open.text, encoding: encoding)
        func symbol(_ name: String, detail: String, kind: Int, _ json: JSONValue) -> JSONValue? {
            guard let span = json.span else { return nil }
            let selection = json["_id"]?.span ?? span
            return .object([
                JSONMember("name", .string(name.isEmpty ? "(no _id)" : name)), JSONMember("detail", .string(detail)),
                JSONMember("kind", .number(Double(kind))),
                JSONMember("range", range(span.lowerBound, span.upperBound, lines)),
                JSONMember("selectionRange", range(selection.lowerBound, selection.upperBound, lines)),
            ])
        }
        let fields = document.fields.compactMap { field in
            symbol(field.id, detail: [field.type.name, field.title].compactMap { $0 }.joined(separator: " · "), kind: 8, field.json)
        }
        let formulas = document.formulas.compactMap { symbol($0.id, detail: $0.expression, kind: 12, $0.json) }
        return .array(fields + formulas)
    }

    /// A field as hover shows it: id, type, title, and its value (cut short).
    private static func describe(_ field: Field) -> String {
        var text = "**`\(field.id)`**: \(field.type.name) field"
        if let title = field.title, !title.isEmpty { text += " “\(title)”" }
        if !field.columns.isEmpty {
            text += "\n\ncolumns: " + field.columns.map { column in
                column.title.map { "`\(column.id)` (\($0))" } ?? "`\(column.id)`"
            }.joined(separator: ", ")
        }
        if field.hasValueFormula { text += "\n\nits value is computed by a formula" }
        if let value = field.value, !value.isNull {
            let (prefix, isWhole) = value.textPrefix(200)
            text += "\n\nvalue: `\(prefix)\(isWhole ? "" : "…")`"
        }
        return text
    }

    // MARK: - Diagnostics

    /// The document's findings as a `publishDiagnostics` notification.
    private func publish(_ document: OpenDocument) -> String {
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
    private func diagnostic(_ finding: LintDiagnostic, _ lines: TextLines, range given: (Position, Position)? = nil,
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

    /// The document's findings, made once per version of its text.
    private func analyze(_ document: OpenDocument) -> Analysis {
        if let analysis = document.analysis { return analysis }
        let analysis = Analysis(document, settings: Result { try settings(document.path) })
        document.analysis = analysis
        return analysis
    }

    // MARK: - Positions and JSON

    private func decodePosition(_ value: JSONValue) -> Position? {
        guard let line = value["line"]?.numberValue, let character = value["character"]?.numberValue,
              line >= 0, character >= 0, line < 1e9, character < 1e9 else { return nil }
        return Position(line: Int(line), character: Int(character))
    }

    private func decodeRange(_ value: JSONValue) -> (start: Position, end: Position)? {
        guard let start = value["start"].flatMap(decodePosition), let end = value["end"].flatMap(decodePosition) else { return nil }
        return (start, end)
    }

    private func range(_ start: Int, _ end: Int, _ lines: TextLines) -> JSONValue {
        Self.json(lines.position(of: start), lines.position(of: end))
    }

    private static func json(_ start: Position, _ end: Position) -> JSONValue {
        .object([JSONMember("start", json(start)), JSONMember("end", json(end))])
    }

    private static func json(_ position: Position) -> JSONValue {
        .object([JSONMember("line", .number(Double(position.line))), JSONMember("character", .number(Double(position.character)))])
    }

    private func textEdits(_ edits: [JSONEdit], _ lines: TextLines) -> JSONValue {
        .array(edits.map { edit in
            .object([JSONMember("range", range(edit.span.lowerBound, edit.span.upperBound, lines)),
                     JSONMember("newText", .string(edit.replacement))])
        })
    }

    private func workspaceEdit(_ uri: String, _ edits: [JSONEdit], _ lines: TextLines) -> JSONValue {
        .object([JSONMember("changes", .object([JSONMember(uri, textEdits(edits, lines))]))])
    }

    private static func response(id: JSONValue, _ result: JSONValue) -> String {
        JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("result", result)]).text
    }

    private static func errorResponse(id: JSONValue, code: Int, _ message: String) -> String {
        let error = JSONValue.object([JSONMember("code", .number(Double(code))), JSONMember("message", .string(message))])
        return JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("error", error)]).text
    }

    private static func notification(_ method: String, _ params: JSONValue) -> String {
        JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("method", .string(method)), JSONMember("params", params)]).text
    }
}
