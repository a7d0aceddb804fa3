import Foundation
import Testing
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
@testable import JoyfillEngine

let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

/// A document whose formula fields are given as `id: (type, expression)`, plus inputs.
func makeDocument(formulas: [(String, String, String)], inputs: String = "") -> String {
    var fields: [String] = []
    var definitions: [String] = []
    for (id, type, expression) in formulas {
        definitions.append(#"{"_id": "f_\#(id)", "expression": \#(JSONText.string(expression))}"#)
        fields.append(#"{"_id": "\#(id)", "type": "\#(type)", "formulas": [{"_id": "a_\#(id)", "formula": "f_\#(id)", "key": "value"}]}"#)
    }
    if !inputs.isEmpty { fields.insert(inputs, at: 0) }
    return #"{"formulas": [\#(definitions.joined(separator: ", "))], "fields": [\#(fields.joined(separator: ", "))]}"#
}

func run(_ text: String) throws -> DocumentEngine {
    let engine = DocumentEngine(document: try JoyDoc(bytes: Array(text.utf8)),
                                options: EvaluationOptions(now: Instant(milliseconds: 1_717_243_200_000)))
    engine.evaluateAll()
    return engine
}

extension DocumentEngine {
    func value(_ id: String) -> String { fieldReports.first { $0.field == id }?.value?.text ?? "absent" }
    func status(_ id: String) -> FieldStatus? { fieldReports.first { $0.field == id }?.status }
}

struct EngineTests {
    /// Cells are named as formulas number rows (`items.0` is r2: rowOrder puts it first) or
    /// by row `_id`, and columns by id or title; changes of one table merge into one value.
    @Test func cellPathsChangeOneCell() throws {
        let text = try String(contentsOf: examplesFolder.appendingPathComponent("invoice.json"), encoding: .utf8)
        let engine = try run(text)
        let changes = try engine.fieldChanges([("items.0.qty", .number(5)), ("items.r1.Unit Price", .number(100)), ("tax_rate", .number(10))])
        #expect(changes.map(\.field) == ["items", "tax_rate"])
        let recomputed = try engine.apply(changes)
        #expect(recomputed.first == "subtotal")
        // r2: 85 × 5; r1: 100 × 4; r3: 64.25 × 3; the deleted r4 is untouched.
        #expect(engine.value("subtotal") == "1017.75")
        func failure(_ path: String) -> String? {
            do { _ = try engine.fieldChanges([(path, .number(1))]); return nil } catch { return error.description }
        }
        #expect(failure("items.3.qty") == "table 'items': there is no row 3: it has 3 rows (numbered from 0)")
        #expect(failure("items.r4.qty") == "table 'items': no row has the _id 'r4' (deleted rows cannot be changed) (did you mean 'r2', 'r1' or 'r3'?)")
        #expect(failure("items.0.qyt") == "table 'items': no column 'qyt' (did you mean 'qty'?)")
        #expect(failure("tax_rate.0.x") == "'tax_rate' is a number field; only a table's or a collection's cells are set by FIELD.ROW.COLUMN")
        #expect(failure("items.0") == "'items.0' names no field or cell: a cell is FIELD.ROW.COLUMN, as in items.0.COLUMN")
        #expect(failure("itemz.0.qty") == "no field has the _id 'itemz' (did you mean 'items'?)")
    }

    /// In a collection, a row below the root rows is named by its `_id`, and its columns are
    /// those of its own schema.
    @Test func cellPathsReachRowsBelowACollectionsRoot() throws {
        let text = try String(contentsOf: examplesFolder.appendingPathComponent("inspection.json"), encoding: .utf8)
        let engine = try run(text)
        let changes = try engine.fieldChanges([("sites.c4.Result", .string("res_fail")), ("sites.c1.score", .number(1)),
                                               ("sites.0.name", .string("Quay"))])
        #expect(changes.map(\.field) == ["sites"])
        _ = try engine.apply(changes)
        #expect(engine.value("failed") == "2")
        #expect(engine.value("average_score") == "5")
        let sites = try #require(changes.first?.value.arrayValue)
        #expect(sites[0]["cells"]?["name"]?.stringValue == "Quay")
        #expect(sites[0]["children"]?["checks"]?["value"]?.arrayValue?.first?["cells"]?["score"]?.numberValue == 1)
        func failure(_ path: String) -> String? {
            do { _ = try engine.fieldChanges([(path, .number(1))]); return nil } catch { return error.description }
        }
        #expect(failure("sites.c3.score") == "collection 'sites': no row has the _id 'c3' (deleted rows cannot be changed) (did you mean 'c1', 'c2', 'c4' or 'c5'?)")
        #expect(failure("sites.c1.name") == "collection 'sites': no column 'name' in schema 'checks'")
        #expect(failure("sites.c1.scor") == "collection 'sites': no column 'scor' in schema 'checks' (did you mean 'score'?)")
    }

    @Test func invoiceExample() throws {
        let text = try String(contentsOf: examplesFolder.appendingPathComponent("invoice.json"), encoding: .utf8)
        let engine = try run(text)
        #expect(engine.value("subtotal") == "880.75")
        #expect(engine.value("tax") == "72.66")
        #expect(engine.value("total") == "953.41")
        #expect(engine.value("due_date") == "1734825600000")
        #expect(engine.value("summary") == "\"Acme Tools Ltd: 3 items, total 953.41\"")
        #expect(engine.value("size") == "\"Standard\"")
        #expect(engine.findings.isEmpty)

        let recomputed = try engine.apply([("tax_rate", .number(10))])
        #expect(recomputed == ["tax", "total", "summary", "size"])
        #expect(engine.value("total") == "968.83")
    }

    @Test func cyclesAreReportedByTheirPath() throws {
        let engine = try run(makeDocument(formulas: [
            ("c", "number", "a + 1"), ("a", "number", "b + 1"), ("b", "number", "c + 1"),
            ("down", "number", "a * 2"), ("self", "number", "self + 2"), ("fine", "number", "5"),
        ]))
        #expect(engine.status("a") == .circular)
        #expect(engine.status("b") == .circular)
        #expect(engine.status("c") == .circular)
        #expect(engine.status("down") == .dependsOnCircular)
        #expect(engine.status("self") == .circular)
        #expect(engine.status("fine") == .ok)
        #expect(engine.value("fine") == "5")
        #expect(engine.value("a") == "absent")
        let cycle = engine.findings.first { $0.field == "b" }
        #expect(cycle?.message == "circular reference: a → b → c → a")
        #expect(cycle?.cycle == ["a", "b", "c", "a"])
        #expect(cycle?.span == SourceSpan(start: 0, end: 1))
        #expect(engine.findings.first { $0.field == "self" }?.cycle == ["self", "self"])
        #expect(engine.findings.first { $0.field == "down" }?.code == .dependsOnCircular)
    }

    /// A formula that fails on a stored value its field's type does not hold says so: the
    /// value is why `qty * 2` cannot multiply, though `qty` is a number field.
    /// Decision D8: a formula that reads a failed field, directly or through others, is not
    /// evaluated: it keeps its stored value and reports depends-on-failure, naming the failed
    /// field and its error. Fixed by a change, it is computed again; broken by one, it waits.
    @Test func dependentsOfAFailedFormulaAreNeverComputedFromItsStaleValue() throws {
        let inputs = #"{"_id": "price", "type": "number", "value": 10}, {"_id": "qty", "type": "text", "value": "abc"}"#
        var text = makeDocument(formulas: [("subtotal", "number", "price * qty"), ("total", "number", "subtotal * 2"),
                                          ("label", "text", "concat(\"Total: \", total)"), ("other", "number", "price + 1")], inputs: inputs)
        // Stored values that a formula computed from would look current: 5, 6 and "old".
        text = text.replacingOccurrences(of: #""_id": "subtotal", "type": "number""#, with: #""_id": "subtotal", "type": "number", "value": 5"#)
            .replacingOccurrences(of: #""_id": "total", "type": "number""#, with: #""_id": "total", "type": "number", "value": 6"#)
            .replacingOccurrences(of: #""_id": "label", "type": "text""#, with: #""_id": "label", "type": "text", "value": "old""#)
        let engine = try run(text)
        #expect(engine.status("subtotal") == .error)
        #expect(engine.status("total") == .dependsOnFailure)
        #expect(engine.status("label") == .dependsOnFailure)
        #expect(engine.status("other") == .ok)
        let reports = Dictionary(uniqueKeysWithValues: engine.fieldReports.map { ($0.field, $0) })
        #expect(reports["total"]?.value == .number(6) && reports["label"]?.value == .string("old"), "the stored values are kept")
        #expect(reports["label"]?.cause == "subtotal")
        let waiting = try #require(engine.findings.first { $0.field == "label" })
        #expect(waiting.code == .dependsOnFailure)
        #expect(waiting.message == "depends on 'subtotal', whose formula failed (through 'total'): cannot multiply number and string; '*' takes numbers; the value is kept")
        #expect(engine.edits.count == 1, "only the value of other, which reads no failure, is written")

        // The cause fixed: everything downstream is computed again.
        try engine.apply([(field: "qty", value: .number(3))])
        #expect(engine.status("total") == .ok && engine.status("label") == .ok)
        #expect(engine.storedValue(ofFieldAt: engine.document.fieldIndex("label")!) == .string("Total: 60"))
        #expect(engine.findings.isEmpty)
        // Broken again: the dependents wait again, keeping what they last computed.
        try engine.apply([(field: "qty", value: .string("x"))])
        #expect(engine.status("label") == .dependsOnFailure)
        #expect(engine.storedValue(ofFieldAt: engine.document.fieldIndex("label")!) == .string("Total: 60"))
    }

    @Test func aFailureNamesTheStoredValuesItsTypeDoesNotHold() throws {
        let text = makeDocument(formulas: [("doubled", "number", "qty * 2"), ("label", "text", "upper(qty)"), ("both", "number", "other * 2 - qty")],
                                inputs: #"{"_id": "qty", "type": "number", "value": "12"}, {"_id": "other", "type": "number", "value": 1}"#)
        let engine = try run(text)
        let doubled = try #require(engine.findings.first { $0.field == "doubled" })
        #expect(doubled.notes == ["number field 'qty' holds the text \"12\"; formulas read text, not the number 12 (jf lint reports it as invalid-value)"])
        #expect(engine.findings.first { $0.field == "label" } == nil, "upper() takes the text")
        #expect(engine.findings.first { $0.field == "both" }?.notes == ["'-' takes two numbers or two dates", doubled.notes[0]])
        // A change clears what was found: the failure goes, and so does its note.
        try engine.apply([(field: "qty", value: .string("x"))])
        #expect(engine.findings.first { $0.field == "doubled" }?.notes.first?.hasPrefix("number field 'qty' holds the text \"x\", which is no number") == true)
        try engine.apply([(field: "qty", value: .number(3))])
        #expect(engine.value("doubled") == "6")

        // A callback's failing part reads only its parameter: the formula's fields are named.
        let rows = try run(makeDocument(formulas: [("total", "number", "sum(map(items, (r) -> r.price * 2))")], inputs: """
            {"_id": "items", "type": "table", "tableColumns": [{"_id": "price", "type": "number"}],
             "value": [{"_id": "r1", "cells": {"price": 4}}, {"_id": "r2", "cells": {"price": "n/a"}}]}
            """))
        #expect(rows.findings.first?.notes == [
            "number cell 'price' of row 'r2' in table 'items' holds the text \"n/a\", which is no number; formulas read text (jf lint reports it as invalid-value)",
        ])
    }

    @Test func failuresKeepThePreviousValue() throws {
        let text = #"{"formulas": [{"_id": "f", "expression": "1 / zero"}], "fields": [{"_id": "zero", "type": "number", "value": 0}, {"_id": "x", "type": "number", "value": 7, "formulas": [{"_id": "a", "formula": "f", "key": "value"}]}]}"#
        let engine = try run(text)
        #expect(engine.status("x") == .error)
        #expect(engine.value("x") == "7")
        let diagnostic = try #require(engine.findings.first)
        #expect(diagnostic.kind == .divisionByZero)
        #expect(diagnostic.formula == "f")
        #expect(diagnostic.span == SourceSpan(start: 0, end: 8))
        #expect(engine.updatedBytes == nil)
    }

    @Test func writeBackByFieldType() throws {
        let inputs = #"{"_id": "hiddenField", "type": "text", "value": "h"}"#
        var text = makeDocument(formulas: [
            ("n1", "number", "\"12.5\""), ("n2", "number", "true"), ("t1", "text", "[8, 12]"), ("t2", "textarea", "date(2024, 1, 1)"),
            ("d1", "date", "\"2024-01-02\""), ("d2", "date", "date(2024, 1, 3)"), ("p1", "dropdown", "2 + 3"),
            ("p2", "dropdown", "\"Z\""), ("m1", "multiSelect", "[\"y\", \"x\"]"), ("m2", "multiSelect", "[\"q\"]"), ("c1", "text", "null"),
        ], inputs: inputs)
        let dropdownOptions = #""options": [{"_id": "o5", "value": "5"}, {"_id": "ob", "value": "B"}], "type": "dropdown""#
        let multiOptions = #""options": [{"_id": "m1", "value": "x"}, {"_id": "m2", "value": "y"}], "type": "multiSelect""#
        text = text.replacingOccurrences(of: #""type": "dropdown""#, with: dropdownOptions)
            .replacingOccurrences(of: #""type": "multiSelect""#, with: multiOptions)
            .replacingOccurrences(of: #"{"_id": "hiddenField", "type": "text", "value": "h"}"#,
            with: #"{"_id": "hiddenField", "type": "text", "value": "h", "formulas": [{"_id": "ah", "formula": "f_hide", "key": "hidden"}]}"#)
            .replacingOccurrences(of: #"{"formulas": ["#, with: #"{"formulas": [{"_id": "f_hide", "expression": "1 > 0"}, "#)
        let engine = try run(text)
        #expect(engine.value("n1") == "12.5")
        #expect(engine.status("n2") == .error)
        #expect(engine.findings.first { $0.field == "n2" }?.code == .writeTypeMismatch)
        #expect(engine.value("t1") == "\"[8, 12]\"")
        #expect(engine.value("t2") == "\"2024-01-01T00:00:00.000Z\"")
        #expect(engine.value("d1") == "1704153600000")
        #expect(engine.value("d2") == "1704240000000")
        #expect(engine.value("p1") == "\"o5\"")
        #expect(engine.status("p2") == .error)
        #expect(engine.value("m1") == "[\"m2\",\"m1\"]")
        #expect(engine.status("m2") == .error)
        #expect(engine.value("c1") == "null")
        let updated = String(decoding: try #require(engine.updatedBytes), as: UTF8.self)
        #expect(updated.contains(#""value": "h", "formulas": [{"_id": "ah", "formula": "f_hide", "key": "hidden"}], "hidden": true}"#))
    }

    /// A date into a number field stores its epoch milliseconds; "" into a dropdown clears it.
    @Test func dateIntoANumberAndAnEmptyTextIntoADropdown() throws {
        let text = makeDocument(formulas: [("n", "number", "date(2024, 1, 2)"), ("p", "dropdown", "\"\"")])
            .replacingOccurrences(of: #""type": "dropdown""#, with: #""type": "dropdown", "value": "o1", "options": [{"_id": "o1", "value": "A"}]"#)
        let engine = try run(text)
        #expect(engine.value("n") == "1704153600000")
        #expect(engine.value("p") == "\"\"")
        #expect(engine.findings.isEmpty)
    }

    /// A chart result is written as the schema requires: every line and point with an `_id`
    /// (the result's, the stored one's at its place, or one made from the place), `deleted:
    /// false`, text titles and labels, numbers for x and y; writing it again changes nothing.
    @Test func chartWriteBackProducesWhatTheSchemaRequires() throws {
        let stored = #"[{"title": "old", "_id": "line-1", "points": [{"x": 0, "y": 0, "_id": "point-1", "label": ""}]}]"#
        let text = makeDocument(formulas: [
            ("built", "chart", #"[{title: 7, points: [{x: 1, y: null, label: 3}, {x: "2"}]}, {points: []}]"#),
            ("copy", "chart", "built"), ("bad", "chart", "[{points: [{x: \"abc\"}]}]"), ("flat", "chart", "[1]"),
        ]).replacingOccurrences(of: #"{"_id": "built", "type": "chart", "#, with: #"{"_id": "built", "type": "chart", "value": \#(stored), "#)
        let engine = try run(text)
        let built = try JSONReader.read(engine.value("built"))
        let lines = try #require(built.arrayValue)
        #expect(lines.count == 2)
        // The stored line's keys keep their order; "deleted", which it lacked, comes after them.
        #expect(lines[0].text == #"{"title":"7","_id":"line-1","points":[{"x":1,"y":0,"_id":"point-1","label":"3"},"#
                + #"{"_id":"\#(WriteBack.id(nil, stored: nil, field: engine.document.field("built")!, place: [0, 1]))","label":"","x":2,"y":0}],"#
                + #""deleted":false}"#)
        let madeID = try #require(lines[1]["_id"]?.stringValue)
        #expect(madeID.count == 24 && madeID.allSatisfy(\.isHexDigit))
        #expect(lines[1].text == #"{"_id":"\#(madeID)","title":"","deleted":false,"points":[]}"#)
        // A chart read from another keeps its ids (the result's own come first).
        #expect(try JSONReader.read(engine.value("copy")).arrayValue?.first?["_id"]?.stringValue == "line-1")
        #expect(engine.status("bad") == .error)
        #expect(engine.findings.first { $0.field == "bad" }?.message.contains("x of point 1 of line 1 is the text \"abc\", not a number") == true)
        #expect(engine.findings.first { $0.field == "flat" }?.message.contains("line 1 of the chart is a number") == true)
        // Written and run again, nothing changes.
        let again = try run(String(decoding: try #require(engine.updatedBytes), as: UTF8.self))
        #expect(again.updatedBytes == nil)
    }

    @Test func aFormulaCannotClearATable() throws {
        let table = #"{"_id": "rows", "type": "table", "value": [{"_id": "r1", "cells": {"c": "kept"}}], "#
            + #""tableColumns": [{"_id": "c", "type": "text"}], "formulas": [{"_id": "a", "formula": "f", "key": "value"}]}"#
        let engine = try run(#"{"formulas": [{"_id": "f", "expression": "null"}], "fields": [\#(table)]}"#)
        #expect(engine.status("rows") == .error)
        #expect(engine.findings.first?.code == .writeTypeMismatch)
        #expect(engine.updatedBytes == nil, "the rows are kept")
    }

    @Test func aHiddenFormulaMustGiveABoolean() throws {
        let field = #"{"_id": "note", "type": "text", "formulas": [{"_id": "a", "formula": "f", "key": "hidden"}]}"#
        let engine = try run(#"{"formulas": [{"_id": "f", "expression": "1"}], "fields": [\#(field)]}"#)
        #expect(engine.status("note") == .error)
        #expect(engine.findings.first?.code == .writeTypeMismatch, "the rule jf lint reports it under")
    }

    @Test func plainWritesAreBoundedInBytes() throws {
        // 2^20 copies of one 100-byte string: cheap to make (they share it), about 100 MB as
        // JSON, over the 64 MiB limit. A chart or file field refuses it and keeps its value.
        let leaf = String(repeating: "x", count: 100)
        let doubling = "reduce([\((1...20).map(String.init).joined(separator: ", "))], (acc, v) -> [acc, acc], \"\(leaf)\")"
        let engine = try run(makeDocument(formulas: [
            ("huge", "chart", "[\(doubling)]"), ("small", "file", "[[1, \"a\"], {k: [true]}]"), ("attachment", "file", doubling),
        ]))
        for id in ["huge", "attachment"] {
            #expect(engine.status(id) == .error)
            let diagnostic = engine.findings.first { $0.field == id }
            #expect(diagnostic?.code == .writeTypeMismatch)
            #expect(diagnostic?.message.contains("larger than the limit of 67108864 bytes as JSON") == true, "\(diagnostic?.message ?? "")")
        }
        #expect(engine.value("small") == #"[[1,"a"],{"k":[true]}]"#)
    }

    @Test func unchangedDocumentsAreNotRewritten() throws {
        let text = makeDocument(formulas: [("total", "number", "2 * 5")])
            .replacingOccurrences(of: #""type": "number", "formulas""#, with: #""type": "number", "value": 10.0, "formulas""#)
        let engine = try run(text)
        #expect(engine.value("total") == "10.0")
        #expect(engine.updatedBytes == nil)
    }

    @Test func changedValuesAreTheOnlyBytesRewritten() throws {
        let text = """
            {"fields": [ {"_id": "a", "type": "number", "value": 1.50},
              {"_id": "b",   "type": "number", "value": 0, "formulas": [{"_id": "x", "formula": "f", "key": "value"}], "unknown": {"k": [1e2]}},
              {"_id": "c", "type": "number", "formulas": [{"_id": "y", "formula": "g", "key": "value"}]}
            ], "formulas": [{"_id": "f", "expression": "a * 2"}, {"_id": "g", "expression": "b + 1"}], "extra": true}
            """
        let engine = try run(text)
        let updated = String(decoding: try #require(engine.updatedBytes), as: UTF8.self)
        #expect(updated == """
            {"fields": [ {"_id": "a", "type": "number", "value": 1.50},
              {"_id": "b",   "type": "number", "value": 3, "formulas": [{"_id": "x", "formula": "f", "key": "value"}], "unknown": {"k": [1e2]}},
              {"_id": "c", "type": "number", "formulas": [{"_id": "y", "formula": "g", "key": "value"}], "value": 4}
            ], "formulas": [{"_id": "f", "expression": "a * 2"}, {"_id": "g", "expression": "b + 1"}], "extra": true}
            """)
        // A key added to a field written without spaces (a JSON line) has none either.
        let line = #"{"fields":[{"_id":"a","type":"number","value":2},{"_id":"c","type":"number","formulas":[{"_id":"y","formula":"g"}]},"#
            + #"{"_id":"h","type":"text","formulas":[{"_id":"z","formula":"t","key":"hidden"}]}],"#
            + #""formulas":[{"_id":"g","expression":"a + 1"},{"_id":"t","expression":"true"}]}"#
        let compact = String(decoding: try #require(try run(line).updatedBytes), as: UTF8.self)
        #expect(compact == line
            .replacingOccurrences(of: #""formula":"g"}]}"#, with: #""formula":"g"}],"value":3}"#)
            .replacingOccurrences(of: #""key":"hidden"}]}"#, with: #""key":"hidden"}],"hidden":true}"#))
    }

    @Test func incrementalUpdatesTouchOnlyDependents() throws {
        let engine = try run(makeDocument(formulas: [
            ("s1", "number", "x + 1"), ("s2", "number", "s1 * 2"), ("other", "number", "y + 1"), ("both", "number", "s2 + other"),
        ], inputs: #"{"_id": "x", "type": "number", "value": 1}, {"_id": "y", "type": "number", "value": 10}"#))
        #expect(engine.value("both") == "15")
        #expect(try engine.apply([("x", .number(5))]) == ["s1", "s2", "both"])
        #expect(engine.value("both") == "23")
        #expect(throws: EngineError.self) { try engine.apply([("nope", .number(1))]) }
        // Changes apply together or not at all: a bad one leaves the good one unapplied, so no
        // input ever disagrees with the formulas computed from it.
        let error = #expect(throws: EngineError.self) { try engine.apply([("x", .number(100)), ("z", .number(1))]) }
        #expect(error?.field == "z")
        #expect(error?.suggestion == "x" || error?.suggestion == "y")
        #expect(try engine.context.value(of: "x")?.description == "5")
        #expect(engine.value("both") == "23")
    }

    @Test func aLongChainNeedsNoDeepStack() throws {
        let count = 100_000
        var formulas: [(String, String, String)] = []
        for index in 1..<count { formulas.append(("f\(index)", "number", "f\(index - 1) + 1")) }
        let engine = try run(makeDocument(formulas: formulas, inputs: #"{"_id": "f0", "type": "number", "value": 1}"#))
        #expect(engine.value("f\(count - 1)") == String(count))
        // Both directions of the graph walk the whole chain, dependencies first.
        let graph = engine.graph
        #expect(graph.upstream(of: ["f\(count - 1)"]).map { graph.nodes[$0] } == (1..<count).map { "f\($0)" })
        #expect(graph.affected(by: ["f0"]).count == count - 1)
        #expect(graph.upstream(of: ["f0", "nothing"]).isEmpty)
        // and a cycle just as long
        var cycle: [(String, String, String)] = []
        for index in 0..<50_000 { cycle.append(("c\(index)", "number", "c\((index + 1) % 50_000) + 1")) }
        let cyclic = try run(makeDocument(formulas: cycle))
        #expect(cyclic.findings.first?.cycle?.count == 50_001)
        #expect(cyclic.findings.filter { $0.cycle != nil }.count == 1)
        #expect(cyclic.findings[1].message.hasSuffix("(50000 fields; the whole path is on 'c0')"))
    }

    @Test func missingFormulasAndInvalidKeys() throws {
        let text = #"{"formulas": [{"_id": "f", "expression": "1"}], "fields": [{"_id": "a", "type": "number", "formulas": [{"formula": "ghost", "key": "value"}]}, {"_id": "b", "type": "number", "formulas": [{"formula": "f", "key": "color"}]}]}"#
        let engine = try run(text)
        #expect(engine.findings.map(\.code) == [.missingFormula, .invalidKey])
        // worded as jf lint words them
        #expect(engine.findings.map(\.message) == [
            #"the field 'a' applies the formula "ghost", which the document does not define"#,
            #"the formula "f" writes the key "color"; formulas write "value" or "hidden""#,
        ])
        #expect(engine.status("a") == .error)
        #expect(engine.status("b") == .error)
    }

    @Test func aFormulaWithoutAnExpressionIsNamedAsSuch() throws {
        let text = #"{"formulas": [{"_id": "f"}], "fields": [{"_id": "a", "type": "number", "formulas": [{"formula": "f", "key": "value"}]}]}"#
        let engine = try run(text)
        #expect(engine.findings.map(\.message) == [#"the field 'a' applies the formula "f", which has no "expression""#])
        #expect(engine.findings.map(\.notes) == [[#"give the formula "f" an "expression" string"#]])
        #expect(engine.status("a") == .error)
    }
}
