import Foundation
import JoyfillFormulas
import Testing
@testable import JoyfillREPL

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

/// Files for tests: reads from disk, writes into memory.
final class TestFiles: REPLFileSystem {
    var written: [String: [UInt8]] = [:]
    func read(_ path: String) throws -> [UInt8] {
        if let bytes = written[path] { return bytes }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    func write(_ bytes: [UInt8], to path: String) throws { written[path] = bytes }
}

/// Feeds lines and collects the outputs (nil for lines that continue an input).
func run(_ session: REPLSession, _ lines: [String]) -> [String?] {
    lines.map { session.feed($0)?.text }
}

func session(now: String? = "2024-06-01T12:00:00Z") -> REPLSession {
    var options = EvaluationOptions()
    options.now = now.flatMap { Instant(iso8601: $0) }
    return REPLSession(files: TestFiles(), options: options)
}

struct SessionTests {
    @Test func expressionsAndVariables() {
        let repl = session()
        #expect(run(repl, ["1 + 2", "let rate = 0.2", "100 * rate", "", "rate + \"%\""]) ==
                ["3\n", "rate = 0.2\n", "20\n", "", "\"0.2%\"\n"])
        #expect(repl.feed("let sum = 1")?.text == "error: 'sum' is a function name; choose another name\n")
        #expect(repl.feed(":vars")?.text == "rate = 0.2\n")
    }

    @Test func unfinishedInputContinues() {
        let repl = session()
        #expect(repl.prompt == "jf> ")
        #expect(run(repl, ["map([1, 2, 3],", "  (x) ->", "    x * 2)"]) == [nil, nil, "[2, 4, 6]\n"])
        #expect(run(repl, ["concat(\"a", "b\")"]) == [nil, "\"a\nb\"\n"])
        #expect(repl.feed("1 +") == nil)
        #expect(repl.prompt == "... ")
        repl.cancelInput()
        #expect(repl.prompt == "jf> ")
        #expect(repl.feed("2")?.text == "2\n")
        // At the end of the input, an unfinished expression is evaluated to report its error.
        #expect(repl.feed("sum(1,") == nil)
        #expect(repl.finish()?.failed == true)
        // What a line leaves open carries over to the next: a string (of either quote), brackets.
        #expect(run(repl, ["concat('a \"", "b', \"c", "", "d\")"]) == [nil, nil, nil, "'a \"\nbc\n\nd'\n"])
        #expect(run(repl, ["sum(1, max([2,", "3]), 4)"]) == [nil, "8\n"])
    }

    /// A text field holding a JSON object or array reads as it: its keys complete after a dot,
    /// and `:type` says what it is.
    @Test func jsonTextFieldsCompleteTheirKeys() throws {
        let files = TestFiles()
        files.written["doc.json"] = Array(#"{"fields": [{"_id": "user", "type": "text", "value": "{\"name\": \"Ada\", \"age\": 36}"}, {"_id": "tags", "type": "textarea", "value": "[\"a\", \"b\"]"}]}"#.utf8)
        let repl = REPLSession(files: files)
        #expect(repl.feed(":load doc.json")?.failed == false)
        #expect(repl.completions(for: "user.") == ["age", "name"] || repl.completions(for: "user.") == ["name", "age"])
        #expect(repl.feed("user.name")?.text == "\"Ada\"\n")
        #expect(repl.feed("length(tags)")?.text == "2\n")
    }

    /// An input of many lines costs time in proportion to its length: each line is lexed once.
    @Test func aLongInputIsGatheredLineByLine() {
        let repl = session()
        #expect(repl.feed("sum([") == nil)
        for _ in 0..<40_000 { #expect(repl.feed("1,") == nil) }
        #expect(repl.feed("])")?.text == "40000\n")
        #expect(run(repl, ["concat(\"", String(repeating: "x\n", count: 10_000)]).allSatisfy { $0 == nil })
    }

    @Test func errorsHaveACaretAndASuggestion() throws {
        let output = try #require(session().feed("rund(2.5)"))
        #expect(output.failed)
        #expect(output.text == """
            error[reference]: unknown function 'rund'
             --> input:1:1
              |
            1 | rund(2.5)
              | ^^^^ did you mean 'round'?

            """)
    }

    @Test func documentCommands() throws {
        let repl = session()
        let path = examples.appendingPathComponent("order.json").path
        #expect(repl.feed(":load \(path)")?.text == "loaded \(path): 9 fields, 5 with formulas\n")
        #expect(repl.feed("total")?.text == "215.76\n")
        #expect(repl.feed(":set qty 12")?.text == """
            qty = 12
              subtotal → 1078.8
              discount → 107.88
              tax → 194.18
              total → 1165.1
              label → "12 × Cordless drill = 1165.1"

            """)
        #expect(repl.feed("total")?.text == "1165.1\n")
        #expect(repl.feed(":deps tax")?.text == "tax reads: subtotal, discount, tax_rate\ndepends on: qty, unit_price, subtotal, discount, tax_rate\nread by: total\na change recomputes: total, label\n")
        #expect(repl.feed(":deps subtotal")?.text == "subtotal reads: qty, unit_price\nread by: discount, tax, total\na change recomputes: discount, tax, total, label\n")
        #expect(repl.feed(":graph")?.text.hasPrefix("subtotal ← qty, unit_price\ndiscount ← qty, subtotal\ntax      ← discount, subtotal, tax_rate\n") == true)
        #expect(repl.feed(":fields")?.text.contains("qty         number  12\n") == true)
        #expect(repl.feed(":formulas")?.text.contains("total = round(subtotal - discount + tax, 2)\n  → 1165.1\n") == true)
        #expect(repl.feed(":set qyt 1")?.text == "error: no field has the _id 'qyt' (did you mean 'qty'?)\n")
        #expect(repl.feed(":deps taxx")?.text == "error: no field has the _id 'taxx' (did you mean 'tax'?)\n")
        #expect(repl.feed(":set qty five")?.failed == true)
        #expect(repl.feed(":set qty.0.x 1")?.text == "error: 'qty' is a number field; only a table's or a collection's cells are set by FIELD.ROW.COLUMN\n")
        let files = try #require(repl.files as? TestFiles)
        #expect(repl.feed(":save out.json")?.text == "saved out.json\n")
        let saved = String(decoding: try #require(files.written["out.json"]), as: UTF8.self)
        #expect(saved.contains(#""_id": "qty", "type": "number", "title": "Quantity", "value": 12, "file": "file1" }"#))

        // A recomputed field that fails says why, and those that read it that they wait on it.
        let failed = try #require(repl.feed(#":set tax_rate "abc""#)?.text)
        let lines = failed.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  tax → error: ") && $0.count > "  tax → error: ".count }, "\(failed)")
        #expect(lines.contains("  total → not computed: it reads 'tax', whose formula failed"), "\(failed)")
    }

    /// `:undo` and `:redo` are the session's: a `:set` or `:apply` taken back and done again,
    /// with the values that moved shown as `:set` shows them.
    @Test func undoAndRedo() throws {
        let repl = session()
        let path = examples.appendingPathComponent("order.json").path
        #expect(repl.feed(":load \(path)")?.failed == false)
        #expect(repl.feed(":undo")?.text == "error: there is nothing to undo (:set, :apply, :rows and :fix make steps)\n")
        #expect(repl.feed(":set qty 12")?.failed == false)
        #expect(repl.feed(":undo")?.text == """
            undone
              qty → 2
              subtotal → 179.8
              discount → 0
              tax → 35.96
              total → 215.76
              label → "2 × Cordless drill = 215.76"

            """)
        #expect(repl.feed("total")?.text == "215.76\n")
        #expect(repl.feed(":redo")?.text.hasPrefix("redone\n  qty → 12\n") == true)
        #expect(repl.feed("total")?.text == "1165.1\n")
        #expect(repl.feed(":redo")?.text == "error: there is nothing to redo\n")
    }

    /// An error's excerpt is cut to the terminal's width, so that the line and its caret never
    /// wrap (a formula of the width's length, gutter and all, was shown whole, two columns over).
    @Test func anErrorsExcerptFitsTheTerminal() throws {
        let repl = session()
        for width in [60, 120] {
            repl.width = width
            for length in [width - 4, width - 2, width, width + 40, 500] {
                let source = String(repeating: "1 + ", count: length / 4) + "rund(2)"
                let shown = try #require(repl.feed(source)?.text)
                for line in shown.split(separator: "\n") {
                    #expect(line.count <= width, "\(width) columns, a formula of \(source.count): \(line.count) columns in \(line)")
                }
            }
        }
    }

    @Test func validateFollowsTheSessionsChanges() throws {
        let repl = session()
        let path = examples.appendingPathComponent("work-order.json").path
        _ = repl.feed(":load \(path)")
        #expect(repl.feed(":validate")?.text == """
            ✗ the required field 'description' ("What needs doing") has no value
            ✗ row 2 (row_2) of table 'parts' has no value in the required column 'part' ("Part")
            ✗ the required field 'approver' ("Approved by") has no value
            3 missing values (8 fields checked)

            """)
        // Low priority and few parts: the Approval page is hidden, and with it its fields.
        _ = repl.feed(#":set priority "opt_low""#)
        _ = repl.feed(#":set description "Fix the belt""#)
        #expect(repl.feed(":validate")?.text == """
            ✗ row 2 (row_2) of table 'parts' has no value in the required column 'part' ("Part")
            1 missing value (5 fields checked)

            """)
        #expect(repl.feed(":validate page_request/pos_requester")?.text == "✓ valid (1 field checked)\n")
        #expect(repl.feed(":validate page_requst")?.text == "error: no page has the _id 'page_requst'; its pages: 'page_request', 'page_approval' (did you mean 'page_request'?)\n")
    }

    @Test func lintShowsTheFindingsOfTheDocumentAsTheSessionHasIt() throws {
        let repl = session()
        let path = examples.appendingPathComponent("templates/order-form.json").path
        _ = repl.feed(":load \(path)")
        let all = try #require(repl.feed(":lint")?.text)
        #expect(all.hasPrefix("error[unknown-reference]: unknown name 'subtotl'\n  --> \(path):28:81 · field subtotal · formula f_subtotal\n"), "\(all)")
        #expect(all.hasSuffix("7 findings: 5 errors, 2 warnings\n"))
        #expect(repl.feed(":lint invalid-value")?.text == "✓ no findings\n")
        // A value set to text in the session is a finding of the document as the session has it.
        #expect(repl.feed(#":set qty "7""#)?.text.hasSuffix("""
            warning: number field 'qty' holds the text "7"; formulas read text, not the number 7 (store the number 7?)

            """) == true)
        let value = try #require(repl.feed(":lint invalid-value, unknown-function")?.text)
        #expect(value.contains("warning[invalid-value]: number field 'qty' holds the text \"7\"; formulas read text, not the number 7\n"))
        #expect(value.contains(#"8 |     {"_id": "qty", "type": "number", "title": "Quantity", "value": "7", "file": "file_1"},"#))
        #expect(value.hasSuffix("2 findings: 1 error, 1 warning\n"))
        #expect(repl.feed(":lint invalid-vaule")?.text == "error: unknown rule 'invalid-vaule'; did you mean 'invalid-value'? (jf lint --list-rules lists them)\n")
        #expect(session().feed(":lint")?.text == "error: no document; :load DOC first\n")
    }

    /// `:fix` edits the document's text through the session: the fixes `jf lint --fix`
    /// applies, then what remains; `:undo` takes them back.
    @Test func fixAppliesLintsFixesThroughTheSession() throws {
        let repl = session()
        let path = examples.appendingPathComponent("templates/order-form.json").path
        _ = repl.feed(":load \(path)")
        #expect(repl.feed(":lint unknown-function")?.text.contains("did you mean 'round'? [fixable with :fix]") == true)
        let fixed = try #require(repl.feed(":fix unknown-function, invalid-operator")?.text)
        #expect(fixed == "fixed 2 findings (:undo takes the fixes back; :save writes them)\n✓ no findings left\n", "\(fixed)")
        #expect(repl.feed(":fix unknown-function")?.text == "nothing to fix\n")
        #expect(repl.feed(":formulas rounded")?.text.contains("round(subtotal, 2)") == true, "the session's model has the fixed text")
        let files = try #require(repl.files as? TestFiles)
        _ = repl.feed(":save fixed.json")
        let saved = String(decoding: try #require(files.written["fixed.json"]), as: UTF8.self)
        #expect(saved.contains(#""expression": "round(subtotal, 2)""#) && saved.contains(#""expression": "status == \"Open\"""#))
        #expect(repl.feed(":undo")?.text.contains("is_open → error: '===' is not an operator") == true)
        #expect(repl.feed(":lint unknown-function")?.text.contains("unknown function 'rund'") == true)
        #expect(repl.feed(":fix circular-reference")?.text == "nothing to fix (1 finding without a safe fix: :lint shows them)\n")
    }

    @Test func rowsAreListedAndChangedAsTheSDKsDo() throws {
        let repl = session()
        _ = repl.feed(":load \(examples.appendingPathComponent("invoice.json").path)")
        #expect(repl.feed(":rows items")?.text == """
            r2  {"description":"Calibration","price":85,"qty":2,"category":"cat_sv"}
            r1  {"description":"Torque wrench","price":129.50,"qty":4,"category":"cat_hw"}
            r3  {"description":"Socket set","price":64.25,"qty":3,"category":"cat_hw"}

            """)
        #expect(repl.feed(#":rows items edit r1 r2 {"qty": 1}"#)?.text.hasPrefix("applied 2 changes\n  subtotal → ") == true)
        #expect(repl.feed(":rows items up r1")?.text == "applied 1 change\n")
        #expect(repl.feed(":rows items up r1")?.text == "r1 is already first\n")
        let duplicated = try #require(repl.feed(":rows items duplicate r3")?.text)
        #expect(duplicated.contains("summary → \"Acme Tools Ltd: 4 items, total "), "\(duplicated)")
        let listed = try #require(repl.feed(":rows items")?.text).split(separator: "\n")
        #expect(listed.map { $0.prefix(2) } == ["r1", "r2", "r3", listed[3].prefix(2)] && listed[3].contains(#"{"description":"Socket set","#))
        #expect(repl.feed(":rows items delete r9")?.text == "error: the table has no row with the _id 'r9' (deleted rows cannot be named) (did you mean 'r1'?)\n")
        #expect(repl.feed(":rows items dupliate r1")?.text == "error: unknown row operation 'dupliate'; did you mean 'duplicate'? (one of insert, filtered, below, duplicate, delete, up, down, edit)\n")
        #expect(repl.feed(":rows items edit r1")?.text == "error: usage: :rows items edit ROW… CELLS (a JSON object: {\"qty\": 2})\n")
        // insertRowWithFilter: the active filters fill the new row's cells, by column type.
        #expect(repl.feed(#":rows items filtered {"category": "cat_hw", "qty": "2"}"#)?.text.hasPrefix("applied 1 change\n") == true)
        #expect(try #require(repl.feed(":rows items")?.text).split(separator: "\n").last?.hasSuffix(#"{"qty":2,"category":"cat_hw"}"#) == true)
        #expect(repl.feed(":rows customer")?.text == "error: 'customer' is not a table or collection\n")
        #expect(repl.feed(#":rows {"qty": 1}"#)?.text == "error: usage: :rows FIELD [OP ROW… [CELLS]]\n")
        #expect(repl.completions(for: ":rows it") == ["items"])
        #expect(repl.completions(for: ":rows items du") == ["duplicate"])
        #expect(repl.completions(for: ":rows items delete r1 r") == ["r1", "r2", "r3"])
        #expect(repl.completions(for: ":lint invalid-v") == ["value"], "the word after the '-'")
        #expect(repl.completions(for: ":lint unknown-reference,unknown-f") == ["function"])
    }

    @Test func decoratorsAreListedByScopeAndShownWhereInherited() throws {
        let document = """
            {"files": [{"pages": [{"_id": "p1", "fieldPositions": [{"_id": "fp", "field": "items"}]}]}],
             "fields": [{"_id": "items", "type": "table", "decorators": [{"action": "help", "icon": "circle-info", "label": "Help"}],
                         "rowDecorators": [{"action": "dup", "label": "Duplicate"}],
                         "tableColumns": [{"_id": "qty", "type": "number", "decorators": [{"action": "note", "color": "#FF0000"}]}],
                         "value": [{"_id": "r1", "cells": {}, "decorators": {"all": [{"action": "flag", "icon": "flag"}]}}, {"_id": "r2"}]}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-decorators-\(getpid()).json")
        try document.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let repl = session()
        _ = repl.feed(":load \(url.path)")
        #expect(repl.feed(":decorators")?.text == """
            p1/fp
              help  [circle-info]  "Help"
            p1/fp/rows
              dup  "Duplicate"
            p1/fp/columns/qty
              note  #FF0000  (not shown: no icon or label)
            p1/fp/r1
              flag  [flag]

            """)
        #expect(repl.feed(":decorators p1/fp/r2")?.text == "  dup  \"Duplicate\"\n(none of its own: these are every row's, or its column's)\n")
        #expect(repl.feed(":decorators p1/fp/r3")?.text
                == "error: decorator path 'p1/fp/r3': 'items' has no row 'r3' (deleted rows cannot be decorated) (did you mean 'r1'?)\n")
    }

    @Test func failingFormulasAreListedWithTheirSuggestion() throws {
        let repl = session()
        let path = examples.appendingPathComponent("templates/order-form.json").path
        #expect(repl.feed(":load \(path)")?.text.hasSuffix(", 7 problems (:formulas shows them)\n") == true)
        let listing = try #require(repl.feed(":formulas")?.text)
        #expect(listing.contains("subtotal = qty * price + subtotl\n  ✗ error: unknown name 'subtotl' (did you mean 'subtotal'?)\n"))
        #expect(listing.contains("  ✗ error: '===' is not an operator (use '==', which is already strict)\n"))
    }

    @Test func oneFieldsFormulasAreShownWholeWithTheirErrorsUnderTheSpan() throws {
        let repl = session()
        repl.width = 40
        _ = repl.feed(":load \(examples.appendingPathComponent("templates/order-form.json").path)")
        let listing = try #require(repl.feed(":formulas")?.text)
        #expect(listing.hasPrefix("subtotal = qty * price + subtotl\n"))
        #expect(listing.hasSuffix("(:formulas FIELD shows a field's formulas whole, errors under their span)\n"))
        #expect(repl.feed(":formulas subtotal")?.text == """
            subtotal = qty * price + subtotl
            error[unknown-reference]: unknown name 'subtotl'
             --> subtotal:1:15
              |
            1 | qty * price + subtotl
              |               ^^^^^^^ did you mean 'subtotal'?

            """)
        // It reads the failed subtotal: not evaluated, it says what it waits on.
        #expect(repl.feed(":formulas discount")?.text == """
            discount = iff(subtotal > 100, 10, 0)
            error[depends-on-failure]: depends on 'subtotal', whose formula failed: unknown name 'subtotl'; the value is kept
             --> discount:1:5
              |
            1 | iff(subtotal > 100, 10, 0)
              |     ^^^^^^^^
              = note: fix 'subtotal' and this field is computed again

            """)
        #expect(repl.feed(":formulas status")?.text == "status has no formula\n")
        #expect(repl.feed(":formulas subtotl")?.text == "error: no field has the _id 'subtotl' (did you mean 'subtotal'?)\n")
        #expect(repl.completions(for: ":formulas sub") == ["subtotal"])
    }

    @Test func aListedFormulaIsOneLineCutAtTheEdge() {
        #expect(REPLSession.oneLine("if(a,\n   b,\n\tc)", width: 40) == "if(a, b, c)")
        #expect(REPLSession.oneLine("  lead  ", width: 40) == "lead")
        #expect(REPLSession.oneLine("abcdef", width: 6) == "abcdef")
        #expect(REPLSession.oneLine("abcdefg", width: 6) == "abcde…")
        #expect(REPLSession.oneLine("abcd efg", width: 6) == "abcd…")
    }

    @Test func commandsWithoutADocumentSaySo() {
        #expect(session().feed(":fields")?.text == "error: no document; :load DOC first\n")
        #expect(session().feed(":load /nonexistent.json")?.failed == true)
        #expect(session().feed(":lod x")?.text == "error: unknown command ':lod'; did you mean ':load'? (:help lists the commands)\n")
    }

    @Test func habitsFromOtherToolsGetANote() {
        func note(_ input: String) -> String? {
            guard let text = session().feed(input)?.text, let range = text.range(of: "= note: ") else { return nil }
            return String(text[range.upperBound...].dropLast())
        }
        #expect(note(".help") == "meta-commands start with ':' here: :help")
        #expect(note(".load examples/order.json") == "meta-commands start with ':' here: :load examples/order.json")
        #expect(note("\\q") == "meta-commands start with ':' here: :quit")
        #expect(note("\\?") == "meta-commands start with ':' here: :help")
        // `exit` and `quit` leave, as in psql and node; `q` (no word of theirs) gets the note.
        #expect(session().feed("exit")?.quit == true)
        #expect(session().feed("  quit ")?.quit == true)
        #expect(note("q") == "to leave, type :quit or exit, or press Ctrl-D")
        #expect(note("rate = 0.2 * 3") == "to bind a session variable, write: let rate = 0.2 * 3")
        #expect(note(".5 +") == nil)
        #expect(note("items.0 = 3") == nil)
        #expect(note("price * 2") == "no document is loaded, so no name is known: :load DOC binds its fields, let NAME = EXPR a variable")
        let repl = session()
        _ = repl.feed("let exit = 1")
        #expect(repl.feed("exit")?.text == "1\n")
    }

    @Test func inspectionCommands() throws {
        let repl = session()
        #expect(repl.feed(":type 1 + 2")?.text == "static: number\nvalue:  number\n")
        #expect(repl.feed(":ast sum(1, [2, 3])")?.text == """
            call sum  0..<14
              number 1  4..<5
              array  7..<13
                number 2  8..<9
                number 3  11..<12

            """)
        #expect(repl.feed(":fmt sum( 1,[2,3] )*2")?.text == "sum(1, [2, 3]) * 2\n")
        #expect(repl.feed(":fmt a === b")?.failed == true)
        #expect(repl.feed(":explain round(2.5 * 2, 0) + 1")?.text == """
              2.5 * 2  =  5
              round(2.5 * 2, 0)  =  5
            ⇒ round(2.5 * 2, 0) + 1  =  6

            """)
        // a callback is shown at work: its parameters and its body's value, call by call
        #expect(repl.feed(":explain map([1, 2], (x) -> x * 10)")?.text == """
              [1, 2]  =  [1, 2]
              (x) -> x * 10, for each element:
                  x = 1  ⇒  10
                  x = 2  ⇒  20
            ⇒ map([1, 2], (x) -> x * 10)  =  [10, 20]

            """)
        #expect(repl.feed(":explain filter([4, 5, 6, 7, 8, 9, 10], (x, i) -> x / (i - 2) > 1)")?.text == """
              [4, 5, 6, 7, 8, 9, 10]  =  [4, 5, 6, 7, 8, 9, 10]
              (x, i) -> x / (i - 2) > 1, for each element:
                  x = 4, i = 0  ⇒  false
                  x = 5, i = 1  ⇒  false
                  x = 6, i = 2  ⇒  error[divisionByZero]: division by zero
            ⇒ filter([4, 5, 6, 7, 8, 9, 10], (x, i) -> x / (i - 2) > 1)  =  error[divisionByZero]: division by zero

            """)
        #expect(repl.feed(":explain map([1, 2, 3, 4, 5, 6, 7], (x) -> x)")?.text.contains("      x = 5  ⇒  5\n      … and 2 more\n") == true)
        #expect(repl.feed(":explain reduce([1, 2], (total, x) -> total + x, 0)")?.text.contains(
            "  (total, x) -> total + x  =  (total, x) -> total + x\n") == true, "an accumulator is not replayed")
        #expect(repl.feed(":explain round(2.5 * 2, 0) + 1")?.failed == false)
        // an :explain fails when the whole expression does, not when a part of it does
        #expect(repl.feed(":explain 1 + 2 / 0")?.failed == true)
        #expect(repl.feed(":explain if(true, 1, 1 / 0)")?.failed == false)
        let doc = try #require(repl.feed(":doc round")?.text)
        #expect(doc.hasPrefix("round(value: number, digits?: number) -> number\n  Rounds"))
        #expect(doc.contains("round(3.14159, 2)  ⇒  3.14"))
        #expect(repl.feed(":time 1 + 1")?.text.contains("per parse and evaluation") == true)
        #expect(repl.feed(":help")?.text.contains(":explain EXPR") == true)
        #expect(repl.feed(":quit")?.quit == true)
    }

    @Test func clockAndZone() {
        let repl = session()
        #expect(repl.feed("now()")?.text == "2024-06-01T12:00:00.000Z\n")
        #expect(repl.feed(":now 2020-01-01T23:30:00Z")?.text == "now() = 2020-01-01T23:30:00.000Z\n")
        #expect(repl.feed("day(now())")?.text == "1\n")
        #expect(repl.feed(":tz Asia/Tokyo")?.text == "time zone: Asia/Tokyo\n")
        #expect(repl.feed("day(now())")?.text == "2\n")
        #expect(repl.feed(":tz Mars/Olympus")?.failed == true)
    }

    @Test func runawayEvaluationIsCutOffByTheBudget() {
        var options = EvaluationOptions()
        options.maxSteps = 1_000
        let repl = REPLSession(files: TestFiles(), options: options)
        let output = repl.feed("reduce(map([1,2,3,4,5,6,7,8,9,10], (a) -> map([1,2,3,4,5,6,7,8,9,10], (b) -> map([1,2,3,4,5,6,7,8,9,10], (c) -> a * b * c))), (acc, x) -> acc + 1, 0)")
        #expect(output?.failed == true)
        #expect(output?.text.contains("steps") == true)
    }

    @Test func completion() throws {
        let repl = session()
        #expect(repl.completions(for: "su") == ["sum("])
        #expect(repl.completions(for: "1 + ro") == ["round("])
        #expect(repl.completions(for: ":lo") == ["load"])
        #expect(repl.completions(for: ":load ex") == nil)
        _ = repl.feed("let subtotal_rate = 2")
        #expect(repl.completions(for: "sub") == ["substring(", "subtotal_rate"].filter { $0 != "substring(" || repl.registry.lookup("substring") != nil })
        _ = repl.feed(":load \(examples.appendingPathComponent("order.json").path)")
        #expect(repl.completions(for: "ta") == ["tax", "tax_rate"])
        #expect(repl.completions(for: ":set un") == ["unit_price"])
        #expect(repl.completions(for: ":doc coun") == ["count", "countIf"])
        #expect(repl.completions(for: "dateAdd(now(), 1, \"Da") == ["day", "days"], "in a string, the words its parameter takes")
        #expect(repl.completions(for: "concat(\"ta") == [], "in any other string, nothing")
        #expect(repl.completions(for: "items.") == [])
    }

    /// In a string compared with a dropdown, a field or a cell in a callback over rows, Tab
    /// completes its options' texts; the part after a space of a text that holds one.
    @Test func completionOfOptionsInAComparedString() throws {
        let repl = session()
        _ = repl.feed(":load \(examples.appendingPathComponent("invoice.json").path)")
        #expect(repl.completions(for: "if(status == \"P") == ["Paid"])
        #expect(repl.completions(for: "status != '") == ["Draft", "Paid", "Sent"])
        #expect(repl.completions(for: "filter(items, (row) -> row.category == \"s") == ["Service"], "any letter case")
        #expect(repl.completions(for: "some(items.category, (kind) -> kind != \"H") == ["Hardware"], "an element of a column of dropdowns")
        #expect(repl.completions(for: "customer == \"A") == [], "a text field has no options")
        _ = repl.feed(":load \(examples.appendingPathComponent("inspection.json").path)")
        #expect(repl.completions(for: "status == \"Action r") == ["required"])
        _ = repl.feed("let status = \"mine\"")
        #expect(repl.completions(for: "status == \"P") == [], "a session variable hides the field")
    }

    /// `:apply` takes change-API entries, inline or from a file, on top of the session's
    /// `:set` changes, and shows the formula fields whose values changed; `:save` writes the
    /// result. A change that cannot be applied says where and changes nothing.
    @Test func changeEntriesApplyToTheBoundDocument() throws {
        let files = TestFiles()
        let repl = REPLSession(files: files, options: EvaluationOptions())
        #expect(repl.feed(":apply []")?.text == "error: no document; :load DOC first\n")
        _ = repl.feed(":load \(examples.appendingPathComponent("inspection.json").path)")
        _ = repl.feed(":set sites.c1.score 1")
        let created = #"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"cells": {"item": "Roof", "result": "res_fail", "score": 2}}, "parentPath": "site_2"}}"#
        #expect(repl.feed(":apply \(created)")?.text == "applied 1 change\n  failed → 2\n  average_score → 4.4\n")
        files.written["/changes.json"] = Array("""
            [{"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c2"}},
             {"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c9"}}]
            """.utf8)
        let refused = try #require(repl.feed(":apply /changes.json"))
        #expect(refused.failed)
        #expect(refused.text == """
            error[invalid-change]: change 2 (field 'sites'): the collection has no row with the _id 'c9' (deleted rows cannot be changed)
             --> /changes.json:2:78 · field sites
              |
            2 | …dId": "sites", "change": {"rowId": "c9"}}]
              |                                     ^^^^
              = note: did you mean 'c1', 'c4' or 'c5'?

            nothing was changed

            """)
        #expect(repl.feed("failed")?.text == "2\n", "nothing was changed")
        #expect(repl.feed(":apply [{\"target\": 1}")?.text == "error: the changes: line 1, column 15: expected ',' or ']' after an array element, found the end of input\n")
        _ = repl.feed(":save /out.json")
        let saved = String(decoding: try #require(files.written["/out.json"]), as: UTF8.self)
        #expect(saved.contains(#""item":"Roof""#) && saved.contains(#""score":1}"#), "the applied and the :set changes are saved")
    }

    /// After a `.`, the columns of the rows before it: a field's, a callback parameter's (also
    /// while the formula is still open, and across continued lines), a collection row's
    /// children and schemas.
    @Test func completionOfColumns() throws {
        let repl = session()
        _ = repl.feed(":load \(examples.appendingPathComponent("invoice.json").path)")
        #expect(repl.completions(for: "sum(items.") == ["category", "description", "price", "qty"])
        #expect(repl.completions(for: ":set ite") == ["items"])
        #expect(repl.completions(for: ":set items.") == ["r2", "r1", "r3"].sorted(), "the rows not deleted")
        #expect(repl.completions(for: ":set items.r2.q") == ["qty"])
        #expect(repl.completions(for: ":set items.r2.qty ") == [], "then comes the value")
        #expect(repl.feed(":set items.r2.qty 5")?.text.hasPrefix("items.r2.qty = 5\n  subtotal → 1135.75\n") == true)
        #expect(repl.feed("items.0.qty")?.text == "5\n", "r2 is the first row: rowOrder puts it there")
        #expect(repl.completions(for: "sum(items.pr") == ["price"])
        #expect(repl.completions(for: "sum(map(items, (row) -> row.q") == ["qty"])
        #expect(repl.completions(for: "items.0.") == ["category", "description", "price", "qty"])
        #expect(repl.completions(for: "customer.") == [])
        #expect(repl.completions(for: "\"items.") == [])
        #expect(repl.feed("sum(map(items,") == nil)
        #expect(repl.completions(for: "  (row) -> row.de") == ["description"])
        repl.cancelInput()
        _ = repl.feed(":load \(examples.appendingPathComponent("inspection.json").path)")
        #expect(repl.completions(for: "map(sites, (s) -> s.") == ["children", "name", "region"])
        #expect(repl.completions(for: "map(sites, (s) -> s.children.") == ["checks"])
        #expect(repl.completions(for: "map(sites, (s) -> map(s.children.checks, (c) -> c.s") == ["score"])
        _ = repl.feed("let items = [{a: 1}]")
        #expect(repl.completions(for: "items.") == ["a"], "a session variable hides the field")
    }

    /// An input that evaluates is followed by what the checker finds in it, as warnings.
    @Test func warningsFollowAValue() throws {
        let repl = session()
        _ = repl.feed(":load \(examples.appendingPathComponent("invoice.json").path)")
        let output = try #require(repl.feed("if(false, items.prise, 1)"))
        #expect(!output.failed)
        #expect(output.text.hasPrefix("1\nwarning[unknown-column]: table 'items' has no column 'prise'\n"))
        #expect(output.text.contains("did not run this time"))
        let binding = try #require(repl.feed(#"let same = 1 == "1""#))
        #expect(binding.text.hasPrefix("same = false\nwarning[always-false-comparison]: a number is never equal to a string"))
        let name = try #require(repl.feed("if(same, totl, 1)"))
        #expect(name.text.hasPrefix("1\nwarning[unknown-reference]: unknown name 'totl'\n"))
        #expect(name.text.contains("did you mean 'total'?"))
        #expect(repl.feed("if(same, sme, 1)")?.text.contains("did you mean 'same'?") == true, "variables are names too")
        #expect(repl.feed("sum(items.price)")?.text == "278.75\n", "nothing to say, nothing said")
    }

    /// After a `.` that follows a path of names and literal indexes, the keys of the objects
    /// the session's values hold there: variables, and fields that hold objects.
    @Test func completionOfKeysOfValues() throws {
        let repl = session()
        _ = repl.feed(#"let order = {customer: {name: "Ada", city: "Paris"}, lines: [{sku: 1, qty: 2}, {sku: 2, note: "x"}]}"#)
        #expect(repl.completions(for: "order.") == ["customer", "lines"])
        #expect(repl.completions(for: "upper(order.customer.") == ["city", "name"])
        #expect(repl.completions(for: "order.lines.") == ["note", "qty", "sku"])
        #expect(repl.completions(for: "order.lines[0].") == ["qty", "sku"])
        #expect(repl.completions(for: "order.lines.1.n") == ["note"])
        #expect(repl.completions(for: "order.lines.2.") == [], "no element 2")
        #expect(repl.completions(for: "order.nope.") == [])
        #expect(repl.completions(for: "order.customer.name.") == [], "text has no keys")
        #expect(repl.completions(for: "map(order.lines, (l) -> l.") == [], "a parameter's value is not known")
        _ = repl.feed(":load \(examples.appendingPathComponent("sales-chart.json").path)")
        #expect(repl.completions(for: "sales.0.points.0.") == ["_id", "label", "x", "y"], "a chart's rows")
    }

    @Test func valuesArePrintedByType() {
        let printer = ValuePrinter(colored: false)
        #expect(printer.format(.string("a\"b")) == "'a\"b'")
        // A quote followed by a combining mark is one Character, and still a quote.
        let quoteAndMark = "a\"\u{0312}b"
        #expect(printer.format(.string(quoteAndMark)) == "'" + quoteAndMark + "'")
        #expect(printer.format(.array([.number(1), .string("x"), .null, .undefined, .boolean(true)])) == "[1, \"x\", null, undefined, true]")
        let long = Value.array((0..<30).map { .string("element \($0)") })
        #expect(printer.format(long).hasPrefix("[\n  \"element 0\",\n  \"element 1\",\n"))
        let object = Value.object(ObjectValue([("name", .string("Ada")), ("tags", .array([]))]))
        #expect(printer.format(object) == "{\"name\": \"Ada\", \"tags\": []}")
        #expect(ValuePrinter(colored: true).format(.number(1)) == "\u{1B}[36m1\u{1B}[0m")
        var short = printer
        short.maxTextLength = 100
        #expect(short.format(long) == "<array longer than 100 bytes as text: not shown>")
    }

    @Test func oneLineFormsAreMeasuredInCharacters() {
        let printer = ValuePrinter(colored: false)
        // 70 characters of two bytes each, quoted: 72 characters, the width.
        let accented = String(repeating: "é", count: 70)
        #expect(printer.format(.array([.string(accented)])) == "[\n  \"\(accented)\"\n]")
        #expect(printer.format(.array([.string(String(accented.dropLast(2)))])) == "[\"\(accented.dropLast(2))\"]")
        let key = String(repeating: "k", count: 60)
        #expect(printer.format(.object(ObjectValue([(key, .number(12345))]))) == "{\"\(key)\": 12345}")
        #expect(printer.format(.object(ObjectValue([(key + "k", .number(12345))]))) == "{\"\(key)k\": 12345}")
        #expect(printer.format(.object(ObjectValue([(key + "kk", .number(12345))]))) == "{\n  \"\(key)kk\": 12345\n}")
    }

    @Test func deepLargeValuesKeepTheirLayout() {
        // 300 levels around 20,000 numbers: each level is indented, the innermost list one
        // number a line. Deciding each level's layout reads only a line's worth of it.
        var value = Value.array((0..<20_000).map { .number(Double($0)) })
        for _ in 0..<300 { value = .array([value]) }
        let lines = ValuePrinter(colored: false).format(value).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 * 301 + 20_000)
        #expect(lines[300] == String(repeating: "  ", count: 300) + "[")
        #expect(lines[301] == String(repeating: "  ", count: 301) + "0,")
        #expect(lines.last == "]")
    }
    @Test func listingLinesAreCutToAWidth() {
        let plain = ValuePrinter(colored: false)
        let items = Value.array((0..<1_000_000).map { .number(Double($0)) })
        #expect(plain.line(items, width: 12) == "[0, 1, 2, 3,…")
        #expect(plain.line(.array([.number(1), .number(2)]), width: 6) == "[1, 2]", "a value that fits is whole")
        #expect(plain.line(.string("first line\nsecond"), width: 40) == "\"first line…", "a text ends at its line break")
        #expect(plain.line(.string("abcdef"), width: 5) == "\"abcd…")
        let key = Value.object(ObjectValue([("a key", .string("v"))]))
        #expect(plain.line(key, width: 4) == "{\"a …")
        // Coloured, the pieces shown are painted whole: no colour is left open.
        let colored = ValuePrinter(colored: true).line(.array([.number(10), .string("a long text")]), width: 12)
        #expect(colored == "[\u{1B}[36m10\u{1B}[0m, \u{1B}[32m\"a long\u{1B}[0m…")
    }

    @Test func outputFollowsTheTerminalsWidth() throws {
        for width in [40, 60, 80, 132] {
            let repl = session()
            repl.width = width
            let help = try #require(repl.feed(":help")?.text)
            let wide = help.split(separator: "\n").filter { $0.count > width }
            #expect(wide.isEmpty, "at \(width) columns: \(wide)")
            _ = repl.feed(":load \(examples.appendingPathComponent("invoice.json").path)")
            _ = repl.feed("let note = \"\(String(repeating: "word ", count: 40))\"")
            // Values are cut to the width (a formula's text is not: it is shown whole).
            for command in [":fields", ":formulas", ":vars", ":set tax_rate 10"] {
                let listing = try #require(repl.feed(command)?.text)
                let values = listing.split(separator: "\n").filter { command != ":formulas" || $0.hasPrefix("  ") }
                let long = values.filter { $0.count > width }
                #expect(long.isEmpty, "\(command) at \(width) columns: \(long)")
            }
            #expect(try #require(repl.feed(":fields")?.text).contains("[{\"descr"))
            #expect(try #require(repl.feed(":vars")?.text).hasSuffix("…\n"))
        }
        let narrow = session()
        narrow.width = 10
        #expect(narrow.width == REPLSession.minimumWidth)
    }
}

