import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// The Language Server Protocol for JoyDoc templates and formula files (`jf lsp`). While a
/// file is edited it gives:
///
/// - `jf lint`'s findings as diagnostics, with the errors only the document's data shows
///   (`jf run`'s); their fixes as quick fixes, "fix all" (`source.fixAll.jf`), and a quick
///   fix that silences a rule with a `jfLint` annotation (`Diagnostics.swift`);
/// - `jf fmt` as formatting (`Diagnostics.swift`);
/// - hover documentation of functions and fields, completion of fields, columns and
///   functions, signature help, going to the field a formula reads (or the formula a field
///   applies), the formulas that read a field, and the outline (`Navigation.swift`);
/// - a field's mentions highlighted, and the field renamed everywhere the template names it
///   (`Rename.swift`);
/// - each formula's value on the document's data as an inlay hint (`InlayHints.swift`);
/// - the words of formulas coloured by what they are, inside JSON strings too
///   (`SemanticTokens.swift`).
///
/// The server is a state machine over messages: ``handle(_:)`` takes one message's body and
/// returns the bodies to send back, so it runs the same under `jf lsp` (which frames them on
/// standard input and output, ``MessageFraming``) and in tests. Documents are synchronised
/// whole (or by ranged edits, which are applied too) and linted after changes; a JoyDoc is
/// recognised by its `.json` name or language, a bare formula by `.jf` or `.formula`.
public final class LanguageServer {
    /// The lint settings for a file path (its `jf.toml`); an error says why the configuration
    /// is unusable.
    public typealias SettingsLookup = (String) throws -> LintSettings

    private let version: String
    private let settings: SettingsLookup
    private(set) var documents: [String: OpenDocument] = [:]
    private(set) var encoding = PositionEncoding.utf16
    private var isShutDown = false
    /// Set by the `initialize` request; before it, other requests are answered with an error.
    private var isInitialized = false
    /// The editor's process id, from `initialize` (`processId`): the server should exit when
    /// that process is gone.
    public private(set) var clientProcessID: Int32?
    /// Set when the client sent `exit`: 0 after `shutdown`, 1 without it (as the protocol says).
    public private(set) var exitCode: Int32?
    /// The documents opened or changed since their diagnostics were last published, in order.
    private var stale: [String] = []
    /// Whether the client lets the server ask to hear of changed files (dynamic registration of
    /// `workspace/didChangeWatchedFiles`): then it asks for the configuration files.
    private var canWatchFiles = false

    /// A server for jf `version`, reading each file's lint settings through `settings`.
    public init(version: String, settings: @escaping SettingsLookup) {
        self.version = version
        self.settings = settings
    }

    /// The diagnostics of the documents opened or changed since the last call, one
    /// `publishDiagnostics` notification each. The caller asks once it has handled the
    /// messages that have arrived, so that a burst of changes (fast typing in a large
    /// template) is linted once, for the text it ends with.
    public func publishStaleDiagnostics() -> [String] {
        defer { stale.removeAll() }
        return stale.compactMap { documents[$0].map(publish) }
    }

    /// Handles one message (a request, a notification, or a response to the server) and
    /// returns the messages to send: for a request, the diagnostics of documents changed
    /// since they were last published, then its response. Notifications are answered by
    /// ``publishStaleDiagnostics()``, once the messages that have arrived are handled.
    public func handle(_ body: [UInt8]) -> [String] {
        let message: JSONValue
        do {
            message = try JSONReader.read(body)
        } catch {
            return [Self.errorResponse(id: .null, code: -32700, "the message is not JSON: line \(error.line), column \(error.column): \(error.message)")]
        }
        // JSON-RPC: a request's id is a number or a string; a response to an invalid message
        // whose id cannot be read has the id null.
        let id = message.isObject ? message["id"] : nil
        let readableID = id.flatMap { $0.numberValue != nil || $0.stringValue != nil ? $0 : nil }
        guard message.isObject, let method = message["method"] else {
            // A response to the server (to its one request, ``watchConfigurationFiles()``)
            // needs no answer; anything else is not a message.
            if message.isObject, readableID != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.errorResponse(id: readableID ?? .null, code: -32600, "not a request, a notification or a response: "
                                       + "a JSON-RPC message is an object with a \"method\" (or, for a response, \"result\" or \"error\")")]
        }
        guard let method = method.stringValue, id == nil || readableID != nil else {
            return [Self.errorResponse(id: readableID ?? .null, code: -32600,
                                       "invalid message: \"method\" must be a string and \"id\" a number or a string")]
        }
        let params = message["params"] ?? .null
        guard let id = readableID else {
            // Before initialization, notifications are dropped, but for exit (the protocol's rule).
            return isInitialized || method == "exit" ? notification(method, params) : []
        }
        guard isInitialized || method == "initialize" else {
            return [Self.errorResponse(id: id, code: -32002, "the server is not initialized: the client sends 'initialize' first")]
        }
        if isShutDown { return [Self.errorResponse(id: id, code: -32600, "the server is shut down; only 'exit' is accepted")] }
        // Diagnostics of changed documents go out before any answer, which reflects them.
        return publishStaleDiagnostics() + [request(method, id: id, params)]
    }

    private func request(_ method: String, id: JSONValue, _ params: JSONValue) -> String {
        switch method {
        case "initialize":
            guard !isInitialized else { return Self.errorResponse(id: id, code: -32600, "the server is initialized already") }
            isInitialized = true
            clientProcessID = params["processId"]?.integerValue.flatMap { Int32(exactly: $0) }
            return Self.response(id: id, initialize(params))
        case "shutdown":
            isShutDown = true
            return Self.response(id: id, .null)
        case "textDocument/codeAction": return Self.response(id: id, codeActions(params))
        case "textDocument/formatting": return Self.response(id: id, formatting(params))
        case "textDocument/rangeFormatting": return Self.response(id: id, formatting(params, range: true))
        case "textDocument/hover": return Self.response(id: id, hover(params))
        case "textDocument/completion": return Self.response(id: id, completion(params))
        case "textDocument/signatureHelp": return Self.response(id: id, signatureHelp(params))
        case "textDocument/definition": return Self.response(id: id, definition(params))
        case "textDocument/references": return Self.response(id: id, references(params))
        case "textDocument/documentHighlight": return Self.response(id: id, documentHighlights(params))
        case "textDocument/prepareRename": return Self.response(id: id, prepareRename(params))
        case "textDocument/rename":
            switch rename(params) {
            case .success(let edit): return Self.response(id: id, edit)
            case .failure(let error): return Self.errorResponse(id: id, code: -32803, error.message)   // RequestFailed
            }
        case "textDocument/documentSymbol": return Self.response(id: id, symbols(params))
        case "workspace/symbol": return Self.response(id: id, workspaceSymbols(params))
        case "textDocument/inlayHint": return Self.response(id: id, inlayHints(params))
        case "textDocument/semanticTokens/full": return Self.response(id: id, semanticTokens(params))
        default: return Self.errorResponse(id: id, code: -32601, "jf lsp does not handle '\(method)'")
        }
    }

    func notification(_ method: String, _ params: JSONValue) -> [String] {
        switch method {
        case "exit":
            exitCode = isShutDown ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else { return [] }
            let document = OpenDocument(uri: uri, language: item["languageId"]?.stringValue ?? "", text: Array(text.utf8),
                                        version: item["version"]?.integerValue)
            documents[uri] = document
            stale.append(uri)
            return []
        case "textDocument/didChange":
            guard let document = openDocument(params) else { return [] }
            let uri = document.uri
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
            document.version = params["textDocument"]?["version"]?.integerValue
            document.analysis = nil
            if !stale.contains(uri) { stale.append(uri) }
            return []
        case "initialized":
            return canWatchFiles ? [watchConfigurationFiles()] : []
        case "workspace/didChangeWatchedFiles":
            // A configuration file changed (the only files the server asks to hear of; a
            // client may send others): every open document is linted again with it.
            for (uri, document) in documents {
                document.analysis = nil
                if !stale.contains(uri) { stale.append(uri) }
            }
            return []
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return [] }
            stale.removeAll { $0 == uri }
            return [Self.notification("textDocument/publishDiagnostics",
                                      .object([JSONMember("uri", .string(uri)), JSONMember("diagnostics", .array([]))]))]
        default:
            // didSave, $/cancelRequest, $/setTrace …: nothing to do.
            return []
        }
    }

    // MARK: - Requests

    func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        canWatchFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        let capabilities: [JSONMember] = [
            JSONMember("positionEncoding", .string(encoding.rawValue)),
            JSONMember("textDocumentSync", .object([JSONMember("openClose", .bool(true)), JSONMember("change", .number(1))])),
            JSONMember("codeActionProvider", .object([JSONMember("codeActionKinds", .array([.string("quickfix"), .string(Self.fixAllKind)]))])),
            JSONMember("documentFormattingProvider", .bool(true)),
            JSONMember("documentRangeFormattingProvider", .bool(true)),
            JSONMember("hoverProvider", .bool(true)),
            JSONMember("completionProvider", .object([JSONMember("triggerCharacters", .array([.string(".")]))])),
            JSONMember("signatureHelpProvider", .object([JSONMember("triggerCharacters", .array([.string("("), .string(",")]))])),
            JSONMember("definitionProvider", .bool(true)),
            JSONMember("referencesProvider", .bool(true)),
            JSONMember("documentHighlightProvider", .bool(true)),
            JSONMember("renameProvider", .object([JSONMember("prepareProvider", .bool(true))])),
            JSONMember("documentSymbolProvider", .bool(true)),
            JSONMember("workspaceSymbolProvider", .bool(true)),
            JSONMember("inlayHintProvider", .bool(true)),
            JSONMember("semanticTokensProvider", .object([
                JSONMember("legend", .object([JSONMember("tokenTypes", .array(Self.semanticTokenTypes.map(JSONValue.string))),
                                              JSONMember("tokenModifiers", .array([]))])),
                JSONMember("full", .bool(true)),
            ])),
        ]
        return .object([JSONMember("capabilities", .object(capabilities)),
                        JSONMember("serverInfo", .object([JSONMember("name", .string("jf")), JSONMember("version", .string(version))]))])
    }

    /// Where a request's `position` is: the document, its analysis, the byte offset, and the
    /// formula text there with the cursor's offset in it (nil outside any formula).
    struct Cursor {
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

    /// The open document a request's or notification's `textDocument` names.
    func openDocument(_ params: JSONValue) -> OpenDocument? {
        params["textDocument"]?["uri"]?.stringValue.flatMap { documents[$0] }
    }

    func cursor(_ params: JSONValue) -> Cursor? {
        guard let document = openDocument(params), let at = params["position"].flatMap(decodePosition) else { return nil }
        let lines = TextLines(document.text, encoding: encoding)
        let offset = lines.offset(of: at)
        let analysis = analyze(document)
        let formula = analysis.formula(at: offset)
        return Cursor(document: document, analysis: analysis, lines: lines, offset: offset, formula: formula,
                      local: formula?.localOffset(offset) ?? 0)
    }

    /// The document's findings, made once per version of its text.
    func analyze(_ document: OpenDocument) -> Analysis {
        if let analysis = document.analysis { return analysis }
        let analysis = Analysis(document, settings: Result { try settings(document.path) })
        document.analysis = analysis
        return analysis
    }

    // MARK: - Positions and JSON

    func decodePosition(_ value: JSONValue) -> Position? {
        guard let line = value["line"]?.integerValue, let character = value["character"]?.integerValue,
              line >= 0, character >= 0, line < 1_000_000_000, character < 1_000_000_000 else { return nil }
        return Position(line: line, character: character)
    }

    func decodeRange(_ value: JSONValue) -> (start: Position, end: Position)? {
        guard let start = value["start"].flatMap(decodePosition), let end = value["end"].flatMap(decodePosition) else { return nil }
        return (start, end)
    }

    func range(_ start: Int, _ end: Int, _ lines: TextLines) -> JSONValue {
        Self.json(lines.position(of: start), lines.position(of: end))
    }

    static func json(_ start: Position, _ end: Position) -> JSONValue {
        .object([JSONMember("start", json(start)), JSONMember("end", json(end))])
    }

    static func json(_ position: Position) -> JSONValue {
        .object([JSONMember("line", .number(Double(position.line))), JSONMember("character", .number(Double(position.character)))])
    }

    func textEdits(_ edits: [JSONEdit], _ lines: TextLines) -> JSONValue {
        .array(edits.map { edit in
            .object([JSONMember("range", range(edit.span.lowerBound, edit.span.upperBound, lines)),
                     JSONMember("newText", .string(edit.replacement))])
        })
    }

    func workspaceEdit(_ uri: String, _ edits: [JSONEdit], _ lines: TextLines) -> JSONValue {
        .object([JSONMember("changes", .object([JSONMember(uri, textEdits(edits, lines))]))])
    }

    /// The server's one request to the client: to be told when a `jf.toml` or `.jf.json`
    /// changes, so that an edit of the configuration applies at once, not at the document's
    /// next change. The client's answer needs nothing done.
    private func watchConfigurationFiles() -> String {
        let watchers = LintConfiguration.fileNames.map { JSONValue.object([JSONMember("globPattern", .string("**/" + $0))]) }
        let registration = JSONValue.object([
            JSONMember("id", .string("jf-configuration")), JSONMember("method", .string("workspace/didChangeWatchedFiles")),
            JSONMember("registerOptions", .object([JSONMember("watchers", .array(watchers))])),
        ])
        return JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", .string("jf-watch-configuration")),
                                 JSONMember("method", .string("client/registerCapability")),
                                 JSONMember("params", .object([JSONMember("registrations", .array([registration]))]))]).text
    }

    static func response(id: JSONValue, _ result: JSONValue) -> String {
        JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("result", result)]).text
    }

    static func errorResponse(id: JSONValue, code: Int, _ message: String) -> String {
        let error = JSONValue.object([JSONMember("code", .number(Double(code))), JSONMember("message", .string(message))])
        return JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", id), JSONMember("error", error)]).text
    }

    static func notification(_ method: String, _ params: JSONValue) -> String {
        JSONValue.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("method", .string(method)), JSONMember("params", params)]).text
    }
}
