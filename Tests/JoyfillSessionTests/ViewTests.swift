import JoyfillJSON
import JoyfillLogic
import JoyfillModel
@testable import JoyfillSession
import Testing

/// The views of a document (docs/validation.md, "Views"), on a form written for them: a first
/// file with its own page and a mobile view whose page places other fields, a second file
/// that is never read, fields and a column hidden for one view.
struct ViewTests {
    static let document = try! JoyDoc(bytes: Array("""
        {
          "files": [
            {"_id": "file1", "pageOrder": ["p1", "v2", "v1"],
             "pages": [{"_id": "p1", "fieldPositions": [{"_id": "fp_a", "field": "a"}, {"_id": "fp_b", "field": "b"},
                                                         {"_id": "fp_d", "field": "d"}]}],
             "views": [{"_id": "view1", "type": "mobile", "pages": [
               {"_id": "v1", "fieldPositions": [{"_id": "vp_a", "field": "a"}, {"_id": "vp_c", "field": "c"}]},
               {"_id": "v2", "hidden": true, "fieldPositions": [{"_id": "vp_d", "field": "d"}]}]},
               {"_id": "view2", "type": "desktop", "pages": [{"_id": "w1", "fieldPositions": [{"_id": "wp_b", "field": "b"}]}]}]},
            {"_id": "file2", "pages": [{"_id": "q1", "fieldPositions": [{"_id": "fp_e", "field": "e"}]}]}
          ],
          "fields": [
            {"_id": "a", "type": "text", "required": true, "value": "", "hiddenViews": ["mobile"],
             "logic": {"action": "show", "eval": "and", "conditions": [{"field": "b", "condition": "null="}]}},
            {"_id": "b", "type": "text", "required": true, "value": ""},
            {"_id": "c", "type": "table", "tableColumns": [
               {"_id": "col1", "type": "text", "required": true, "hiddenViews": ["mobile"]},
               {"_id": "col2", "type": "text", "required": true, "hiddenViews": "mobile"}],
             "value": [{"_id": "r1", "cells": {}}]},
            {"_id": "d", "type": "text", "required": true, "value": "", "hiddenViews": ["desktop", "pdf"]},
            {"_id": "e", "type": "text", "required": true, "value": ""}
          ]
        }
        """.utf8))

    func validated(_ view: DocumentView) throws -> [String] {
        try DocumentSession(document: Self.document, view: view).validate().fields.map { field in
            field.field.id + (field.status == .invalid ? "!" : "") + field.rows.map { " " + $0.emptyColumns.map(\.id).joined(separator: ",") }.joined()
        }
    }

    /// The mobile view (the SDK's): the first view's pages replace the file's own, in the
    /// file's `pageOrder`; `a`, hidden for mobile, is hidden though its logic would show it;
    /// `col1` is not validated, `col2` (whose `hiddenViews` is no array) is; the hidden page
    /// `v2` is not shown; the second file is not read.
    @Test func theMobileViewIsTheSDKs() throws {
        #expect(Self.document.pages(in: .mobile).map(\.id) == ["v2", "v1"])
        #expect(try validated(.mobile) == ["c! col2"])
        let editor = DocumentSession(document: Self.document)
        #expect(!editor.visibility.shows(field: "a"))
        #expect(editor.visibility.view == .mobile)
    }

    /// The desktop view: the first file's own pages, and what is hidden for desktop.
    @Test func theDesktopViewReadsTheFilesOwnPages() throws {
        #expect(Self.document.pages(in: .desktop).map(\.id) == ["p1"])
        #expect(try validated(.desktop) == ["a!", "b!"])
        #expect(!DocumentSession(document: Self.document, view: .desktop).visibility.shows(field: "d"))
    }

    /// Only an array of strings hides: `["mobile", 5]` or `[["mobile"]]` hides nothing, in
    /// either view, as a value that is no array hides nothing.
    @Test func hiddenViewsThatIsNotAllStringsHidesNothing() throws {
        for value in [#"["mobile", 5]"#, #"[["mobile"]]"#, #"["desktop", null, "mobile"]"#, #""mobile""#, "{}"] {
            let field = try JSONReader.read(Array(#"{"_id": "a", "hiddenViews": \#(value)}"#.utf8))
            #expect(!DocumentView.mobile.hides(field), "\(value)")
            #expect(!DocumentView.desktop.hides(field), "\(value)")
        }
        #expect(DocumentView.mobile.hides(try JSONReader.read(Array(#"{"hiddenViews": ["desktop", "mobile"]}"#.utf8))))
    }

    /// A document without views reads the first file's pages in both.
    @Test func withoutViewsBothReadTheFilesPages() throws {
        let text = String(decoding: Self.document.bytes, as: UTF8.self).replacingOccurrences(of: "\"views\"", with: "\"notViews\"")
        let plain = try JoyDoc(bytes: Array(text.utf8))
        #expect(plain.pages(in: .mobile).map(\.id) == ["p1"])
        #expect(plain.pages(in: .desktop).map(\.id) == ["p1"])
    }
}

/// How the SDKs combine and act on logic, and when they read none (docs/validation.md).
struct LogicReadingTests {
    func shown(_ fields: String, pages: String = #"[{"_id": "p1", "hidden": true}, {"_id": "p2"}]"#) throws -> (fields: [String], pages: [String]) {
        let document = try JoyDoc(bytes: Array(#"{"files": [{"pages": \#(pages)}], "fields": \#(fields)}"#.utf8))
        let editor = DocumentSession(document: document)
        return (document.fields.map(\.id).filter(editor.visibility.shows(field:)),
                document.pages(in: .mobile).map(\.id).filter(editor.visibility.shows(page:)))
    }

    /// `eval` other than exactly "and", or none, needs one condition to hold.
    @Test func anEvalOtherThanAndIsOr() throws {
        let fields = """
            [{"_id": "s", "type": "text", "value": "x"},
             {"_id": "none", "type": "text", "logic": {"action": "hide", "conditions": [
               {"field": "s", "condition": "=", "value": "x"}, {"field": "s", "condition": "=", "value": "y"}]}},
             {"_id": "upper", "type": "text", "logic": {"action": "hide", "eval": "AND", "conditions": [
               {"field": "s", "condition": "=", "value": "x"}, {"field": "s", "condition": "=", "value": "y"}]}},
             {"_id": "and", "type": "text", "logic": {"action": "hide", "eval": "and", "conditions": [
               {"field": "s", "condition": "=", "value": "x"}, {"field": "s", "condition": "=", "value": "y"}]}}]
            """
        #expect(try shown(fields).fields == ["s", "and"])
    }

    /// A document of one field reads no field logic; a view of one page shows it, even hidden.
    @Test func aLoneFieldOrPageIgnoresItsLogic() throws {
        let lone = #"[{"_id": "s", "type": "text", "value": "x", "logic": {"action": "hide", "conditions": [{"field": "s", "condition": "*="}]}}]"#
        #expect(try shown(lone).fields == ["s"])
        #expect(try shown(lone).pages == ["p2"])
        #expect(try shown(lone, pages: #"[{"_id": "p1", "hidden": true}]"#).pages == ["p1"])
    }
}

/// Conditions as the SDKs resolve and compare them (docs/validation.md, the table of
/// conditions), on fields written for each case.
struct ConditionReadingTests {
    func hidden(_ conditions: String, eval: String = "and", fields: String) throws -> Bool {
        let text = """
            {"fields": [\(fields),
              {"_id": "t", "type": "text", "logic": {"action": "hide", "eval": "\(eval)", "conditions": \(conditions)}}]}
            """
        let document = try JoyDoc(bytes: Array(text.utf8))
        return !DocumentSession(document: document).visibility.shows(field: "t")
    }

    /// A condition on a field the document does not have, or with no field, is left out
    /// before `eval` is applied; with none left, the logic does not hold.
    @Test func conditionsOnMissingFieldsAreLeftOut() throws {
        let flag = #"{"_id": "flag", "type": "text", "value": "yes"}"#
        #expect(try hidden(#"[{"field": "ghost", "condition": "=", "value": "x"}, {"field": "flag", "condition": "=", "value": "yes"}]"#, fields: flag))
        #expect(try !hidden(#"[{"field": "ghost", "condition": "*="}, {"condition": "*="}]"#, fields: flag))
    }

    @Test func valuesAreComparedThroughTheirTextAndNumber() throws {
        let fields = """
            {"_id": "n", "type": "number", "value": 12}, {"_id": "tags", "type": "multiSelect", "value": [""]},
            {"_id": "zero", "type": "number", "value": 0}, {"_id": "note", "type": "text", "value": "12"},
            {"_id": "ok", "type": "text", "value": true}, {"_id": "rows", "type": "table", "value": []}
            """
        #expect(try hidden(#"[{"field": "n", "condition": "?=", "value": 1}]"#, fields: fields), "12 contains 1 as text")
        #expect(try hidden(#"[{"field": "tags", "condition": "null=" }]"#, fields: fields), "a multiSelect of only \"\" is empty")
        #expect(try hidden(#"[{"field": "zero", "condition": "*="}]"#, fields: fields), "0 is filled")
        #expect(try !hidden(#"[{"field": "note", "condition": ">", "value": 5}]"#, fields: fields), "text has no number")
        #expect(try hidden(#"[{"field": "ok", "condition": ">", "value": 0}]"#, fields: fields), "true is 1")
        #expect(try hidden(#"[{"field": "rows", "condition": "null="}]"#, fields: fields), "a table without rows is empty")
        #expect(try hidden(#"[{"field": "n", "condition": "=", "value": 12.0}]"#, fields: fields), "numbers as numbers")
        #expect(try hidden(#"[{"field": "nothing", "condition": "=", "value": null}, {"field": "n", "condition": "!=", "value": null}]"#,
                           fields: fields), "absent is not null")
    }

    /// `>` or `<` on a field whose value is text is a mistake the linter names.
    @Test func comparingTextIsReported() throws {
        let text = #"{"fields": [{"_id": "s", "type": "text", "value": "9"}, {"_id": "t", "type": "text", "logic": {"action": "hide", "conditions": [{"field": "s", "condition": ">", "value": 5}]}}]}"#
        let issues = DocumentLogic(try JoyDoc(bytes: Array(text.utf8))).issues.map(\.issue.message)
        #expect(issues == ["field \"t\": logic condition 1 compares the text 's' with >, which compares numbers, and its value is no number; it never holds"])
    }
}

/// `requiredLogic` on fields and columns, and `logic` on columns (docs/validation.md).
struct RequiredLogicTests {
    static let text = """
        {"fields": [
          {"_id": "status", "type": "text", "value": "FAIL"},
          {"_id": "reason", "type": "text", "required": false,
           "requiredLogic": {"action": "enforce", "eval": "and", "conditions": [{"field": "status", "condition": "=", "value": "fail"}]}},
          {"_id": "note", "type": "text", "required": true,
           "requiredLogic": {"action": "unenforce", "conditions": [{"field": "status", "condition": "*="}]}},
          {"_id": "odd", "type": "text", "required": true, "requiredLogic": {"action": "show", "conditions": [{"field": "status", "condition": "*="}]}},
          {"_id": "items", "type": "table",
           "tableColumns": [
             {"_id": "part", "type": "text", "requiredLogic": {"action": "enforce", "conditions": [{"field": "status", "condition": "*="}]}},
             {"_id": "serial", "type": "text", "required": true, "hidden": true,
              "logic": {"action": "show", "conditions": [{"field": "status", "condition": "=", "value": "fail"}]}},
             {"_id": "tag", "type": "text", "required": true,
              "logic": {"action": "hide", "conditions": [{"field": "status", "condition": "?=", "value": "ai"}]}}],
           "value": [{"_id": "r1", "cells": {}}]}
        ]}
        """

    @Test func requiredLogicMovesWhatIsRequired() throws {
        let validation = try DocumentSession(document: try JoyDoc(bytes: Array(Self.text.utf8))).validate()
        let byField = Dictionary(uniqueKeysWithValues: validation.fields.map { ($0.field.id, $0) })
        // enforce while `status` is "fail" (any case); unenforce while it is filled.
        #expect(byField["reason"]?.isRequired == true && byField["reason"]?.isMissing == true)
        #expect(byField["note"]?.isRequired == false && byField["note"]?.status == .valid)
        // An action other than enforce or unenforce does nothing.
        #expect(byField["odd"]?.isRequired == true)
        // part is required by its requiredLogic, serial shown by its logic, tag hidden by its.
        #expect(byField["items"]?.rows.first?.emptyColumns.map(\.id) == ["part", "serial"])
        // What made each value required, as jf validate --json reports it.
        #expect(byField["reason"]?.requiredBy == .requiredLogic)
        #expect(byField["odd"]?.requiredBy == .required)
        #expect(byField["items"]?.rows.first?.requiredBy == ["part": .requiredLogic, "serial": .required])
        let issues = DocumentLogic(try JoyDoc(bytes: Array(Self.text.utf8))).issues.map(\.issue.message)
        #expect(issues == ["field \"odd\": \"requiredLogic\" has the action \"show\"; only \"enforce\" and \"unenforce\" do anything, so it is ignored"])
    }
}

/// What the SDKs never read is reported: a lone page's `hidden` and logic, and required logic
/// on a field nothing shows.
struct UnreadLogicTests {
    @Test func unreadLogicIsReported() throws {
        let text = """
            {"files": [{"pages": [{"_id": "only", "hidden": true, "fieldPositions": []}]}],
             "fields": [{"_id": "s", "type": "text"},
                        {"_id": "gone", "type": "text", "hidden": true,
                         "requiredLogic": {"action": "enforce", "conditions": [{"field": "s", "condition": "*="}]}},
                        {"_id": "away", "type": "text", "hiddenViews": ["mobile", "desktop"],
                         "requiredLogic": {"action": "enforce", "conditions": [{"field": "s", "condition": "*="}]}},
                        {"_id": "back", "type": "text", "hidden": true, "logic": {"action": "show", "conditions": [{"field": "s", "condition": "*="}]},
                         "requiredLogic": {"action": "enforce", "conditions": [{"field": "s", "condition": "*="}]}}]}
            """
        let messages = DocumentLogic(try JoyDoc(bytes: Array(text.utf8))).issues.map(\.issue.message)
        #expect(messages == [
            "page \"only\": it is the only page of the mobile view, and a lone page is always shown: its \"hidden\" and \"logic\" are not read",
            "field \"gone\": \"requiredLogic\" on a field that is never shown does nothing (it is hidden, and no logic shows it)",
            "field \"away\": \"requiredLogic\" on a field that is never shown does nothing (it is hidden, and no logic shows it)",
        ])
    }
}

/// Cell logic: required and shown row by row, from the row's own cells (docs/validation.md).
struct CellLogicTests {
    @Test func cellsAreRequiredAndShownRowByRow() throws {
        let text = """
            {"fields": [
              {"_id": "mode", "type": "text", "value": "strict"},
              {"_id": "checks", "type": "table",
               "tableColumns": [
                 {"_id": "result", "type": "dropdown", "options": [{"_id": "res_pass", "value": "Pass"}, {"_id": "res_fail", "value": "Fail"}]},
                 {"_id": "defect", "type": "text", "required": false,
                  "cellRequiredLogic": {"action": "enforce", "eval": "and", "conditions": [{"column": "result", "condition": "=", "value": "res_fail"}]}},
                 {"_id": "photo", "type": "text", "required": true,
                  "cellVisibilityLogic": {"action": "show", "conditions": [{"column": "result", "condition": "=", "value": "res_fail"}]}},
                 {"_id": "note", "type": "text", "required": true, "cellsHidden": true},
                 {"_id": "sign", "type": "text", "required": true,
                  "cellRequiredLogic": {"action": "unenforce", "conditions": [{"field": "mode", "condition": "=", "value": "lax"}, {"column": "result", "condition": "null="}]}}],
               "value": [
                 {"_id": "r1", "cells": {"result": "res_pass"}},
                 {"_id": "r2", "cells": {"result": "res_fail"}},
                 {"_id": "r3", "cells": {}}]}
            ]}
            """
        let validation = try DocumentSession(document: try JoyDoc(bytes: Array(text.utf8))).validate()
        let rows = validation.fields.first { $0.field.id == "checks" }?.rows ?? []
        // r1 passes: no defect or photo asked, sign required; r2 fails: defect and photo too;
        // r3 has no result: sign is released by its unenforce logic (any condition holding).
        #expect(rows.map { $0.id + ":" + $0.emptyColumns.map(\.id).joined(separator: ",") } == ["r1:sign", "r2:defect,photo,sign"])
        #expect(rows.last?.requiredBy == ["defect": .cellRequiredLogic, "photo": .required, "sign": .required])
    }
}
