import JoyfillChanges
import JoyfillDecorators
import JoyfillJSON
import JoyfillModel
@testable import JoyfillSession
import Testing

/// A page with a text field, a table (a common row decorator, one column decorator, a deleted
/// row) and a collection (people, each with nested addresses).
let decorated = """
{"files": [{"_id": "file", "pages": [{"_id": "p1", "fieldPositions": [
   {"_id": "fp_note", "field": "note"}, {"_id": "fp_items", "field": "items"}, {"_id": "fp_people", "field": "people"}]}]}],
 "fields": [
  {"_id": "note", "type": "text", "value": "keep   this"},
  {"_id": "items", "type": "table", "decorate": true,
   "rowDecorators": [{"action": "dup", "icon": "copy", "label": "Duplicate"}],
   "tableColumns": [{"_id": "name", "type": "text"},
                    {"_id": "qty", "type": "number", "decorators": [{"action": "scan", "icon": "camera"}]}],
   "value": [{"_id": "r1", "cells": {"name": "nut"}}, {"_id": "r2", "cells": {"name": "bolt"}},
             {"_id": "gone", "deleted": true, "cells": {}}]},
  {"_id": "people", "type": "collection",
   "schema": {"person": {"root": true, "children": ["address"], "tableColumns": [{"_id": "who", "type": "text"}]},
              "address": {"tableColumns": [{"_id": "zip", "type": "text"}]}},
   "value": [{"_id": "alice", "cells": {"who": "Alice"},
              "children": {"address": {"value": [{"_id": "home", "cells": {"zip": "12345"}}]}}}]}
 ]}
"""

func decoratorEditor(_ text: String = decorated) throws -> DecoratorEditor {
    DecoratorEditor(document: try JoyDoc(bytes: Array(text.utf8)))
}

func json(_ text: String) throws -> JSONValue { try JSONReader.read(text) }

/// The document after the editor's changes.
func written(_ editor: DecoratorEditor) throws -> JoyDoc {
    try JoyDoc(bytes: JSONEdit.apply(editor.edits, to: editor.document.bytes))
}

func actions(_ list: [Decorator]) -> [String] { list.map { $0.action ?? "?" } }

@Suite struct DecoratorPathTests {
    @Test func everyScopeOfTheSDKsGrammarResolves() throws {
        let document = try JoyDoc(bytes: Array(decorated.utf8))
        func kind(_ path: String) throws -> DecoratorScope.Kind { try DecoratorScope.resolve(path, in: document).kind }
        #expect(try kind("p1/fp_note") == .field)
        #expect(try kind(" p1 / fp_items /") == .field)
        #expect(try kind("p1/items") == .field, "the field's own _id names its position too")
        #expect(try kind("p1/fp_items/rows") == .commonRows)
        #expect(try kind("p1/fp_items/columns/qty") == .commonColumn("qty"))
        #expect(try kind("p1/fp_items/r1") == .row)
        #expect(try kind("p1/fp_items/r1/qty") == .cell("qty"))
        #expect(try kind("p1/fp_items/r1/columns/qty") == .cell("qty"))
        #expect(try kind("p1/fp_people/rows") == .commonRows)
        #expect(try kind("p1/fp_people/schemas/address/columns/zip") == .commonColumn("zip"))
        #expect(try kind("p1/fp_people/alice/schemas/address/home") == .row)
        #expect(try kind("p1/fp_people/alice/schemas/address/home/zip") == .cell("zip"))
        #expect(try DecoratorScope.resolve("p1/fp_people/alice/schemas/address/home", in: document).schema == "address")
    }

    @Test func pathsThatDoNotResolveSayWhyAndSuggest() throws {
        let document = try JoyDoc(bytes: Array(decorated.utf8))
        func error(_ path: String) -> DecoratorError? {
            do { _ = try DecoratorScope.resolve(path, in: document); return nil } catch { return error }
        }
        #expect(error("p1")?.message.contains("PAGE/POSITION") == true)
        #expect(error("p2/fp_note")?.suggestion == "p1")
        #expect(error("p1/fp_itmes")?.suggestion == "fp_items")
        #expect(error("p1/fp_note/rows")?.message.contains("text field") == true)
        #expect(error("p1/fp_items/gone")?.message.contains("deleted rows") == true)
        #expect(error("p1/fp_items/r3")?.suggestion != nil)
        #expect(error("p1/fp_items/r1/qtty")?.suggestion == "qty")
        #expect(error("p1/fp_items/columns/qty/extra")?.message.contains("must end the path") == true)
        #expect(error("p1/fp_items/schemas/x/rows")?.message.contains("table") == true)
        #expect(error("p1/fp_people/schemas/address/home")?.message.contains("nested") == true)
        #expect(error("p1/fp_people/schemas/adress/rows")?.suggestion == "address")
        #expect(error("p1/fp_people/alice/rows")?.message.contains("not a decorator scope") == true)
    }
}

@Suite struct DecoratorEditorTests {
    @Test func aFieldDecoratorIsAddedAndOnlyItsMemberIsWritten() throws {
        var editor = try decoratorEditor()
        try editor.add([try json(##"{"action": "help", "icon": "circle-info", "label": "Help", "color": "#3B82F6"}"##)], at: "p1/fp_note")
        let text = String(decoding: JSONEdit.apply(editor.edits, to: editor.document.bytes), as: UTF8.self)
        #expect(text.contains(#""value": "keep   this", "decorators": [{"action":"help""#))
        #expect(actions(try DecoratorEditor(document: try written(editor)).decorators(at: "p1/fp_note")) == ["help"])
    }

    @Test func aRowTakesACopyOfTheCommonRowDecoratorsOnItsFirstWrite() throws {
        var editor = try decoratorEditor()
        #expect(actions(try editor.decorators(at: "p1/fp_items/r1")) == [])
        #expect(actions(try editor.shownDecorators(at: "p1/fp_items/r1")) == ["dup"])
        try editor.add([try json(#"{"action": "archive", "label": "Archive"}"#)], at: "p1/fp_items/r1")
        let after = DecoratorEditor(document: try written(editor))
        #expect(actions(try after.decorators(at: "p1/fp_items/r1")) == ["dup", "archive"])
        #expect(actions(try after.decorators(at: "p1/fp_items/r2")) == [])
        #expect(actions(try after.decorators(at: "p1/fp_items/rows")) == ["dup"])
        let row = try #require(after.document.field("items")?.value?.arrayValue?.first)
        #expect(row["decorators"]?["all"]?.arrayValue?.count == 2)
    }

    @Test func aCellTakesACopyOfItsColumnsDecorators() throws {
        var editor = try decoratorEditor()
        try editor.add([try json(#"{"action": "upload", "icon": "upload"}"#)], at: "p1/fp_items/r2/qty")
        let after = DecoratorEditor(document: try written(editor))
        #expect(actions(try after.decorators(at: "p1/fp_items/r2/columns/qty")) == ["scan", "upload"])
        #expect(actions(try after.decorators(at: "p1/fp_items/columns/qty")) == ["scan"])
        let row = try #require(after.document.field("items")?.value?.arrayValue?[1])
        #expect(row["decorators"]?["cells"]?["qty"]?.arrayValue?.count == 2)
    }

    @Test func rowDecoratorsTurnTheDecoratorColumnOnAndOff() throws {
        var editor = try decoratorEditor(decorated.replacingOccurrences(of: #""decorate": true,"#, with: ""))
        try editor.add([try json(#"{"action": "flag", "icon": "flag"}"#)], at: "p1/fp_items/r1")
        var document = try written(editor)
        #expect(document.field("items")?.json["decorate"]?.boolValue == true)

        editor = DecoratorEditor(document: document)
        try editor.remove(action: "flag", at: "p1/fp_items/r1")
        try editor.remove(action: "dup", at: "p1/fp_items/r1")
        document = try written(editor)
        #expect(document.field("items")?.json["decorate"]?.boolValue == true, "the common row decorator is still shown")
        editor = DecoratorEditor(document: document)
        try editor.remove(action: "dup", at: "p1/fp_items/rows")
        document = try written(editor)
        #expect(document.field("items")?.json["decorate"]?.boolValue == false)
    }

    @Test func updateRenamesAndChecksTheNewAction() throws {
        var editor = try decoratorEditor()
        try editor.update(action: "dup", with: try json(#"{"action": "copy", "icon": "add"}"#), at: "p1/fp_items/rows")
        #expect(actions(try editor.decorators(at: "p1/fp_items/rows")) == ["copy"])
        try editor.add([try json(#"{"action": "b", "label": "B"}"#)], at: "p1/fp_items/rows")
        #expect(throws: DecoratorError.self) {
            try editor.update(action: "b", with: try json(#"{"action": "copy"}"#), at: "p1/fp_items/rows")
        }
    }

    @Test func nestedCollectionRowsAreDecoratedInPlace() throws {
        var editor = try decoratorEditor()
        try editor.add([try json(#"{"action": "map", "icon": "eye"}"#)], at: "p1/fp_people/alice/schemas/address/home/zip")
        try editor.add([try json(#"{"action": "note", "icon": "comment"}"#)], at: "p1/fp_people/schemas/address/rows")
        let document = try written(editor)
        let after = DecoratorEditor(document: document)
        #expect(actions(try after.decorators(at: "p1/fp_people/alice/schemas/address/home/zip")) == ["map"])
        #expect(document.field("people")?.json["schema"]?["address"]?["decorate"]?.boolValue == true)
        #expect(document.field("people")?.json["decorate"] == nil)
    }

    @Test func whatTheSDKsRejectIsAnErrorAndChangesNothing() throws {
        var editor = try decoratorEditor()
        func message(_ body: (inout DecoratorEditor) throws -> Void) -> String {
            do { try body(&editor); return "" } catch { return "\(error)" }
        }
        #expect(message { try $0.add([try json(#"{"icon": "flag"}"#)], at: "p1/fp_note") }.contains("no \"action\""))
        #expect(message { try $0.add([try json(#"{"action": ""}"#)], at: "p1/fp_note") }.contains("empty"))
        #expect(message { try $0.add([try json(#"{"action": "a", "color": "blue"}"#)], at: "p1/fp_note") }.contains("#RRGGBB"))
        #expect(message { try $0.add([try json(#"{"action": "a"}"#), try json(#"{"action": "a"}"#)], at: "p1/fp_note") }
            .contains("two of the decorators"))
        #expect(message { try $0.add([try json(#"{"action": "dup"}"#)], at: "p1/fp_items/rows") }.contains("already there"))
        #expect(message { try $0.remove(action: "dpu", at: "p1/fp_items/rows") }.contains("did you mean 'dup'"))
        #expect(message { try $0.remove(action: "dup", at: "p1/fp_items/r1") }.contains("none of its own"))
        #expect(editor.edits.isEmpty)
    }
}

@Suite struct DecoratorChangeTests {
    @Test func decoratorEntriesApplyBetweenValueChangesAllOrNone() throws {
        let document = try JoyDoc(bytes: Array(decorated.utf8))
        let changes = try DocumentChange.list(from: try json("""
            [{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "r3", "cells": {"name": "washer"}}}},
             {"target": "decorators.add", "path": "p1/fp_items/r3", "change": {"decorators": [{"action": "new", "label": "New"}]}},
             {"target": "field.update", "fieldId": "note", "change": {"value": "changed"}}]
            """))
        let after = try JoyDoc(bytes: try ChangeApplier.apply(changes, to: document))
        #expect(actions(try DecoratorEditor(document: after).decorators(at: "p1/fp_items/r3")) == ["dup", "new"])
        #expect(after.field("note")?.value?.stringValue == "changed")

        // Alternating between two fields: each change lands, the last value wins.
        let alternating = try DocumentChange.list(from: try json("""
            [{"target": "field.update", "fieldId": "note", "change": {"value": "one"}},
             {"target": "decorators.add", "path": "p1/fp_items/r1", "change": {"decorators": [{"action": "a", "icon": "flag"}]}},
             {"target": "field.update", "fieldId": "note", "change": {"value": "two"}},
             {"target": "decorators.add", "path": "p1/fp_items/r2", "change": {"decorators": [{"action": "b", "icon": "flag"}]}},
             {"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"name": "washer"}}}},
             {"target": "decorators.remove", "path": "p1/fp_items/r1", "change": {"action": "a"}}]
            """))
        let result = try JoyDoc(bytes: try ChangeApplier.apply(alternating, to: document))
        let reader = DecoratorEditor(document: result)
        #expect(result.field("note")?.value?.stringValue == "two")
        #expect(actions(try reader.decorators(at: "p1/fp_items/r1")) == ["dup"])
        #expect(actions(try reader.decorators(at: "p1/fp_items/r2")) == ["dup", "b"])
        #expect(result.field("items")?.value?.arrayValue?.first?["cells"]?["name"]?.stringValue == "washer")

        let failing = try DocumentChange.list(from: try json("""
            [{"target": "decorators.remove", "path": "p1/fp_items/rows", "change": {"action": "dup"}},
             {"target": "decorators.remove", "path": "p1/fp_items/rows", "change": {"action": "dup"}}]
            """))
        #expect {
            try ChangeApplier.apply(failing, to: document)
        } throws: { error in
            let error = error as? ChangeError
            return error?.index == 1 && error?.description.contains("no decorator has the action 'dup'") == true
        }
        #expect(throws: ChangeError.self) {
            try DocumentChange.list(from: try json(#"{"target": "decorators.add", "fieldId": "items", "change": {}}"#))
        }
    }
}
