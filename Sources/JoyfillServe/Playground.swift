import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillREPL
import JoyfillSession

/// The playground's answers, as JSON for the page, from the REPL session bound to the
/// document: the same checker, evaluation, completion and `:explain` as `jf repl`, and the
/// same signature help as the language server. The cursor and completion and signature
/// offsets are UTF-16 code units, as the browser counts them; diagnostics are `jf eval`'s.
struct Playground {
    let session: REPLSession

    /// `{"ok", "value", "type", "diagnostics": [{severity, kind, code, message, span, notes?,
    /// fix?}], "explain", "signature", "tokens": [[start, end, role]], "reads": [name]}`: each
    /// diagnostic is `jf eval --json`'s error object with its severity (offsets in UTF-8 bytes
    /// of the formula, as there); the tokens are coloured by ``TokenRole`` (the same offsets);
    /// `reads` are the free names the formula reads, the fields among them highlighted on the form.
    func analyse(_ formula: String, cursor: Int) -> JSONValue {
        let tokens = JSONValue.array(TokenRole.classify(formula).map { token in
            .array([.integer(token.span.start), .integer(token.span.end), .string(token.role.name)])
        })
        guard !formula.allSatisfy(\.isWhitespace) else {
            return .object([JSONMember("ok", .bool(true)), JSONMember("value", .null), JSONMember("type", .null),
                            JSONMember("diagnostics", .array([])), JSONMember("explain", .string("")),
                            JSONMember("signature", signature(formula, cursor: cursor)), JSONMember("tokens", tokens),
                            JSONMember("reads", .array([]))])
        }
        let analysis = session.analyse(formula)
        // Each as `jf eval --json` reports an error (docs/schemas/eval.schema.json, its
        // `error`), with its severity: offsets in bytes of the formula, which the page maps
        // to its own.
        var diagnostics = JSONWriter()
        diagnostics.beginArray()
        for diagnostic in analysis.diagnostics {
            diagnostics.beginObject()
            diagnostics.key("severity"); diagnostics.string(diagnostic.severity.rawValue)
            diagnostic.writeMembers(to: &diagnostics, in: formula)
            diagnostics.endObject()
        }
        diagnostics.endArray()
        var value: JSONValue = .null
        if case .success = analysis.result { value = .string(analysis.printed) }
        return .object([JSONMember("ok", .bool(value != .null)), JSONMember("value", value),
                        JSONMember("type", .string(analysis.staticType)), JSONMember("diagnostics", JSONValue(encoded: diagnostics.encoded)),
                        JSONMember("explain", .string(analysis.explanation)),
                        JSONMember("signature", signature(formula, cursor: cursor)), JSONMember("tokens", tokens),
                        JSONMember("reads", .strings(Parser.parse(formula).references))])
    }

    /// Formulas to start from, for any document: `(label, formula)`.
    static let builtInExamples: [(String, String)] = [
        ("Round a number", "round(3.14159, 2)"),
        ("Text in capitals", #"upper("joyfill")"#),
        ("A condition", #"if(10 > 5, "more", "less")"#),
        ("Each element doubled", "map([1, 2, 3], (n) -> n * 2)"),
        ("Only the large ones", "filter([3, 8, 1, 12], (n) -> n > 5)"),
        ("Thirty days from now", #"dateAdd(now(), 30, "days")"#),
        ("Text joined", #"concat("Total: ", sum(4, 5.5))"#),
    ]

    /// The examples the playground offers: the document's own formulas (by their `desc`,
    /// else their `_id`; the first 50), then ``builtInExamples``.
    static func examples(of document: JoyDoc) -> [(String, String)] {
        let own = document.formulas.prefix(50).map { formula -> (String, String) in
            let description = formula.json["desc"]?.stringValue ?? ""
            return ("\(description.isEmpty ? formula.id : description) (this document)", formula.expression)
        }
        return own + builtInExamples
    }

    /// `{"formula"}`: `formula` laid out as `jf fmt` lays it out; an error when it does not
    /// parse (a formula with errors is left as it is).
    static func format(_ formula: String) throws(ServeError) -> JSONValue {
        guard let formatted = Printer.format(formula) else {
            throw ServeError("the formula has errors: fix them, then format it")
        }
        return .object([JSONMember("formula", .string(formatted))])
    }

    /// `{"from", "to", "items": [text]}`: the REPL's completions of the word that ends at
    /// `cursor`, which replace the text from `from` to `to`.
    func complete(_ formula: String, cursor: Int) -> JSONValue {
        let before = String(decoding: formula.utf8.prefix(formula.byteOffset(ofUTF16: cursor)), as: UTF8.self)
        let line = before.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? before
        let items = line.hasPrefix(":") ? [] : session.completions(for: line) ?? []
        let word = line.unicodeScalars.reversed().prefix { REPLSession.isNameScalar($0) }
        let to = before.utf16.count
        return .object([JSONMember("from", .integer(to - word.reduce(0) { $0 + UTF16.width($1) })),
                        JSONMember("to", .integer(to)), JSONMember("items", .strings(Array(items.prefix(200))))])
    }

    /// The signature of the call the cursor is in, with the parameter being typed:
    /// `{"label", "summary", "parameter": {start, end}}` (offsets in the label), or null.
    func signature(_ formula: String, cursor: Int) -> JSONValue {
        let before = String(decoding: formula.utf8.prefix(formula.byteOffset(ofUTF16: cursor)), as: UTF8.self)
        guard let (name, argument) = Lexer.openCall(before: before),
              let signature = session.registry.lookup(name)?.signature else { return .null }
        let (label, spans) = signature.usageWithParameters
        var members = [JSONMember("label", .string(label)), JSONMember("summary", .string(signature.summary))]
        if !spans.isEmpty {
            let span = spans[min(argument, spans.count - 1)]
            members.append(JSONMember("parameter", .object([JSONMember("start", .integer(label.utf16Offset(ofByte: span.lowerBound))),
                                                            JSONMember("end", .integer(label.utf16Offset(ofByte: span.upperBound)))])))
        }
        return .object(members)
    }

    /// `{"field", "formula", "reads", "dependsOn", "readBy", "recomputes", "cycle",
    /// "dependsOnCycle"}`: `field`'s place in the dependency graph.
    func dependencies(of field: String, in bound: DocumentSession) -> JSONValue {
        let deps = bound.dependencies(of: field)
        let formulas = bound.document.field(field)?.appliedFormulas.compactMap { bound.document.formula($0.formula)?.expression } ?? []
        return .object([JSONMember("field", .string(field)), JSONMember("formula", .strings(formulas)),
                        JSONMember("reads", .strings(deps.reads)), JSONMember("dependsOn", .strings(deps.dependsOn)),
                        JSONMember("readBy", .strings(deps.readBy)), JSONMember("recomputes", .strings(deps.recomputes)),
                        JSONMember("cycle", .strings(deps.cycle)), JSONMember("dependsOnCycle", .bool(deps.dependsOnCycle))])
    }
}
