import JoyfillChanges
import JoyfillDecorators
@testable import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
@testable import JoyfillLogic
import JoyfillModel
@testable import JoyfillSession
import Testing

/// A table of three rows (one deleted) in a rowOrder, a number, and a formula over the table.
let table = """
{"formulas": [{"_id": "f", "expression": "sum(items.qty)"}],
 "fields": [
  {"_id": "items", "type": "table",
   "tableColumns": [{"_id": "name", "type": "text"}, {"_id": "qty", "type": "number"}],
   "rowOrder": ["b", "a"],
   "value": [
     {"_id": "a", "cells": {"name": "nut", "qty": 1}},
     {"_id": "b", "cells": {"name": "bolt", "qty": 2}},
     {"_id": "gone", "deleted": true, "cells": {"qty": 100}}
   ]},
  {"_id": "count", "type": "number", "formulas": [{"_id": "x", "formula": "f"}]},
  {"_id": "note", "type": "text", "value": "keep   this"}
 ]}
"""

/// Applies changes written as JSON to `table`, runs the formulas, and returns the result
/// (the document's text with the formulas' results written in) and the formulas' diagnostics.
func applying(_ changes: String, to text: String = table) throws -> (document: JoyDoc, failures: Int) {
    let document = try JoyDoc(bytes: Array(text.utf8))
    var counter = 0
    let bytes = try ChangeApplier.apply(try DocumentChange.list(from: try JSONReader.read(changes)), to: document) {
        counter += 1
        return "new\(counter)"
    }
    let editor = DocumentSession(document: try JoyDoc(bytes: bytes))
    return (try JoyDoc(bytes: editor.updatedBytes ?? bytes), editor.formulaFindings.count)
}

func rows(_ result: (document: JoyDoc, failures: Int)) -> [String] {
    let field = result.document.field("items")!
    return Field.liveRows(field.value?.arrayValue ?? [], order: field.rowOrder).map { row in
        let cells = row["cells"]
        return "\(row["_id"]?.stringValue ?? "?"):\(cells?["name"]?.stringValue ?? "-"):\(cells?["qty"]?.text ?? "-")"
    }
}

@Suite struct ChangeTests {
    @Test func rowOperationsAndFormulasAfterThem() throws {
        let editor = try applying("""
            [{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"cells": {"name": "washer", "qty": 5}}, "targetRowIndex": 1}},
             {"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "a", "row": {"cells": {"qty": 10}}}},
             {"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "a", "targetRowIndex": 0}},
             {"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "b"}}]
            """)
        #expect(rows(editor) == ["a:nut:10", "new1:washer:5"])
        #expect(editor.document.field("count")?.value?.numberValue == 15)
        #expect(editor.failures == 0)
    }

    @Test func aSequenceOfPlacesIsFollowedChangeByChange() throws {
        let result = try applying("""
            [{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "x", "cells": {}}, "targetRowIndex": 0}},
             {"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "a", "targetRowIndex": 0}},
             {"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "x"}},
             {"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "y", "cells": {}}}},
             {"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "b", "targetRowIndex": 5}}]
            """)
        #expect(rows(result) == ["a:nut:1", "y:-:-", "b:bolt:2"])
        #expect(result.document.field("items")?.rowOrder == ["a", "y", "b"])
    }

    @Test func untouchedTextIsKept() throws {
        let editor = try applying(#"{"target": "field.update", "fieldId": "note", "change": {"value": "new"}}"#)
        let text = String(decoding: editor.document.bytes.buffer, as: UTF8.self)
        // Only the note's value and the formula's result changed.
        let expected = table.replacingOccurrences(of: #""keep   this""#, with: #""new""#)
            .replacingOccurrences(of: #""formula": "f"}]}"#, with: #""formula": "f"}], "value": 3}"#)
        #expect(text == expected)
    }

    @Test func rowsAddedAtTheEndOfATableWithoutOrderNeedNone() throws {
        let text = #"{"fields": [{"_id": "t", "type": "table", "value": []}]}"#
        let editor = try applying(#"[{"target": "field.value.rowCreate", "fieldId": "t", "change": {"row": {"_id": "r", "cells": {}}}}]"#, to: text)
        #expect(String(decoding: editor.document.bytes.buffer, as: UTF8.self)
                == #"{"fields": [{"_id": "t", "type": "table", "value": [{"_id":"r","cells":{}}]}]}"#)
    }

    /// As the SDKs' insertRow: a new row at the end joins the table's rowOrder, so its place is
    /// defined (a row missing from a rowOrder has none), at the root and under a row alike.
    @Test func aNewRowAtTheEndJoinsTheRowOrder() throws {
        let added = try applying(#"[{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "c", "cells": {"qty": 4}}}}]"#)
        #expect(added.document.field("items")?.rowOrder == ["b", "a", "c"])
        let collection = #"{"fields": [{"_id": "k", "type": "collection", "schema": {"root": {"root": true, "tableColumns": [], "children": ["sub"]}, "sub": {"tableColumns": []}},"#
            + #" "value": [{"_id": "p", "cells": {}, "children": {"sub": {"value": [{"_id": "s1", "cells": {}}], "rowOrder": ["s1"]}}}]}]}"#
        let child = try applying(#"[{"target": "field.value.rowCreate", "fieldId": "k", "change": {"row": {"_id": "s2", "cells": {}}, "parentPath": "p", "schemaId": "sub"}}]"#,
                                 to: collection)
        let entry = child.document.field("k")?.value?.arrayValue?.first?["children"]?["sub"]
        #expect(entry?["rowOrder"]?.arrayValue?.compactMap(\.stringValue) == ["s1", "s2"])
    }

    /// A cleared cell (`clearCells`) is removed from its row, so it reads as a new row's empty
    /// cell does: a cleared quantity reads 0 and `price * qty` gives 0, not a type error; the
    /// changelog reports it as the SDKs report a cleared cell, as null.
    @Test func aClearedCellReadsAsANewRowsEmptyCell() throws {
        let text = """
            {"_id": "doc", "fields": [{"_id": "t", "type": "table", "rowOrder": ["a"],
              "tableColumns": [{"_id": "name", "type": "text"}, {"_id": "price", "type": "number"}, {"_id": "qty", "type": "number"}],
              "value": [{"_id": "a", "cells": {"name": "nut", "price": 2, "qty": 3}}]},
             {"_id": "totals", "type": "text", "formulas": [{"_id": "f", "formula": "x"}]}],
             "formulas": [{"_id": "x", "expression": "join(map(t, (r) -> r.name + ':' + (r.price * r.qty)), ',')"}],
             "files": [{"_id": "file", "pages": [{"_id": "page", "fieldPositions": [{"_id": "p1", "field": "t"}, {"_id": "p2", "field": "totals"}]}]}]}
            """
        let session = DocumentSession(document: try JoyDoc(bytes: Array(text.utf8)))
        _ = try session.apply(try DocumentChange.list(from: try JSONReader.read("""
            [{"target": "field.value.rowCreate", "fieldId": "t", "change": {"row": {"_id": "b", "cells": {"price": 5}}}},
             {"target": "field.value.rowUpdate", "fieldId": "t", "change": {"rowId": "a", "clearCells": ["name", "qty"]}}]
            """)), createdOn: 0)
        #expect(session.formulaFindings.isEmpty)
        #expect(try JoyDoc(bytes: session.currentBytes).field("totals")?.value?.stringValue == ":0,:0")
        let row = try JoyDoc(bytes: session.currentBytes).field("t")?.value?.arrayValue?.first
        #expect(row?["cells"]?.members?.map(\.key) == ["price"], "the cleared cells are gone")
        let cleared = session.changelogs.first { $0["target"]?.stringValue == "field.value.rowUpdate" }?["change"]?["row"]?["cells"]
        #expect(cleared?["qty"]?.isNull == true && cleared?["name"]?.isNull == true)
        #expect(throws: ChangeError.self) {
            try DocumentChange.list(from: try JSONReader.read(#"[{"target": "field.value.rowUpdate", "fieldId": "t", "change": {"rowId": "a", "row": {"cells": {"qty": 1}}, "clearCells": ["qty"]}}]"#))
        }
    }

    /// A field.update's changelog carries what the SDKs add: a date's zone, a chart's axes
    /// and the field's metadata.
    @Test func aFieldUpdatesChangelogCarriesTheFieldsZoneAxesAndMetadata() throws {
        let text = """
            {"_id": "doc", "fields": [
              {"_id": "d", "type": "date", "tz": "Asia/Tokyo", "metadata": {"k": 1}, "value": 0},
              {"_id": "c", "type": "chart", "xTitle": "X", "yMin": 0, "yMax": 9, "value": []}],
             "files": [{"_id": "file", "pages": [{"_id": "page", "fieldPositions": [{"_id": "p1", "field": "d"}, {"_id": "p2", "field": "c"}]}]}]}
            """
        let session = DocumentSession(document: try JoyDoc(bytes: Array(text.utf8)))
        try session.apply(try DocumentChange.list(from: try JSONReader.read("""
            [{"target": "field.update", "fieldId": "d", "change": {"value": 5}},
             {"target": "field.update", "fieldId": "c", "change": {"value": []}}]
            """)), createdOn: 0)
        #expect(session.changelogs.map { $0["change"]?.members?.map(\.key) ?? [] } == [["value", "tz", "metadata"], ["value", "xTitle", "yMin", "yMax"]])
    }

    @Test func aNewRowWithoutAnIDGetsOneFirst() throws {
        let text = #"{"fields": [{"_id": "t", "type": "table", "value": []}]}"#
        let editor = try applying("""
            [{"target": "field.value.rowCreate", "fieldId": "t", "change": {"row": {"cells": {"a": 1}}}},
             {"target": "field.value.rowCreate", "fieldId": "t", "change": {"row": {"cells": {"a": 2}, "_id": ""}}}]
            """, to: text)
        #expect(String(decoding: editor.document.bytes.buffer, as: UTF8.self)
                == #"{"fields": [{"_id": "t", "type": "table", "value": [{"_id":"new1","cells":{"a":1}}, {"cells":{"a":2},"_id":"new2"}]}]}"#)
    }

    @Test func aFieldUpdateThenRowChangesWorkOnTheNewValue() throws {
        let editor = try applying("""
            [{"target": "field.update", "fieldId": "items", "change": {"value": [{"_id": "z", "cells": {"qty": 7}}]}},
             {"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "z", "row": {"cells": {"name": "pin"}}}}]
            """)
        #expect(rows(editor) == ["z:pin:7"])
        #expect(editor.document.field("count")?.value?.numberValue == 7)
    }

    @Test func allOrNothing() throws {
        let document = try JoyDoc(bytes: Array(table.utf8))
        let changes = try DocumentChange.list(from: try JSONReader.read("""
            [{"target": "field.update", "fieldId": "note", "change": {"value": "x"}},
             {"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "gone"}}]
            """))
        let error = #expect(throws: ChangeError.self) { try ChangeApplier.apply(changes, to: document) }
        #expect(error?.index == 1)
        #expect(error?.description == "change 2 (field 'items'): the table has no row with the _id 'gone' (deleted rows cannot be changed)")
    }

    @Test func aRowWithAnEmptyIDCannotBeNamedNorSuggested() throws {
        let text = table.replacingOccurrences(of: #"{"_id": "a", "cells""#, with: #"{"_id": "", "cells""#)
        #expect(try JoyDoc(bytes: Array(text.utf8)).field("items") != nil)
        // The entry is refused when it is read, before any document is looked at.
        let entry = try JSONReader.read(#"{"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": ""}}"#)
        let error = #expect(throws: ChangeError.self) { try DocumentChange.list(from: entry) }
        #expect(error?.description == "change 1 (field 'items'): the \"rowId\" is empty: a row is named by its _id")
    }

    @Test func malformedChangesAreNamed() throws {
        func problem(_ text: String) throws -> String? {
            do {
                let document = try JoyDoc(bytes: Array(table.utf8))
                _ = try ChangeApplier.apply(try DocumentChange.list(from: try JSONReader.read(text)), to: document)
                return nil
            } catch let error as ChangeError {
                return error.description
            }
        }
        #expect(try problem(#"{"target": "field.remove", "fieldId": "note", "change": {}}"#)?.hasPrefix(
            "change 1 (field 'note'): unknown target \"field.remove\"") == true)
        #expect(try problem(#"{"target": "field.update", "fieldId": "nte", "change": {"value": 1}}"#)
                == "change 1 (field 'nte'): no field has the _id 'nte' (did you mean 'note'?)")
        #expect(try problem(#"{"target": "field.update", "fieldId": "note", "change": {}}"#)
                == "change 1 (field 'note'): field.update needs \"change\": {\"value\": …}")
        #expect(try problem(#"{"target": "field.value.rowCreate", "fieldId": "note", "change": {"row": {}}}"#)
                == "change 1 (field 'note'): field.value.rowCreate changes the rows of a table or collection, and 'note' is a text field")
        #expect(try problem(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "a"}}}"#)
                == "change 1 (field 'items'): the table already has a row with the _id 'a'")
        #expect(try problem(#"{"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "a", "targetRowIndex": 1.5}}"#)
                == "change 1 (field 'items'): \"targetRowIndex\" must be a whole number from 0")
        #expect(try problem(#"[{"fieldId": "note", "change": {}}]"#) == "change 1 (field 'note'): the change has no \"target\" string")
    }

    /// Entries are decoded into their operations before anything is applied: a malformed
    /// entry is named with its place in the list and the key at fault, and the typed payload
    /// holds what applying needs.
    @Test func entriesAreDecodedBeforeTheyAreApplied() throws {
        let text = """
            [{"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "a", "targetRowIndex": 2}},
             {"target": "decorators.add", "path": "p/items", "change": {"decorators": [{"action": "ok", "icon": "camera"}, {"icon": "flag"}]}}]
            """
        let error = #expect(throws: ChangeError.self) { try DocumentChange.list(from: try JSONReader.read(text)) }
        #expect(error?.index == 1)
        #expect(error?.message.hasPrefix("decorator path 'p/items': decorator 2 of 2 ") == true)
        #expect(error?.span?.lowerBound == text.utf8.count - #"{"icon": "flag"}]}}]"#.utf8.count)
        let moves = try DocumentChange.list(from: try JSONReader.read(String(text.prefix(while: { $0 != "\n" })).dropLast() + "]"))
        guard case .rowMove(let row, let to)? = moves.first?.operation else {
            Issue.record("a rowMove entry decodes to .rowMove")
            return
        }
        #expect(row.id == "a" && to == 2)
    }

    /// Three levels of a collection: a row added two levels down (under a parent named by its
    /// path), a child row stored as a bare array that needs a `rowOrder` and so becomes
    /// `{value, rowOrder}`, and rows below the root updated, moved and deleted.
    @Test func collectionRowsBelowTheRoot() throws {
        let collection = """
            {"formulas": [{"_id": "f", "expression": "map(people, (p) -> join(map(p.children.homes, (h) -> h.city + ':' + join(h.children.rooms.name, '+')), ' '))"}],
             "fields": [
              {"_id": "people", "type": "collection",
               "schema": {"person": {"root": true, "children": ["homes"], "tableColumns": [{"_id": "name", "type": "text"}]},
                          "homes": {"children": ["rooms"], "tableColumns": [{"_id": "city", "type": "text"}]},
                          "rooms": {"tableColumns": [{"_id": "name", "type": "text"}]}},
               "value": [
                 {"_id": "ada", "cells": {"name": "Ada"}, "children": {"homes": [
                   {"_id": "h1", "cells": {"city": "Oslo"}},
                   {"_id": "h2", "cells": {"city": "Rome"}, "children": {"rooms": {"value": [{"_id": "r1", "cells": {"name": "hall"}}]}}}]}},
                 {"_id": "bo", "cells": {"name": "Bo"}}
               ]},
              {"_id": "summary", "type": "text", "formulas": [{"_id": "x", "formula": "f"}]}
             ]}
            """
        let result = try applying("""
            [{"target": "field.value.rowCreate", "fieldId": "people", "change": {"row": {"_id": "r2", "cells": {"name": "attic"}}, "parentPath": "ada/schemas/homes/h2/schemas/rooms", "targetRowIndex": 0}},
             {"target": "field.value.rowCreate", "fieldId": "people", "change": {"row": {"cells": {"name": "den"}}, "parentPath": "h1"}},
             {"target": "field.value.rowMove", "fieldId": "people", "change": {"rowId": "h2", "targetRowIndex": 0}},
             {"target": "field.value.rowUpdate", "fieldId": "people", "change": {"rowId": "r1", "row": {"cells": {"name": "hallway"}}}},
             {"target": "field.value.rowCreate", "fieldId": "people", "change": {"row": {"_id": "h3", "cells": {"city": "Kyiv"}}, "parentPath": "bo"}},
             {"target": "field.value.rowDelete", "fieldId": "people", "change": {"rowId": "new1"}}]
            """, to: collection)
        #expect(result.failures == 0)
        #expect(result.document.field("summary")?.value?.stringValue == "[Rome:attic+hallway Oslo:, Kyiv:]")
        let ada = try #require(result.document.field("people")?.value?.arrayValue?.first)
        #expect(ada["children"]?["homes"]?["rowOrder"]?.arrayValue?.compactMap(\.stringValue) == ["h2", "h1"])
        #expect(ada["children"]?["homes"]?["value"]?.arrayValue?.count == 2)
        #expect(ada["children"]?["homes"]?["value"]?.arrayValue?.first?["children"]?["rooms"]?["value"]?.arrayValue?.first?["deleted"]?.boolValue == true)
    }

    @Test func newIDsLookLikeObjectIDs() {
        let id = ObjectID.make()
        #expect(id.count == 24)
        #expect(id.allSatisfy { $0.isHexDigit })
        #expect(ObjectID.make() != id)
    }
}

/// The SDKs' row operations, as the change-API entries they emit, applied.
@Suite struct RowOperationTests {
    /// Applies entries to `table` (or `text`) and returns the rows shown.
    func applied(_ entries: [JSONValue], to text: String = table) throws -> [String] {
        let changes = try DocumentChange.list(from: .array(entries))
        let bytes = try ChangeApplier.apply(changes, to: try JoyDoc(bytes: Array(text.utf8)))
        let document = try JoyDoc(bytes: bytes)
        let field = try #require(document.field("items"))
        return Field.liveRows(field.value?.arrayValue ?? [], order: field.rowOrder).map { row in
            let cells = row["cells"]
            let id = row["_id"]?.stringValue ?? "?"
            return "\(id.count == 24 ? "new" : id):\(cells?["name"]?.stringValue ?? "-"):\(cells?["qty"]?.text ?? "-")"
        }
    }

    let operations = try! RowOperations(document: JoyDoc(bytes: Array(table.utf8)))

    @Test func tableOperationsPlaceRowsAmongThoseShown() throws {
        // Shown: b, a (rowOrder), the deleted row left out.
        #expect(try applied([operations.insertRow(in: "items", cells: [JSONMember("name", .string("pin"))])]) == ["b:bolt:2", "a:nut:1", "new:pin:-"])
        #expect(try applied([operations.insertRow(in: "items", at: 0)]) == ["new:-:-", "b:bolt:2", "a:nut:1"])
        #expect(try applied([operations.insertBelow("b", in: "items", cells: [JSONMember("qty", .number(3))])]) == ["b:bolt:2", "new:-:3", "a:nut:1"])
        #expect(try applied(operations.deleteRows(["a", "b"], in: "items")) == [])
        #expect(try applied(operations.duplicateRows(["b", "a", "b"], in: "items"))
                == ["b:bolt:2", "new:bolt:2", "new:bolt:2", "a:nut:1", "new:nut:1"])
        #expect(try applied(operations.moveRowUp("a", in: "items")) == ["a:nut:1", "b:bolt:2"])
        #expect(try operations.moveRowUp("b", in: "items").isEmpty, "already first")
        #expect(try applied(operations.moveRowDown("b", in: "items")) == ["a:nut:1", "b:bolt:2"])
        #expect(try operations.moveRowDown("a", in: "items").isEmpty, "already last")
        #expect(try applied(operations.bulkEdit(["a", "b"], in: "items", cells: [JSONMember("qty", .number(0))])) == ["b:bolt:0", "a:nut:0"])
    }

    @Test func entriesCarryWhatPlacesTheirField() throws {
        let document = try JoyDoc(bytes: Array("""
            {"_id": "doc1", "identifier": "order", "files": [{"_id": "file1", "pages": [{"_id": "p1", "fieldPositions": [{"_id": "pos1", "field": "items"}]}]}],
             "fields": [{"_id": "items", "type": "table", "identifier": "field_items", "tableColumns": [], "value": [{"_id": "a", "cells": {}}]}]}
            """.utf8))
        let entry = try RowOperations(document: document).deleteRows(["a"], in: "items")[0]
        #expect(entry.text == #"{"_id":"doc1","identifier":"order","target":"field.value.rowDelete","fieldId":"items","fieldIdentifier":"field_items","pageId":"p1","fieldPositionId":"pos1","fileId":"file1","change":{"rowId":"a"}}"#)
    }

    @Test func unknownDeletedAndMisplacedRowsAreRefused() throws {
        func message(_ body: () throws -> Any) -> String? {
            do {
                _ = try body()
                return nil
            } catch let error as ChangeError {
                return error.message + (error.suggestion.map { " → \($0)" } ?? "")
            } catch {
                return "\(error)"
            }
        }
        #expect(message { try operations.deleteRows(["bb"], in: "items") } == "the table has no row with the _id 'bb' (deleted rows cannot be named) → b")
        #expect(message { try operations.moveRowUp("gone", in: "items") } == "the table has no row with the _id 'gone' (deleted rows cannot be named)")
        #expect(message { try operations.insertRow(in: "itms") } == "no field has the _id 'itms' → items")
        #expect(message { try operations.insertRow(in: "note") } == "rows belong to tables and collections, and 'note' is a text field")
        #expect(message { try operations.insertRow(in: "items", under: "a") } == "only a collection's rows go under a row; 'items' is a table field")
    }

    @Test func collectionRowsAtAnyDepth() throws {
        let collection = """
            {"fields": [
              {"_id": "items", "type": "collection",
               "schema": {"site": {"root": true, "children": ["check"], "tableColumns": [{"_id": "name", "type": "text"}]},
                          "check": {"tableColumns": [{"_id": "name", "type": "text"}]}},
               "value": [{"_id": "s1", "cells": {"name": "North"}, "children": {"check": {"value": [
                   {"_id": "c1", "cells": {"name": "gate"}}, {"_id": "c2", "cells": {"name": "fence"}}], "rowOrder": ["c2", "c1"]}}}]}
            ]}
            """
        let operations = try RowOperations(document: JoyDoc(bytes: Array(collection.utf8)))
        func checks(_ entries: [JSONValue]) throws -> [String] {
            let bytes = try ChangeApplier.apply(try DocumentChange.list(from: .array(entries)), to: try JoyDoc(bytes: Array(collection.utf8)))
            let site = try #require(try JoyDoc(bytes: bytes).field("items")?.value?.arrayValue?.first)
            let (rows, order) = Field.childRows(of: site, schema: "check")
            return Field.liveRows(rows, order: order).map { $0["cells"]?["name"]?.stringValue ?? "-" }
        }
        #expect(try checks(operations.duplicateRows(["c2"], in: "items")) == ["fence", "fence", "gate"])
        #expect(try checks([operations.insertBelow("c1", in: "items", cells: [JSONMember("name", .string("roof"))])]) == ["fence", "gate", "roof"])
        #expect(try checks([operations.insertRow(in: "items", at: 0, under: "s1")]) == ["-", "fence", "gate"])
        #expect(try checks(operations.moveRowDown("c2", in: "items")) == ["gate", "fence"])
        #expect(try checks(operations.deleteRows(["c1"], in: "items")) == ["fence"])
    }
}

/// `insertRowWithFilter`: a row at the end whose cells the table view's active filters fill.
struct InsertRowWithFilterTests {
    static let table = """
        {"fields": [{"_id": "parts", "type": "table", "rowOrder": ["a"], "value": [{"_id": "a", "cells": {}}, {"_id": "x", "deleted": true}],
          "tableColumns": [
            {"_id": "name", "type": "text"}, {"_id": "kind", "type": "dropdown"}, {"_id": "code", "type": "barcode"},
            {"_id": "qty", "type": "number"}, {"_id": "due", "type": "date"}, {"_id": "tags", "type": "multiSelect"},
            {"_id": "photo", "type": "image"}, {"_id": "bin", "type": "text", "value": "A1"}, {"_id": "old", "type": "text", "deleted": true}]},
         {"_id": "sites", "type": "collection",
          "schema": {"site": {"root": true, "children": ["check"], "tableColumns": [{"_id": "name", "type": "text"}]},
                     "check": {"tableColumns": [{"_id": "score", "type": "number"}]}},
          "value": [{"_id": "s1", "cells": {"name": "North"}}]}]}
        """

    @Test func eachColumnTypeTakesTheFilterItsWay() throws {
        let operations = try RowOperations(document: JoyDoc(bytes: Array(Self.table.utf8)))
        let entry = try operations.insertRowWithFilter(in: "parts", filters: [
            "name": "bolt", "kind": "k1", "code": "0042", "qty": "12", "due": "soon", "tags": "red", "photo": "x.png", "old": "gone",
        ])
        let change = try #require(entry["change"])
        #expect(change["targetRowIndex"]?.integerValue == 1, "after the one row shown")
        let cells = try #require(change["row"]?["cells"])
        #expect(cells.text == #"{"name":"bolt","kind":"k1","code":"0042","qty":12,"due":null,"tags":["red"],"bin":"A1"}"#)
        let applied = try ChangeApplier.apply(try DocumentChange.list(from: entry), to: try JoyDoc(bytes: Array(Self.table.utf8)))
        let parts = try #require(try JoyDoc(bytes: applied).field("parts"))
        #expect(Field.liveRows(parts.value?.arrayValue ?? [], order: parts.rowOrder).count == 2)
    }

    @Test func underACollectionRow() throws {
        let operations = try RowOperations(document: JoyDoc(bytes: Array(Self.table.utf8)))
        let entry = try operations.insertRowWithFilter(in: "sites", filters: ["score": "7"], under: "s1")
        let change = try #require(entry["change"])
        #expect(change["row"]?["cells"]?.text == #"{"score":7}"#)
        #expect(change["schemaId"]?.stringValue == "check" && change["parentPath"]?.stringValue == "s1")
        #expect(change["targetRowIndex"]?.integerValue == 0)
        #expect(throws: ChangeError.self) { try operations.insertRowWithFilter(in: "sites", filters: [:], under: "s1", schema: "chek") }
    }
}

/// Every error that suggests what was meant renders it the same way.
struct SuggestingErrorTests {
    @Test func suggestionsReadAlike() {
        let errors: [any SuggestingError] = [
            ChangeError(index: 0, field: "qyt", message: "no field has the _id 'qyt'", suggestion: "qty"),
            DecoratorError(path: "p1/f", message: "no such field", suggestion: "g"),
            ValidationPathError(message: "no page 'pag1'", suggestion: "page1"),
            EngineError(message: "--set: no field 'qyt'", suggestion: "qty", field: "qyt"),
            ResolutionError(.reference, "unknown name 'qyt'", suggestion: "qty"),
        ]
        for error in errors {
            #expect(error.description == error.summary + " (did you mean '\(error.suggestion!)'?)")
        }
        #expect(ChangeError(index: 1, field: nil, message: "bad").description == "change 2: bad")
    }
}
