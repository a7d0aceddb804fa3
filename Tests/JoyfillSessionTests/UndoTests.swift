import JoyfillChanges
import JoyfillJSON
import JoyfillModel
import JoyfillSession
import Testing

/// A session's own undo and redo: every kind of change (values in place, rows in place, rows
/// and pages that reshape, `set`) taken back and done again exactly: text, values, changelogs,
/// warnings and revision as they were.
@Suite struct UndoTests {
    /// What a session shows at one point.
    struct Snapshot: Equatable {
        var bytes: [UInt8]
        var changelogs: [String]
        var values: [String]
        var warnings: Int
        var revision: Int

        init(_ session: DocumentSession) {
            bytes = session.currentBytes
            changelogs = session.changelogs.map(\.text)
            values = session.document.fields.indices.map { session.values.value(at: $0)?.text ?? "—" }
            warnings = session.changeWarnings.count
            revision = session.revision
        }
    }

    static func entry(_ text: String) throws -> [DocumentChange] {
        try DocumentChange.list(from: try JSONReader.read(Array(text.utf8)))
    }

    static func session() throws -> DocumentSession {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(RowsInPlaceTests.form.utf8)))
        session.keepsHistory = true
        return session
    }

    @Test func everyKindOfStepIsUndoneAndRedoneExactly() throws {
        let session = try Self.session()
        var snapshots = [Snapshot(session)]
        let steps: [() throws -> Void] = [
            { try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "new"}}"#), createdOn: 1) },
            { try session.apply(try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": 4}}}}"#), createdOn: 2) },
            { try session.apply(try Self.entry(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "n1", "cells": {"qty": 1, "price": 3}}}}"#), createdOn: 3) },
            { try session.apply(try Self.entry(#"{"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "n1", "targetRowIndex": 0}}"#), createdOn: 4) },
            { _ = try session.set([(field: "note", value: .string("set"))]) },
            { try session.apply(try Self.entry(#"{"target": "page.duplicate", "change": {"pageId": "p1"}}"#), createdOn: 5) },
            { try session.apply(try Self.entry(#"{"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "r0"}}"#), createdOn: 6) },
        ]
        for step in steps {
            try step()
            snapshots.append(Snapshot(session))
        }
        #expect(Set(snapshots.map(\.revision)).count == snapshots.count, "each change makes a new revision")
        for expected in snapshots.dropLast().reversed() {
            #expect(try session.undo())
            #expect(Snapshot(session) == expected)
        }
        #expect(try !session.undo(), "nothing more to undo")
        for expected in snapshots.dropFirst() {
            #expect(try session.redo())
            #expect(Snapshot(session) == expected)
        }
        #expect(try !session.redo())
    }

    @Test func undoneToTheStartAChangeReportsWhatAFreshSessionReports() throws {
        let change = try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": 4}}}}"#)
        let fresh = try Self.session()
        try fresh.apply(change, createdOn: 9)
        let session = try Self.session()
        try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "new"}}"#), createdOn: 1)
        try session.undo()
        try session.apply(change, createdOn: 9)
        #expect(session.changelogs.map(\.text) == fresh.changelogs.map(\.text),
                "the formulas' writes at load go out with the first change again")
        #expect(session.currentBytes == fresh.currentBytes)
    }

    @Test func typingInOneValueIsOneStep() throws {
        let session = try Self.session()
        let start = Snapshot(session)
        for text in ["a", "ab", "abc"] {
            try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "\#(text)"}}"#), step: .typing)
        }
        try session.apply(try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": 4}}}}"#), step: .typing)
        try session.apply(try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": 45}}}}"#), step: .typing)
        let typed = Snapshot(session)
        try session.undo()
        #expect(session.values.value(at: session.document.fieldIndex("note")!)?.stringValue == "abc", "the two keystrokes in the cell were one step")
        try session.undo()
        #expect(Snapshot(session) == start, "the three keystrokes in note were one step")
        try session.redo()
        try session.redo()
        #expect(Snapshot(session) == typed)
        // Steps of their own never join.
        try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "x"}}"#))
        try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "xy"}}"#))
        try session.undo()
        #expect(session.values.value(at: session.document.fieldIndex("note")!)?.stringValue == "x")
        #expect(!session.canRedo || session.canUndo)
    }

    @Test func aNewChangeClearsRedoAndReadOnlyRefusesUndo() throws {
        let session = try Self.session()
        try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "a"}}"#))
        try session.undo()
        #expect(session.canRedo)
        try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "b"}}"#))
        #expect(!session.canRedo && session.canUndo)
        session.mode = .readonly
        #expect(throws: ChangeError.self) { try session.undo() }
        #expect(session.values.value(at: session.document.fieldIndex("note")!)?.stringValue == "b")
    }

    @Test func aFailedChangeIsNoStepAndABatchKeepsNoHistory() throws {
        let session = try Self.session()
        let revision = session.revision
        #expect(throws: ChangeError.self) {
            try session.apply(try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "nope", "row": {"cells": {"qty": 4}}}}"#))
        }
        #expect(!session.canUndo && session.revision == revision)

        let batch = DocumentSession(document: try JoyDoc(bytes: Array(RowsInPlaceTests.form.utf8)))
        try batch.apply(try Self.entry(#"{"target": "field.update", "fieldId": "note", "change": {"value": "a"}}"#))
        #expect(!batch.canUndo && batch.revision == 1, "without keepsHistory nothing is kept, but the revision moves")
    }
}

/// The schema check is the session's, made once for each text it reads and kept until it reads
/// another (a change that reshapes, an undo).
@Suite struct SessionSchemaTests {
    @Test func theCheckFollowsTheTextTheSessionRead() throws {
        let session = try UndoTests.session()
        #expect(session.schemaViolations(structure: false).isEmpty, "the version passes")
        let violations = session.schemaViolations()
        #expect(!violations.isEmpty, "formulas without desc, a page without rowHeight, …")
        #expect(session.schemaViolations(structure: false).isEmpty, "the version alone, from the kept check")
        let findings = session.schemaFindings()
        #expect(findings.map(\.pointer) == violations.map { $0.pointer.description })
        #expect(findings.allSatisfy { $0.location.line > 0 && $0.fix == nil })

        try session.apply(try UndoTests.entry(#"{"target": "page.duplicate", "change": {"pageId": "p1"}}"#))
        #expect(session.schemaViolations().count > violations.count, "the copy's fields lack what the page's lack")
        try session.undo()
        #expect(session.schemaViolations() == violations)
    }
}

/// Text edits go through the session: the text, the model and the values change together.
@Suite struct SessionTextEditTests {
    @Test func anEditOfTheTextIsReadAndRunAndUndone() throws {
        let session = try UndoTests.session()
        let before = UndoTests.Snapshot(session)
        let text = session.currentBytes
        let expression = Array(#""sum(map(items, (r) -> r.price * r.qty))""#.utf8)
        let start = try #require(text.indices.first { text[$0...].starts(with: expression) })
        try session.edit([JSONEdit(span: start..<start + expression.count, replacement: #""count(items)""#)])
        let total = try #require(session.document.fieldIndex("total"))
        #expect(session.values.value(at: total)?.numberValue == 2, "the formula of the edited text ran")
        #expect(try session.currentDocument().formula("f_total")?.expression == "count(items)")
        #expect(throws: ChangeError.self) { try session.edit([JSONEdit(span: 0..<1, replacement: "[")]) }
        #expect(session.values.value(at: total)?.numberValue == 2, "an edit that is no JoyDoc changes nothing")
        try session.undo()
        #expect(UndoTests.Snapshot(session) == before)
        session.mode = .readonly
        #expect(throws: ChangeError.self) { try session.edit([JSONEdit(span: start..<start, replacement: " ")]) }
    }
}
