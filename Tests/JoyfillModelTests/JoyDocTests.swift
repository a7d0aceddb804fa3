import Foundation
import Testing
import JoyfillJSON
@testable import JoyfillModel

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

func document(_ text: String) throws(DocumentError) -> JoyDoc { try JoyDoc(bytes: Array(text.utf8)) }

struct JoyDocTests {
    @Test func readsTheInvoiceExample() throws {
        let bytes = Array(try Data(contentsOf: examples.appendingPathComponent("invoice.json")))
        let doc = try JoyDoc(bytes: bytes)
        #expect(doc.fields.count == 11)
        #expect(doc.formulas.map(\.id) == ["f_subtotal", "f_tax", "f_total", "f_due", "f_summary", "f_large"])
        #expect(doc.issues.isEmpty)

        let items = try #require(doc.field("items"))
        #expect(items.type == .table)
        #expect(items.columns.map(\.id) == ["description", "price", "qty", "category"])
        #expect(items.columns[3].options.map(\.text) == ["Hardware", "Service"])
        #expect(items.rowOrder == ["r2", "r1", "r3"])
        #expect(items.value?.arrayValue?.count == 4)

        let status = try #require(doc.field("status"))
        #expect(status.options.map(\.text) == ["Draft", "Sent", "Paid"])
        #expect(status.value?.stringValue == "opt_sent")

        let total = try #require(doc.field("total"))
        #expect(total.appliedFormulas.map(\.formula) == ["f_total"])
        #expect(total.hasValueFormula)
        #expect(total.value == nil)
        #expect(doc.formula("f_total")?.expression == "subtotal + tax")
    }

    @Test func notAJoyDocSaysWhyAndWhere() {
        let cases: [(String, String)] = [
            ("[1, 2]", "line 1, column 1: not a JoyDoc: the document must be a JSON object, not an array"),
            ("{\"name\": \"x\"}", "line 1, column 1: not a JoyDoc: the document has no \"fields\" array"),
            ("{\n  \"fields\": {}\n}", "line 2, column 13: not a JoyDoc: \"fields\" must be an array, not an object"),
            ("{\"fields\": [{\"type\": \"text\"}]}", "line 1, column 13: fields[0] has no \"_id\" string; every field needs one"),
            ("{\"fields\": [3]}", "line 1, column 13: fields[0] must be an object, not a number"),
            ("{\"fields\": [}", "line 1, column 13: invalid JSON: expected a JSON value, found '}'"),
            ("{\"fields\": [], \"formulas\": 1}", "line 1, column 28: \"formulas\" must be an array, not a number"),
        ]
        for (text, message) in cases {
            do {
                _ = try document(text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.description == message, "\(text)")
            }
        }
    }

    @Test func oddButReadableInputIsReported() throws {
        let doc = try document("""
            {"fields": [
              {"_id": "a", "type": "dropdown", "options": [{"value": "no id"}, {"_id": "o1"}]},
              {"_id": "a", "type": "text"},
              {"_id": "b"},
              {"_id": "t", "type": "table", "tableColumns": [{"title": "no id"}, {"_id": "c1"}]}
            ],
            "formulas": [{"expression": "1"}, {"_id": "f", "expression": 5}]}
            """)
        #expect(doc.fields.map(\.id) == ["a", "b", "t"])
        #expect(doc.field("a")?.options.map(\.id) == ["o1"])
        #expect(doc.field("b")?.type == .unknown(""))
        #expect(doc.field("t")?.columns.map(\.id) == ["c1"])
        #expect(doc.formulas.isEmpty)
        let messages = doc.issues.map(\.description)
        #expect(messages == [
            "line 2, column 48: field \"a\": an option has no \"_id\" and is ignored",
            "line 2, column 68: field \"a\": option \"o1\" has no \"value\" text and reads as \"\"",
            "line 3, column 3: a second field has the _id \"a\"; formulas read the first",
            "line 4, column 3: field \"b\" has no \"type\" string; it is read as an unknown type",
            "line 5, column 50: field \"t\": a column has no \"_id\" and is ignored",
            "line 7, column 14: formulas[0] has no \"_id\" string and is ignored",
            "line 7, column 62: formula \"f\": \"expression\" must be a string, not number",
        ])
        #expect(doc.ignoredFormulas == ["f": "has an \"expression\" that is not a string"])
    }

    @Test func everyIssueOfAManyIssueDocumentHasItsLine() throws {
        // One issue per field: they are placed in one pass over the text, not one scan each.
        let count = 5_000
        let fields = (0..<count).map { #"{"_id": "a", "type": "number", "value": \#($0)}"# }.joined(separator: ",\n")
        let doc = try document("{\"fields\": [\n" + fields + "\n]}")
        #expect(doc.issues.count == count - 1)
        #expect(doc.issues.enumerated().allSatisfy { $0.element.line == $0.offset + 3 && $0.element.column == 1 })
    }

    @Test func numbersBeyondADoublesRangeAreReportedWithTheirField() throws {
        let doc = try document("""
            {"metadata": {"size": 2e400},
             "fields": [{"_id": "a", "type": "number", "value": 1e999},
                        {"_id": "t", "type": "table", "value": [{"_id": "r", "cells": {"p": -1.5E+309}}]},
                        {"_id": "n", "type": "number", "value": 1.7976931348623157e308}]}
            """)
        #expect(doc.issues.map(\.description) == [
            "line 1, column 23: the number 2e400 is beyond the range of a double (±1.8e308)",
            "line 2, column 53: field \"a\": the number 1e999 is beyond the range of a double (±1.8e308); formulas read it as Infinity",
            "line 3, column 81: field \"t\": the number -1.5E+309 is beyond the range of a double (±1.8e308); formulas read it as -Infinity",
        ])
        #expect(doc.issues.map(\.field) == [nil, "a", "t"])
    }

    @Test func aFormulaDefinedProperlyLaterIsNotIgnored() throws {
        let doc = try document(#"{"fields": [], "formulas": [{"_id": "f"}, {"_id": "f", "expression": "1"}, {"_id": "g"}]}"#)
        #expect(doc.formula("f")?.expression == "1")
        #expect(doc.ignoredFormulas == ["g": "has no \"expression\""])
    }

    @Test func absentAndNullValuesDiffer() throws {
        let doc = try document(#"{"fields": [{"_id": "a", "type": "number"}, {"_id": "b", "type": "number", "value": null}]}"#)
        #expect(doc.field("a")?.value == nil)
        #expect(doc.field("b")?.value?.isNull == true)
    }

    @Test func columnOrderFollowsTableColumnOrder() throws {
        let doc = try document("""
            {"fields": [{"_id": "t", "type": "table", "tableColumnOrder": ["b", "a"],
                         "tableColumns": [{"_id": "a", "type": "text"}, {"_id": "b", "type": "number"}, {"_id": "c", "type": "text"}]}]}
            """)
        #expect(doc.field("t")?.columns.map(\.id) == ["b", "a", "c"])
    }
}

@Suite struct RowOrderTests {
    func ids(_ rows: [String], _ order: [String]?) throws -> [String] {
        let json = try JSONReader.read("[" + rows.map { #"{"_id": "\#($0)"}"# }.joined(separator: ",") + "]")
        return Field.liveRows(json.arrayValue!, order: order).compactMap { $0["_id"]?.stringValue }
    }

    @Test func rowsFollowTheirOrderAndUnlistedOnesFollow() throws {
        #expect(try ids(["a", "b", "c", "d"], ["a", "c", "b"]) == ["a", "c", "b", "d"])
        #expect(try ids(["a", "b", "c"], ["a", "b", "c"]) == ["a", "b", "c"])
        #expect(try ids(["a", "b", "c"], ["gone", "c", "a"]) == ["c", "a", "b"])
        #expect(try ids(["a", "b"], nil) == ["a", "b"])
    }

    /// An id listed twice keeps its first place, even where the rows happen to line up with
    /// the order index by index.
    @Test func aRepeatedIdKeepsItsFirstPlace() throws {
        #expect(try ids(["a", "b", "c", "d"], ["b", "a", "b", "x"]) == ["b", "a", "c", "d"])
        #expect(try ids(["x", "y", "x"], ["x", "y", "x"]) == ["x", "x", "y"])
    }
}

/// `editability` on tables and collection schemas: which of the form's editors may change rows.
struct EditabilityTests {
    @Test func theWordsAllowWhatTheyName() throws {
        let document = try JoyDoc(bytes: Array("""
            {"fields": [
              {"_id": "a", "type": "table", "tableColumns": []},
              {"_id": "b", "type": "table", "tableColumns": [], "editability": ["form"]},
              {"_id": "c", "type": "table", "tableColumns": [], "editability": ["Inline", "grid"]},
              {"_id": "d", "type": "collection", "value": [], "schema": {
                "s": {"root": true, "tableColumns": [], "editability": ["inline"]}}}]}
            """.utf8))
        #expect(document.field("a")?.editability == [.inline, .form], "absent: both")
        #expect(document.field("b")?.editability == [.form])
        #expect(document.field("c")?.editability == [.inline, .form], "case counts; unknown words: both")
        #expect(document.field("d")?.schema["s"]?.editability == [.inline])
    }
}
