import Foundation
import JoyfillLint
import Testing
@testable import JoyfillLanguageServer

/// Every rule but the schema's: the documents here are written to show formulas, and lack what a
/// document the SDKs load has (`files`, a field's `file`, …). ``schemaFindingsArePublished()``
/// checks the schema's findings.
let withoutSchema = LintSettings(enabled: Set(LintRule.names).subtracting(["schema-version", "schema-validation"]),
                                 severities: [:], targets: .swift)

/// A client of an in-process server: sends messages as JSON objects, decodes what comes back.
final class Client {
    let server: LanguageServer
    private var nextID = 1

    init(settings: @escaping LanguageServer.SettingsLookup = { _ in withoutSchema }, encodings: [String]? = nil,
         capabilities more: [String: Any] = [:]) throws {
        server = LanguageServer(version: "test", settings: settings)
        var capabilities = more
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        _ = try request("initialize", ["capabilities": capabilities])
    }

    func send(_ message: [String: Any]) throws -> [[String: Any]] {
        let body = try JSONSerialization.data(withJSONObject: message)
        return try (server.handle(Array(body)) + server.publishStaleDiagnostics()).map { text in
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
    }

    /// A request's response (the first message back, which answers it).
    func request(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
        defer { nextID += 1 }
        let replies = try send(["jsonrpc": "2.0", "id": nextID, "method": method, "params": params])
        let response = try #require(replies.first)
        #expect(response["id"] as? Int == nextID)
        return response
    }

    /// The messages a notification makes the server send.
    func notify(_ method: String, _ params: [String: Any] = [:]) throws -> [[String: Any]] {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Opens a document and returns the diagnostics published for it.
    func open(_ uri: String, _ text: String, language: String = "json") throws -> [[String: Any]] {
        let published = try notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": language, "version": 1, "text": text]])
        return try Client.diagnostics(published)
    }

    static func diagnostics(_ messages: [[String: Any]]) throws -> [[String: Any]] {
        let message = try #require(messages.first)
        #expect(message["method"] as? String == "textDocument/publishDiagnostics")
        return try #require((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
    }
}

/// `[line, character, line, character]` of a range.
func span(_ value: Any?) -> [Int] {
    let range = value as? [String: Any]
    let start = range?["start"] as? [String: Any], end = range?["end"] as? [String: Any]
    return [start?["line"], start?["character"], end?["line"], end?["character"]].map { $0 as? Int ?? -1 }
}

/// Applies LSP text edits to a text (UTF-16 positions, edits that do not overlap).
func applying(_ edits: [[String: Any]], to text: String) -> String {
    let lines = TextLines(Array(text.utf8), encoding: .utf16)
    func offset(_ position: Any?) -> Int {
        let position = position as? [String: Any]
        return lines.offset(of: Position(line: position?["line"] as? Int ?? 0, character: position?["character"] as? Int ?? 0))
    }
    var bytes = Array(text.utf8)
    let placed = edits.map { edit -> (Int, Int, String) in
        let range = edit["range"] as? [String: Any]
        return (offset(range?["start"]), offset(range?["end"]), edit["newText"] as? String ?? "")
    }
    for (start, end, replacement) in placed.sorted(by: { $0.0 > $1.0 }) {
        bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

let template = """
    {"_id": "doc", "files": [], "fields": [
      {"_id": "qty", "type": "number", "title": "Quantity", "value": 3},
      {"_id": "note", "type": "text", "title": "Note – “quoted”", "formulas": [{"_id": "a1", "formula": "f_note", "key": "value"}]},
      {"_id": "total", "type": "number", "formulas": [{"_id": "a2", "formula": "f_total", "key": "value"}]}
    ],
    "formulas": [
      {"_id": "f_note", "expression": "concat(\\"é😀\\", qyt)"},
      {"_id": "f_total", "expression": "rund(qty * 2) + 1"}
    ]}

    """

struct ServerTests {
    /// The document as the SDKs check it at load, as you type: each violation at its value.
    @Test func schemaFindingsArePublished() throws {
        let client = try Client(settings: { _ in .standard })
        let text = """
            {"files": [],
             "fields": [{"_id": "n", "file": "f", "type": "number", "value": true}]}
            """
        let diagnostics = try client.open("file:///t/form.json", text)
        let schema = diagnostics.filter { $0["code"] as? String == "schema-validation" }
        #expect(schema.map { ($0["message"] as? String)?.split(separator: "\n").first } == [
            "`files` must hold exactly one item, not 0", "`value` must be a number, or \"\" for no value"])
        #expect((schema[1]["message"] as? String)?.hasSuffix("note: at /fields/0/value (a JSON pointer)") == true)
        #expect(span(schema[1]["range"]) == [1, 65, 1, 69])
    }

    @Test func findingsArePublishedAtTheirUTF16Ranges() throws {
        let client = try Client()
        let diagnostics = try client.open("file:///t/order.json", template)
        #expect(diagnostics.map { $0["code"] as? String } == ["unknown-reference", "unknown-function"])
        // `qyt` follows `"é😀", ` in a JSON string with escaped quotes: é is one UTF-16 unit, 😀 two.
        let line6 = template.split(separator: "\n", omittingEmptySubsequences: false)[6]
        let found = try #require(line6.range(of: "qyt"))
        let qyt = line6.utf16.distance(from: line6.startIndex, to: found.lowerBound)
        #expect(span(diagnostics[0]["range"]) == [6, qyt, 6, qyt + 3])
        #expect(diagnostics[0]["severity"] as? Int == 1)
        #expect(diagnostics[0]["source"] as? String == "jf")
        #expect(diagnostics[0]["message"] as? String == "unknown name 'qyt'\nhelp: did you mean 'qty'?")
        #expect(span(diagnostics[1]["range"]) == [7, 36, 7, 40])

        // With UTF-8 positions, characters are bytes.
        let bytes = try Client(encodings: ["utf-8", "utf-16"])
        let utf8 = try bytes.open("file:///t/order.json", template)
        #expect(span(utf8[0]["range"])[1] == line6.utf8.distance(from: line6.startIndex, to: found.lowerBound))
    }

    @Test func fixesAreQuickFixesAndFixAllAppliesTheSafeOnes() throws {
        let client = try Client()
        _ = try client.open("file:///t/order.json", template)
        func actions(line: Int, only: [String]? = nil) throws -> [[String: Any]] {
            var context: [String: Any] = ["diagnostics": []]
            if let only { context["only"] = only }
            let response = try client.request("textDocument/codeAction", [
                "textDocument": ["uri": "file:///t/order.json"],
                "range": ["start": ["line": line, "character": 0], "end": ["line": line + 1, "character": 0]], "context": context,
            ])
            return try #require(response["result"] as? [[String: Any]])
        }
        func edits(_ action: [String: Any]) -> [[String: Any]] {
            ((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?["file:///t/order.json"] as? [[String: Any]] ?? []
        }
        let onRund = try actions(line: 7)
        #expect(onRund.map { $0["kind"] as? String } == ["quickfix", "quickfix", "source.fixAll.jf"])
        // The rule can be silenced on the formula instead, with a jfLint annotation.
        #expect(onRund[1]["title"] as? String == "Ignore unknown-function in formula f_total (jfLint)")
        let silenced = applying(edits(onRund[1]), to: template)
        #expect(silenced.contains(#"{"_id": "f_total", "expression": "rund(qty * 2) + 1", "jfLint": {"ignore": ["unknown-function"]}}"#))
        #expect(try Client().open("file:///t/order.json", silenced).map { $0["code"] as? String } == ["unknown-reference"])
        let twice = try Client()
        _ = try twice.open("file:///t/order.json", silenced.replacingOccurrences(of: "rund(qty * 2)", with: "rund(qty * 2) + nope"))
        let again = try #require(try twice.request("textDocument/codeAction", [
            "textDocument": ["uri": "file:///t/order.json"], "range": ["start": ["line": 7, "character": 0], "end": ["line": 8, "character": 0]],
            "context": ["diagnostics": [], "only": ["quickfix"]],
        ])["result"] as? [[String: Any]])
        let ignoreBoth = try #require(again.first { ($0["title"] as? String)?.hasPrefix("Ignore unknown-reference") == true })
        let addedToTheList = applying(((ignoreBoth["edit"] as? [String: Any])?["changes"] as? [String: Any])?["file:///t/order.json"] as? [[String: Any]] ?? [],
                                      to: silenced.replacingOccurrences(of: "rund(qty * 2)", with: "rund(qty * 2) + nope"))
        #expect(addedToTheList.contains(#""jfLint": {"ignore": ["unknown-function", "unknown-reference"]}"#))
        #expect(onRund[0]["title"] as? String == "did you mean 'round'?")
        #expect(onRund[0]["isPreferred"] as? Bool == true)
        #expect(applying(edits(onRund[0]), to: template).contains(#""expression": "round(qty * 2) + 1""#))
        // A suggestion is offered too, marked as one; "fix all" leaves it, as `jf lint --fix` does.
        let onQyt = try actions(line: 6, only: ["quickfix"])
        #expect(onQyt.count == 2, "the suggestion, and ignoring the rule")
        #expect(onQyt[0]["title"] as? String == "did you mean 'qty'? (may change what the formula means)")
        #expect(onQyt[0]["isPreferred"] as? Bool == false)
        #expect(applying(edits(onQyt[0]), to: template).contains(#"concat(\"é😀\", qty)"#))
        let fixAll = try actions(line: 0, only: ["source.fixAll"])
        #expect(fixAll.map { $0["kind"] as? String } == ["source.fixAll.jf"])
        let fixed = applying(edits(fixAll[0]), to: template)
        #expect(fixed.contains(#""expression": "round(qty * 2) + 1""#) && fixed.contains("qyt"))

        // unsafe-fixes in the configuration: "fix all" applies the suggestions too.
        let unsafe = try Client(settings: { _ in
            var settings = withoutSchema
            settings.unsafeFixes = true
            return settings
        })
        _ = try unsafe.open("file:///t/order.json", template)
        let all = try #require(try unsafe.request("textDocument/codeAction", [
            "textDocument": ["uri": "file:///t/order.json"], "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
            "context": ["diagnostics": [], "only": ["source.fixAll.jf"]],
        ])["result"] as? [[String: Any]])
        #expect(applying(edits(all[0]), to: template).contains(#"concat(\"é😀\", qty)"#))
    }

    /// A stored value's suggestion (`invalid-value`) is a quick fix that edits the value, and
    /// "fix all" applies it where the configuration lets `jf lint --fix` apply suggestions.
    @Test func storedValueSuggestionsAreQuickFixes() throws {
        let text = """
            {"_id": "d", "fields": [
              {"_id": "status", "type": "dropdown", "value": "Open", "options": [{"_id": "o_open", "value": "Open"}]}
            ]}
            """
        let uri = "file:///t/status.json"
        let client = try Client()
        let published = try client.open(uri, text)
        #expect(published.map { $0["code"] as? String } == ["invalid-value"])
        let actions = try #require(try client.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": ["start": ["line": 1, "character": 0], "end": ["line": 2, "character": 0]],
            "context": ["diagnostics": [], "only": ["quickfix"]],
        ])["result"] as? [[String: Any]])
        #expect(actions.first?["title"] as? String == "select the option by its _id, \"o_open\" (changes what formulas read)")
        let edits = ((actions.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
        #expect(applying(edits, to: text).contains(#"{"_id": "status", "type": "dropdown", "value": "o_open","#))
    }

    @Test func formattingAndHover() throws {
        let client = try Client()
        let uri = "file:///t/f.jf"
        _ = try client.open(uri, "round( qty*2 ,1 )\n", language: "jf")
        let formatted = try #require(try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2]])["result"] as? [[String: Any]])
        #expect(applying(formatted, to: "round( qty*2 ,1 )\n") == "round(qty * 2, 1)\n")

        // A range formats the formulas it touches, and no other.
        let loose = template.replacingOccurrences(of: #""concat(\"é😀\", qyt)""#, with: #""concat( \"a\" ,qyt )""#)
            .replacingOccurrences(of: #""rund(qty * 2) + 1""#, with: #""rund(qty*2)+1""#)
        _ = try client.open("file:///t/loose.json", loose)
        let ranged = try #require(try client.request("textDocument/rangeFormatting", [
            "textDocument": ["uri": "file:///t/loose.json"], "options": ["tabSize": 2],
            "range": ["start": ["line": 7, "character": 0], "end": ["line": 7, "character": 10]],
        ])["result"] as? [[String: Any]])
        #expect(applying(ranged, to: loose) == loose.replacingOccurrences(of: #""rund(qty*2)+1""#, with: #""rund(qty * 2) + 1""#),
                "only line 7's formula: \(ranged)")

        _ = try client.open("file:///t/order.json", template)
        func hover(_ line: Int, _ character: Int) throws -> (text: String?, range: [Int]) {
            let result = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///t/order.json"],
                                                                    "position": ["line": line, "character": character]])["result"] as? [String: Any]
            return ((result?["contents"] as? [String: Any])?["value"] as? String, span(result?["range"]))
        }
        let concat = try hover(6, 36)
        #expect(concat.text?.hasPrefix("```\nconcat(") == true)
        #expect(concat.range == [6, 35, 6, 41])
        let field = try hover(7, 42)
        #expect(field.text == "**`qty`**: number field “Quantity”\n\nvalue: `3`")
        #expect(field.range == [7, 41, 7, 44])
        #expect(try hover(0, 2).text == nil, "outside any formula")
        #expect(try hover(7, 37).text == "**`rund`**: unknown function; did you mean 'round'?", "as the diagnostic says")

        // A lambda's parameter, where it is declared and where it is read: what it is given.
        let rows = #"{"fields": [{"_id": "items", "type": "table", "tableColumns": [{"_id": "price", "type": "number"}, "#
            + #"{"_id": "qty", "type": "number"}]}], "formulas": [{"_id": "f", "expression": "sum(map(items, (row) -> row.price * row.qty))"}]}"#
        _ = try client.open("file:///t/rows.json", rows)
        func hoverRows(_ text: String) throws -> (text: String?, range: [Int]) {
            let character = rows.utf16.count - rows[rows.range(of: text)!.lowerBound...].utf16.count
            let result = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///t/rows.json"],
                                                                    "position": ["line": 0, "character": character + 1]])["result"] as? [String: Any]
            return ((result?["contents"] as? [String: Any])?["value"] as? String, span(result?["range"]))
        }
        let declared = try hoverRows("row)")
        #expect(declared.text == "**`row`**: map() passes it the element of `items`: a row of the table `items`, whose cells read as `row.price`, `row.qty`",
                "\(declared)")
        let start = rows.utf16.count - rows[rows.range(of: "row)")!.lowerBound...].utf16.count
        #expect(declared.range == [0, start, 0, start + 3])
        let read = try hoverRows("row.qty")
        #expect(read.text == declared.text, "\(read)")

        // A text field holding a JSON array says what formulas read it as.
        let json = #"{"fields": [{"_id": "tags", "type": "text", "value": "[1, 2]"}], "formulas": [{"_id": "f", "expression": "length(tags)"}]}"#
        _ = try client.open("file:///t/tags.json", json)
        let tags = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///t/tags.json"],
                                                            "position": ["line": 0, "character": 114]])["result"] as? [String: Any]
        #expect((tags?["contents"] as? [String: Any])?["value"] as? String
                == "**`tags`**: text field\n\nvalue: `\"[1, 2]\"`, the text of a JSON array, which formulas read as the array")
    }

    @Test func completionDefinitionAndOutline() throws {
        let client = try Client()
        let uri = "file:///t/order.json"
        let text = template.replacingOccurrences(of: "rund(qty * 2) + 1", with: "sum(lines.pr) + rund(qty * 2)")
            .replacingOccurrences(of: #"  {"_id": "qty""#, with: #"  {"_id": "lines", "type": "table", "tableColumns": [{"_id": "price", "type": "number", "title": "Price"}]},"# + "\n" + #"  {"_id": "qty""#)
        _ = try client.open(uri, text)
        func at(_ line: Int, _ character: Int) -> [String: Any] {
            ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
        }
        // `sum(lines.pr|` on line 8: the table's columns.
        let line8 = text.split(separator: "\n", omittingEmptySubsequences: false)[8]
        let afterPr = line8.utf16.distance(from: line8.startIndex, to: try #require(line8.range(of: "lines.pr")).upperBound)
        let columns = try #require(try client.request("textDocument/completion", at(8, afterPr))["result"] as? [[String: Any]])
        #expect(columns.map { $0["label"] as? String } == ["price"])
        #expect(columns.first?["detail"] as? String == "number · Price")
        // At the start of the formula: fields and functions.
        let everything = try #require(try client.request("textDocument/completion", at(8, afterPr - 12))["result"] as? [[String: Any]])
        let labels = everything.compactMap { $0["label"] as? String }
        #expect(labels.prefix(4) == ["lines", "qty", "note", "total"])
        #expect(labels.contains("round") && labels.contains("concat"))
        #expect(try (client.request("textDocument/completion", at(0, 3))["result"] as? [Any])?.isEmpty == true, "outside any formula")
        // Rows are followed into callbacks, as `jf lint` follows them.
        let mapped = text.replacingOccurrences(of: "sum(lines.pr)", with: "sum(map(lines, (row) -> row.pr))")
        _ = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": mapped]]])
        let mappedLine = mapped.split(separator: "\n", omittingEmptySubsequences: false)[8]
        let afterRowPr = mappedLine.utf16.distance(from: mappedLine.startIndex, to: try #require(mappedLine.range(of: "row.pr")).upperBound)
        let rowColumns = try #require(try client.request("textDocument/completion", at(8, afterRowPr))["result"] as? [[String: Any]])
        #expect(rowColumns.map { $0["label"] as? String } == ["price"])
        _ = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": text]]])

        // A name in a formula goes to its field; a field's `"formula": "f_total"` to the formula.
        let qtyInFormula = line8.utf16.distance(from: line8.startIndex, to: try #require(line8.range(of: "qty")).lowerBound)
        let field = try #require(try client.request("textDocument/definition", at(8, qtyInFormula + 1))["result"] as? [String: Any])
        #expect(field["uri"] as? String == uri)
        #expect(span(field["range"]) == [2, 2, 2, 67])
        let line4 = text.split(separator: "\n", omittingEmptySubsequences: false)[4]
        let applied = line4.utf16.distance(from: line4.startIndex, to: try #require(line4.range(of: "\"f_total\"")).lowerBound)
        let formula = try #require(try client.request("textDocument/definition", at(4, applied + 2))["result"] as? [String: Any])
        #expect(span(formula["range"]) == [8, 2, 8, line8.utf16.count], "the formula's object, to the line's end")

        // The names that read qty: one in f_total, none in f_note (qyt is misspelt), and the _id.
        var references = try #require(try client.request("textDocument/references", at(8, qtyInFormula + 1))["result"] as? [[String: Any]])
        #expect(references.map { span($0["range"]) } == [[8, qtyInFormula, 8, qtyInFormula + 3]])
        var fromDeclaration = at(2, 12)
        fromDeclaration["context"] = ["includeDeclaration": true]
        references = try #require(try client.request("textDocument/references", fromDeclaration)["result"] as? [[String: Any]])
        #expect(references.map { span($0["range"]) } == [[2, 10, 2, 15], [8, qtyInFormula, 8, qtyInFormula + 3]])

        // Hover on a column read from the table, by its id or its title.
        for column in ["price", "PRICE"] {
            _ = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 4], "contentChanges": [
                ["text": text.replacingOccurrences(of: "lines.pr", with: "lines." + column)]]])
            let hover = try client.request("textDocument/hover", at(8, afterPr - 1))["result"] as? [String: Any]
            #expect((hover?["contents"] as? [String: Any])?["value"] as? String == "**`price`**: number column “Price” of table `lines`")
        }
        // And on a cell of the row a callback is given, as completion knows it.
        let lambda = text.replacingOccurrences(of: "sum(lines.pr)", with: "sum(map(lines, (row) -> row.price))")
        _ = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 5], "contentChanges": [["text": lambda]]])
        let lambdaLine = lambda.split(separator: "\n", omittingEmptySubsequences: false)[8]
        let onPrice = lambdaLine.utf16.distance(from: lambdaLine.startIndex, to: try #require(lambdaLine.range(of: "row.price")).upperBound) - 2
        let rowHover = try client.request("textDocument/hover", at(8, onPrice))["result"] as? [String: Any]
        #expect((rowHover?["contents"] as? [String: Any])?["value"] as? String
                == "**`price`**: number column “Price” of table `lines`\n\nread from each row of `lines`", "\(String(describing: rowHover))")
        _ = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 6], "contentChanges": [["text": text]]])

        let outline = try #require(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]])
        #expect(outline.map { $0["name"] as? String } == ["lines", "qty", "note", "total", "f_note", "f_total"])
        #expect(outline.map { $0["kind"] as? Int } == [8, 8, 8, 8, 12, 12])
        #expect(outline[1]["detail"] as? String == "number · Quantity")
        #expect(span(outline[1]["selectionRange"]) == [2, 10, 2, 15], "the _id")
    }

    /// A field is highlighted where it is named, and renamed everywhere: its `_id`, the
    /// formulas that read it (not a lambda parameter of the same name, nor a column), the
    /// positions that place it, and the conditions of logic; a new name formulas cannot read,
    /// that another field has, or that a lambda would capture, is refused.
    @Test func aFieldIsHighlightedAndRenamedEverywhere() throws {
        let text = """
            {"files": [{"pages": [{"_id": "p", "fieldPositions": [{"_id": "pos", "field": "qty"}],
                                   "logic": {"action": "show", "conditions": [{"field": "qty", "condition": ">", "value": 1}]}}],
                        "views": [{"type": "mobile", "pages": [{"_id": "p", "fieldPositions": [{"field": "qty"}]}]}]}],
             "fields": [
              {"_id": "qty", "type": "number", "value": 3},
              {"_id": "items", "type": "table", "tableColumns": [{"_id": "qty", "type": "number"}]},
              {"_id": "total", "type": "number", "logic": {"conditions": [{"field": "qty", "condition": "*="}]},
               "formulas": [{"_id": "a", "formula": "f"}]}
             ],
             "formulas": [{"_id": "f", "expression": "qty * 2 + sum(map(items, (qty) -> qty.qty)) + sum(map(items, (row) -> row.qty * qty))"}]}
            """
        let client = try Client()
        _ = try client.open("file:///t/rename.json", text)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"expression\"") }!
        let column = text.split(separator: "\n", omittingEmptySubsequences: false)[line].utf16.count - "qty * 2 + sum(map(items, (qty) -> qty.qty)) + sum(map(items, (row) -> row.qty * qty))\"}]}".utf16.count
        let at: [String: Any] = ["textDocument": ["uri": "file:///t/rename.json"], "position": ["line": line, "character": column + 1]]

        let highlights = try #require(try client.request("textDocument/documentHighlight", at)["result"] as? [[String: Any]])
        #expect(highlights.map { $0["kind"] as? Int } == [1, 2, 2], "the declaration, and the two reads of the field")
        let prepared = try #require(try client.request("textDocument/prepareRename", at)["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "qty")
        #expect(span(prepared["range"]) == [line, column, line, column + 3])

        var parameters = at
        parameters["newName"] = "quantity"
        let result = try #require(try client.request("textDocument/rename", parameters)["result"] as? [String: Any])
        let edits = try #require((result["changes"] as? [String: Any])?["file:///t/rename.json"] as? [[String: Any]])
        let renamed = applying(edits, to: text)
        #expect(renamed.contains(#""expression": "quantity * 2 + sum(map(items, (qty) -> qty.qty)) + sum(map(items, (row) -> row.qty * quantity))""#))
        #expect(renamed.components(separatedBy: #""field": "quantity""#).count == 5, "two positions and two conditions")
        #expect(renamed.contains(#"{"_id": "quantity", "type": "number", "value": 3}"#))
        #expect(renamed.contains(#""tableColumns": [{"_id": "qty", "type": "number"}]"#), "a column of the same id is another thing")

        func refusal(_ name: String) throws -> String? {
            var parameters = at
            parameters["newName"] = name
            return (try client.request("textDocument/rename", parameters)["error"] as? [String: Any])?["message"] as? String
        }
        #expect(try refusal("total") == "the document already has a field 'total'")
        #expect(try refusal("row") == "in formula 'f', 'qty' is read inside a lambda whose parameter is 'row', which would hide the field: choose another name, or rename the parameter first")
        #expect(try refusal("2nd")?.hasPrefix("'2nd' cannot be read by formulas") == true)
        #expect(try refusal("null")?.hasPrefix("'null' cannot be read by formulas") == true)
        let nowhere: [String: Any] = ["textDocument": ["uri": "file:///t/rename.json"], "position": ["line": 0, "character": 0]]
        #expect(try client.request("textDocument/prepareRename", nowhere)["result"] is NSNull)
    }

    /// A rename reaches every logic slot that can read a field: a field's `requiredLogic`, a
    /// column's four (shown, required, cell required, cell shown), a collection schema's logic
    /// and its columns' (the slots page duplication re-points, through the same renamer).
    @Test func aRenameReachesEveryLogicSlot() throws {
        let reads = #"{"conditions": [{"field": "qty", "condition": ">", "value": 1}]}"#
        let text = """
            {"fields": [
              {"_id": "qty", "type": "number", "value": 3},
              {"_id": "total", "type": "number", "requiredLogic": \(reads)},
              {"_id": "items", "type": "table", "tableColumns": [{"_id": "c", "type": "text", "logic": \(reads), "requiredLogic": \(reads),
                "cellRequiredLogic": \(reads), "cellVisibilityLogic": \(reads)}]},
              {"_id": "list", "type": "collection", "schema": {"root": {"root": true, "logic": \(reads),
                "tableColumns": [{"_id": "d", "type": "text", "requiredLogic": \(reads)}]}}}
             ]}
            """
        let client = try Client()
        _ = try client.open("file:///t/slots.json", text)
        let column = Array(text.split(separator: "\n")[1].utf16).count - #"qty", "type": "number", "value": 3},"#.utf16.count
        let result = try #require(try client.request("textDocument/rename", [
            "textDocument": ["uri": "file:///t/slots.json"], "position": ["line": 1, "character": column + 1], "newName": "quantity",
        ])["result"] as? [String: Any])
        let edits = try #require((result["changes"] as? [String: Any])?["file:///t/slots.json"] as? [[String: Any]])
        let renamed = applying(edits, to: text)
        #expect(renamed.components(separatedBy: #""field": "quantity""#).count - 1 == 7, "\(renamed)")
        #expect(!renamed.contains(#""field": "qty""#))
    }

    /// A template of thousands of fields: completion sends what begins with the word typed, at
    /// most 200 items, and marks the list incomplete so the editor asks again (as
    /// rust-analyzer does); with nothing typed, the first 200.
    @Test func completionOfALargeTemplateIsFilteredByTheWordTyped() throws {
        let client = try Client()
        let uri = "file:///t/large.json"
        let fields = (0..<3_000).map { #"{"_id": "field\#($0)", "type": "number", "value": \#($0)}"# }.joined(separator: ",\n")
        let text = #"{"formulas": [{"_id": "f", "expression": "fie + su"}], "fields": [\#n"# + fields
            + #",\#n{"_id": "total", "type": "number", "formulas": [{"_id": "a", "formula": "f", "key": "value"}]}]}"#
        _ = try client.open(uri, text)
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
        let column = firstLine.utf16.distance(from: firstLine.startIndex, to: try #require(firstLine.range(of: "fie")).upperBound)
        let answer = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 0, "character": column]])
        let list = try #require(answer["result"] as? [String: Any], "\(answer)")
        #expect(list["isIncomplete"] as? Bool == true)
        let labels = (list["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(labels.count == 200 && labels.allSatisfy { $0.hasPrefix("field") }, "\(labels.prefix(5))")
        let afterSu = column + 5   // "fie + su"
        let functions = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 0, "character": afterSu]])
        let su = try #require(functions["result"] as? [String: Any])
        #expect((su["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String } == ["sum"])
    }

    /// In a string given for a parameter that takes certain words, completion offers them;
    /// in any other string, nothing.
    @Test func completionInsideAStringOffersTheWordsItsParameterTakes() throws {
        let client = try Client()
        let uri = "file:///t/units.jf"
        let text = #"dateAdd(now(), 1, "da") + concat("x", "#
        _ = try client.open(uri, text, language: "jf")
        func labels(at character: Int) throws -> [String] {
            let result = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 0, "character": character]])
            // A list, or a list marked incomplete (filtered by the word typed).
            let items = result["result"] as? [[String: Any]] ?? (result["result"] as? [String: Any])?["items"] as? [[String: Any]]
            return items?.compactMap { $0["label"] as? String } ?? []
        }
        let units = try labels(at: 21)   // dateAdd(now(), 1, "da|
        #expect(units.prefix(4) == ["years", "year", "y", "months"])
        #expect(units.contains("days") && units.count == 25)
        #expect(try labels(at: text.utf16.count - 3).isEmpty, "concat(\"x| takes any text")
        #expect(try labels(at: 2).contains("dateAdd"), "outside strings, fields and functions as before")
    }

    /// In a string compared with a dropdown, completion offers its options' texts.
    @Test func completionInsideAStringComparedWithADropdownOffersItsOptions() throws {
        let client = try Client()
        let uri = "file:///t/options.json"
        let expression = #"if(status == \"P\", 1, 0)"#
        let text = """
            {"_id": "doc", "fields": [
              {"_id": "status", "type": "dropdown", "options": [{"_id": "o1", "value": "Open"}, {"_id": "o2", "value": "Paid"}]},
              {"_id": "flag", "type": "number", "formulas": [{"_id": "a1", "formula": "f1", "key": "value"}]}
            ], "formulas": [{"_id": "f1", "expression": "\(expression)"}]}
            """
        _ = try client.open(uri, text)
        let line = text.split(separator: "\n").firstIndex { $0.contains("expression") }!
        let column = text.split(separator: "\n")[line].utf16.count - #"\", 1, 0)"}]}"#.utf16.count   // after "P
        let result = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": line, "character": column]])
        let labels = (result["result"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        #expect(labels == ["Open", "Paid"])
        // Hover on the dropdown names its options, and what its stored id reads as.
        let stored = text.replacingOccurrences(of: #""type": "dropdown","#, with: #""type": "dropdown", "value": "o2","#)
        _ = try client.open(uri, stored)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": line, "character": column - 10]])
        let shown = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(shown == "**`status`**: dropdown field\n\noptions: “Open”, “Paid”\n\nvalue: `\"o2\"`, which formulas read as “Paid”")
    }

    /// "Go to symbol in workspace": the fields and formulas of every open document whose id
    /// or title holds the query's characters in order.
    @Test func symbolsOfEveryOpenDocument() throws {
        let client = try Client()
        _ = try client.open("file:///t/a.json", template)
        _ = try client.open("file:///t/b.json", template.replacingOccurrences(of: "\"qty\"", with: "\"quantity_b\""))
        func names(_ query: String) throws -> [String] {
            let result = try client.request("workspace/symbol", ["query": query])["result"] as? [[String: Any]] ?? []
            return result.map { "\($0["containerName"] as? String ?? ""):\($0["name"] as? String ?? "")" }
        }
        #expect(try names("qty") == ["a.json:qty", "b.json:quantity_b"], "q…t…y in order")
        #expect(try names("QUOTED") == ["a.json:note", "b.json:note"], "a field's title matches too")
        #expect(try names("f_tot") == ["a.json:f_total", "b.json:f_total"])
        #expect(try names("").count == 10)
        let first = try #require((try client.request("workspace/symbol", ["query": "total"])["result"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? Int == 8)
        #expect(((first["location"] as? [String: Any])?["uri"] as? String) == "file:///t/a.json")
    }

    @Test func theRunsResultsAreHintsAndItsErrorsDiagnostics() throws {
        let client = try Client()
        let uri = "file:///t/quote.json"
        let text = """
            {"_id": "quote", "files": [], "fields": [
              {"_id": "qty", "type": "number", "value": 3}, {"_id": "price", "type": "number", "value": 2.5},
              {"_id": "total", "type": "number", "formulas": [{"_id": "a1", "formula": "f_total", "key": "value"}]},
              {"_id": "due", "type": "date", "formulas": [{"_id": "a2", "formula": "f_due", "key": "value"}]},
              {"_id": "ratio", "type": "number", "formulas": [{"_id": "a3", "formula": "f_ratio", "key": "value"}]}
            ],
            "formulas": [
              {"_id": "f_total", "expression": "qty * price"},
              {"_id": "f_due", "expression": "date(2024, 1, 2)"},
              {"_id": "f_ratio", "expression": "10 / (qty - 3)"}
            ]}
            """
        // Dividing by `qty - 3` fails only because qty is 3: the run finds it, linting cannot.
        let diagnostics = try client.open(uri, text)
        #expect(diagnostics.map { $0["source"] as? String } == ["jf run"])
        #expect(diagnostics.first?["code"] as? String == "division-by-zero")
        #expect(span(diagnostics.first?["range"]).first == 9)

        let hints = try #require(try client.request("textDocument/inlayHint", [
            "textDocument": ["uri": uri], "range": ["start": ["line": 0, "character": 0], "end": ["line": 11, "character": 0]],
        ])["result"] as? [[String: Any]])
        #expect(hints.map { $0["label"] as? String } == ["= 7.5", "= 2024-01-02T00:00:00.000Z", "= error"])
        let line7 = text.split(separator: "\n", omittingEmptySubsequences: false)[7]
        #expect(span(["start": hints[0]["position"], "end": hints[0]["position"]])[0...1] == [7, line7.utf16.count - 2], "after the expression's closing quote")
        let later = try #require(try client.request("textDocument/inlayHint", [
            "textDocument": ["uri": uri], "range": ["start": ["line": 8, "character": 0], "end": ["line": 8, "character": 99]],
        ])["result"] as? [[String: Any]])
        #expect(later.count == 1, "only the range asked for")

        // A formula file that names nothing shows its value.
        _ = try client.open("file:///t/a.jf", "round(2.567, 2) * 2\n", language: "jf")
        let value = try client.request("textDocument/inlayHint", ["textDocument": ["uri": "file:///t/a.jf"]])["result"] as? [[String: Any]]
        #expect(value?.map { $0["label"] as? String } == ["= 5.14"])
        _ = try client.open("file:///t/b.jf", "qty * 2", language: "jf")
        #expect((try client.request("textDocument/inlayHint", ["textDocument": ["uri": "file:///t/b.jf"]])["result"] as? [Any])?.isEmpty == true)
    }

    @Test func formulasAreColouredInsideTheirJSONStrings() throws {
        let client = try Client()
        _ = try client.open("file:///t/order.json", template.replacingOccurrences(of: "rund(qty * 2) + 1", with: "map([qty], (x) -> x.y) + {a: true}"))
        let response = try client.request("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///t/order.json"]])
        let data = try #require((response["result"] as? [String: Any])?["data"] as? [Int])
        // Decoded from the relative encoding: line, character, length, type.
        var decoded: [String] = []
        var line = 0, character = 0
        for index in stride(from: 0, to: data.count, by: 5) {
            line += data[index]
            character = data[index] == 0 ? character + data[index + 1] : data[index + 1]
            decoded.append("\(line):\(character) \(data[index + 2]) \(LanguageServer.semanticTokenTypes[data[index + 3]])")
        }
        #expect(decoded == [
            "6:35 6 function", "6:42 7 string", "6:51 3 variable",       // concat(\"é😀\", qyt): é is one unit, 😀 two
            // map([qty], (x) -> x.y) + {a: true}
            "7:36 3 function", "7:41 3 variable", "7:48 1 parameter", "7:51 2 operator", "7:54 1 parameter", "7:56 1 property",
            "7:59 1 operator", "7:62 1 property", "7:65 4 keyword",
        ])
    }

    @Test func signatureHelpFollowsTheArgumentBeingTyped() throws {
        let client = try Client()
        let text = "round(sum(map([1, 2], (x) -> x * 2), 3), 1"
        _ = try client.open("file:///t/a.jf", text, language: "jf")
        func help(at character: Int) throws -> (label: String?, active: Int?, highlighted: String?) {
            let result = try client.request("textDocument/signatureHelp", [
                "textDocument": ["uri": "file:///t/a.jf"], "position": ["line": 0, "character": character]])["result"] as? [String: Any]
            let signature = (result?["signatures"] as? [[String: Any]])?.first
            let label = signature?["label"] as? String
            let active = result?["activeParameter"] as? Int
            var highlighted: String?
            if let label, let active, let bounds = ((signature?["parameters"] as? [[String: Any]])?[active]["label"] as? [Int]) {
                let units = Array(label.utf16)[bounds[0]..<bounds[1]]
                highlighted = String(decoding: units, as: UTF16.self)
            }
            return (label, active, highlighted)
        }
        #expect(try help(at: 6).label == "round(value: number, digits?: number) -> number")
        #expect(try help(at: 6).highlighted == "value: number")
        // Inside sum( … ), past the list's comma and the lambda's: sum's first argument still.
        let inLambda = try help(at: text.distance(from: text.startIndex, to: text.range(of: "x * 2")!.lowerBound))
        #expect(inLambda.label?.hasPrefix("map(") == true && inLambda.active == 1)
        let sumSecond = try help(at: text.distance(from: text.startIndex, to: text.range(of: ", 3")!.upperBound))
        #expect(sumSecond.label?.hasPrefix("sum(") == true && sumSecond.highlighted?.hasPrefix("...") == true, "a variadic parameter stays active")
        #expect(try help(at: text.count).highlighted == "digits?: number")
        #expect(try help(at: 0).label == nil, "before any call")
    }

    @Test func changesAreLintedAgainAndCloseClearsTheDiagnostics() throws {
        let client = try Client()
        let uri = "file:///t/f.jf"
        #expect(try client.open(uri, "1 +", language: "jf").map { $0["code"] as? String } == ["syntax-error"])
        // A ranged edit (the server also takes those) completes the formula.
        let changed = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": ["line": 0, "character": 3], "end": ["line": 0, "character": 3]], "text": " 2"],
        ]])
        #expect(try Client.diagnostics(changed).isEmpty)
        #expect((changed[0]["params"] as? [String: Any])?["version"] as? Int == 2)
        let whole = try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": "sum(1, \"a\")"]]])
        #expect(try Client.diagnostics(whole).map { $0["code"] as? String } == ["type-mismatch"])
        #expect(try Client.diagnostics(try client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])).isEmpty)
    }

    @Test func brokenDocumentsAndConfigurationsAreDiagnostics() throws {
        let client = try Client()
        let invalid = try client.open("file:///t/broken.json", "{\"fields\": [\n  {\"_id\": }\n]}")
        #expect(invalid.count == 1)
        #expect(span(invalid[0]["range"]) == [1, 10, 1, 10])
        #expect(try client.open("file:///t/package.json", "{\"name\": \"app\"}").isEmpty, "JSON that is no JoyDoc is left alone")

        // After text that is not ASCII, the place is counted in the client's units: jf lint's
        // column 74 (characters) is UTF-16 character 73 (✓ is one unit), byte 89 in UTF-8.
        let accented = #"{"fields": [{"_id": "a", "title": "Café über 日本 ✓✓✓✓✓", "type": "text"}, ]}"#
        let utf16 = try client.open("file:///t/accented.json", accented)
        #expect(utf16.count == 1 && span(utf16.first?["range"]) == [0, 73, 0, 73], "\(utf16)")
        let bytes = try Client(encodings: ["utf-8"]).open("file:///t/accented.json", accented)
        #expect(span(bytes.first?["range"]) == [0, 89, 0, 89], "\(bytes)")

        struct Unusable: Error, CustomStringConvertible { var description: String { "jf.toml: [lint] unknown key 'selct'" } }
        let misconfigured = try Client(settings: { _ in throw Unusable() })
        let diagnostics = try misconfigured.open("file:///t/order.json", template)
        #expect(diagnostics.last?["message"] as? String
                == "the configuration cannot be used, so every rule runs at its default: jf.toml: [lint] unknown key 'selct'")
        // And the findings of every rule (the schema's too: this document lacks `files`, `file` …).
        #expect(diagnostics.filter { ($0["code"] as? String)?.hasPrefix("schema-") != true }.count == 3, "and the findings")
        #expect(diagnostics.contains { $0["code"] as? String == "schema-validation" })
    }

    /// A client that can watch files is asked to report changes of the configuration files;
    /// when one changes, the open documents are linted again with it, at once.
    @Test func aChangedConfigurationRelintsTheOpenDocuments() throws {
        final class Settings: @unchecked Sendable { var current = LintSettings.standard }
        let settings = Settings()
        let client = try Client(settings: { _ in settings.current }, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try #require(try client.notify("initialized").first)
        #expect(registration["method"] as? String == "client/registerCapability")
        let registrations = (registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]]
        let watchers = (registrations?.first?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        #expect(watchers?.compactMap { $0["globPattern"] as? String } == ["**/jf.toml", "**/.jf.json"])
        #expect(try client.send(["jsonrpc": "2.0", "id": registration["id"]!, "result": NSNull()]).isEmpty, "its answer needs no reply")

        let before = try client.open("file:///t/order.json", template)
        #expect(before.contains { $0["code"] as? String == "unknown-reference" })
        settings.current.enabled.remove("unknown-reference")
        let changed = try client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///t/jf.toml", "type": 2]]])
        let after = try Client.diagnostics(changed)
        #expect(!after.contains { $0["code"] as? String == "unknown-reference" })
        #expect(after.count < before.count)

        #expect(try Client().notify("initialized").isEmpty, "a client that cannot watch files is not asked to")
    }

    @Test func aBurstOfChangesIsLintedOnceForItsLastText() throws {
        let server = LanguageServer(version: "test") { _ in .standard }
        func send(_ message: [String: Any]) throws -> [String] {
            server.handle(Array(try JSONSerialization.data(withJSONObject: message)))
        }
        _ = try send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        #expect(try send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": "file:///t/f.jf", "languageId": "jf", "version": 1, "text": "1 +"]]]).isEmpty)
        for (version, text) in [(2, "1 + ("), (3, "1 + (2"), (4, "1 + (2)")] {
            #expect(try send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": "file:///t/f.jf", "version": version], "contentChanges": [["text": text]]]]).isEmpty)
        }
        let published = server.publishStaleDiagnostics()
        #expect(published.count == 1)
        #expect(published.first?.contains(#""version":4,"diagnostics":[]"#) == true)
        #expect(server.publishStaleDiagnostics().isEmpty)
        // A request finds the diagnostics of a change published before its answer.
        _ = try send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": "file:///t/f.jf", "version": 5], "contentChanges": [["text": "1 +"]]]])
        let answered = try send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": "file:///t/f.jf"], "position": ["line": 0, "character": 0]]])
        #expect(answered.count == 2)
        #expect(answered.first?.contains(#""method":"textDocument/publishDiagnostics""#) == true)
        #expect(answered.last?.hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":"#) == true)
    }

    @Test func theProtocolsRulesAndErrors() throws {
        let client = try Client()
        let notJSON = try #require(client.server.handle(Array("{".utf8)).first)
        #expect(notJSON.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#))
        let unknown = try client.request("workspace/executeCommand")
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(try client.notify("$/cancelRequest", ["id": 1]).isEmpty)
        #expect(try client.request("shutdown")["result"] is NSNull)
        let late = try client.request("textDocument/hover")
        #expect((late["error"] as? [String: Any])?["code"] as? Int == -32600)
        _ = try client.notify("exit")
        #expect(client.server.exitCode == 0)
        let abrupt = try Client()
        _ = try abrupt.notify("exit")
        #expect(abrupt.server.exitCode == 1, "exit without shutdown")
    }

    /// JSON-RPC's and the protocol's rules for what is not a well-formed exchange: a request
    /// before `initialize` is refused with -32002, and a message that is no request, response
    /// or notification with -32600, naming its id where one can be read.
    @Test func invalidMessagesAndRequestsBeforeInitializationAreAnswered() throws {
        let server = LanguageServer(version: "test") { _ in .standard }
        func code(_ text: String) throws -> [Int?] {
            try server.handle(Array(text.utf8)).map { reply in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
                let error = object["error"] as? [String: Any]
                return error?["code"] as? Int
            }
        }
        func id(_ text: String) throws -> Any? {
            let reply = try #require(server.handle(Array(text.utf8)).first)
            return (try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])?["id"]
        }
        #expect(try code(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#) == [-32002])
        #expect(try code(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#) == [], "notifications are dropped")
        for invalid in [#"{"id":77,"method":5}"#, "[]", "5", "null", #"{"jsonrpc":"2.0"}"#, #"{"id":{},"method":"x"}"#] {
            #expect(try code(invalid) == [-32600], "\(invalid)")
        }
        #expect(try id(#"{"id":77,"method":5}"#) as? Int == 77)
        #expect(try id(#"{"id":{},"method":"x"}"#) is NSNull)
        #expect(try code(#"{"jsonrpc":"2.0","id":3,"result":null}"#) == [], "a response to the server needs no answer")
        #expect(try code(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"#) == [nil])
        #expect(try code(#"{"jsonrpc":"2.0","id":4,"method":"initialize","params":{}}"#) == [-32600], "initialized once")
    }

    /// Integers from the client that no `Int` holds (a version of 1e300 or 2^63, a position
    /// of 1e19) are not integers: the server reads past them and keeps serving.
    @Test func integersOutsideIntsRangeAreNotCrashes() throws {
        let client = try Client()
        for version in ["1e300", "9223372036854775808", "-1e300", "1.5"] {
            let text = #"{"fields": []}"#
            let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":"#
                + #"{"uri":"file:///v.json","languageId":"json","version":\#(version),"text":\#(String(reflecting: text))}}}"#
            _ = client.server.handle(Array(open.utf8))
            let change = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///v.json","#
                + #""version":\#(version)},"contentChanges":[{"text":"{}"}]}}"#
            _ = client.server.handle(Array(change.utf8))
            let hover = #"{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///v.json"},"#
                + #""position":{"line":\#(version),"character":1e19}}}"#
            #expect(client.server.handle(Array(hover.utf8)).last?.contains(#""id":9"#) == true)
        }
    }
}

struct FramingTests {
    @Test func messagesAreSplitWhereverTheBytesBreak() throws {
        let stream = MessageFraming.frame(#"{"a":1}"#) + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8)
            + MessageFraming.frame(#"{"b":"é"}"#)
        for cut in 0...stream.count {
            var framing = MessageFraming()
            var bodies: [String] = []
            for part in [stream[..<cut], stream[cut...]] {
                framing.append(part)
                while let body = try framing.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            }
            #expect(bodies == [#"{"a":1}"#, #"{"b":"é"}"#], "cut at \(cut)")
        }
    }

    @Test func aHeaderWithoutALengthIsAnError() {
        var framing = MessageFraming()
        framing.append(Array("Content-Type: x\r\n\r\n{}".utf8))
        #expect(throws: MessageFraming.Error.self) { try framing.next() }
        var huge = MessageFraming()
        huge.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        let error = #expect(throws: MessageFraming.Error.self) { try huge.next() }
        #expect(error?.message.hasPrefix("a message of 999999999999 bytes, more than the limit") == true)
    }
}

struct TextLinesTests {
    @Test func positionsCountUTF16UnitsOrBytes() {
        let text = Array("aé😀b\r\nx\ry\n".utf8)
        let lines = TextLines(text, encoding: .utf16)
        let b = text.firstIndex(of: UInt8(ascii: "b"))!
        #expect(lines.position(of: b) == Position(line: 0, character: 4))
        #expect(lines.offset(of: Position(line: 0, character: 4)) == b)
        #expect(lines.position(of: text.firstIndex(of: UInt8(ascii: "y"))!) == Position(line: 2, character: 0), "a lone CR ends a line")
        #expect(lines.offset(of: Position(line: 0, character: 99)) == b + 1, "past the end of a line: its end, before CRLF")
        #expect(lines.offset(of: Position(line: 9, character: 0)) == text.count)
        #expect(TextLines(text, encoding: .utf8).position(of: b) == Position(line: 0, character: b))
        let offsets = Array(0...text.count).reversed().map { $0 }
        #expect(lines.positions(of: offsets) == offsets.map(lines.position(of:)))
    }

    /// On lines of thousands of bytes (a minified template), positions are found from the
    /// nearest checkpoint, not the line's start; they must be what counting from the start gives.
    @Test func positionsOnLongLinesAreCountedFromCheckpoints() {
        let text = Array((String(repeating: "ab😀é", count: 700) + "\n" + String(repeating: "x€", count: 900)).utf8)
        for encoding in [PositionEncoding.utf16, .utf8] {
            let lines = TextLines(text, encoding: encoding)
            var line = 0, character = 0, offset = 0
            while offset <= text.count {
                let position = Position(line: line, character: character)
                #expect(lines.position(of: offset) == position, "\(encoding) \(offset)")
                #expect(lines.offset(of: position) == offset, "\(encoding) \(position)")
                guard offset < text.count else { break }
                if text[offset] == 0x0A {
                    (line, character, offset) = (line + 1, 0, offset + 1)
                    continue
                }
                let length = text[offset] >= 0xF0 ? 4 : text[offset] >= 0xE0 ? 3 : text[offset] >= 0xC0 ? 2 : 1
                character += encoding == .utf8 ? length : length == 4 ? 2 : 1
                offset += length
            }
            #expect(lines.offset(of: Position(line: 1, character: 99_999)) == text.count, "past the end of the last line")
        }
    }
}
