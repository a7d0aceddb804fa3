import JoyfillEngine
import JoyfillJSON
import JoyfillLicense
import JoyfillLogic
import JoyfillModel
@testable import JoyfillSession
import Testing

/// `DocumentSession.set`: a value changed in place decides again only the logic that reads what
/// moved, and ends where a new editor on the same values would.
struct LiveEditTests {
    static let form = """
        {"formulas": [{"_id": "f_c", "expression": "a * 2"}, {"_id": "f_hide", "expression": "a > 25"}],
         "files": [{"_id": "f1", "pageOrder": ["p1", "p2"], "pages": [
           {"_id": "p1", "fieldPositions": [{"_id": "x1", "field": "a"}, {"_id": "x2", "field": "b"}, {"_id": "x3", "field": "c"},
                                            {"_id": "x4", "field": "d"}, {"_id": "x6", "field": "e"}]},
           {"_id": "p2", "logic": {"action": "show", "eval": "and", "conditions": [{"field": "c", "condition": ">", "value": 10}]},
            "hidden": true, "fieldPositions": [{"_id": "x5", "field": "t"}]}]}],
         "fields": [
          {"_id": "a", "type": "number", "value": 1},
          {"_id": "b", "type": "text", "hidden": true, "required": true,
           "logic": {"action": "show", "eval": "and", "conditions": [{"field": "a", "condition": ">", "value": 5}]}},
          {"_id": "c", "type": "number", "formulas": [{"_id": "x", "key": "value", "formula": "f_c"}]},
          {"_id": "d", "type": "text", "requiredLogic": {"action": "enforce", "eval": "and", "conditions": [{"field": "c", "condition": ">", "value": 20}]}},
          {"_id": "e", "type": "text", "required": true, "formulas": [{"_id": "y", "key": "hidden", "formula": "f_hide"}]},
          {"_id": "t", "type": "table", "value": [{"_id": "r1", "cells": {"k": "x"}}, {"_id": "r2", "cells": {}}],
           "tableColumns": [
             {"_id": "k", "type": "text", "required": true,
              "logic": {"action": "hide", "eval": "and", "conditions": [{"field": "a", "condition": "=", "value": 7}]}},
             {"_id": "n", "type": "text",
              "requiredLogic": {"action": "enforce", "eval": "and", "conditions": [{"field": "a", "condition": "<", "value": 3}]},
              "cellVisibilityLogic": {"action": "hide", "eval": "or", "conditions": [
                {"field": "a", "condition": ">", "value": 28}, {"column": "k", "condition": "=", "value": "x"}]}}]}
         ]}
        """

    /// Every decision the logic makes, for comparing two visibilities of one document.
    static func decisions(_ visibility: Visibility, _ document: JoyDoc) -> [String] {
        var all: [String] = []
        for field in document.fields {
            all.append("\(field.id) shown \(visibility.shows(field: field.id)) required \(String(describing: visibility.requirement(of: field)))")
            for column in field.columns {
                all.append("\(field.id).\(column.id) shown \(visibility.shows(column: column, in: field)) required \(String(describing: visibility.requirement(of: column, in: field)))")
                for row in field.value?.arrayValue ?? [] {
                    all.append("\(field.id).\(column.id).\(row["_id"]?.stringValue ?? "") shown \(visibility.shows(cell: column, in: field, row: row, columns: field.columns)) required \(String(describing: visibility.requirement(of: column, in: field, row: row, columns: field.columns)))")
                }
            }
        }
        for page in document.pages { all.append("\(page.id) shown \(visibility.shows(page: page.id))") }
        return all
    }

    @Test func aChangeEndsWhereANewEditorWould() throws {
        let document = try JoyDoc(bytes: Array(Self.form.utf8))
        let editor = DocumentSession(document: document)
        // Every value of a the logic and the formulas care about, in a scrambled order.
        for value in [6, 30, 7, 2, 21, 11, 26, 0, 29, 7, 1] {
            try editor.set([("a", .integer(value))])
            let fresh = Visibility(editor.values, view: editor.visibility.view)
            #expect(Self.decisions(editor.visibility, document) == Self.decisions(fresh, document), "a = \(value)")
        }
        try editor.set([("a", .integer(30))])
        #expect(!editor.visibility.shows(field: "e"), "its hidden formula (a > 25) holds")
        #expect(editor.visibility.shows(page: "p2") && editor.visibility.shows(field: "b"))
        // b shown and empty, d required by its logic (c = 60), and row r2 without its k.
        #expect(try editor.validate().invalidFields.map(\.field.id) == ["b", "d", "t"])
        #expect(throws: EngineError.self) { try editor.set([("nope", .integer(1))]) }
        // Under a licence gate that keeps collections locked, their values are not changed.
        let locked = DocumentSession(document: try JoyDoc(bytes: Array(#"{"fields": [{"_id": "c", "type": "collection", "value": [], "schema": {}}]}"#.utf8)),
                                    licensing: Licensing(token: nil, verifier: try LicenseVerifier(publicKeyPEM: try LicenseTests.issuer.get().publicKeyPEM)))
        #expect(throws: EngineError.self) { try locked.set([("c", .array([]))]) }
    }

    /// In a chain of fields whose logic reads the one before, a change decides again only
    /// the next field's logic, however long the chain.
    @Test func onlyWhatReadsTheChangeIsDecidedAgain() throws {
        let fields = (0..<1000).map { index -> String in
            let logic = index == 0 ? "" : #", "logic": {"action": "show", "eval": "and", "conditions": [{"field": "l\#(index - 1)", "condition": ">", "value": 5}]}"#
            return #"{"_id": "l\#(index)", "type": "number", "value": \#(index % 10)\#(logic)}"#
        }
        let document = try JoyDoc(bytes: Array(#"{"fields": [\#(fields.joined(separator: ", "))]}"#.utf8))
        let editor = DocumentSession(document: document)
        try editor.set([("l500", .integer(9))])
        #expect(editor.visibility.shows(field: "l501"))
        var visibility = editor.visibility
        // l500 itself (its own value and hidden flag) and l501's logic: two decisions.
        #expect(visibility.refresh(after: ["l500"], in: editor.values) == 2)
    }
}
