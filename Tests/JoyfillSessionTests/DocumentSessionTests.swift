import JoyfillChanges
import JoyfillEngine
import JoyfillJSON
import JoyfillModel
@testable import JoyfillSession
import JoyfillLogic
import Testing

/// `DocumentSession.apply`: one door for every change, which keeps the form's policy the same
/// way whichever path the change then takes, and ends where a new session of the result would.
struct DocumentSessionTests {
    static let form = """
        {"_id": "doc1", "formulas": [{"_id": "f_total", "expression": "sum(items.price) + extra"}],
         "files": [{"_id": "file1", "pages": [{"_id": "p1", "fieldPositions": [
           {"_id": "x1", "field": "extra"}, {"_id": "x2", "field": "total"}, {"_id": "x3", "field": "items"},
           {"_id": "x4", "field": "locked"}, {"_id": "x5", "field": "kids"}]}]}],
         "fields": [
          {"_id": "extra", "type": "number", "value": 1},
          {"_id": "total", "type": "number", "value": 0, "file": "file1", "formulas": [{"_id": "a", "key": "value", "formula": "f_total"}]},
          {"_id": "items", "type": "table", "value": [{"_id": "r1", "cells": {"price": 10}}],
           "tableColumns": [{"_id": "price", "type": "number", "title": "price"}]},
          {"_id": "locked", "type": "text", "disabled": true},
          {"_id": "kids", "type": "collection", "value": [], "schema": {"root": {"root": true, "tableColumns": []}}}
         ]}
        """

    static func changes(_ text: String) throws -> [DocumentChange] {
        try DocumentChange.list(from: try JSONReader.read(Array(text.utf8)))
    }

    static func total(_ session: DocumentSession) -> JSONValue? {
        session.values.value(at: session.document.fieldIndex("total")!)
    }

    @Test func valueChangesApplyInPlaceAndOthersReshapeTheDocument() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        let moved = try session.apply(try Self.changes(#"{"target": "field.update", "fieldId": "extra", "change": {"value": 5}}"#))
        #expect(moved == ["extra", "total"], "in place: the field, then what its formulas recomputed")
        #expect(Self.total(session) == .number(15))
        let row = try session.apply(try Self.changes(
            #"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "r2", "cells": {"price": 100}}}}"#))
        #expect(row == ["items", "total"], "a row added at the end of a table without a rowOrder: in place")
        #expect(Self.total(session) == .number(115))
        let placed = try session.apply(try Self.changes(
            #"{"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "r2", "targetRowIndex": 0}}"#))
        #expect(placed == ["items", "total"], "a row's place: in place, the table's rowOrder written")
        let reshaped = try session.apply(try Self.changes(#"{"target": "page.duplicate", "change": {"pageId": "p1"}}"#))
        #expect(reshaped == nil, "a page copied reshapes the document")
        #expect(Self.total(session) == .number(115), "the in-place changes are kept when the document is reshaped")
        let fresh = DocumentSession(document: try JoyDoc(bytes: session.currentBytes))
        #expect(Self.total(fresh) == Self.total(session), "the text holds what the session has")
        #expect(fresh.values.value(at: fresh.document.fieldIndex("items")!)?.arrayValue?.count == 2)
        #expect(fresh.document.field("items")?.rowOrder == ["r2", "r1"])
    }

    @Test func aValueWrittenToAFormulaFieldIsComputedAgain() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        try session.apply(try Self.changes(#"{"target": "field.update", "fieldId": "total", "change": {"value": 999}}"#))
        #expect(Self.total(session) == .number(11), "in place, as a reshaped document would have it")
        try session.set([("total", .integer(999))])
        #expect(Self.total(session) == .number(11))
    }

    @Test func thePolicyIsTheSameOnBothPaths() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)), mode: .readonly)
        let update = try Self.changes(#"{"target": "field.update", "fieldId": "extra", "change": {"value": 5}}"#)
        let row = try Self.changes(#"{"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "r1"}}"#)
        for changes in [update, row] {
            #expect(throws: ChangeError.self) { try session.apply(changes) }
        }
        #expect(throws: EngineError.self) { try session.set([("extra", .integer(5))]) }
        #expect(Self.total(session) == .number(11), "nothing was applied")

        session.mode = .fill
        try session.apply(try Self.changes(#"{"target": "field.update", "fieldId": "locked", "change": {"value": "x"}}"#))
        try session.apply(try Self.changes(
            #"[{"target": "field.update", "fieldId": "locked", "change": {"value": "y"}}, {"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "r1"}}]"#))
        try session.set([("locked", .string("w"))])
        #expect(session.changeWarnings.map(\.field) == ["locked", "locked", "locked"], "a disabled field is warned of on every path")
    }

    @Test func logicIsDecidedOnlyWhenAskedFor() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        try session.set([("extra", .integer(2))])
        #expect(session.decided == nil, "a run that asks for values alone builds no logic")
        #expect(session.visibility.shows(field: "extra"))
        #expect(session.decided != nil)
    }

    @Test func theFirstChangesReportTheFormulasWritesAtLoad() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        try session.apply(try Self.changes(#"{"target": "field.update", "fieldId": "items", "change": {"value": []}}"#))
        // total was stored as 0 and is 11 at load, then 1 after the change: one write, of its value now.
        let writes = session.changelogs.filter { $0["fieldId"]?.stringValue == "total" }
        #expect(writes.map { $0["change"]?["value"] } == [.number(1)])
        try session.apply(try Self.changes(#"{"target": "field.update", "fieldId": "locked", "change": {"value": "z"}}"#))
        #expect(session.changelogs.filter { $0["fieldId"]?.stringValue == "total" }.count == 1, "a change that moves no formula writes none")
    }

    @Test func oneReportPlacesEveryCheckInTheText() throws {
        // A second field `extra` (a reading issue), a formula that fails, a required field empty.
        let text = #"""
            {"_id": "d", "formulas": [{"_id": "f", "expression": "1 / \"x\""}],
             "files": [{"_id": "file1", "pages": [{"_id": "p1", "fieldPositions": [
               {"_id": "x1", "field": "name"}, {"_id": "x2", "field": "bad"}]}]}],
             "fields": [
              {"_id": "name", "type": "text", "required": true, "file": "file1"},
              {"_id": "bad", "type": "number", "file": "file1", "formulas": [{"_id": "a", "key": "value", "formula": "f"}]},
              {"_id": "name", "type": "text", "file": "file1"}
             ]}
            """#
        let session = DocumentSession(document: try JoyDoc(bytes: Array(text.utf8)))
        let report = session.report([.reading, .formulas, .validation])
        #expect(report.findings.map(\.code.name) == ["invalid-document", "type-mismatch", "required"])
        #expect(report.validation?.status == .invalid)
        #expect(report.findings.map(\.location.line) == [7, 1, 5], "each on its line of the text")
        #expect(session.report(.formulas).findings.map(\.code.name) == ["type-mismatch"], "only what is asked")
        #expect(throws: ValidationPathError.self) { try session.report(.validation, validating: "nowhere") }
    }

    @Test func aRefusedVersionEndsTheReport() throws {
        let text = #"{"v": "9.0.0", "_id": "d", "fields": [{"_id": "name", "type": "text", "required": true}]}"#
        let report = session(text).report([.schema, .formulas, .validation])
        #expect(report.isRefused)
        #expect(report.findings.map(\.code.name) == ["schema-version"])
        #expect(report.validation?.fields.isEmpty == true, "nothing checked, as the SDKs show nothing")
    }

    private func session(_ text: String) -> DocumentSession {
        DocumentSession(document: try! JoyDoc(bytes: Array(text.utf8)))
    }
}
