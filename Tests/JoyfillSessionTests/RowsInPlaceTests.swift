import JoyfillChanges
import JoyfillJSON
import JoyfillModel
@testable import JoyfillSession
import Testing

/// Row changes applied in place by a session give, step after step, exactly the text that the
/// same changes applied to the document's text at once give once its formulas run: the
/// reference the in-place path must match byte for byte.
@Suite struct RowsInPlaceTests {
    /// A table without a rowOrder (new rows keep the order), a collection with a child level,
    /// formulas over both, and a field no change touches, with its spacing.
    static let form = """
    {"_id": "doc1", "identifier": "doc_1",
     "files": [{"_id": "file1", "pages": [{"_id": "p1", "fieldPositions": [
       {"_id": "x1", "field": "items"}, {"_id": "x2", "field": "total"}, {"_id": "x3", "field": "sites"},
       {"_id": "x4", "field": "checks"}]}]}],
     "formulas": [{"_id": "f_total", "expression": "sum(map(items, (r) -> r.price * r.qty))"},
                  {"_id": "f_checks", "expression": "count(sites)"}],
     "fields": [
      {"_id": "items", "type": "table", "file": "file1",
       "tableColumns": [{"_id": "price", "type": "number"}, {"_id": "qty", "type": "number"}, {"_id": "name", "type": "text"}],
       "value": [
         {"_id": "r0", "cells": {"price": 1.50, "qty": 2, "name": "nut"}},
         {"_id": "r1", "cells": {"price": 10, "qty": 1}},
         {"_id": "r2", "deleted": true, "cells": {"price": 99, "qty": 9}}
       ]},
      {"_id": "total", "type": "number", "value": 0, "file": "file1", "formulas": [{"_id": "a", "key": "value", "formula": "f_total"}]},
      {"_id": "sites", "type": "collection", "file": "file1",
       "schema": {"site": {"root": true, "tableColumns": [{"_id": "name", "type": "text"}], "children": ["check"]},
                  "check": {"tableColumns": [{"_id": "ok", "type": "text"}]}},
       "value": [{"_id": "s1", "cells": {"name": "north"}, "children": {"check": {"value": [{"_id": "c1", "cells": {"ok": "yes"}}]}}}]},
      {"_id": "checks", "type": "number", "file": "file1", "formulas": [{"_id": "b", "key": "value", "formula": "f_checks"}]},
      {"_id": "note", "type": "text", "value": "keep   this"}
     ]}
    """

    /// A small deterministic generator (xorshift), so a failure names a step that reruns.
    struct Steps {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static func entry(_ text: String) throws -> [DocumentChange] {
        try DocumentChange.list(from: try JSONReader.read(Array(text.utf8)))
    }

    @Test func rowChangesInPlaceWriteWhatTheChangesAppliedAtOnceWrite() throws {
        let original = try JoyDoc(bytes: Array(Self.form.utf8))
        let session = DocumentSession(document: original)
        var applied: [DocumentChange] = []
        var live = ["r0", "r1"]
        var made = 0
        var steps = Steps()
        for step in 0..<60 {
            let changes: [DocumentChange]
            switch steps.next(6) {
            case 0, 1:
                let row = live[steps.next(live.count)]
                changes = try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "\#(row)", "row": {"cells": {"qty": \#(steps.next(20)), "price": \#(steps.next(500)).25}}}}"#)
            case 2:
                made += 1
                live.append("n\(made)")
                changes = try Self.entry(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "n\#(made)", "cells": {"qty": 1, "price": 3}}}}"#)
            case 3 where live.count > 1:
                let row = live.remove(at: steps.next(live.count))
                changes = try Self.entry(#"{"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "\#(row)"}}"#)
            case 4:
                made += 1
                changes = try Self.entry(#"""
                    [{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"_id": "k\#(made)", "cells": {"ok": "no"}}, "parentPath": "s1"}},
                     {"target": "field.value.rowUpdate", "fieldId": "sites", "change": {"rowId": "s1", "row": {"cells": {"name": "site \#(made)"}}}}]
                    """#)
            default:
                let row = live[steps.next(live.count)]
                changes = try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "\#(row)", "row": {"cells": {"name": "row \#(step)"}}, "clearCells": ["qty"]}}"#)
            }
            let moved = try session.apply(changes, createdOn: 1)
            #expect(moved != nil, "step \(step): in place")
            applied += changes
            let reference = DocumentSession(document: try JoyDoc(bytes: try ChangeApplier.apply(applied, to: original)))
            #expect(String(decoding: session.currentBytes, as: UTF8.self) == String(decoding: reference.currentBytes, as: UTF8.self),
                    "step \(step)")
            #expect(session.values.value(at: 1) == reference.values.value(at: 1), "step \(step): the total")
        }
        // A failing change in a list leaves the rows as they were.
        let before = session.currentBytes
        #expect(throws: ChangeError.self) {
            try session.apply(try Self.entry(#"""
                [{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": 1000}}}},
                 {"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "nowhere"}}]
                """#))
        }
        #expect(session.currentBytes == before)
    }

    @Test func aRowChangeInPlaceReportsTheSDKsChangelogs() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        try session.apply(try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r1", "row": {"cells": {"qty": 2}}}}"#),
                          createdOn: 1)
        // The first changes report the formulas' writes since the load: total 13, checks 1.
        #expect(session.changelogs.map { $0["target"]?.stringValue } == ["field.value.rowUpdate", "field.update", "field.update"])
        #expect(session.changelogs.last?["change"]?["value"] == .integer(1))
        try session.apply(try Self.entry(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "r9", "cells": {"qty": 1, "price": 2}}}}"#),
                          createdOn: 2)
        let created = session.changelogs.dropFirst(3).map { $0 }
        #expect(created.count == 2, "the row, then the one formula that moved (total), not checks")
        #expect(created[0]["change"]?["targetRowIndex"] == .integer(3), "the row's place among the stored rows")
        #expect(created[0]["change"]?["row"]?["_id"] == .string("r9"))
        #expect(created[1]["fieldId"] == .string("total"))
        #expect(created[1]["change"]?["value"] == .integer(25))
    }

    @Test func aRowRewrittenInPlaceIsSeenAtItsPlaceInTheRowOrder() throws {
        let text = """
        {"formulas": [{"_id": "f", "expression": "items.0.qty * 100 + items.1.qty"}],
         "fields": [
          {"_id": "items", "type": "table", "tableColumns": [{"_id": "qty", "type": "number"}], "rowOrder": ["r1", "r0"],
           "value": [{"_id": "r0", "cells": {"qty": 1}}, {"_id": "gone", "deleted": true}, {"_id": "r1", "cells": {"qty": 2}}]},
          {"_id": "both", "type": "number", "formulas": [{"_id": "a", "key": "value", "formula": "f"}]}
         ]}
        """
        let session = DocumentSession(document: try JoyDoc(bytes: Array(text.utf8)))
        #expect(session.values.value(at: 1) == .integer(201))
        for (row, qty, expected) in [("r0", 7, 207), ("r1", 5, 507), ("r0", 3, 503)] {
            let moved = try session.apply(try Self.entry(
                #"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "\#(row)", "row": {"cells": {"qty": \#(qty)}}}}"#))
            #expect(moved == ["items", "both"])
            #expect(session.values.value(at: 1) == .integer(expected))
            let fresh = DocumentSession(document: try JoyDoc(bytes: session.currentBytes))
            #expect(fresh.values.value(at: 1) == .integer(expected))
        }
    }

    @Test func rowOperationsNameTheRowsAsTheSessionHasThem() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        try session.apply(try Self.entry(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "r9", "cells": {"qty": 1}}}}"#))
        let entries = try session.rowOperations.deleteRows(["r9"], in: "items")
        #expect(try session.apply(try DocumentChange.list(from: .array(entries))) != nil, "the new row, deleted in place")
        #expect(throws: ChangeError.self) { try session.rowOperations.deleteRows(["r9"], in: "items") }
    }

    @Test func aRowsPlaceIsInPlaceAndAValueSetWholeReshapes() throws {
        let session = DocumentSession(document: try JoyDoc(bytes: Array(Self.form.utf8)))
        #expect(try session.apply(try Self.entry(#"{"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "r1", "targetRowIndex": 0}}"#)) != nil)
        // Now the table has a rowOrder: a new row joins it.
        #expect(try session.apply(try Self.entry(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "r9"}}}"#)) != nil)
        #expect(try session.apply(try Self.entry(#"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "r9", "row": {"cells": {"qty": 1}}}}"#)) != nil,
                "a row's cells: in place")
        #expect(String(decoding: session.currentBytes, as: UTF8.self).contains(#""rowOrder": ["r1","r0","r9"]"#))
        try session.apply(try Self.entry(#"{"target": "field.update", "fieldId": "items", "change": {"value": []}}"#))
        #expect(String(decoding: session.currentBytes, as: UTF8.self).contains(#""rowOrder": ["r1","r0","r9"]"#),
                "the rowOrder written in place stays when the value is set whole")
        #expect(try session.apply(try Self.entry(#"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "r10"}}}"#)) == nil,
                "after the value was set whole, the text is read again")
        #expect(session.values.value(at: 0)?.arrayValue?.count == 1)
    }

    /// A table with a rowOrder and a collection, their rows moved, added at a place, deleted and
    /// changed, step after step in place: each step writes what applying it to the text the
    /// step before left writes (what reading the text again after each step gave), and the
    /// formulas see the rows in their new order.
    @Test func rowsMovedInPlaceWriteWhatEachStepOnTheTextWrites() throws {
        let form = """
        {"_id": "doc1", "files": [{"_id": "file1", "pages": [{"_id": "p1", "fieldPositions": []}]}],
         "formulas": [{"_id": "f_first", "expression": "items.0.qty * 1000 + items.1.qty"},
                      {"_id": "f_sites", "expression": "concat(sites.0.name, '/', length(sites))"}],
         "fields": [
          {"_id": "items", "type": "table", "file": "file1", "rowOrder": ["b", "a", "c"],
           "tableColumns": [{"_id": "qty", "type": "number"}],
           "value": [{"_id": "a", "cells": {"qty": 1}}, {"_id": "b", "cells": {"qty": 2}}, {"_id": "c", "cells": {"qty": 3}}]},
          {"_id": "first", "type": "number", "file": "file1", "formulas": [{"_id": "x", "key": "value", "formula": "f_first"}]},
          {"_id": "sites", "type": "collection", "file": "file1",
           "schema": {"site": {"root": true, "tableColumns": [{"_id": "name", "type": "text"}], "children": ["check"]},
                      "check": {"tableColumns": [{"_id": "ok", "type": "text"}]}},
           "value": [{"_id": "s1", "cells": {"name": "north"}, "children": {"check": {"value": [{"_id": "c1", "cells": {"ok": "a"}}, {"_id": "c2", "cells": {"ok": "b"}}]}}},
                     {"_id": "s2", "cells": {"name": "south"}}]},
          {"_id": "siteText", "type": "text", "file": "file1", "formulas": [{"_id": "y", "key": "value", "formula": "f_sites"}]}
         ]}
        """
        let session = DocumentSession(document: try JoyDoc(bytes: Array(form.utf8)))
        var reference = try JoyDoc(bytes: Array(form.utf8))
        var live = ["a", "b", "c"], sites = ["s1", "s2"]
        var made = 0
        var steps = Steps(state: 0x2545_F491_4F6C_DD1D)
        for step in 0..<80 {
            let entry: String
            switch steps.next(8) {
            case 0, 1:
                entry = #"{"target": "field.value.rowMove", "fieldId": "items", "change": {"rowId": "\#(live[steps.next(live.count)])", "targetRowIndex": \#(steps.next(live.count + 1))}}"#
            case 2:
                made += 1
                live.append("n\(made)")
                let place = steps.next(3) == 0 ? "" : #", "targetRowIndex": \#(steps.next(live.count))"#
                entry = #"{"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"_id": "n\#(made)", "cells": {"qty": \#(step)}}\#(place)}}"#
            case 3 where live.count > 2:
                entry = #"{"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "\#(live.remove(at: steps.next(live.count)))"}}"#
            case 4:
                entry = #"{"target": "field.value.rowUpdate", "fieldId": "items", "change": {"rowId": "\#(live[steps.next(live.count)])", "row": {"cells": {"qty": \#(step)}}}}"#
            case 5:
                entry = #"{"target": "field.value.rowMove", "fieldId": "sites", "change": {"rowId": "\#(sites[steps.next(sites.count)])", "targetRowIndex": \#(steps.next(sites.count))}}"#
            case 6:
                made += 1
                sites.append("t\(made)")
                entry = #"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"_id": "t\#(made)", "cells": {"name": "site \#(made)"}}, "targetRowIndex": \#(steps.next(sites.count))}}"#
            default:
                entry = #"{"target": "field.value.rowMove", "fieldId": "sites", "change": {"rowId": "c\#(1 + steps.next(2))", "targetRowIndex": \#(steps.next(2))}}"#
            }
            let changes = try Self.entry(entry)
            #expect(try session.apply(changes, createdOn: 1) != nil, "step \(step): in place")
            reference = try JoyDoc(bytes: try ChangeApplier.apply(changes, to: reference))
            let expected = DocumentSession(document: reference)
            #expect(String(decoding: session.currentBytes, as: UTF8.self) == String(decoding: expected.currentBytes, as: UTF8.self),
                    "step \(step): \(entry)")
            for position in session.document.fields.indices {
                #expect(session.values.value(at: position) == expected.values.value(at: position), "step \(step): field \(position)")
            }
            #expect(session.document.fields[0].rowOrder == reference.fields[0].rowOrder, "step \(step): the model's order")
        }
    }
}
