import JoyfillChanges
import JoyfillDecorators
import JoyfillJSON
import JoyfillModel
import JoyfillSession
import Testing

/// Decorator changes applied in place by a session (no formula reads a decorator, so none
/// runs) write, step after step, what applying each step to the text the step before left
/// writes; mixed with value and row changes, which reshape or stay in place as their fields
/// allow.
@Suite struct DecoratorsInPlaceTests {
    /// The decorated page (DecoratorTests), with a formula over the table and a document `_id`,
    /// so that changelogs are made.
    static let form = decorated
        .replacingOccurrences(of: #"{"files": ["#, with: #"{"_id": "doc1", "formulas": [{"_id": "f", "expression": "count(items)"}], "files": ["#)
        .replacingOccurrences(of: #"{"_id": "note", "type": "text", "value": "keep   this"},"#,
                              with: #"{"_id": "note", "type": "text", "value": "keep   this"}, {"_id": "count", "type": "number", "file": "file", "formulas": [{"_id": "a", "key": "value", "formula": "f"}]},"#)

    @Test func decoratorChangesInPlaceWriteWhatEachStepOnTheTextWrites() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        var reference = try JoyDoc(bytes: Array(Self.form.utf8))
        var steps = RowsInPlaceTests.Steps(state: 0x1234_5678_9ABC_DEF1)
        var added = 0
        var actionsByPath: [String: [String]] = ["p1/fp_note": [], "p1/fp_items/rows": ["dup"], "p1/fp_items/columns/qty": ["scan"],
                                                 "p1/fp_people/schemas/address/columns/zip": []]
        var inPlace = 0
        for step in 0..<60 {
            let entry: String
            let paths = actionsByPath.keys.sorted()
            let path = paths[steps.next(paths.count)]
            switch steps.next(7) {
            case 0, 1, 2:
                added += 1
                actionsByPath[path, default: []].append("a\(added)")
                entry = #"{"target": "decorators.add", "path": "\#(path)", "change": {"decorators": [{"action": "a\#(added)", "label": "Step \#(step)"}]}}"#
            case 3 where !(actionsByPath[path] ?? []).isEmpty:
                let action = actionsByPath[path]!.removeLast()
                entry = #"{"target": "decorators.remove", "path": "\#(path)", "change": {"action": "\#(action)"}}"#
            case 4 where !(actionsByPath[path] ?? []).isEmpty:
                let action = actionsByPath[path]!.last!
                entry = #"{"target": "decorators.update", "path": "\#(path)", "change": {"action": "\#(action)", "decorator": {"action": "\#(action)", "icon": "i\#(step)"}}}"#
            case 5:
                entry = #"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": \#(step)}}}}"#
            default:
                entry = #"{"target": "field.update", "fieldId": "note", "change": {"value": "step \#(step)"}}"#
            }
            let changes = try DocumentChange.list(from: try JSONReader.read(Array(entry.utf8)))
            let changelogs = session.changelogs.count
            let moved = try session.apply(changes, createdOn: 1)
            if changes[0].target.isDecoratorChange, moved == [] { inPlace += 1 }
            reference = try JoyDoc(bytes: try ChangeApplier.apply(changes, to: reference))
            let expected = DocumentSession(document: reference)
            #expect(String(decoding: session.currentBytes, as: UTF8.self) == String(decoding: expected.currentBytes, as: UTF8.self),
                    "step \(step): \(entry)")
            if changes[0].target.isDecoratorChange, step > 0 {
                #expect(session.changelogs.count == changelogs, "step \(step): a decorator change reports no changelog")
            }
            let shown = try DecoratorEditor(document: expected.currentDocument())
            for path in paths {
                #expect(actions(try session.decorators.decorators(at: path)) == actions(try shown.decorators(at: path)), "step \(step): \(path)")
            }
            let note = try #require(session.document.fieldIndex("note"))
            #expect(actions(session.fieldDecorators(ofFieldAt: note)) == actions(try shown.decorators(at: "p1/fp_note")))
        }
        #expect(inPlace > 10, "most decorator changes were made in place (\(inPlace))")
        #expect(Self.form.contains("doc1") && Self.form.contains(#""_id": "count""#))
    }

    @Test func aDecoratorChangeInPlaceIsUndoneAndAFailureChangesNothing() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        session.keepsHistory = true
        let before = session.currentBytes
        let add = try DocumentChange.list(from: try JSONReader.read(#"{"target": "decorators.add", "path": "p1/fp_note", "change": {"decorators": [{"action": "x", "icon": "flag"}]}}"#))
        #expect(try session.apply(add) == [], "in place")
        #expect(actions(try session.decorators.decorators(at: "p1/fp_note")) == ["x"])
        var reported: [String] = []
        #expect(throws: ChangeError.self) { try session.apply(add, onError: { if case .decorator(let message) = $0 { reported.append(message) } }) }
        #expect(reported.count == 1 && reported[0].contains("already there"), "\(reported)")
        #expect(actions(try session.decorators.decorators(at: "p1/fp_note")) == ["x"], "the failed change left the decorators as they were")
        try session.undo()
        #expect(session.currentBytes == before)
        #expect(actions(try session.decorators.decorators(at: "p1/fp_note")) == [])
    }
}

/// A value set (`jf run --set`, the REPL's `:set`) on a field whose decorators were changed in
/// place keeps both.
@Suite struct DecoratedFieldSetTests {
    @Test func aValueSetOnADecoratedFieldKeepsTheDecorators() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(DecoratorsInPlaceTests.form.utf8)))
        let add = try DocumentChange.list(from: try JSONReader.read(#"{"target": "decorators.add", "path": "p1/fp_note", "change": {"decorators": [{"action": "x", "icon": "flag"}]}}"#))
        #expect(try session.apply(add) == [], "in place")
        try session.set([(field: "note", value: .string("set"))])
        let text = try session.currentDocument()
        #expect(text.field("note")?.value?.stringValue == "set")
        #expect(actions(try DecoratorEditor(document: text).decorators(at: "p1/fp_note")) == ["x"])
        #expect(actions(try session.decorators.decorators(at: "p1/fp_note")) == ["x"])
    }
}
