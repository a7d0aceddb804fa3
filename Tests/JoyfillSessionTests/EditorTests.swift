import JoyfillJSON
@testable import JoyfillChanges
import JoyfillLogic
import JoyfillModel
@testable import JoyfillSession
import Testing

/// A two-page form written for these tests: a page that logic shows, required fields of
/// several types, a table and a collection with required columns, and a formula.
let form = """
{
  "files": [{"_id": "file1", "pages": [
    {"_id": "p1", "name": "Order", "fieldPositions": [
      {"_id": "fp_name", "field": "name"}, {"_id": "fp_qty", "field": "qty"},
      {"_id": "fp_color", "field": "color"}, {"_id": "fp_items", "field": "items"},
      {"_id": "fp_total", "field": "total"}, {"_id": "fp_reason", "field": "reason"},
      {"_id": "fp_sites", "field": "sites"}, {"_id": "fp_name_again", "field": "name"}]},
    {"_id": "p2", "name": "Shipping", "hidden": true,
     "logic": {"action": "show", "eval": "and",
               "conditions": [{"file": "file1", "page": "p1", "field": "qty", "condition": ">", "value": 10}]},
     "fieldPositions": [{"_id": "fp_address", "field": "address"}]}
  ]}],
  "formulas": [{"_id": "f_total", "expression": "qty * 2"}],
  "fields": [
    {"_id": "name", "type": "text", "required": true, "value": ""},
    {"_id": "qty", "type": "number", "required": true, "value": 12},
    {"_id": "color", "type": "dropdown", "required": true, "value": "o1",
     "options": [{"_id": "o1", "value": "Red"}, {"_id": "o2", "value": "Blue"}]},
    {"_id": "reason", "type": "text", "required": true, "hidden": true,
     "logic": {"action": "show", "eval": "or", "conditions": [
       {"field": "color", "condition": "=", "value": "o2"},
       {"field": "name", "condition": "?=", "value": "RUSH"}]}},
    {"_id": "total", "type": "number", "required": true, "formulas": [{"_id": "a1", "formula": "f_total", "key": "value"}]},
    {"_id": "address", "type": "textarea", "required": true},
    {"_id": "items", "type": "table", "required": true,
     "tableColumns": [{"_id": "desc", "type": "text", "required": true},
                      {"_id": "price", "type": "number", "required": true},
                      {"_id": "note", "type": "text", "required": true, "hidden": true}],
     "rowOrder": ["r2", "r1"],
     "value": [{"_id": "r1", "cells": {"desc": "bolt", "price": 0}},
               {"_id": "r2", "cells": {"desc": ""}},
               {"_id": "r3", "deleted": true, "cells": {}}]},
    {"_id": "sites", "type": "collection",
     "schema": {"site": {"root": true, "children": ["checks"], "tableColumns": [{"_id": "where", "type": "text", "required": true}]},
                "checks": {"required": true, "tableColumns": [{"_id": "score", "type": "number", "required": true}]}},
     "value": [{"_id": "s1", "cells": {"where": "North"},
                "children": {"checks": {"value": [{"_id": "c1", "cells": {}}]}}},
               {"_id": "s2", "cells": {"where": "South"}}]},
    {"_id": "unplaced", "type": "text", "required": true}
  ]
}
"""

func editor(_ text: String) throws -> DocumentSession {
    DocumentSession(document: try JoyDoc(bytes: Array(text.utf8)))
}

@Suite struct ValidationTests {
    @Test func requiredFieldsTablesAndCollections() throws {
        let validation = try editor(form).validate()
        #expect(validation.status == .invalid)
        // Shown fields, once each, in page order: reason is hidden (its logic does not hold),
        // unplaced is on no page, and p2 is shown because qty > 10.
        #expect(validation.fields.map(\.field.id) == ["name", "qty", "color", "items", "total", "sites", "address"])
        #expect(validation.invalidFields.map(\.field.id) == ["name", "items", "sites", "address"])
        // The formula's result is the field's value: total = 24, so it is filled.
        #expect(validation.fields.first { $0.field.id == "total" }?.status == .valid)

        let items = try #require(validation.fields.first { $0.field.id == "items" })
        #expect(!items.isMissing)
        // rowOrder puts r2 first; the hidden column is not asked for; 0 is a value.
        #expect(items.rows.map(\.id) == ["r2"])
        #expect(items.rows[0].index == 0)
        #expect(items.rows[0].emptyColumns.map(\.id) == ["desc", "price"])

        let sites = try #require(validation.fields.first { $0.field.id == "sites" })
        #expect(sites.rows.map(\.id) == ["s1", "s2"])
        #expect(sites.rows[0].children.map(\.id) == ["c1"])
        #expect(sites.rows[0].children[0].emptyColumns.map(\.id) == ["score"])
        #expect(sites.rows[1].missingSchemas == ["checks"])
    }

    @Test func pathsNarrowToAPageOrAField() throws {
        let editor = try editor(form)
        #expect(try editor.validate(path: " p2 ").fields.map(\.field.id) == ["address"])
        #expect(try editor.validate(path: "p1/fp_qty").fields.map(\.field.id) == ["qty"])
        #expect(try editor.validate(path: "p1 / items").fields.map(\.field.id) == ["items"])
        #expect(try editor.validate(path: "p1/fp_qty").status == .valid)
        let unknownPage = #expect(throws: ValidationPathError.self) { try editor.validate(path: "p3") }
        #expect(unknownPage?.suggestion == "p1")
        let unknownField = #expect(throws: ValidationPathError.self) { try editor.validate(path: "p1/fp_nme") }
        #expect(unknownField?.suggestion == "fp_name")
        #expect(throws: ValidationPathError.self) { try editor.validate(path: "p1/fp_qty/x") }
        #expect(throws: ValidationPathError.self) { try editor.validate(path: "p1/") }
    }

    @Test func idsHoldingSlashesOrSpacesCanBeNamed() throws {
        let text = """
            {"files": [{"pages": [{"_id": "a/b", "fieldPositions": [{"_id": "x/y", "field": "f"}]},
                                  {"_id": " c ", "fieldPositions": [{"_id": "z", "field": "g"}]}]}],
             "fields": [{"_id": "f", "type": "text"}, {"_id": "g", "type": "text"}]}
            """
        let editor = try editor(text)
        #expect(try editor.validate(path: "a/b").fields.map(\.field.id) == ["f"])
        #expect(try editor.validate(path: "a/b / x/y").fields.map(\.field.id) == ["f"])
        #expect(try editor.validate(path: " c ").fields.map(\.field.id) == ["g"])
        #expect(try editor.validate(path: " c /z").fields.map(\.field.id) == ["g"])
    }

    @Test func aHiddenPageLeavesItsFieldsOut() throws {
        let text = form.replacingOccurrences(of: "\"value\": 12}", with: "\"value\": 3}")
        let validation = try editor(text).validate()
        #expect(!validation.fields.contains { $0.field.id == "address" })
        #expect(try editor(text).validate(path: "p2").fields.isEmpty)
    }

    @Test func aDocumentWithoutPagesValidatesEveryShownField() throws {
        let text = """
            {"fields": [{"_id": "a", "type": "text", "required": true},
                        {"_id": "b", "type": "multiSelect", "required": true, "value": []},
                        {"_id": "c", "type": "number", "required": true, "value": 0},
                        {"_id": "d", "type": "text", "required": true, "hidden": true}]}
            """
        let validation = try editor(text).validate()
        #expect(validation.fields.map(\.field.id) == ["a", "b", "c"])
        #expect(validation.invalidFields.map(\.field.id) == ["a", "b"])
        #expect(throws: ValidationPathError.self) { try editor(text).validate(path: "p1") }
    }

    @Test func failingRowsAreNumberedAndListedInTheOrderShown() throws {
        let text = """
            {"fields": [{"_id": "t", "type": "table", "rowOrder": ["c", "b", "a"],
              "tableColumns": [{"_id": "x", "type": "text", "required": true}],
              "value": [{"_id": "a", "cells": {}}, {"_id": "gone", "deleted": true, "cells": {}},
                        {"_id": "b", "cells": {"x": "ok"}}, {"_id": "c", "cells": {"x": ""}}]}]}
            """
        let rows = try #require(try editor(text).validate().fields.first).rows
        #expect(rows.map(\.id) == ["c", "a"])
        #expect(rows.map(\.index) == [0, 2])
    }

    @Test func pagesFollowTheirFilesPageOrder() throws {
        let text = """
            {"files": [{"_id": "f", "pageOrder": ["b", "a"], "pages": [
               {"_id": "a", "fieldPositions": [{"_id": "1", "field": "x"}]},
               {"_id": "c", "fieldPositions": [{"_id": "3", "field": "z"}]},
               {"_id": "b", "fieldPositions": [{"_id": "2", "field": "y"}]}]}],
             "fields": [{"_id": "x", "type": "text"}, {"_id": "y", "type": "text"}, {"_id": "z", "type": "text"}]}
            """
        #expect(try editor(text).validate().fields.map(\.field.id) == ["y", "x", "z"])
    }

    @Test func aHiddenFormulaHidesItsField() throws {
        let text = """
            {"formulas": [{"_id": "f", "expression": "b > 1"}],
             "fields": [{"_id": "a", "type": "text", "required": true,
                         "formulas": [{"_id": "x", "formula": "f", "key": "hidden"}]},
                        {"_id": "b", "type": "number", "value": 2}]}
            """
        #expect(try editor(text).validate().status == .valid)
    }
}

@Suite struct LogicTests {
    /// Whether field `t`, starting `hidden`, is shown under a one-condition logic on `source`.
    func shows(_ action: String, hidden: Bool = false, source: String, _ condition: String, _ value: String) throws -> Bool {
        let text = """
            {"fields": [\(source),
              {"_id": "t", "type": "text", "hidden": \(hidden),
               "logic": {"action": "\(action)", "conditions": [{"field": "s", "condition": "\(condition)", "value": \(value)}]}}]}
            """
        return try editor(text).visibility.shows(field: "t")
    }

    @Test func operatorsByFieldType() throws {
        let text = #"{"_id": "s", "type": "text", "value": "Hello World"}"#
        #expect(try shows("hide", source: text, "=", #""hello world""#) == false)
        #expect(try shows("hide", source: text, "!=", #""hello""#) == false)
        #expect(try shows("hide", source: text, "?=", #""WORLD""#) == false)
        #expect(try shows("hide", source: text, "?=", #""moon""#) == true)
        #expect(try shows("hide", source: text, "*=", "null") == false)
        #expect(try shows("hide", source: text, "null=", "null") == true)

        let number = #"{"_id": "s", "type": "number", "value": 10}"#
        #expect(try shows("hide", source: number, ">", "9") == false)
        // A value given as text has no number, as the SDKs read it: `>` never holds, and `=`
        // compares the texts ("10" is not "10.0").
        #expect(try shows("hide", source: number, ">", #""9.5""#) == true)
        #expect(try shows("hide", source: number, "<", "10") == true)
        #expect(try shows("hide", source: number, "=", #""10.0""#) == true)
        #expect(try shows("hide", source: number, "=", "10.0") == false)
        #expect(try shows("hide", source: number, ">", #""ten""#) == true)

        let zero = #"{"_id": "s", "type": "number", "value": 0}"#
        #expect(try shows("hide", source: zero, "*=", "null") == false)
        let none = #"{"_id": "s", "type": "number"}"#
        #expect(try shows("hide", source: none, "null=", "null") == false)

        let tags = #"{"_id": "s", "type": "multiSelect", "value": ["m1", "m2"]}"#
        #expect(try shows("hide", source: tags, "=", #""m2""#) == false)
        #expect(try shows("hide", source: tags, "!=", #""m2""#) == true)
        // A dropdown's option id is text, compared ignoring case as the SDKs compare it.
        let color = #"{"_id": "s", "type": "dropdown", "value": "o1"}"#
        #expect(try shows("hide", source: color, "=", #""O1""#) == false)
        #expect(try shows("hide", source: color, "=", #""Red""#) == true)
    }

    @Test func actionsOnlyMoveAnItemAwayFromWhereItStarts() throws {
        let text = #"{"_id": "s", "type": "text", "value": "x"}"#
        #expect(try shows("show", hidden: true, source: text, "=", #""x""#) == true)
        #expect(try shows("show", hidden: true, source: text, "=", #""y""#) == false)
        #expect(try shows("show", hidden: false, source: text, "=", #""y""#) == true)
        #expect(try shows("hide", hidden: true, source: text, "=", #""y""#) == false)
    }

    @Test func unusableLogicIsReportedAndNeverHolds() throws {
        let text = """
            {"files": [{"pages": [{"_id": "p", "logic": "show", "fieldPositions": []}]}],
             "fields": [{"_id": "s", "type": "text", "value": "x"},
              {"_id": "t", "type": "text",
               "logic": {"action": "hide", "eval": "xor", "conditions": [
                 {"field": "s", "condition": "==", "value": "x"}, {"field": "nope", "condition": "=", "value": "x"},
                 {"condition": "=", "value": "x"}]}},
              {"_id": "u", "type": "text", "logic": {"action": "vanish", "conditions": [{"field": "s", "condition": "*="}]}}]}
            """
        let editor = try editor(text)
        #expect(editor.visibility.shows(field: "t"))
        // An action other than "show" is read as "hide", as the SDKs read it: `s *=` holds.
        #expect(!editor.visibility.shows(field: "u"))
        let messages = editor.visibility.issues.map(\.issue.message)
        #expect(messages == [
            "field \"t\": logic \"eval\" must be \"and\" or \"or\"; the SDKs read \"xor\" as \"or\"",
            "field \"t\": logic condition 1 has the unknown operator \"==\" (use =, !=, ?=, >, <, null= or *=); it never holds",
            "field \"t\": logic condition 2 reads the field \"nope\", which the document does not have; the SDKs leave it out of the logic",
            "field \"t\": logic condition 3 names no \"field\"; the SDKs leave it out of the logic",
            "field \"u\": \"logic\" has the action \"vanish\", which the SDKs read as \"hide\" (use \"show\" or \"hide\")",
            "page \"p\": \"logic\" must be an object, not string; it is ignored",
        ])
        #expect(editor.visibility.issues.allSatisfy { $0.issue.line != nil })
        #expect(editor.visibility.issues.first?.issue.field == "t")
    }
}

@Suite struct SchemaLogicTests {
    /// A collection of inspected areas, its schema logic written as templates write it: each
    /// area has defects (required, hidden when the area passed) and photos (hidden, shown when
    /// more than 3 were taken); each defect has fixes, shown when the defect is severe, and
    /// checks, whose logic names the area's `result` but, as every schema logic, reads the
    /// parent row: the defect, which has no `result`.
    let inspection = """
        {"fields": [{"_id": "areas", "type": "collection",
          "schema": {
            "area": {"root": true, "children": ["defects", "photos"], "tableColumns": [
              {"_id": "result", "type": "dropdown", "options": [{"_id": "pass", "value": "Pass"}, {"_id": "fail", "value": "Fail"}]},
              {"_id": "taken", "type": "number"}]},
            "defects": {"required": true, "children": ["fixes", "checks"],
              "tableColumns": [{"_id": "what", "type": "text", "required": true}, {"_id": "severe", "type": "text"}],
              "logic": {"action": "hide", "conditions": [
                {"schema": "area", "column": "result", "condition": "=", "value": "pass"}]}},
            "photos": {"hidden": true, "required": true, "tableColumns": [{"_id": "url", "type": "text", "required": true}],
              "logic": {"action": "show", "conditions": [{"schema": "area", "column": "taken", "condition": ">", "value": 3}]}},
            "fixes": {"hidden": true, "required": true, "tableColumns": [{"_id": "how", "type": "text"}],
              "logic": {"action": "show", "eval": "and", "conditions": [
                {"schema": "defects", "column": "severe", "condition": "?=", "value": "yes"}]}},
            "checks": {"hidden": true, "required": true, "tableColumns": [],
              "logic": {"action": "show", "conditions": [
                {"schema": "area", "column": "result", "condition": "=", "value": "fail"}]}}},
          "value": [
            {"_id": "a1", "cells": {"result": "pass", "taken": 5}},
            {"_id": "a2", "cells": {"result": "fail", "taken": 1}, "children": {"defects": {"value": [
              {"_id": "d1", "cells": {"what": "crack", "severe": "Yes"}},
              {"_id": "d2", "cells": {"what": "", "severe": "no"}}]}, "photos": {"value": []}}}]}]}
        """

    @Test func aSchemaIsShownRowByRowFromItsParentRow() throws {
        let editor = try editor(inspection)
        #expect(editor.visibility.issues.isEmpty)
        // a1 passed: no defects asked for; 5 photos taken: photos shown, and required.
        #expect(!editor.shows(schema: "defects", under: "a1", in: "areas"))
        #expect(editor.shows(schema: "photos", under: "a1", in: "areas"))
        // a2 failed with 1 photo: defects shown, photos not.
        #expect(editor.shows(schema: "defects", under: "a2", in: "areas"))
        #expect(!editor.shows(schema: "photos", under: "a2", in: "areas"))
        // Fixes: under the severe defect only. Checks: never, the defect row having no result.
        #expect(editor.shows(schema: "fixes", under: "d1", in: "areas"))
        #expect(!editor.shows(schema: "fixes", under: "d2", in: "areas"))
        #expect(!editor.shows(schema: "checks", under: "d1", in: "areas"))
        // Not a child of the row's schema, an unknown row, field or schema.
        #expect(!editor.shows(schema: "fixes", under: "a2", in: "areas"))
        #expect(!editor.shows(schema: "defects", under: "zz", in: "areas"))
        #expect(!editor.shows(schema: "defects", under: "a2", in: "nope"))
        #expect(!editor.shows(schema: "nope", under: "a2", in: "areas"))

        let areas = try #require(editor.validate().fields.first)
        #expect(areas.rows.map(\.id) == ["a1", "a2"])
        #expect(areas.rows[0].missingSchemas == ["photos"])
        #expect(areas.rows[1].missingSchemas == [])
        #expect(areas.rows[1].children.map(\.id) == ["d1", "d2"])
        #expect(areas.rows[1].children[0].missingSchemas == ["fixes"])
        #expect(areas.rows[1].children[1].missingSchemas == [])
        #expect(areas.rows[1].children[1].emptyColumns.map(\.id) == ["what"])
    }

    @Test func aSchemaHiddenUnderARowHidesTheLevelsBelowIt() throws {
        // a2 passes now: its defects, and their fixes, are not shown, whatever the defects say.
        let passed = inspection.replacingOccurrences(of: #""result": "fail""#, with: #""result": "pass""#)
        let editor = try editor(passed)
        #expect(!editor.shows(schema: "defects", under: "a2", in: "areas"))
        #expect(!editor.shows(schema: "fixes", under: "d1", in: "areas"))
        let areas = try #require(editor.validate().fields.first)
        #expect(areas.rows.map(\.id) == ["a1"])
    }

    /// As in the SDKs, a child schema a row's non-empty `children` leaves out is shown under that
    /// row, whatever its flag and logic say (they decide only the keys `children` holds).
    @Test func aChildSchemaMissingFromARowsChildrenIsShown() throws {
        let withoutPhotos = inspection.replacingOccurrences(of: #", "photos": {"value": []}"#, with: "")
        let editor = try editor(withoutPhotos)
        #expect(editor.shows(schema: "photos", under: "a2", in: "areas"), "hidden by logic, but not in a2's children")
        #expect(editor.shows(schema: "photos", under: "a1", in: "areas"), "a1 has no children: its logic decides (5 taken)")
        let areas = try #require(editor.validate().fields.first)
        #expect(areas.rows[1].missingSchemas == ["photos"], "required, so a2 needs a photo")
    }

    /// The root schema's rows are checked whatever its `hidden` flag says.
    @Test func theRootSchemaIsAlwaysChecked() throws {
        let hiddenRoot = inspection.replacingOccurrences(of: #""area": {"root": true,"#, with: #""area": {"root": true, "hidden": true,"#)
        let areas = try #require(try editor(hiddenRoot).validate().fields.first)
        #expect(areas.rows.map(\.id) == ["a1", "a2"])
    }

    @Test func unusableSchemaLogicIsReported() throws {
        let text = """
            {"fields": [{"_id": "c", "type": "collection", "schema": {
              "top": {"root": true, "children": ["mid"], "logic": {"action": "hide", "conditions": [{"schema": "top", "column": "x", "condition": "*="}]},
                      "tableColumns": [{"_id": "kind", "type": "dropdown", "options": [{"_id": "k1", "value": "Big"}]}]},
              "mid": {"children": ["low"], "tableColumns": [{"_id": "n", "type": "number"}],
                      "logic": {"action": "show", "conditions": [
                        {"schema": "top", "column": "knd", "condition": "*="},
                        {"schema": "tops", "column": "kind", "condition": "*="},
                        {"schema": "top", "column": "kind", "condition": "=", "value": "Big"},
                        {"column": "kind", "condition": "=", "value": "Big"},
                        {"field": "c", "condition": "*="}]}},
              "low": {"tableColumns": [], "logic": {"action": "show", "schemaConditions": [{"columnID": "n", "condition": "*="}]}}}}]}
            """
        let messages = try editor(text).visibility.issues.map(\.issue.message)
        #expect(messages == [
            "field \"c\", schema \"top\": \"logic\" on a schema reads the row its rows hang under, and the rows of this schema hang under none; it is ignored",
            "field \"c\", schema \"mid\": logic condition 1 reads the column \"knd\", which schema \"top\" does not have (did you mean 'kind'?); the cell of the parent row is read without its type",
            "field \"c\", schema \"mid\": logic condition 2 names the schema \"tops\", which the collection does not have (did you mean 'top'?); the cell of the parent row is read without its type",
            "field \"c\", schema \"mid\": logic condition 3 compares the dropdown column 'kind' with \"Big\", the text of its option \"k1\"; conditions compare option ids, so it never holds (use \"k1\")",
            "field \"c\", schema \"mid\": logic condition 4 does not name both a \"schema\" and a \"column\"; the SDKs leave it out of the logic",
            "field \"c\", schema \"mid\": logic condition 5 reads a field, which schema logic does not; the SDKs leave it out of the logic",
            "field \"c\", schema \"low\": a schema's logic lists its conditions under \"conditions\", each naming a \"schema\" and a \"column\"; \"schemaConditions\" is not read, so the logic is ignored",
        ])
    }
}

@Suite struct FieldIdentifierTests {
    @Test func aFieldIsPlacedByItsFirstPosition() throws {
        let text = """
            {"_id": "doc1", "identifier": "doc_invoice",
             "files": [{"_id": "file1", "pages": [
               {"_id": "p1", "fieldPositions": [{"_id": "fp_a", "field": "a"}]},
               {"_id": "p2", "fieldPositions": [{"_id": "fp_b", "field": "b"}, {"_id": "fp_a2", "field": "a"}]}]}],
             "fields": [{"_id": "a", "type": "text", "identifier": "field_a"},
                        {"_id": "b", "type": "text", "file": "file9"},
                        {"_id": "c", "type": "text"}]}
            """
        let editor = try editor(text)
        #expect(editor.fieldIdentifier(for: "a") == FieldIdentifier(
            fieldID: "a", pageID: "p1", fieldPositionID: "fp_a", fileID: "file1", fieldIdentifier: "field_a",
            documentID: "doc1", documentIdentifier: "doc_invoice"))
        let b = try #require(editor.fieldIdentifier(for: "b"))
        #expect(b.pageID == "p2" && b.fieldPositionID == "fp_b" && b.fileID == "file9" && b.fieldIdentifier == nil)
        let c = try #require(editor.fieldIdentifier(for: "c"))
        #expect(c.pageID == nil && c.fieldPositionID == nil && c.fileID == nil)
        #expect(editor.fieldIdentifier(for: "nope") == nil)
    }
}
