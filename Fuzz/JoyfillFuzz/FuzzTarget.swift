import JoyfillAnalysis
// JoyfillFuzz: the properties jf's fuzz targets check, on any input.
//
//   scripts/fuzz.sh formula [SECONDS]     # formula text
//   scripts/fuzz.sh document [SECONDS]    # JoyDoc JSON
//   scripts/fuzz.sh repl [SECONDS]        # lines of a REPL session
//   scripts/fuzz.sh lsp [SECONDS]         # a text edited under the language server
//   scripts/fuzz.sh lsp-stream [SECONDS]  # the bytes a client sends to `jf lsp`
//   scripts/fuzz.sh config [SECONDS]      # a configuration file (jf.toml, .jf.json), path patterns
//   scripts/fuzz.sh serve [SECONDS]       # the bytes of a connection to `jf serve`
//
// jf-fuzz (Fuzz/jf-fuzz) hands each input libFuzzer makes to ``FuzzTarget/check(_:)``; the
// tests replay each target's seeds (scripts/fuzz-seeds.sh) through it in an ordinary build.
// An input fails when it makes jf crash (a trap, an address-sanitizer report under the fuzzer,
// a stack overflow) or breaks one of the properties checked below, which hold for every input:
//
// - formula: a parse finishes; a valid formula's canonical text (`jf fmt`) is the same
//   formula and formats to itself (or, near the nesting limit, there is none); evaluating
//   the text (`Evaluator.evaluate(_:in:)`, what `jf eval` does) and a tree parsed once and
//   kept (what the document engine does) give the same value or the same error, also with a
//   custom function that keeps the lambdas it is given (`keep`); the static checker agrees
//   with evaluation (the value's type is one it inferred, a working formula that evaluates
//   every part has no error findings, an unknown name or function or a wrong arity that
//   stops evaluation is reported at its span); the linter and the diagnostic renderer
//   finish; safe fixes never change what a working formula computes, and make one whose
//   syntax errors all have fixes parse.
// - repl: the lines of a REPL session with examples/invoice.json loaded (meta-commands,
//   `let`, unfinished input, completion) are answered.
// - lsp: a text opened under the language server (as a JoyDoc and as a formula file), then
//   cut in half by a ranged change, is answered: every message back is JSON, every range in
//   it is a position in the text, "fix all" edits do not overlap, semantic tokens are in order
//   and within the text, rename edits do not overlap, and hover, completion, definition,
//   references, highlights and rename answer at positions all over it.
// - lsp-stream: bytes as a client writes them to `jf lsp`, split where the input says, are
//   framed (``MessageFraming``) and handled until the framing fails or the client exits: every
//   reply is a JSON-RPC object, and a request with a readable id gets exactly one response,
//   with that id, last among the replies (diagnostics may come before it).
// - config: the input read as `jf.toml` and as `.jf.json` is a configuration or an error (a
//   hostile nesting too), and a configuration answers for paths; each line, as a path
//   pattern (an override's or a `.gitignore`'s), is matched against a deep path, and one
//   without wildcards matches itself.
// - document: a JoyDoc that reads is evaluated, linted and formatted, and the run's problems
//   are placed in it and rendered (what `jf run` shows); the linter finds each
//   error of the run that does not depend on values (syntax, unknown names and functions,
//   arity, missing formulas, invalid keys, the same cycles) at the place the run shows it, a
//   result it says a field cannot store is not stored, and a formula the run evaluated in
//   every part without failing has no error finding; after a change to one
//   input, recomputed incrementally, the document written back reads again, and evaluating
//   it from scratch changes nothing. The editor (`jf validate`, `jf apply`): validation
//   reports only shown fields, each invalid one with a reason, and the pages' validations
//   together cover the document's; `jf lint` reads conditional logic as validation does; a
//   child schema validation asks for under a collection row is one the editor shows there;
//   changes built from the document (a field update, a new row, a row updated, deleted and
//   moved) apply, the result reads as a JoyDoc, and every field they do not name keeps its text;
//   decorators added at any path that resolves are read there and touch no other field;
//   `invalid-value`'s suggestions, applied, leave a JoyDoc whose fixed values are settled;
//   `jf lint --add-suppressions`'s annotations silence every finding they are for; the SDKs'
//   row operations (`RowOperations`) make entries that apply and do what they say. The
//   schema check (`SchemaCheck`) finishes on any JSON, document or not, and each violation's
//   pointer names a value of the document placed where the violation is, a missing key's
//   object lacking that key; `jf lint` reports as many schema findings as there are violations.
// - serve: bytes as a client writes them on one connection to `jf serve`
//   (`FormServer.exchange`), through its connection guards, checks and routes: every answer
//   has a known status and an API answer's body is JSON; nothing is answered 2xx without the
//   run's token, the server's own host name and, for a change, the X-JF-Request header in
//   the bytes; a form opened from a path is a file under the server's folder; and the document
//   afterwards still reads as a JoyDoc.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import JoyfillChanges
import JoyfillDecorators
import JoyfillFormulas
import JoyfillJSON
import JoyfillLanguageServer
import JoyfillLint
import JoyfillLogic
import JoyfillModel
import JoyfillREPL
import JoyfillSchema
import JoyfillServe
import JoyfillSession

/// A fuzz target: the input it reads, and the properties it checks on every input.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case formula, document, repl, lsp
    case lspStream = "lsp-stream"
    case config, serve

    /// The name of the input being checked, which a failure names (a replay of seeds sets it;
    /// under libFuzzer the saved input is its name).
    nonisolated(unsafe) public static var inputName: String?

    /// Checks every property of this target on `bytes`; a broken property stops the process
    /// (`fatalError`), as libFuzzer expects, with what broke.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .formula: checkFormula(String(decoding: bytes, as: UTF8.self))
        case .document: checkDocument(bytes)
        case .repl: checkREPL(String(decoding: bytes, as: UTF8.self))
        case .lsp: checkLanguageServer(String(decoding: bytes, as: UTF8.self))
        case .lspStream: checkMessageStream(bytes)
        case .config: checkConfiguration(bytes)
        case .serve: checkServe(bytes)
        }
    }

    /// The lines of a libFuzzer dictionary for this target (`-dict=`): whole tokens for
    /// mutations to insert.
    public var dictionary: [String] { dictionaryLines(for: self) }
}

/// A libFuzzer dictionary of the language's words (`-dict=`), a line each: the functions of the
/// registry, the keywords, the operators and other punctuation, so that mutations insert whole
/// tokens; and the words of `target`'s input.
private func dictionaryLines(for target: FuzzTarget) -> [String] {
    let words = (FunctionRegistry.standard.names + ["keep"]).map { $0 + "(" }
        + ["true", "false", "null", "undefined", "->", "=>", "==", "!=", "<=", ">=", "&&", "||",
           "===", "!==", "**", "1e3", "-4", "0.5", "\"text\"", "'text'", "(x) -> ", "(row, i) -> ",
           "items", "tags", ".price", ".qty", "[0]", "{a: 1}", "items.price"]
    // A JoyDoc's keys and field types (quoted, as they appear in JSON).
    let keys = ["_id", "cells", "children", "deleted", "description", "expression", "fields", "formula", "formulas",
                "key", "label", "options", "points", "root", "rowOrder", "schema", "tableColumnOrder", "tableColumns",
                "title", "type", "value", "hidden", "files", "pages", "fieldPositions", "x", "y",
                "decorators", "rowDecorators", "decorate", "action", "icon", "color", "all"]
    let types = ["text", "textarea", "number", "date", "dropdown", "multiSelect", "signature", "image", "block",
                 "richText", "table", "collection", "chart", "file"]
    let json = keys.map { "\"" + $0 + "\": " } + types.map { "\"" + $0 + "\"" } + ["[", "]", "{", "}", "null", ", "]
    // The REPL's meta-commands, the invoice's field and row ids, and the row operations.
    let session = REPLSession.commands.map { ":" + $0.name + " " } + ["let ", " = ", "subtotal", "tax_rate", "items", "doc.json", "\n",
                                                                       "r1 ", "r2 ", "insert ", "below ", "duplicate ", "delete ", "up ", "down ", "edit "]
    // A connection's words: the server's name, the token, the headers and routes it reads.
    let http = ["GET ", "POST ", " HTTP/1.1\r\n", "\r\n", "\r\n\r\n", "Host: 127.0.0.1:8080\r\n", "Host: localhost:8080\r\n",
                "Host: evil.example\r\n", "http://127.0.0.1:8080", "Authorization: Token " + serveToken + "\r\n",
                "Cookie: jf-token-8080=" + serveToken + "\r\n", "?token=" + serveToken, "X-JF-Request: 1\r\n",
                "Origin: http://127.0.0.1:8080\r\n", "Content-Length: ", "Transfer-Encoding: chunked\r\n", "/api/change", "/api/open?path=",
                "/api/save", "/api/reload", "/api/form", "/api/document", "/api/playground", "/api/complete", "/api/deps?field=",
                "/api/rows", "/api/readonly", "/api/changelog", "\"version\":", "\"changes\":", "\"path\":", "%00", "../", "invoice.json"]
    let extra = switch target {
    case .document, .lsp: json
    case .repl: session
    case .serve: http + json
    case .formula, .lspStream, .config: [String]()
    }
    return (words + extra).map { word in
        // The dictionary's own escapes: a quote or a backslash is written as \xNN.
        let escaped = word.utf8.map { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20
            ? "\\x" + (($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true)) : String(UnicodeScalar($0)) }
        return "\"" + escaped.joined() + "\""
    }
}

/// Fails the run with `message`: libFuzzer saves the input that caused it; a replay of seeds
/// names the input (``FuzzTarget/inputName``).
private func failure(_ message: String) -> Never {
    fatalError(FuzzTarget.inputName.map { "\($0): \(message)" } ?? message)
}

// MARK: - Formulas

/// Names the fuzzed formulas can read: one of each type, a table and a list.
private let context: DictionaryContext = {
    let row = ObjectKeys(["price", "qty", "name"])
    let items: [Value] = [
        .object(ObjectValue(keys: row, values: [.number(2.5), .number(3), .string("bolt")])),
        .object(ObjectValue(keys: row, values: [.number(10), .number(0), .string("nut")])),
        .object(ObjectValue(keys: row, values: [.number(-1), .number(2), .null])),
    ]
    return DictionaryContext([
        "a": .number(3), "b": .number(-2.5), "c": .number(0),
        "s": .string("Hello, World"), "t": .string(""),
        "flag": .boolean(true), "n": .null,
        "d": .date(Instant(milliseconds: 1_700_000_000_000)),
        "items": .array(items),
        "tags": .array([.string("red"), .string("blue")]),
    ])
}()

/// A small step budget, so that each input is quick (loops over large ranges stop early).
private let options = EvaluationOptions(now: Instant(milliseconds: 1_735_689_600_000), maxSteps: 20_000)
nonisolated(unsafe) private let evaluator = Evaluator(options: options)
private let checker = Checker(knownNames: ["a", "b", "c", "s", "t", "flag", "n", "d", "items", "tags"])
private let renderer = DiagnosticRenderer()

private func checkFormula(_ source: String) {
    let tree = Parser.parse(source)
    for diagnostic in tree.diagnostics { _ = renderer.render(diagnostic, in: source) }
    checkFixes(source, tree)
    guard tree.isValid else {
        // An invalid formula must fail when its text is evaluated too.
        if !outcome({ () throws(Diagnostic) in try evaluator.evaluate(source, in: context) }).hasPrefix("error ") {
            failure("an invalid formula evaluated from its text: \(source)")
        }
        return
    }
    let analysis = checker.analyze(tree)
    for diagnostic in analysis.diagnostics { _ = renderer.render(diagnostic, in: source) }
    checkChecker(source, tree, analysis)

    guard let formatted = Printer.format(tree) else {
        if !Printer.nestsTooDeeply(tree) { failure("a valid formula did not format: \(source)") }
        return
    }
    let reparsed = Parser.parse(formatted)
    guard reparsed.isValid else { failure("the canonical text does not parse: \(source) → \(formatted)") }
    guard reparsed.isSameFormula(as: tree) else { failure("formatting changed the formula: \(source) → \(formatted)") }
    guard Printer.format(reparsed) == formatted else { failure("formatting is not idempotent: \(source) → \(formatted)") }

    let fromText = outcome({ () throws(Diagnostic) in try evaluator.evaluate(source, in: context) })
    let fromTree = outcome({ () throws(Diagnostic) in try evaluator.evaluate(tree, in: context) })
    if fromText != fromTree {
        failure("the text and its kept tree evaluate differently for \(source): \(fromText) / \(fromTree)")
    }

    // The same with a custom function that keeps what it is given; the kept values (lambdas
    // with their trees) are read after the evaluations end.
    let keptFromText = outcome({ () throws(Diagnostic) in try keepingEvaluator.evaluate(source, in: context) })
    let keptFromTree = outcome({ () throws(Diagnostic) in try keepingEvaluator.evaluate(tree, in: context) })
    if keptFromText != keptFromTree {
        failure("with keep(), the text and its kept tree evaluate differently for \(source): \(keptFromText) / \(keptFromTree)")
    }
    for value in kept.values { _ = value.description }
    kept.values.removeAll()
}

/// The static checker (what `jf lint` and the REPL's `:type` report) agrees with evaluation: a
/// value is of a type the checker inferred; a formula that works and evaluates every part of
/// itself (no lambda, `if`, `&&` …) has no error findings; and an unknown name or function or
/// a wrong arity that stops an evaluation is found at its span.
private func checkChecker(_ source: String, _ tree: SyntaxTree, _ analysis: (diagnostics: [Diagnostic], result: ValueTypes)) {
    let errors = analysis.diagnostics.filter { $0.severity == .error }
    do throws(Diagnostic) {
        let value = try evaluator.evaluate(tree, in: context)
        if !analysis.result.admits(value) {
            failure("the checker infers \(analysis.result.signature), the formula gives a \(value.type.rawValue): \(source)")
        }
        if let error = errors.first, evaluatesEverything(tree) {
            failure("the checker reports \(error.code?.name ?? "an error") (\(error.message)) for a formula that works: \(source)")
        }
    } catch {
        let staticCodes: [DiagnosticCode] = [.unknownReference, .unknownFunction, .wrongArity]
        if let code = error.code, staticCodes.contains(code), !errors.contains(where: { $0.code == code && $0.span == error.span }) {
            failure("the checker misses \(code) (\(error.message)) at \(error.span.start)-\(error.span.end): \(source)")
        }
    }
}

/// Whether evaluating `tree` evaluates each of its nodes: no lambdas (whose bodies may run for
/// no element), lazy parameters (`if`'s branches) or short-circuit operators.
private func evaluatesEverything(_ tree: SyntaxTree) -> Bool {
    tree.nodes.indices.allSatisfy { index in
        switch tree[NodeID(index)] {
        case .lambda, .binary(.and, _, _), .binary(.or, _, _): return false
        case .call(let name, _): return FunctionRegistry.standard.lookup(tree.name(name))?.signature.parameters.contains(where: \.isLazy) != true
        default: return true
        }
    }
}

/// What `keep` was given during one input.
private final class Kept: @unchecked Sendable { var values: [Value] = [] }
private let kept = Kept()

/// An evaluator whose registry adds `keep(value)`, which returns its argument and keeps it.
nonisolated(unsafe) private let keepingEvaluator: Evaluator = {
    var registry = FunctionRegistry.standard
    registry.register(FunctionSignature("keep", [Parameter("value", .any)], returns: .any, category: .logic,
                                        summary: "Returns its argument, keeping it until the input ends.",
                                        portability: .jfOnly)) { arguments throws(Diagnostic) in
        kept.values.append(arguments[0])
        return arguments[0]
    }
    return Evaluator(registry: registry, options: options)
}()

/// The linter finishes on any formula, and `jf lint --fix` (its safe fixes) never breaks one:
/// a formula that parses and works keeps its result (`=>`, `1e3`, `5-3`, `iff` are rewritten
/// for the SDKs), and one whose every syntax error has a fix (`===`, `=` for `==`, `&` for
/// `&&`) parses once fixed.
private func checkFixes(_ source: String, _ tree: SyntaxTree) {
    let fixes = linter.lint(expression: source).compactMap { $0.fix }.filter(\.isSafe)
    let syntaxErrors = tree.diagnostics.filter { $0.severity == .error }
    if tree.isValid {
        guard !fixes.isEmpty else { return }
        let fixed = Fix.apply(fixes, to: source)
        guard Parser.parse(fixed).isValid else { failure("the safe fixes break a formula: \(source) → \(fixed)") }
        // A fix may mend a formula that fails (`rund(x)`), never change one that works.
        let fixedTree = Parser.parse(fixed)
        // Lambdas are masked by their text, which a string literal may also hold.
        guard !quotesALambda(tree), !quotesALambda(fixedTree) else { return }
        let before = meaning({ () throws(Diagnostic) in try evaluator.evaluate(source, in: context) }, lambdasOf: tree)
        guard !before.hasPrefix("error") else { return }
        let after = meaning({ () throws(Diagnostic) in try evaluator.evaluate(fixed, in: context) }, lambdasOf: fixedTree)
        if before != after { failure("the safe fixes change a formula's result: \(source) → \(fixed): \(before) / \(after)") }
    } else if syntaxErrors.allSatisfy({ $0.fix?.isSafe == true }) {
        let fixed = Fix.apply(fixes, to: source)
        if !Parser.parse(fixed).isValid { failure("the safe fixes leave a syntax error: \(source) → \(fixed)") }
    }
}

/// What a formula computes, for formulas whose texts differ: the value's JSON with lambdas
/// left out (their JSON and text are their source as written, which a fix may respace), also
/// where a lambda's text went into a string (`"" + [(x) -> x]`), or the kind of error (its
/// message and span may quote the text).
private func meaning(_ evaluate: () throws(Diagnostic) -> Value, lambdasOf tree: SyntaxTree) -> String {
    func text(_ value: Value) -> String {
        switch value {
        case .lambda: return "<lambda>"
        case .array(let elements): return "[" + elements.map(text).joined(separator: ",") + "]"
        case .object(let object): return "{" + object.map { $0.0 + ":" + text($0.1) }.joined(separator: ",") + "}"
        default: return value.json
        }
    }
    do throws(Diagnostic) {
        var result = text(try evaluate())
        // Longest first, so that a lambda inside another is masked with it.
        let lambdas = tree.nodes.indices.filter { if case .lambda = tree.nodes[$0] { true } else { false } }
            .map { String(tree.text(of: NodeID($0))) }.sorted { $0.count > $1.count }
        for lambda in lambdas { result = masking(String(JSONText.string(lambda).dropFirst().dropLast()), in: result) }
        return result
    } catch {
        return "error \(error.kind.rawValue)"
    }
}

/// Whether a string literal of `tree` holds the text of one of its lambdas, which
/// ``meaning(_:lambdasOf:)`` would mask there too (`[(x)->0e3, "(x)->0e3"]`).
private func quotesALambda(_ tree: SyntaxTree) -> Bool {
    var lambdas: [Substring] = [], literals: [String] = []
    for index in tree.nodes.indices {
        switch tree.nodes[index] {
        case .lambda: lambdas.append(tree.text(of: NodeID(index)))
        case .string(let text): literals.append(tree.name(text))
        default: break
        }
    }
    return lambdas.contains { lambda in literals.contains { $0.contains(lambda) } }
}

/// `text` with each occurrence of `target` replaced by `<lambda>`, byte by byte (Foundation's
/// `replacingOccurrences` traps on some strings the fuzzer makes).
private func masking(_ target: String, in text: String) -> String {
    let bytes = Array(text.utf8), pattern = Array(target.utf8)
    guard !pattern.isEmpty, pattern.count <= bytes.count else { return text }
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if index + pattern.count <= bytes.count, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            result += Array("<lambda>".utf8)
            index += pattern.count
        } else {
            result.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: result, as: UTF8.self)
}

/// An evaluation's result as text that two evaluations of the same text are compared by: the
/// value's JSON, or `error` with the error's kind, span and message.
private func outcome(_ evaluate: () throws(Diagnostic) -> Value) -> String {
    do throws(Diagnostic) {
        return try evaluate().json
    } catch {
        return "error \(error.kind.rawValue) \(error.span.start)-\(error.span.end): \(error.message)"
    }
}

// MARK: - Documents

private let linter = Linter()
private let formatter = TemplateFormatter()

private func checkDocument(_ bytes: UnsafeBufferPointer<UInt8>) {
    checkSchema(bytes)
    let document: JoyDoc
    do throws(DocumentError) {
        document = try JoyDoc(bytes: bytes)
    } catch {
        return
    }
    let findings = linter.lint(document: document)
    _ = formatter.format(path: "fuzz.json", bytes: Array(bytes))
    let session = DocumentSession(document: document, options: options)
    // What jf run shows: its problems placed in the document and rendered as jf lint's.
    _ = HumanFormatter(colored: false).render(FileReport(path: "fuzz.json", bytes: Array(bytes),
                                                         findings: session.report([.reading, .formulas]).findings))
    if !String(decoding: bytes, as: UTF8.self).contains("jfLint") {
        checkLintAgreesWithRun(findings, session.formulaFindings, session.report(.formulas).findings)
        checkLintFindsNothingInWorkingFormulas(findings, document, session)
    }
    // A change to the first field that no formula computes, recomputed incrementally.
    if let input = document.fields.first(where: { $0.appliedFormulas.isEmpty }) {
        _ = try? session.set([(field: input.id, value: .number(7))])
    }
    var written: [UInt8] = []
    session.writeCurrent { written.append(contentsOf: $0) }
    let again: JoyDoc
    do throws(DocumentError) {
        again = try JoyDoc(bytes: written)
    } catch {
        failure("the document written back does not read: \(error.message)")
    }
    // Every result is in the written document, so evaluating it from scratch changes nothing:
    // the incremental update recomputed all that the change affects, and results read back
    // as they were written.
    let check = DocumentSession(document: again, options: options)
    if check.hasChanges {
        let rewritten = check.currentBytes
        let first = zip(written, rewritten).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, rewritten.count)
        let around = max(first - 40, 0)..<min(first + 40, rewritten.count)
        failure("evaluating the written document again changes it at byte \(first): …\(String(decoding: rewritten[around], as: UTF8.self))…")
    }
    checkEditor(document, bytes)
    checkChanges(document)
    checkRowOperations(document)
    checkDecorators(document)
    checkStoredValueFixes(document)
    checkAddedSuppressions(document, findings)
}

/// `jf lint --add-suppressions`: the annotations added silence every finding they are for, and
/// the document still reads. What may stay: `invalid-suppression` findings, and findings
/// whose annotation was malformed (which itself is an `invalid-suppression` finding), the
/// `unused-suppression` findings that were there before (no suppression silences them, and
/// added ones silence something), and with two fields of one id, findings of the second (a
/// finding names its field by id).
private func checkAddedSuppressions(_ document: JoyDoc, _ findings: [Finding]) {
    guard Set(document.fields.map(\.id)).count == document.fields.count else { return }
    let (edits, _) = Suppressions.edits(silencing: findings, in: document)
    guard !edits.isEmpty else { return }
    let again: JoyDoc
    do throws(DocumentError) {
        again = try JoyDoc(bytes: JSONEdit.apply(edits, to: document.bytes))
    } catch {
        failure("the added suppressions make a document that does not read: \(error.message)")
    }
    let unused = Set(findings.filter { $0.rule == "unused-suppression" }.map(\.message))
    let remaining = linter.lint(document: again).filter { !($0.rule == "unused-suppression" && unused.contains($0.message)) }
    if !remaining.contains(where: { $0.rule == "invalid-suppression" }), let finding = remaining.first {
        failure("a finding stays after --add-suppressions: \(finding.rule): \(finding.message)")
    }
}

private let valueLinter = Linter(settings: LintSettings(enabled: ["invalid-value"], severities: [:], targets: .swift, unsafeFixes: true))

/// `invalid-value`'s suggestions store what the type holds: applied, the document still reads,
/// and no value they wrote is reported with a suggestion again.
private func checkStoredValueFixes(_ document: JoyDoc) {
    let findings = valueLinter.lint(document: document)
    let edits = LintFixes.edits(for: findings, in: document).edits
    guard !edits.isEmpty else { return }
    let fixed = JSONEdit.apply(edits, to: document.bytes)
    let again: JoyDoc
    do throws(DocumentError) {
        again = try JoyDoc(bytes: fixed)
    } catch {
        failure("invalid-value's fixes make a document that does not read: \(error.message)")
    }
    // Where each replacement landed in the fixed text.
    var written: [Range<Int>] = []
    var shift = 0
    for edit in edits {
        let start = edit.span.lowerBound + shift
        written.append(start..<start + edit.replacement.utf8.count)
        shift += edit.replacement.utf8.count - edit.span.count
    }
    for finding in valueLinter.lint(document: again) where finding.fix != nil {
        if written.contains(where: { $0.contains(finding.location.start) }) {
            failure("invalid-value's fix did not settle the value: \(finding.message)")
        }
    }
}

/// Every decorated scope is listed with a path; a decorator added at a path that resolves
/// (each listed one, and each field's) is then read there, the document still reads, and the
/// fields other than the one decorated keep their text; removing it again leaves the
/// decorators of that scope as they were.
private func checkDecorators(_ document: JoyDoc) {
    _ = DecoratorCheck.issues(in: document)
    let reader = DecoratorEditor(document: document)
    var paths = reader.storedScopes().map(\.path)
    for page in document.pages { paths += page.positions.prefix(2).map { "\(page.id)/\($0.id)" } }
    for path in paths.prefix(8) {
        guard let scope = try? DecoratorScope.resolve(path, in: document) else { continue }
        var editor = DecoratorEditor(document: document)
        let before = (try? editor.shownDecorators(at: path))?.map(\.json.text) ?? []
        let decorator: JSONValue = .object([JSONMember("action", .string("fuzz-action")), JSONMember("icon", .string("flag"))])
        do throws(DecoratorError) {
            try editor.add([decorator], at: path)
        } catch {
            if error.message.contains("fuzz-action") { continue }   // already there
            failure("adding a decorator at \(path), which resolves, failed: \(error)")
        }
        guard let changed = try? JoyDoc(bytes: JSONEdit.apply(editor.edits, to: document.bytes)) else {
            failure("the document with a decorator added at \(path) does not read")
        }
        let after = DecoratorEditor(document: changed)
        guard let read = try? after.decorators(at: path), read.contains(where: { $0.action == "fuzz-action" }) else {
            failure("a decorator added at \(path) is not read there")
        }
        let decorated = document.fields[scope.field].id
        for field in document.fields where field.id != decorated {
            guard let old = field.json.span, let new = changed.field(field.id)?.json.span,
                  document.bytes[old].elementsEqual(changed.bytes[new]) else {
                failure("decorating \(path) changed the text of the field \(field.id)")
            }
        }
        var undo = DecoratorEditor(document: changed)
        guard (try? undo.remove(action: "fuzz-action", at: path)) != nil,
              let restored = try? JoyDoc(bytes: JSONEdit.apply(undo.edits, to: changed.bytes)) else {
            failure("the decorator added at \(path) cannot be removed again")
        }
        let now = (try? DecoratorEditor(document: restored).shownDecorators(at: path))?.map(\.json.text) ?? []
        if now != before { failure("adding and removing a decorator at \(path) changed what it shows: \(before) → \(now)") }
    }
}

/// Validation covers what is shown and says why what fails fails; page by page it covers the
/// same fields as the whole document; the linter reads logic as validation does.
private func checkEditor(_ document: JoyDoc, _ bytes: UnsafeBufferPointer<UInt8>) {
    let editor = DocumentSession(document: document, options: options)
    guard let report = try? editor.report(.validation, validating: ""), let validation = report.validation else {
        failure("validating the whole document threw")
    }
    for field in validation.fields {
        if !editor.visibility.shows(field: field.field.id) { failure("validation checked the hidden field \(field.field.id)") }
        if field.status == .invalid && !field.isMissing && field.rows.isEmpty { failure("\(field.field.id) is invalid with no reason") }
    }
    _ = HumanFormatter(colored: false).render(FileReport(path: "fuzz.json", bytes: Array(bytes), findings: report.findings))
    // The pages of the view validated (the mobile view's, when the first file has views).
    let pages = document.pages(in: editor.visibility.view)
    var byPages: Set<String> = []
    for page in Set(pages.map(\.id)) {
        guard let scoped = try? editor.validate(path: page) else { failure("validating the page \(page) threw") }
        byPages.formUnion(scoped.fields.map(\.field.id))
    }
    // A path names the first page with an id, so only unique page ids cover the document.
    let unique = Set(pages.map(\.id)).count == pages.count
    if unique && !pages.isEmpty && byPages != Set(validation.fields.map(\.field.id)) {
        failure("the pages' validations cover other fields than the document's")
    }
    if DocumentLogic(document).issues.map(\.issue.message) != editor.visibility.issues.map(\.issue.message) {
        failure("jf lint and jf validate read the conditional logic differently")
    }
    checkSchemaVisibility(validation, editor)
}

/// A required child schema that validation finds missing under a collection row is one the
/// editor says is shown there (where every row has an id, and no other row has it, so that a
/// row id names one row).
private func checkSchemaVisibility(_ validation: Validation, _ editor: DocumentSession) {
    for field in validation.fields where field.field.type == .collection && !field.rows.isEmpty {
        guard let position = editor.document.fieldIndex(field.field.id) else { continue }
        var ids: [String] = []
        var pending = editor.values.value(at: position)?.arrayValue ?? []
        while let row = pending.popLast() {
            ids.append(row["_id"]?.stringValue ?? "")
            for member in row["children"]?.members ?? [] {
                pending += member.value["value"]?.arrayValue ?? member.value.arrayValue ?? []
            }
        }
        guard Set(ids).count == ids.count, !ids.contains("") else { continue }
        var failing = field.rows
        while let row = failing.popLast() {
            for schema in row.missingSchemas where !editor.shows(schema: schema, under: row.id, in: field.field.id) {
                failure("validation asks for schema \(schema) under row \(row.id) of \(field.field.id), which is not shown there")
            }
            failing += row.children
        }
    }
}

/// Changes built from the document apply, all at once, and leave every other field's text alone.
private func checkChanges(_ document: JoyDoc) {
    var entries: [String] = []
    var named: Set<String> = []
    if let input = document.fields.first(where: { $0.appliedFormulas.isEmpty && $0.type != .table && $0.type != .collection }) {
        entries.append(#"{"target":"field.update","fieldId":\#(JSONText.string(input.id)),"change":{"value":7}}"#)
        named.insert(input.id)
    }
    // A table's rows, or a collection's root rows.
    if let table = document.fields.first(where: { $0.type == .table || $0.type == .collection }) {
        let id = JSONText.string(table.id)
        named.insert(table.id)
        entries.append(#"{"target":"field.value.rowCreate","fieldId":\#(id),"change":{"row":{"cells":{"x":1}},"targetRowIndex":0}}"#)
        // Rows whose id no other row (deleted or not) has, so each change names one row (an empty
        // id names none).
        let rows = table.value?.arrayValue ?? []
        let ids = rows.compactMap { $0["_id"]?.stringValue }
        let unique = rows.filter { $0["deleted"]?.boolValue != true }.compactMap { $0["_id"]?.stringValue }
            .filter { row in !row.isEmpty && ids.filter { $0 == row }.count == 1 }
        if let first = unique.first {
            entries.append(#"{"target":"field.value.rowUpdate","fieldId":\#(id),"change":{"rowId":\#(JSONText.string(first)),"row":{"cells":{"y":"z"}}}}"#)
            entries.append(#"{"target":"field.value.rowMove","fieldId":\#(id),"change":{"rowId":\#(JSONText.string(first)),"targetRowIndex":1}}"#)
        }
        if unique.count > 1 {
            entries.append(#"{"target":"field.value.rowDelete","fieldId":\#(id),"change":{"rowId":\#(JSONText.string(unique[1]))}}"#)
        }
        if table.type == .collection {
            entries += childRowChanges(table, id: id, rows: rows, rootIDs: unique)
        }
    }
    guard !entries.isEmpty else { return }
    let changes: [DocumentChange]
    do {
        changes = try DocumentChange.list(from: try JSONReader.read("[" + entries.joined(separator: ",") + "]"))
    } catch {
        failure("the changes built from the document do not read: \(error)")
    }
    let changed: [UInt8]
    do throws(ChangeError) {
        changed = try ChangeApplier.apply(changes, to: document) { "fuzzrow" }
    } catch {
        // A table that already has a row "fuzzrow".
        if error.message.contains("fuzzrow") { return }
        failure("a change built from the document does not apply: \(error)")
    }
    guard let result = try? JoyDoc(bytes: changed) else { failure("the changed document does not read as a JoyDoc") }
    let before = document.bytes, after = result.bytes
    for field in document.fields where !named.contains(field.id) {
        guard let old = field.json.span, let new = result.field(field.id)?.json.span,
              before[old].elementsEqual(after[new]) else {
            failure("the field \(field.id), which no change names, changed its text")
        }
    }
}

/// The SDKs' row operations (``RowOperations``) on the first table or collection, naming rows
/// whose id no other row of the field has: their entries apply, the result reads, and each
/// does what it says (a copy right below its row, a row gone, a row one place up).
private func checkRowOperations(_ document: JoyDoc) {
    guard let field = document.fields.first(where: { $0.type == .table || $0.type == .collection }) else { return }
    let stored = field.value?.arrayValue ?? []
    var all: [String] = stored.map { $0["_id"]?.stringValue ?? "" }
    if field.type == .collection {
        for row in stored { CollectionRows.forEachRow(under: row) { child, _ in all.append(child["_id"]?.stringValue ?? ""); return .next } }
    }
    var counts: [String: Int] = [:]
    for id in all { counts[id, default: 0] += 1 }
    let shown = Field.liveRows(stored, order: field.rowOrder).compactMap { $0["_id"]?.stringValue }.filter { !$0.isEmpty && counts[$0] == 1 }
    guard let first = shown.first else { return }
    let operations = RowOperations(document: document)
    func apply(_ entries: [JSONValue], _ what: String) -> [String] {
        do {
            let result = try JoyDoc(bytes: try ChangeApplier.apply(try DocumentChange.list(from: .array(entries)), to: document))
            guard let changed = result.field(field.id) else { failure("\(what) lost the field '\(field.id)'") }
            return Field.liveRows(changed.value?.arrayValue ?? [], order: changed.rowOrder).map { $0["_id"]?.stringValue ?? "" }
        } catch {
            failure("\(what) of row '\(first)' does not apply: \(error)")
        }
    }
    let before = Field.liveRows(stored, order: field.rowOrder).map { $0["_id"]?.stringValue ?? "" }
    guard let index = before.firstIndex(of: first) else { return }
    // Places are written as a `rowOrder` of ids, which cannot order rows that share an id or
    // have none.
    let placesHold = counts[""] == nil && counts.values.allSatisfy { $0 == 1 }
    do {
        let duplicated = apply(try operations.duplicateRows([first], in: field.id), "duplicateRows")
        if placesHold, duplicated.count != before.count + 1 || duplicated[index] != first || before.contains(duplicated[index + 1]) {
            failure("duplicateRows of '\(first)' did not put a copy right below it: \(before) → \(duplicated)")
        }
        let deleted = apply(try operations.deleteRows([first], in: field.id), "deleteRows")
        if deleted.contains(first) { failure("deleteRows left '\(first)' shown") }
        let moved = apply(try operations.moveRowUp(first, in: field.id), "moveRowUp")
        if placesHold, index > 0, moved.firstIndex(of: first) != index - 1 { failure("moveRowUp did not move '\(first)' one place up: \(moved)") }
        _ = apply(try operations.bulkEdit([first], in: field.id, cells: [JSONMember("x", .number(1))]), "bulkEdit")
        _ = apply([try operations.insertBelow(first, in: field.id)], "insertBelow")
    } catch {
        failure("a row operation on '\(first)', a row shown, is refused: \(error)")
    }
}

/// Changes below a collection's root rows: under the first root row of `rootIDs` (the one
/// ``checkChanges(_:)`` updates and does not delete), when no other row of the field has its
/// id, its first live child row with such an id updated and moved, and a row created beside it
/// (named by the root row's id and the child's schema, when the root schema lists that schema
/// among its children).
private func childRowChanges(_ collection: Field, id: String, rows: [JSONValue], rootIDs: [String]) -> [String] {
    var count: [String: Int] = [:]
    var pending = rows
    while let row = pending.popLast() {
        if let rowID = row["_id"]?.stringValue { count[rowID, default: 0] += 1 }
        for member in row["children"]?.members ?? [] { pending += Field.childRows(of: row, schema: member.key).rows }
    }
    if let rootID = rootIDs.first, count[rootID] == 1, let root = rows.first(where: { $0["_id"]?.stringValue == rootID }) {
        for member in root["children"]?.members ?? [] {
            let live = Field.childRows(of: root, schema: member.key).rows.filter { $0["deleted"]?.boolValue != true }
            guard let child = live.compactMap({ $0["_id"]?.stringValue }).first(where: { !$0.isEmpty && count[$0] == 1 }) else { continue }
            var entries = [
                #"{"target":"field.value.rowUpdate","fieldId":\#(id),"change":{"rowId":\#(JSONText.string(child)),"row":{"cells":{"y":"z"}}}}"#,
                #"{"target":"field.value.rowMove","fieldId":\#(id),"change":{"rowId":\#(JSONText.string(child)),"targetRowIndex":0}}"#,
            ]
            if collection.rootSchema?.children.contains(member.key) == true {
                entries.append(#"{"target":"field.value.rowCreate","fieldId":\#(id),"change":{"row":{"cells":{"x":2}},"parentPath":\#(JSONText.string(rootID)),"schemaId":\#(JSONText.string(member.key)),"targetRowIndex":1}}"#)
            }
            return entries
        }
    }
    return []
}

/// `jf lint` finds, without evaluating, every error of a run that does not depend on values:
/// the same cycles, and each syntax error, unknown name or function, wrong arity, missing
/// formula and invalid key at the same formula and span, and at the same place in the
/// document as `jf run` shows it (a template that lints clean does not fail these ways when it
/// runs); a missing formula or invalid key in the same words; and a result it says a field
/// cannot store is not stored. Skipped for documents that silence rules (`jfLint`).
private func checkLintAgreesWithRun(_ findings: [Finding], _ errors: [Finding], _ placed: [Finding]) {
    let staticRules: Set<DiagnosticCode> = [.syntaxError, .invalidOperator, .unknownReference, .unknownColumn, .unknownFunction,
                                      .wrongArity, .missingFormula, .invalidKey]
    for (error, shown) in zip(errors, placed) where staticRules.contains(error.code) {
        let found = findings.first { finding in
            finding.rule == error.code.name && (error.formula == nil
                ? finding.field == error.field && finding.message == error.message && finding.location == shown.location
                : finding.formula == error.formula && finding.span == error.span)
        }
        guard let found else { failure("jf lint misses \(error.code) in field \(error.field ?? "?"): \(error.message)") }
        if found.location != shown.location {
            failure("jf lint places \(error.code) at \(found.location.line):\(found.location.column), jf run at \(shown.location.line):\(shown.location.column)")
        }
    }
    for finding in findings where finding.rule == "write-type-mismatch" && !errors.contains(where: { $0.field == finding.field }) {
        failure("jf lint says field \(finding.field ?? "?") cannot store its result, and the run stores it: \(finding.message)")
    }
    // A long cycle's path is given in full on one of its fields (with `cycle`), shortened on the others.
    let cycles = Set(errors.filter { $0.code == .circularReference && $0.cycle != nil }.map(\.message))
    let lintedCycles = Set(findings.filter { $0.rule == "circular-reference" }.map(\.message))
    if cycles != lintedCycles { failure("jf lint and the engine see other cycles: \(lintedCycles.sorted()) / \(cycles.sorted())") }
}

/// A formula that a run evaluated without failing, and evaluated in every part (no lambda,
/// `if` or `&&`), has no error finding of the formula rules: `jf lint` in CI does not fail a
/// template whose formulas work.
private func checkLintFindsNothingInWorkingFormulas(_ findings: [Finding], _ document: JoyDoc, _ session: DocumentSession) {
    let formulaRules: Set = ["syntax-error", "invalid-operator", "unknown-reference", "unknown-column", "unknown-function",
                             "wrong-arity", "type-mismatch", "division-by-zero"]
    let working = Set(session.fieldReports.filter { $0.status == .ok }.compactMap { document.field($0.field) }
        .flatMap { $0.appliedFormulas.map(\.formula) })
    for finding in findings where finding.severity == .error && formulaRules.contains(finding.rule) {
        guard let id = finding.formula, working.contains(id), let definition = document.formula(id) else { continue }
        if evaluatesEverything(Parser.parse(definition.expression)) {
            failure("jf lint reports \(finding.rule) (\(finding.message)) in formula \(id), which works: \(definition.expression)")
        }
    }
}

// MARK: - REPL

/// Files in memory: the document a session loads, and what `:save` writes.
private final class MemoryFiles: REPLFileSystem {
    var files: [String: [UInt8]]
    init(_ files: [String: [UInt8]]) { self.files = files }
    func read(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw MissingFile() }
        return bytes
    }
    func write(_ bytes: [UInt8], to path: String) throws { files[path] = bytes }
    struct MissingFile: Error {}
}

/// examples/invoice.json, read once (scripts/fuzz.sh runs from the repository's root).
private let invoice: [UInt8] = {
    guard let source = SourceBytes.contentsOfFile("examples/invoice.json") else { failure("examples/invoice.json is not readable") }
    return Array(source.buffer)
}()

private func checkREPL(_ input: String) {
    let session = REPLSession(files: MemoryFiles(["doc.json": invoice]), options: options)
    _ = session.feed(":load doc.json")
    for line in input.split(separator: "\n", omittingEmptySubsequences: false) {
        _ = session.completions(for: String(line))
        if session.feed(String(line))?.quit == true { return }
    }
    _ = session.finish()
}

private func checkLanguageServer(_ text: String) {
    for (uri, language) in [("file:///fuzz/doc.json", "json"), ("file:///fuzz/f.jf", "jf")] {
        let server = LanguageServer(version: "fuzz") { _ in .standard }
        var lines = utf16LineLengths(text)
        func send(_ message: JSONValue) -> [JSONValue] {
            server.handle(Array(message.text.utf8)).map { reply in
                guard let value = try? JSONReader.read(reply) else { failure("not JSON: \(reply.prefix(200))") }
                checkRanges(value, lines: lines, in: reply)
                return value
            }
        }
        func request(_ method: String, _ params: [JSONMember]) -> [JSONValue] {
            send(.object([JSONMember("jsonrpc", .string("2.0")), JSONMember("id", .number(1)),
                          JSONMember("method", .string(method)), JSONMember("params", .object(params))]))
        }
        func position(_ line: Int, _ character: Int) -> JSONValue {
            .object([JSONMember("line", .number(Double(line))), JSONMember("character", .number(Double(character)))])
        }
        let document = JSONValue.object([JSONMember("uri", .string(uri))])
        _ = request("initialize", [JSONMember("capabilities", .object([]))])
        _ = send(.object([JSONMember("method", .string("textDocument/didOpen")), JSONMember("params", .object([
            JSONMember("textDocument", .object([JSONMember("uri", .string(uri)), JSONMember("languageId", .string(language)),
                                                 JSONMember("version", .number(1)), JSONMember("text", .string(text))]))]))]))
        let whole = JSONValue.object([JSONMember("start", position(0, 0)), JSONMember("end", position(lines.count, 0))])
        for action in request("textDocument/codeAction", [JSONMember("textDocument", document), JSONMember("range", whole),
                                                          JSONMember("context", .object([]))]).first?["result"]?.arrayValue ?? [] {
            guard action["kind"]?.stringValue == "source.fixAll.jf" else { continue }
            checkOrdered(action["edit"]?["changes"]?[uri]?.arrayValue ?? [], "fix-all")
        }
        _ = request("textDocument/formatting", [JSONMember("textDocument", document), JSONMember("options", .object([]))])
        _ = request("textDocument/documentSymbol", [JSONMember("textDocument", document)])
        _ = request("workspace/symbol", [JSONMember("query", .string("a"))])
        // Semantic tokens: in order, each on a line of the text and within it.
        let data = request("textDocument/semanticTokens/full", [JSONMember("textDocument", document)])
            .last?["result"]?["data"]?.arrayValue?.compactMap { $0.numberValue.map(Int.init) } ?? []
        var (line, character) = (0, 0)
        for index in stride(from: 0, to: data.count - 4, by: 5) {
            if data[index] < 0 || (data[index] == 0 && data[index + 1] < 0) || data[index + 2] <= 0 { failure("semantic tokens out of order: \(data)") }
            line += data[index]
            character = data[index] == 0 ? character + data[index + 1] : data[index + 1]
            if line >= lines.count || character + data[index + 2] > lines[line] { failure("a semantic token outside the text: \(data)") }
        }
        _ = request("textDocument/inlayHint", [JSONMember("textDocument", document), JSONMember("range", whole)])
        for line in stride(from: 0, to: lines.count, by: max(1, lines.count / 4)) {
            for character in stride(from: 0, through: lines[line], by: max(1, lines[line] / 6)) {
                for method in ["textDocument/hover", "textDocument/completion", "textDocument/signatureHelp",
                               "textDocument/definition", "textDocument/references", "textDocument/documentHighlight",
                               "textDocument/prepareRename"] {
                    _ = request(method, [JSONMember("textDocument", document), JSONMember("position", position(line, character))])
                }
                let renamed = request("textDocument/rename", [JSONMember("textDocument", document), JSONMember("position", position(line, character)),
                                                              JSONMember("newName", .string("renamed_field"))])
                checkOrdered(renamed.last?["result"]?["changes"]?[uri]?.arrayValue ?? [], "rename")
            }
        }
        // Cut the text at its middle line's middle with a ranged change, and check again.
        let middle = lines.count / 2
        let cut = JSONValue.object([JSONMember("start", position(middle, lines[middle] / 2)), JSONMember("end", position(lines.count, 0))])
        lines = Array(lines[...middle])
        lines[middle] = lines[middle] / 2
        _ = send(.object([JSONMember("method", .string("textDocument/didChange")), JSONMember("params", .object([
            JSONMember("textDocument", document),
            JSONMember("contentChanges", .array([.object([JSONMember("range", cut), JSONMember("text", .string(""))])]))]))]))
    }
}

/// Text edits of one answer (fix-all, a rename) must be in order and must not overlap.
private func checkOrdered(_ edits: [JSONValue], _ what: String) {
    var previous: (line: Double, character: Double) = (-1, -1)
    for edit in edits {
        let start = edit["range"]!["start"]!, end = edit["range"]!["end"]!
        let from = (start["line"]!.numberValue!, start["character"]!.numberValue!)
        if from < previous { failure("\(what) edits overlap or are out of order") }
        previous = (end["line"]!.numberValue!, end["character"]!.numberValue!)
    }
}

/// Each line's length in UTF-16 units, lines ending at `\n`, `\r\n` or `\r` as the protocol says.
private func utf16LineLengths(_ text: String) -> [Int] {
    var lengths = [0]
    var afterCR = false
    for scalar in text.unicodeScalars {
        if scalar == "\n" && afterCR { afterCR = false; continue }
        afterCR = scalar == "\r"
        if scalar == "\n" || scalar == "\r" { lengths.append(0) } else { lengths[lengths.count - 1] += scalar.utf16.count }
    }
    return lengths
}

/// Every `range` in a message from the server holds positions in the text (`lines`: each
/// line's length in UTF-16 units).
private func checkRanges(_ value: JSONValue, lines: [Int], in reply: String) {
    if let range = value["range"], let start = range["start"], let end = range["end"] {
        for position in [start, end] {
            guard let line = position["line"]?.numberValue.map(Int.init), let character = position["character"]?.numberValue.map(Int.init),
                  line < max(lines.count, 1), character <= (lines.isEmpty ? 0 : lines[line]) else {
                failure("a range outside the text: \(range.text) in \(reply.prefix(300))")
            }
        }
    }
    for element in value.arrayValue ?? [] { checkRanges(element, lines: lines, in: reply) }
    for member in value.members ?? [] { checkRanges(member.value, lines: lines, in: reply) }
}

// MARK: - The language server's input stream

/// The bytes of a client's stream, cut where its first byte says, framed and handled as
/// `jf lsp` does.
private func checkMessageStream(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first else { return }
    let stream = bytes.dropFirst()
    let cut = stream.startIndex + Int(first) * stream.count / 256
    let server = LanguageServer(version: "fuzz") { _ in .standard }
    var framing = MessageFraming()
    for part in [stream[..<cut], stream[cut...]] {
        framing.append(part)
        while server.exitCode == nil {
            let body: [UInt8]
            do {
                guard let next = try framing.next() else { break }
                body = next
            } catch {
                return   // `jf lsp` stops here: where the next message starts is unknown
            }
            let replies = server.handle(body) + server.publishStaleDiagnostics()
            for reply in replies {
                guard let value = try? JSONReader.read(reply), value.isObject, value["jsonrpc"]?.stringValue == "2.0" else {
                    failure("a reply that is not a JSON-RPC object: \(reply.prefix(200))")
                }
            }
            // A request (a string method, a number or string id) has one response, with its id.
            guard let message = try? JSONReader.read(body), message.isObject, message["method"]?.stringValue != nil,
                  let id = message["id"], id.numberValue != nil || id.stringValue != nil else { continue }
            let responses = replies.compactMap { try? JSONReader.read($0) }.filter { $0["method"] == nil }
            guard responses.count == 1, let response = responses.first, response["id"]?.text == id.text,
                  (try? JSONReader.read(replies.last ?? ""))?["method"] == nil else {
                failure("request \(id.text) got \(responses.count) responses: \(replies.map { $0.prefix(120) })")
            }
        }
    }
}

// MARK: - Configuration files and path patterns

private func checkConfiguration(_ bytes: UnsafeBufferPointer<UInt8>) {
    let paths = ["a.json", "forms/legacy/b.draft.json", Array(repeating: "d", count: 40).joined(separator: "/") + "/x.json"]
    for name in ["jf.toml", ".jf.json"] {
        guard let configuration = try? LintConfiguration(text: Array(bytes), name: name) else { continue }
        for path in paths { _ = configuration.settings(for: path) }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline).prefix(64) {
        let glob = Glob(String(line))
        for path in paths { _ = glob.matches(path) }
        // Paths are matched as given, relative and without `.` or `..` parts (a pattern's
        // leading `./` is read past; a path's is not).
        let parts = line.split(separator: "/")
        // Bytes, not characters: a `[` and a combining mark after it are one Character.
        if !line.utf8.contains(where: { "*?[\\".utf8.contains($0) }), !parts.isEmpty, !parts.contains(where: { $0 == "." || $0 == ".." }),
           !glob.matches(String(line)) {
            failure("the pattern \(String(reflecting: String(line))) does not match itself")
        }
    }
}

// MARK: The schema check

/// The schema check on any JSON: it finishes, and each violation's pointer, written and read
/// back the same, names a value of the document (read here by a reader of its own) whose place
/// is the violation's (a missing key's object lacks the key). On a JoyDoc, `jf lint` reports
/// one schema finding a violation.
private func checkSchema(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let json = try? JSONReader.read(Array(bytes)) else { return }
    let violations = SchemaCheck.check(json)
    for violation in violations {
        guard JSONPointer(violation.pointer.description) == violation.pointer
                || violation.pointer.steps.contains(where: { if case .key(let key) = $0 { return Int(key) != nil } else { return false } }) else {
            failure("the schema violation's pointer \(violation.pointer) does not read back as itself")
        }
        guard let value = valueAt(violation.pointer.description, in: json) else {
            failure("the schema violation's pointer \(violation.pointer) names nothing: \(violation.message)")
        }
        // Placed where its value starts (a missing key: at the object's opening brace).
        if let span = violation.span, let place = value.span, span.lowerBound != place.lowerBound || span.upperBound > place.upperBound {
            failure("the schema violation at \(violation.pointer) is placed at \(span), its value at \(place)")
        }
        if let key = violation.missingKey, value[key] != nil {
            failure("the schema violation at \(violation.pointer) says \(key) is missing, but it is there")
        }
    }
    guard let document = try? JoyDoc(bytes: bytes), !String(decoding: bytes, as: UTF8.self).contains("jfLint") else { return }
    let schemaFindings = linter.lint(document: document).filter { $0.code == .schemaValidation || $0.code == .schemaVersion }
    if schemaFindings.count != violations.count {
        failure("jf lint reports \(schemaFindings.count) schema findings for \(violations.count) violations")
    }
}

/// The value a JSON pointer names (RFC 6901), walked plainly: the check of the linter's own.
private func valueAt(_ pointer: String, in root: JSONValue) -> JSONValue? {
    var value = root
    for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
        if let elements = value.arrayValue {
            guard let index = Int(token), elements.indices.contains(index) else { return nil }
            value = elements[index]
        } else {
            guard let member = value[token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")] else { return nil }
            value = member
        }
    }
    return value
}

// MARK: jf serve

/// The folder the fuzzed server opens and saves in: a copy of the invoice, made again for each
/// input, and nothing else.
private let serveFolder: String = {
    var template = Array("/tmp/jf-fuzz-serve-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { failure("cannot make a folder for the serve target") }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

private let invoiceBytes: [UInt8] = {
    guard let file = fopen("examples/invoice.json", "rb") else { failure("run the serve target from the repository's root") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}()

private let knownStatuses: Set<Int> = [200, 400, 401, 403, 404, 405, 409, 413, 421, 422, 431]

/// One connection's bytes to a server of the invoice in ``serveFolder``, with the token
/// `0123…` (which the dictionary offers, as it offers the host names and headers).
private func checkServe(_ bytes: UnsafeBufferPointer<UInt8>) {
    // The folder holds the invoice alone, as it was.
    if let folder = opendir(serveFolder) {
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(serveFolder + "/" + name) }
        }
        closedir(folder)
    }
    let path = serveFolder + "/invoice.json"
    guard let file = fopen(path, "wb") else { failure("cannot write \(path)") }
    _ = invoiceBytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    var configuration = FormServer.Configuration(write: { data, target in
        guard let file = fopen(target, "wb") else { throw POSIXFailure() }
        _ = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    })
    configuration.token = serveToken
    let server: FormServer
    do {
        configuration.folders = try DocumentFolders([serveFolder])
        server = try FormServer(document: try JoyDoc(bytes: invoiceBytes), path: path, configuration: configuration)
    } catch {
        failure("the serve target's server does not start: \(error)")
    }
    let input = Array(bytes)
    let text = String(decoding: input, as: UTF8.self).lowercased()
    let answers = blocking { await server.exchange(input) }
    for answer in answers {
        guard knownStatuses.contains(answer.status) else {
            failure("\(answer.method) \(answer.path) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self).prefix(200))")
        }
        if answer.path.hasPrefix("/api/"), answer.path != "/api/document", !answer.body.isEmpty, (try? JSONReader.read(answer.body)) == nil {
            failure("\(answer.method) \(answer.path) answered \(answer.status) with a body that is not JSON")
        }
        guard (200..<300).contains(answer.status) else { continue }
        if !text.contains(serveToken) { failure("\(answer.method) \(answer.path) answered \(answer.status) without the token") }
        if !text.contains("127.0.0.1:8080") && !text.contains("localhost:8080") {
            failure("\(answer.method) \(answer.path) answered \(answer.status) without the server's host name")
        }
        if answer.method != "GET" && answer.method != "HEAD" && !text.contains("x-jf-request") {
            failure("\(answer.method) \(answer.path) answered \(answer.status) without X-JF-Request")
        }
        if answer.path.hasPrefix("/api/open"), let opened = try? JSONReader.read(answer.body), let shown = opened["path"]?.stringValue,
           let real = realpath(shown, nil) {
            defer { free(real) }
            if !String(cString: real).hasPrefix(serveFolder + "/") { failure("/api/open opened \(shown), outside the server's folder") }
        }
    }
    let request = "GET /api/document HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Token \(serveToken)\r\n\r\n"
    let after = blocking { await server.exchange(Array(request.utf8)) }
    guard after.first?.status == 200, (try? JoyDoc(bytes: after.first?.body ?? [])) != nil else {
        failure("after the exchange the document does not read as a JoyDoc")
    }
}

private let serveToken = "0123456789abcdef0123456789abcdef0123456789abcdef"

private struct POSIXFailure: Error {}

/// Runs `work` to its end from the fuzzer's synchronous callback.
private func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await work()
        done.signal()
    }
    done.wait()
    return box.value!
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
