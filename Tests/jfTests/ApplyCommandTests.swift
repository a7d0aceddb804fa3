import Foundation
import Testing

struct ApplyCommandTests {
    static let changes = """
        [{"target": "field.update", "fieldId": "description", "change": {"value": "Replace the worn belt"}},
         {"target": "field.value.rowUpdate", "fieldId": "parts", "change": {"rowId": "row_2", "row": {"cells": {"part": "Idler pulley"}}}},
         {"target": "field.value.rowCreate", "fieldId": "parts", "change": {"row": {"_id": "row_3", "cells": {"part": "Bolt", "qty": 8}}}},
         {"target": "field.update", "fieldId": "approver", "change": {"value": "Sam Ortiz"}}]
        """

    @Test func writeAppliesTheChangesRecomputesAndValidates() throws {
        let directory = try workspace(["work-order.json"])
        defer { discard(directory) }
        let document = directory.appendingPathComponent("work-order.json").path
        let changes = directory.appendingPathComponent("changes.json")
        try Self.changes.write(to: changes, atomically: true, encoding: .utf8)
        let result = try JF.run(["apply", "--write", document, changes.path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(document): applied 4 changes, written\n")
        // The formula over the table ran again: 2 + 4 + 8 parts.
        let run = try JF.run(["run", "--json", document])
        #expect(fieldValue(try #require(try report(run.stdout).first), "part_count") as? Double == 14)
        #expect(try JF.run(["validate", document]).status == 0)
        // Untouched rows keep their text.
        let text = try String(contentsOfFile: document, encoding: .utf8)
        #expect(text.contains(#"{"_id": "row_1", "cells": {"part": "Drive belt", "qty": 2, "bin": "A4"}}"#))
    }

    @Test func withoutWriteTheResultGoesToStandardOutput() throws {
        let change = #"{"target": "field.update", "fieldId": "requester", "change": {"value": "Lee"}}"#
        let result = try JF.run(["apply", "examples/work-order.json", "-"], stdin: change)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"{"_id": "requester", "type": "text", "title": "Requested by", "required": true, "value": "Lee", "file": "file_1"}"#))
        #expect(result.stderr == "examples/work-order.json: applied 1 change\n")
    }

    @Test func decoratorChangesWriteOnlyTheMembersTheyChange() throws {
        let directory = try workspace(["work-order.json"])
        defer { discard(directory) }
        let document = directory.appendingPathComponent("work-order.json").path
        let changes = """
            [{"target": "decorators.add", "path": "page_request/pos_parts/rows", "change": {"decorators": [{"action": "duplicate", "icon": "add"}]}},
             {"target": "decorators.add", "path": "page_request/pos_parts/row_2/bin", "change": {"decorators": [{"action": "scan", "icon": "camera"}]}}]
            """
        let result = try JF.run(["apply", "--write", document, "-"], stdin: changes)
        #expect(result.status == 0)
        let text = try String(contentsOfFile: document, encoding: .utf8)
        #expect(text.contains(#"{"_id": "row_1", "cells": {"part": "Drive belt", "qty": 2, "bin": "A4"}}"#))
        #expect(text.contains(#""decorators": {"cells":{"bin":[{"action":"scan","icon":"camera"}]}}}"#))
        #expect(text.contains(#""rowDecorators": [{"action":"duplicate","icon":"add"}], "decorate": true"#))

        let failing = #"{"target": "decorators.remove", "path": "page_request/pos_parts/rows", "change": {"action": "duplicat"}}"#
        let failed = try JF.run(["apply", "--write", document, "-"], stdin: failing)
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error[invalid-change]: change 1: decorator path 'page_request/pos_parts/rows': "
                + "no decorator has the action 'duplicat'\n --> -:1:41\n"))
        #expect(failed.stderr.hasSuffix("  = note: did you mean 'duplicate'?\n\njf: error: nothing was changed\n"))
    }

    /// A collection's root rows change as a table's do, and its child rows too: named by their
    /// `rowId`, or for a new one by the `parentPath` of the row it goes under.
    @Test func collectionRowsChangeAtEveryLevel() throws {
        let changes = """
            [{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"_id": "site_3", "cells": {"name": "New yard"}}, "targetRowIndex": 0}},
             {"target": "field.value.rowUpdate", "fieldId": "sites", "change": {"rowId": "site_2", "row": {"cells": {"name": "Ridge"}}}},
             {"target": "field.value.rowMove", "fieldId": "sites", "change": {"rowId": "site_1", "targetRowIndex": 2}},
             {"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"_id": "c9", "cells": {"item": "Roof", "result": "res_fail", "score": 2}}, "parentPath": "site_2", "schemaId": "checks", "targetRowIndex": 0}},
             {"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"cells": {"item": "Gates", "score": 6}}, "parentPath": "site_3/schemas/checks"}},
             {"target": "field.value.rowUpdate", "fieldId": "sites", "change": {"rowId": "c1", "row": {"cells": {"score": 10}}}},
             {"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c2"}},
             {"target": "field.value.rowMove", "fieldId": "sites", "change": {"rowId": "c5", "targetRowIndex": 0}}]
            """
        let result = try JF.run(["apply", "examples/inspection.json", "-"], stdin: changes)
        #expect(result.status == 0, "\(result.stderr)")
        let directory = try workspace([])
        defer { discard(directory) }
        let changed = directory.appendingPathComponent("changed.json")
        try result.stdout.write(to: changed, atomically: true, encoding: .utf8)
        func eval(_ formula: String) throws -> String { try JF.run(["eval", "--doc", changed.path, formula]).stdout }
        #expect(try eval("sites.name") == "[New yard, Ridge, Harbour depot]\n")
        #expect(try eval("map(sites, (site) -> join(site.children.checks.item, '/'))") == "[Gates, Lighting/Roof/Fire exits, Fire exits]\n")
        #expect(try eval("sites.2.children.checks.0.score") == "10\n")
        // The formulas ran on the result: a failed check was added, one was deleted.
        #expect(try eval("failed") == "1\n")

        // Only what changed is rewritten: c1's score, c2's new `deleted`, the rows added.
        let original = try String(contentsOfFile: "examples/inspection.json", encoding: .utf8)
        #expect(result.stdout.contains(#"{ "_id": "c1", "cells": { "item": "Fire exits", "result": "res_pass", "score": 10 } },"#))
        #expect(result.stdout.contains(#"{ "_id": "c2", "cells": { "item": "Extinguishers", "result": "res_fail", "score": 4 }, "deleted": true },"#))
        let kept = original.split(separator: "\n").filter { result.stdout.contains($0) }.count
        #expect(kept >= original.split(separator: "\n").count - 12, "most lines of the document are kept as they were")
    }

    /// CHANGES can be the JSON itself; its errors are placed in the argument, named CHANGES.
    @Test func changesCanBeGivenInline() throws {
        let applied = try JF.run(["apply", "examples/inspection.json", #"{"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c4"}}"#])
        #expect(applied.status == 0)
        #expect(applied.stdout.contains(#"{ "_id": "c4", "cells": { "item": "Fire exits", "result": "res_pass", "score": 8 }, "deleted": true }"#))
        let refused = try JF.run(["apply", "examples/inspection.json", #"[{"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c44"}}]"#])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error[invalid-change]: change 1 (field 'sites'): the collection has no row with the _id 'c44'"))
        #expect(refused.stderr.contains(" --> CHANGES:1:78 · field sites\n"))
        let broken = try JF.run(["apply", "examples/inspection.json", "[{"])
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("jf: error: CHANGES: invalid JSON: line 1, column 3"))
    }

    /// A change below a collection's root rows that cannot be applied says why, and changes nothing.
    @Test func collectionChildRowChangesThatCannotBeApplied() throws {
        func refusal(_ change: String) throws -> String {
            let result = try JF.run(["apply", "examples/inspection.json", "-"], stdin: change)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            return result.stderr
        }
        #expect(try refusal(#"{"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c3"}}"#)
            .contains("change 1 (field 'sites'): the row 'c3' is deleted, or under a deleted row (deleted rows cannot be changed)"))
        #expect(try refusal(#"{"target": "field.value.rowUpdate", "fieldId": "sites", "change": {"rowId": "c44", "row": {"cells": {}}}}"#)
            .mentions("the collection has no row with the _id 'c44' (deleted rows cannot be changed)", "note: did you mean 'c4'?"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "site_9"}}"#)
            .mentions("the collection has no row with the _id 'site_9' (deleted rows cannot be changed)", "note: did you mean 'site_1' or 'site_2'?"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "site_1", "schemaId": "chekcs"}}"#)
            .mentions("the schema 'chekcs' is not a child schema of 'site', the schema of the row 'site_1' (its children: 'checks')", "note: did you mean 'checks'?"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "c1"}}"#)
            .contains("the row 'c1' (schema 'checks') can have no child rows: its schema lists no children"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "site_2/schemas/checks/c1"}}"#)
            .contains("\"parentPath\" 'site_2/schemas/checks/c1' does not lead to the row 'c1', which is at 'site_1/schemas/checks/c1'"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "0.children.checks"}}"#)
            .contains("the collection has no row with the _id '0.children.checks'"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "site_1/checks"}}"#)
            .contains("\"parentPath\" 'site_1/checks' is not a path of rows: give a row's _id, or ROW/schemas/SCHEMA/ROW…, optionally ending in /schemas/SCHEMA"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"_id": "c4"}, "parentPath": "site_1"}}"#)
            .contains("the collection already has a row with the _id 'c4'"))
        #expect(try refusal(#"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "schemaId": "checks"}}"#)
            .contains("the schema 'checks' is not the collection's root schema ('site'): a row of a child schema needs the \"parentPath\" of the row it goes under"))
    }

    @Test func aChangeThatCannotBeAppliedChangesNothing() throws {
        let directory = try workspace(["work-order.json"])
        defer { discard(directory) }
        let document = directory.appendingPathComponent("work-order.json").path
        let before = try String(contentsOfFile: document, encoding: .utf8)
        let changes = """
            [{"target": "field.update", "fieldId": "description", "change": {"value": "x"}},
             {"target": "field.value.rowDelete", "fieldId": "parts", "change": {"rowId": "row_9"}}]
            """
        let result = try JF.run(["apply", "--write", document, "-"], stdin: changes)
        #expect(result.status == 1)
        #expect(result.stderr == """
            error[invalid-change]: change 2 (field 'parts'): the table has no row with the _id 'row_9' (deleted rows cannot be changed)
             --> -:2:78 · field parts
              |
            2 |  {"target": "field.value.rowDelete", "fieldId": "parts", "change": {"rowId": "row_9"}}]
              |                                                                              ^^^^^^^
              = note: did you mean 'row_1' or 'row_2'?

            jf: error: nothing was changed

            """)
        #expect(try String(contentsOfFile: document, encoding: .utf8) == before)
        let invalid = try JF.run(["apply", document, "-"], stdin: "[{")
        #expect(invalid.status == 2)
        #expect(invalid.stderr.hasPrefix("jf: error: -: invalid JSON: line 1, column 3"))
    }
}

/// The form's mode and disabled fields (docs/cli.md, `jf apply`).
struct ApplyModeTests {
    static let document = """
        {"fields": [{"_id": "name", "type": "text", "value": "Ada"},
                    {"_id": "locked", "type": "text", "disabled": true, "value": "fixed"}]}
        """
    /// What `jf apply` says first of that document, which the SDKs would not load: it goes on.
    static let schemaWarning = "jf: warning: -:1:1: the Joyfill SDKs would not load this document: the document has no `files`, which a JoyDoc requires; jf lint - shows every problem\n"

    @Test func readonlyRefusesEveryChange() throws {
        let result = try JF.run(["apply", "--mode", "readonly", "-",
                                 #"{"target": "field.update", "fieldId": "name", "change": {"value": "Grace"}}"#],
                                stdin: Self.document)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(Self.schemaWarning
            + "error[invalid-change]: change 1 (field 'name'): the form is read-only (mode readonly): no change is applied\n --> CHANGES:1:1 · field name\n"))
        #expect(result.stderr.hasSuffix("\njf: error: nothing was changed\n"))
    }

    @Test func aChangeToADisabledFieldIsAppliedWithAWarning() throws {
        let changes = """
            [{"target": "field.update", "fieldId": "name", "change": {"value": "Grace"}},
             {"target": "field.update", "fieldId": "locked", "change": {"value": "moved"}}]
            """
        let result = try JF.run(["apply", "-", changes], stdin: Self.document)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""value": "moved""#) && result.stdout.contains(#""value": "Grace""#))
        #expect(result.stderr.hasPrefix(Self.schemaWarning + """
            warning[disabled-field-change]: change 2 (field 'locked'): the field is disabled, so the app lets no one change it; the change is applied
             --> CHANGES:2:40 · field locked
              |
            2 |  {"target": "field.update", "fieldId": "locked", "change": {"value": "moved"}}]
              |                                        ^^^^^^^^

            """))
    }
}

/// `--changelog`: the changelogs the SDKs' onChange reports, in their shape.
struct ApplyChangelogTests {
    @Test func changelogsHaveTheSDKsShape() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-changelog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = """
            {"_id": "doc1", "identifier": "doc_order",
             "files": [{"_id": "file1", "pages": [{"_id": "p1", "fieldPositions": [
               {"_id": "pos_qty", "field": "qty"}, {"_id": "pos_items", "field": "items"}, {"_id": "pos_total", "field": "total"}]}]}],
             "formulas": [{"_id": "f_total", "expression": "qty * 2"}],
             "fields": [
               {"_id": "qty", "identifier": "field_qty", "type": "number", "value": 1},
               {"_id": "items", "type": "table", "tableColumns": [{"_id": "name", "type": "text"}],
                "value": [{"_id": "r1", "cells": {"name": "bolt"}}]},
               {"_id": "total", "type": "number", "file": "file1", "value": 2, "formulas": [{"formula": "f_total", "key": "value"}]}]}
            """
        let changes = """
            [{"target": "field.update", "fieldId": "qty", "change": {"value": 5}},
             {"target": "field.value.rowCreate", "fieldId": "items", "change": {"row": {"cells": {"name": "nut"}}}},
             {"target": "field.value.rowDelete", "fieldId": "items", "change": {"rowId": "r1"}}]
            """
        let log = directory.appendingPathComponent("changelog.json").path
        let result = try JF.run(["apply", "--now", "2024-06-01T12:00:00Z", "--changelog", log, "-", changes], stdin: document)
        #expect(result.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: log))) as? [[String: Any]])
        #expect(entries.map { $0["target"] as? String } == ["field.update", "field.value.rowCreate", "field.value.rowDelete", "field.update"])
        let first = entries[0]
        #expect(first["v"] as? Int == 1 && first["sdk"] as? String == "swift")
        #expect(first["_id"] as? String == "doc1" && first["identifier"] as? String == "doc_order")
        #expect(first["fileId"] as? String == "file1" && first["pageId"] as? String == "p1")
        #expect(first["fieldPositionId"] as? String == "pos_qty" && first["fieldIdentifier"] as? String == "field_qty")
        #expect(first["createdOn"] as? Double == 1_717_243_200)
        #expect((first["change"] as? [String: Any])?["value"] as? Int == 5)
        // The created row has its new _id; it went last, at index 1.
        let created = try #require(entries[1]["change"] as? [String: Any])
        #expect(((created["row"] as? [String: Any])?["_id"] as? String)?.count == 24)
        #expect(created["targetRowIndex"] as? Int == 1)
        // The formula's write: total, now 10, with the field's own file.
        #expect(entries[3]["fieldId"] as? String == "total")
        #expect((entries[3]["change"] as? [String: Any])?["value"] as? Int == 10)
    }
}

/// `page.delete`: the SDKs' deletePage as a change entry (docs/cli.md, `jf apply`).
struct ApplyPageDeleteTests {
    static let document = """
        {"_id": "doc1", "files": [{"_id": "file1", "pageOrder": ["p1", "p2"],
          "pages": [{"_id": "p1", "fieldPositions": [{"_id": "a1", "field": "a"}, {"_id": "s1", "field": "shared"}]},
                    {"_id": "p2", "fieldPositions": [{"_id": "b1", "field": "b"}, {"_id": "s2", "field": "shared"}]}],
          "views": [{"_id": "view1", "type": "mobile", "pageOrder": ["p1", "p2"],
                     "pages": [{"_id": "p1", "fieldPositions": [{"_id": "a1", "field": "a"}]},
                               {"_id": "p2", "fieldPositions": [{"_id": "b1", "field": "b"}]}]}]}],
         "fields": [{"_id": "a", "type": "text"}, {"_id": "b", "type": "text", "identifier": "field_b"}, {"_id": "shared", "type": "text"}]}
        """

    @Test func aPageLeavesWithTheFieldsOnlyItPlaced() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-pagedelete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("log.json").path
        let result = try JF.run(["apply", "--now", "2024-06-01T00:00:00Z", "--changelog", log, "-",
                                 #"{"target": "page.delete", "change": {"pageId": "p2"}}"#], stdin: Self.document)
        #expect(result.status == 0)
        let updated = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let file = try #require((updated["files"] as? [[String: Any]])?.first)
        #expect((file["pages"] as? [[String: Any]])?.map { $0["_id"] as? String } == ["p1"])
        #expect(file["pageOrder"] as? [String] == ["p1"])
        let view = try #require((file["views"] as? [[String: Any]])?.first)
        #expect((view["pages"] as? [[String: Any]])?.map { $0["_id"] as? String } == ["p1"])
        #expect(view["pageOrder"] as? [String] == ["p1"])
        #expect((updated["fields"] as? [[String: Any]])?.map { $0["_id"] as? String } == ["a", "shared"])
        // Only what changed: the first page keeps its text.
        #expect(result.stdout.contains(#"{"_id": "p1", "fieldPositions": [{"_id": "a1", "field": "a"}, {"_id": "s1", "field": "shared"}]}"#))
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: log))) as? [[String: Any]])
        #expect(entries.map { $0["target"] as? String } == ["field.delete", "page.delete", "page.delete"])
        #expect(entries[0]["fieldId"] as? String == "b" && entries[0]["fieldIdentifier"] as? String == "field_b")
        #expect(entries[1]["view"] as? String == "mobile" && entries[1]["viewId"] as? String == "view1")
    }

    @Test func theLastPageIsNotDeleted() throws {
        let one = #"{"files": [{"pages": [{"_id": "only", "fieldPositions": []}]}], "fields": []}"#
        let result = try JF.run(["apply", "-", #"{"target": "page.delete", "change": {"pageId": "only"}}"#], stdin: one)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the first file has fewer than two pages"))
        let missing = try JF.run(["apply", "-", #"{"target": "page.delete", "change": {"pageId": "p3"}}"#], stdin: Self.document)
        #expect(missing.stderr.mentions("no page of the first file has the _id 'p3'", "note: did you mean 'p1'?"))
    }
}

/// `page.duplicate`: the SDKs' `duplicatePage`, with every id in the copy new and the copy
/// reading the copy (Fixtures/page-duplicate.json: page p1 holds qty, total and note, whose
/// formula and logic read qty on p1 and price on p2; a mobile view holds both pages).
struct ApplyPageDuplicateTests {
    static let document = JF.fixtures.appendingPathComponent("page-duplicate.json").path

    func duplicated(_ change: String) throws -> (document: [String: Any], changelogs: [[String: Any]]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-pagedup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("log.json").path
        let result = try JF.run(["apply", "--changelog", log, Self.document, change])
        #expect(result.status == 0, "\(result.stderr)")
        let updated = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: log))) as? [[String: Any]])
        return (updated, entries)
    }

    @Test func theCopyHasNewIdsAndReadsItself() throws {
        let (document, changelogs) = try duplicated(#"{"target": "page.duplicate", "change": {"pageId": "p1"}}"#)
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        let pages = try #require(file["pages"] as? [[String: Any]])
        #expect(pages.count == 3)
        let copy = pages[2]
        let copyID = try #require(copy["_id"] as? String)
        #expect(file["pageOrder"] as? [String] == ["p1", copyID, "p2"])
        #expect(copy["deletable"] as? Bool == true)
        let positions = try #require(copy["fieldPositions"] as? [[String: Any]])
        #expect(positions.count == 3, "the position of a field the document lacks is dropped")
        #expect(Set(positions.compactMap { $0["_id"] as? String }).isDisjoint(with: ["pp1", "pp2", "pp3"]), "new position ids")

        let fields = try #require(document["fields"] as? [[String: Any]])
        #expect(fields.count == 7)
        let byID = Dictionary(uniqueKeysWithValues: fields.compactMap { field in (field["_id"] as? String).map { ($0, field) } })
        let placed = positions.compactMap { $0["field"] as? String }
        let (qty, total, note) = (placed[0], placed[1], placed[2])
        #expect([qty, total, note].allSatisfy { $0.hasPrefix("field_") && byID[$0] != nil })

        // The formula, copied once, reads the copy of qty and still the original price; the
        // text "qty " in quotes is text, not a reference.
        let formulas = try #require(document["formulas"] as? [[String: Any]])
        #expect(formulas.count == 2)
        #expect(formulas[1]["expression"] as? String == "concat(\"qty \", \(qty) * price)")
        let applied = try #require((byID[total]?["formulas"] as? [[String: Any]])?.first)
        #expect(applied["formula"] as? String == formulas[1]["_id"] as? String)
        #expect(applied["_id"] as? String != "a1")

        // Logic: conditions on p1 and on copied fields read the copies; on p2's price, the original.
        let conditions = try #require(((byID[note]?["logic"] as? [String: Any])?["conditions"]) as? [[String: Any]])
        #expect(conditions.map { $0["page"] as? String } == [copyID, "p2"])
        #expect(conditions.map { $0["field"] as? String } == [qty, "price"])
        let required = try #require(((byID[total]?["requiredLogic"] as? [String: Any])?["conditions"]) as? [[String: Any]])
        #expect(required.first?["field"] as? String == qty)

        // The mobile view holds the page too: its copy has the same new id and the same field copies.
        let view = try #require((file["views"] as? [[String: Any]])?.first)
        #expect(view["pageOrder"] as? [String] == ["p1", copyID, "p2"])
        let viewCopy = try #require((view["pages"] as? [[String: Any]])?.last)
        #expect(viewCopy["_id"] as? String == copyID)
        #expect((viewCopy["fieldPositions"] as? [[String: Any]])?.compactMap { $0["field"] as? String } == [qty, total, note])

        #expect(changelogs.prefix(5).map { $0["target"] as? String } == ["field.create", "field.create", "field.create", "page.create", "page.create"])
        #expect(changelogs[3]["view"] as? String == "mobile" && changelogs[3]["viewId"] as? String == "v1")
        #expect((changelogs[4]["change"] as? [String: Any])?["targetIndex"] as? Int == 1)

        // The copy computes from the copy.
        #expect(byID[total]?["value"] as? String == "qty 15")
    }

    @Test func withoutValuesTheCopyIsEmpty() throws {
        let (document, _) = try duplicated(#"{"target": "page.duplicate", "change": {"pageId": "p1", "copyWithValues": false}}"#)
        let fields = try #require(document["fields"] as? [[String: Any]])
        let copiedQty = try #require(fields.first { ($0["_id"] as? String)?.hasPrefix("field_") == true && $0["type"] as? String == "number" })
        #expect(copiedQty["value"] == nil)
    }

    @Test func anUnknownPageIsRefusedWithASuggestion() throws {
        let result = try JF.run(["apply", Self.document, #"{"target": "page.duplicate", "change": {"pageId": "p3"}}"#])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no page of the first file has the _id 'p3'"))
    }
}

private extension String {
    /// Whether the text holds both: a message and, apart from it, a note.
    func mentions(_ message: String, _ note: String) -> Bool { contains(message) && contains(note) }
}
