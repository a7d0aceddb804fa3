import JoyfillJSON
import Testing
@testable import JoyfillSchema

/// Checks `text` as the SDKs do at load: `pointer message` per violation.
private func violations(_ text: String) throws -> [String] {
    SchemaCheck.check(try JSONReader.read(Array(text.utf8))).map { "\($0.pointer) \($0.message)" }
}

/// A document the SDKs load, with `fields` and `formulas` spliced in.
private func document(fields: String = "", formulas: String? = nil, page: String = "", extra: String = "") -> String {
    """
    {"_id": "d", \(extra)"files": [{"_id": "f", "pageOrder": ["p"], "pages": [{"_id": "p", "name": "One", "fieldPositions": [],
      "width": 816, "height": 1056, "cols": 24, "rowHeight": 8, "layout": "grid", "presentation": "normal"\(page)}]}],
     "fields": [\(fields)]\(formulas.map { #", "formulas": [\#($0)]"# } ?? "")}
    """
}

struct SchemaCheckTests {
    @Test func theShippedSchemaCompiles() {
        #expect(SchemaCheck.joyDoc.version == "1.0.5")
        #expect(SchemaCheck.joyDocText.contains("\"$schema\": \"http://json-schema.org/draft-07/schema#\""))
    }

    @Test func aWellFormedDocumentPasses() throws {
        let fields = """
            {"_id": "a", "file": "f", "type": "text", "value": "x", "logic": {"action": "show", "eval": "and",
              "conditions": [{"file": "f", "page": "p", "field": "b", "condition": "="}]}},
            {"_id": "b", "file": "f", "type": "number", "value": ""},
            {"_id": "c", "file": "f", "type": "date", "value": null},
            {"_id": "t", "file": "f", "type": "table", "value": [{"_id": "r", "cells": {"k": 1}}], "rowOrder": ["r"],
             "tableColumns": [{"_id": "k", "type": "number"}, {"_id": "p", "type": "progress", "value": [1]}], "tableColumnOrder": ["k"]},
            {"_id": "g", "file": "f", "type": "progress", "value": {"anything": true}}
            """
        #expect(try violations(document(fields: fields, formulas: #"{"_id": "x", "desc": "", "type": "calc", "scope": "private", "expression": "1"}"#)) == [])
    }

    /// A key's note is said of its own value only: "one file" of a `files` with two, not of a
    /// page missing a key inside the one file.
    @Test func aNoteIsSaidOfItsKeysOwnValueOnly() throws {
        let two = SchemaCheck.check(try JSONReader.read(Array(#"{"fields": [], "files": [{"_id": "a", "pages": [], "pageOrder": []}, {"_id": "b", "pages": [], "pageOrder": []}]}"#.utf8)))
        #expect(two.map(\.pointer.description) == ["/files"])
        #expect(two.first?.note == "The SDKs read one file: a JoyDoc holds exactly one.")
        let inner = SchemaCheck.check(try JSONReader.read(Array(#"{"fields": [], "files": [{"_id": "a", "pages": [{"_id": "p"}], "pageOrder": []}]}"#.utf8)))
        #expect(!inner.isEmpty && inner.allSatisfy { $0.pointer.description.hasPrefix("/files/0/pages/0") && $0.note == nil }, "\(inner)")
    }

    /// Of a key given twice only the last is read, as the SDKs' readers read it: the first is
    /// not checked, and the violation names the value the pointer names.
    @Test func onlyTheLastOfARepeatedKeyIsChecked() throws {
        #expect(try violations(document(fields: #"{"_id": "n", "file": "f", "type": "number", "value": "x", "value": 1}"#)) == [])
        let found = SchemaCheck.check(try JSONReader.read(Array(document(fields: #"{"_id": "n", "file": "f", "type": "number", "value": 1, "value": "x"}"#).utf8)))
        #expect(found.map(\.pointer.description) == ["/fields/0/value"])
        let many = (0..<40).map { #""k\#($0)": 1"# }.joined(separator: ", ")
        #expect(try violations(document(fields: #"{"_id": "n", "file": "f", "type": "number", "value": "x", \#(many), "value": 2}"#)) == [])
    }

    @Test func theVersionGuardReadsOnlyAStringMajor() throws {
        // A major of any size is a whole number, compared as one: no lower bound, no overflow.
        for passing in [#""v": 2, "#, #""v": "1.0.0", "#, #""v": "01.2", "#, #""v": "1.9.9-beta.2", "#, #""v": "-1.0", "#,
                        #""v": "-99999999999999999999999.0", "#, #""v": "+1", "#, #""v": "-0", "#, #""v": "0000000000000000000000001.5", "#, ""] {
            #expect(try violations(document(extra: passing)) == [], "\(passing)")
        }
        for newer in ["2.0.0", "99999999999999999999.0", "10", "+2"] {
            #expect(try violations(document(extra: #""v": "\#(newer)", "#))
                    == [#"/v the version "\#(newer)" is newer than the schema the SDKs read (1.0.5, so v1.x.x)"#])
        }
        for unreadable in ["v1.2.0", "", " 1.0", "1,0", "-", "+-1", "١.0"] {
            let found = try violations(document(extra: #""v": "\#(unreadable)", "#))
            #expect(found == [#"/v the version "\#(unreadable)" has no readable major version: it must start with a whole number ("1.0.0")"#])
        }
        // A version error stops the check: the structure is not looked at.
        let refused = SchemaCheck.check(try JSONReader.read(Array(#"{"v": "3", "fields": 1}"#.utf8)))
        #expect(refused.map(\.code) == [.version])
    }

    @Test func eachViolationNamesTheExactValue() throws {
        let fields = """
            {"_id": "a", "file": "f", "type": "number", "value": "12"},
            {"_id": "b", "type": "text"},
            {"_id": "c", "file": "f", "type": "dropdown", "value": "x"},
            {"_id": "t", "file": "f", "type": "table", "value": [{"_id": ""}], "rowOrder": [], "tableColumnOrder": [],
             "tableColumns": [{"_id": "k"}, {"_id": "n", "type": "number", "value": "5"}]},
            {"_id": "d", "file": "f", "type": "text", "decorators": [{"action": "flag"}]}
            """
        #expect(try violations(document(fields: fields)) == [
            #"/fields/0/value `value` must be a number, or "" for no value"#,
            "/fields/1 `fields[1]` has no `file`, which a field requires",
            "/fields/2 `fields[2]` has no `options`, which a field requires",
            "/fields/3/value/0/_id `_id` must not be empty",
            "/fields/3/tableColumns/0 `tableColumns[0]` has no `type`, which a column requires",
            "/fields/3/tableColumns/1/value `value` must be a number, not a string",
            "/fields/4/decorators/0 `decorators[0]` needs an `icon` or a `label`: the decorator API accepts a decorator with neither, the schema the SDKs load does not",
        ])
    }

    @Test func pagesFilesAndViews() throws {
        let text = """
            {"files": [{"_id": "f", "pageOrder": ["p"], "views": [{"type": "desktop", "pages": [], "pageOrder": []}],
              "header": {"height": 1},
              "pages": [{"_id": "p", "name": "One", "fieldPositions": [{"_id": "fp", "field": "a"}], "width": 1, "height": 1, "cols": 1,
                         "layout": "grid", "presentation": "normal"}]}, {"_id": "g", "pages": [], "pageOrder": []}],
             "fields": []}
            """
        #expect(try violations(text) == [
            "/files `files` must hold exactly one item, not 2",
            #"/files/0/views/0/type `type` must be "mobile", not "desktop""#,
            "/files/0/header `header` must be a header or footer or null",
            "/files/0/pages/0 `pages[0]` has no `rowHeight`, which a page requires",
            "/files/0/pages/0/fieldPositions/0 `fieldPositions[0]` has no `displayType`, which a field position requires",
            "/files/0/pages/0/fieldPositions/0 `fieldPositions[0]` has no `type`, which a field position requires",
            "/files/0/pages/0/fieldPositions/0 `fieldPositions[0]` has no `width`, which a field position requires",
            "/files/0/pages/0/fieldPositions/0 `fieldPositions[0]` has no `height`, which a field position requires",
            "/files/0/pages/0/fieldPositions/0 `fieldPositions[0]` has no `x`, which a field position requires",
            "/files/0/pages/0/fieldPositions/0 `fieldPositions[0]` has no `y`, which a field position requires",
        ])
    }

    @Test func formulasNeedWhatTheDocsCallOptional() throws {
        let found = SchemaCheck.check(try JSONReader.read(Array(document(formulas: #"{"_id": "x", "expression": "1"}"#).utf8)))
        #expect(found.map(\.message) == [
            "`formulas[0]` has no `desc`, which a formula requires",
            "`formulas[0]` has no `type`, which a formula requires",
            "`formulas[0]` has no `scope`, which a formula requires",
        ])
        #expect(found.allSatisfy { $0.note?.contains("calls `desc`, `type` and `scope` optional") == true })
    }

    @Test func collectionSchemasAndTheirConditions() throws {
        let fields = """
            {"_id": "c", "file": "f", "type": "collection", "value": [{"_id": "r", "children": {"kids": {"value": [{"cells": {}}]}}}],
             "schema": {"main": {"root": true, "tableColumns": [], "children": ["kids"]},
                        "kids": {"tableColumns": [{"_id": "k", "type": "text"}], "logic": {"action": "show", "eval": "and", "conditions": [
                            {"schema": "main", "column": "k", "condition": "="},
                            {"file": "f", "field": "a", "condition": "="},
                            {"schema": "main", "column": "k", "file": "f", "field": "a", "condition": "="},
                            {"column": "k", "condition": "="}]}}}}
            """
        let expected = "must be either a column condition (`schema`, `column` and `condition`) or a field condition (`file`, `field` and `condition`, with `page` optional), and not both"
        #expect(try violations(document(fields: fields)) == [
            "/fields/0/value/0/children/kids/value/0 `value[0]` has no `_id`, which a row requires",
            "/fields/0/schema/kids/logic/conditions/2 `conditions[2]` \(expected)",
            "/fields/0/schema/kids/logic/conditions/3 `conditions[3]` \(expected)",
        ])
    }

    @Test func aViolationKnowsItsBytes() throws {
        let text = document(fields: #"{"_id": "a", "file": "f", "type": "number", "value": true}"#)
        let found = try #require(SchemaCheck.check(try JSONReader.read(Array(text.utf8))).first)
        let span = try #require(found.span)
        #expect(String(decoding: Array(text.utf8)[span], as: UTF8.self) == "true")
        #expect(found.pointer.description == "/fields/0/value")
    }

    @Test func pointersEscapeTheirKeys() throws {
        let fields = #"{"_id": "c", "file": "f", "type": "collection", "value": [], "schema": {"a/b~c": {"tableColumns": 1}}}"#
        #expect(try violations(document(fields: fields)) == ["/fields/0/schema/a~1b~0c/tableColumns `tableColumns` must be an array, not a number"])
    }

    @Test func anUnknownKeywordIsRefused() {
        #expect(throws: JSONSchema.CompileError.self) {
            try JSONSchema(text: Array(#"{"$joyfillSchemaVersion": "1.0.0", "type": "object", "patternProperties": {}}"#.utf8))
        }
        #expect(throws: JSONSchema.CompileError.self) {
            try JSONSchema(text: Array(##"{"$joyfillSchemaVersion": "1.0.0", "$ref": "#/definitions/none"}"##.utf8))
        }
    }
}
