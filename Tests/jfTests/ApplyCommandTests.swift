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
        #expect(result.stdout.contains(#"{"_id": "requester", "type": "text", "title": "Requested by", "required": true, "value": "Lee"}"#))
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
        #expect(failed.stderr == "jf: -:1:41: change 1: decorator path 'page_request/pos_parts/rows': no decorator has the action "
                + "'duplicat' (did you mean 'duplicate'?); nothing was changed\n")
    }

    /// A collection's root rows change as a table's do; a change to a child row stops the
    /// command with a clear error, and nothing is changed.
    @Test func collectionRootRowsChange() throws {
        let changes = """
            [{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"_id": "site_3", "cells": {"name": "New yard"}}, "targetRowIndex": 0}},
             {"target": "field.value.rowUpdate", "fieldId": "sites", "change": {"rowId": "site_2", "row": {"cells": {"name": "Ridge"}}}},
             {"target": "field.value.rowMove", "fieldId": "sites", "change": {"rowId": "site_1", "targetRowIndex": 2}}]
            """
        let result = try JF.run(["apply", "examples/inspection.json", "-"], stdin: changes)
        #expect(result.status == 0, "\(result.stderr)")
        let directory = try workspace([])
        defer { discard(directory) }
        let changed = directory.appendingPathComponent("changed.json")
        try result.stdout.write(to: changed, atomically: true, encoding: .utf8)
        let names = try JF.run(["eval", "--doc", changed.path, "sites.name"])
        #expect(names.stdout == "[New yard, Ridge, Harbour depot]\n")
        #expect(try JF.run(["eval", "--doc", changed.path, "length(sites.1.children.checks)"]).stdout == "2\n",
                "an updated row keeps its children")

        let child = #"{"target": "field.value.rowDelete", "fieldId": "sites", "change": {"rowId": "c4"}}"#
        let refused = try JF.run(["apply", "examples/inspection.json", "-"], stdin: child)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("the row 'c4' is a child row: changes to a collection's child rows are not supported yet"))
        let nested = #"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {}, "parentPath": "0.children.checks"}}"#
        #expect(try JF.run(["apply", "examples/inspection.json", "-"], stdin: nested).stderr.contains("child rows are not supported yet"))
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
        #expect(result.stderr == "jf: -:2:78: change 2 (field 'parts'): the table has no row with the _id 'row_9' "
            + "(deleted rows cannot be changed) (did you mean 'row_1'?); nothing was changed\n")
        #expect(try String(contentsOfFile: document, encoding: .utf8) == before)
        let invalid = try JF.run(["apply", document, "-"], stdin: "[{")
        #expect(invalid.status == 2)
        #expect(invalid.stderr.hasPrefix("jf: -: invalid JSON: line 1, column 3"))
    }
}
