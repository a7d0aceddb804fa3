import Crypto
import Foundation
import CryptoExtras
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

struct ValidateCommandTests {
    @Test func workOrderNamesEachMissingValueWhereItIs() throws {
        let result = try JF.run(["validate", "examples/work-order.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
            error[required]: the required field 'description' ("What needs doing") has no value
              --> examples/work-order.json:51:13 · field description
            """))
        #expect(result.stdout.contains("""
            error[required]: row 2 (row_2) of table 'parts' has no value in the required column 'part' ("Part")
              --> examples/work-order.json:65:16 · field parts
            """))
        // The Approval page is shown by its logic (priority is High), so its fields count.
        #expect(result.stdout.contains("the required field 'approver' (\"Approved by\") has no value"))
        #expect(result.stdout.contains("= note: on page 'page_approval' (\"Approval\"), at position 'pos_approver'"))
        // The hidden urgent_reason is shown by its logic and filled.
        #expect(!result.stdout.contains("urgent_reason"))
        #expect(result.stderr.hasPrefix("1 document, 8 fields checked: 1 invalid, 3 missing values in "))
    }

    /// The document is checked as the SDKs check it at load: a version they do not read refuses
    /// it (nothing else is checked); each structural problem is a warning at its JSON pointer,
    /// and the values are still checked.
    @Test func theSchemaIsCheckedFirst() throws {
        let newer = #"{"v": "2.0.0", "fields": [{"_id": "a", "type": "text", "required": true}]}"#
        let refused = try JF.run(["validate", "-"], stdin: newer, environment: ["NO_COLOR": "1"])
        #expect(refused.status == 1)
        #expect(refused.stdout.hasPrefix(#"error[schema-version]: the version "2.0.0" is newer than the schema the SDKs read (1.0.5, so v1.x.x)"#))
        #expect(!refused.stdout.contains("error[required]"), "no field is checked")
        #expect(refused.stderr.contains("1 refused for its version"))

        let loose = #"{"files": [], "fields": [{"_id": "a", "file": "f", "type": "number", "value": "12", "required": true}]}"#
        let json = try JF.run(["validate", "--json", "-"], stdin: loose)
        #expect(json.status == 0, "the value is there: structural problems are warnings")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let document = try #require((report["documents"] as? [[String: Any]])?.first)
        #expect(document["status"] as? String == "valid")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["pointer"] as? String } == ["/files", "/fields/0/value"])
        #expect(diagnostics.map { $0["severity"] as? String } == ["warning", "warning"])
        #expect(diagnostics.last?["field"] as? String == "a")
        #expect(diagnostics.last?["location"] as? [String: Int] == ["line": 1, "column": 79, "endLine": 1, "endColumn": 83])

        let skipped = try JF.run(["validate", "--no-schema", "-"], stdin: newer)
        #expect(skipped.status == 1 && skipped.stdout.contains("error[required]: the required field 'a' has no value"))
        #expect(!skipped.stdout.contains("schema-"))

        let printed = try JF.run(["validate", "--print-schema"])
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(schema["$joyfillSchemaVersion"] as? String == "1.0.5")
    }

    /// `--view` chooses the layout checked: the mobile view by default, as the Swift SDK reads
    /// a document (its view's pages, a field hidden for mobile left out), or the desktop one.
    @Test func theViewIsChosen() throws {
        let document = """
            {"files": [{"_id": "f", "pages": [{"_id": "p1", "fieldPositions": [{"_id": "a1", "field": "a"}, {"_id": "b1", "field": "b"}]}],
              "views": [{"type": "mobile", "pages": [{"_id": "m1", "fieldPositions": [{"_id": "a2", "field": "a"}]}]}]}],
             "fields": [{"_id": "a", "type": "text", "required": true, "hiddenViews": ["mobile"]},
                        {"_id": "b", "type": "text", "required": true}]}
            """
        let mobile = try JF.run(["validate", "--json", "-"], stdin: document)
        #expect(mobile.status == 0)
        #expect(try report(mobile.stdout).first?["fields"] as? [[String: Any]] != nil)
        #expect(try (report(mobile.stdout).first?["fields"] as? [[String: Any]])?.isEmpty == true)
        let desktop = try JF.run(["validate", "--json", "--view", "desktop", "-"], stdin: document)
        #expect(desktop.status == 1)
        #expect(try (report(desktop.stdout).first?["fields"] as? [[String: Any]])?.map { $0["field"] as? String } == ["a", "b"])
        let wrong = try JF.run(["validate", "--view", "tablet", "-"], stdin: document)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("tablet"))
    }

    @Test func jsonReportListsEveryFieldChecked() throws {
        let result = try JF.run(["validate", "--json", "examples/work-order.json"])
        #expect(result.status == 1)
        let document = try #require(try report(result.stdout).first)
        #expect(document["status"] as? String == "invalid")
        let fields = try #require(document["fields"] as? [[String: Any]])
        #expect(fields.map { $0["field"] as? String } == [
            "requester", "priority", "description", "urgent_reason", "parts", "part_count", "approver", "approved_on"])
        let parts = try #require(fields.first { $0["field"] as? String == "parts" })
        #expect(parts["status"] as? String == "invalid")
        #expect(parts["missing"] as? Bool == false)
        let row = try #require((parts["rows"] as? [[String: Any]])?.first)
        #expect(row["row"] as? String == "row_2")
        #expect(row["index"] as? Int == 1)
        #expect(row["emptyColumns"] as? [String] == ["part"])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["required", "required", "required"])
        let location = try #require(diagnostics.first?["location"] as? [String: Any])
        #expect(location["line"] as? Int == 51)
    }

    @Test func githubAnnotations() throws {
        let result = try JF.run(["validate", "--format", "github", "examples/work-order.json"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("::error file=examples/work-order.json,line=51,col=13,endLine=51,endColumn=26,"
            + "title=jf validate (required)::field description: the required field 'description' (\"What needs doing\") has no value\n"))
        #expect(result.stdout.split(separator: "\n").count == 3)
        let both = try JF.run(["validate", "--json", "--format", "github", "examples/work-order.json"])
        #expect(both.status == 2)
    }

    @Test func sarifLogForCodeScanning() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try "{\"fields\": [".write(to: broken, atomically: true, encoding: .utf8)
        let result = try JF.run(["validate", "--format", "sarif", "examples/work-order.json", broken.path])
        #expect(result.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        // The codes validation reports, not lint's rules.
        #expect(rules.compactMap { $0["id"] as? String } == ["required", "invalid-logic", "logic-missing-target", "logic-compares-text", "logic-unknown-action",
                                                            "lone-page-hidden", "unreachable-required-logic", "schema-version", "schema-validation"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            #expect(result["ruleId"] as? String == "required")
            #expect(result["ruleIndex"] as? Int == 0)
            #expect(result["level"] as? String == "error")
        }
        let first = try #require(results.first)
        #expect((first["message"] as? [String: Any])?["text"] as? String
            == "the required field 'description' (\"What needs doing\") has no value (on page 'page_request' (\"Request\"), at position 'pos_description')")
        let place = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((place["artifactLocation"] as? [String: Any])?["uri"] as? String == "examples/work-order.json")
        #expect((place["region"] as? [String: Any])?["startLine"] as? Int == 51)
        // The unreadable document is a tool notification naming it.
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(((notification["message"] as? [String: Any])?["text"] as? String)?.contains("line 1, column 13: invalid JSON") == true)
    }

    /// JUnit XML: a suite per document, a failing case per missing value, a passing case for
    /// a valid document, and an error for one that cannot be read.
    @Test func junitTestResults() throws {
        let broken = try workspace([])
        defer { discard(broken) }
        let unreadable = broken.appendingPathComponent("broken.json")
        try "{\"fields\": [".write(to: unreadable, atomically: true, encoding: .utf8)
        let result = try JF.run(["validate", "--format", "junit", "examples/work-order.json", "examples/invoice.json", unreadable.path])
        #expect(result.status == 2)
        let xml = result.stdout
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"jf validate\" tests=\"5\" failures=\"3\" errors=\"1\">"))
        #expect(xml.components(separatedBy: "<testcase name=\"jf.required\" classname=\"examples/work-order.json\"").count == 4)
        #expect(xml.contains(#"<testsuite name="examples/invoice.json" tests="1" failures="0" errors="0" skipped="0">"#))
        #expect(xml.contains(#"<testcase name="jf validate" classname="examples/invoice.json"></testcase>"#))
        #expect(xml.contains("<error message=\"\(unreadable.path): line 1, column 13: invalid JSON"))
        #expect(XMLParser(data: Data(xml.utf8)).parse(), "well-formed XML")
    }

    @Test func gitlabCodeQualityReport() throws {
        let result = try JF.run(["validate", "--format", "gitlab", "examples/work-order.json", "examples/invoice.json"])
        #expect(result.status == 1)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(issues.count == 3)
        #expect(issues.allSatisfy { $0["check_name"] as? String == "required" && $0["severity"] as? String == "major" })
        #expect(issues.first?["description"] as? String
                == "field description: the required field 'description' (\"What needs doing\") has no value (on page 'page_request' (\"Request\"), at position 'pos_description')")
        let location = try #require(issues.first?["location"] as? [String: Any])
        #expect(location["path"] as? String == "examples/work-order.json")
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 51)
        #expect(try JF.run(["validate", "--format", "gitlab", "examples/invoice.json"]).stdout == "[]\n")
    }

    @Test func jsonlStreamsOneReportPerLine() throws {
        func line(_ path: String) throws -> String {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        let input = [try line("examples/work-order.json"), try line("examples/invoice.json"), "", "{not json", "[1]"]
            .joined(separator: "\n") + "\n"
        let result = try JF.run(["validate", "--jsonl"], stdin: input)
        // Every line was answered: exit 0 (an unreadable line, an invalid document are data),
        // unless --strict asks for the batch codes: 2 for an unreadable line.
        #expect(result.status == 0)
        #expect(try JF.run(["validate", "--jsonl", "--strict"], stdin: input).status == 2)
        #expect(try JF.run(["validate", "--jsonl", "--strict"], stdin: try line("examples/work-order.json")).status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 6)   // five answers and the final newline
        let reports = try lines.filter { !$0.isEmpty }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(reports.map { $0["line"] as? Int } == [1, 2, 4, 5])
        #expect(reports[0]["status"] as? String == "invalid")
        #expect((reports[0]["diagnostics"] as? [[String: Any]])?.count == 3)
        #expect(reports[1]["status"] as? String == "valid")
        #expect(lines[2].isEmpty)
        #expect(reports[2]["error"] as? String == "invalid JSON: expected a member name in double quotes, found 'n'")
        #expect(reports[2]["column"] as? Int == 2)
        #expect((reports[3]["error"] as? String)?.contains("not a JoyDoc") == true)
        #expect(result.stderr.hasPrefix("2 documents, 19 fields checked: 1 invalid, 3 missing values, 2 unreadable in "))

        // --path applies to each document; one without that page is an error line.
        let page = try JF.run(["validate", "--jsonl", "--path", "page_approval"], stdin: input)
        #expect(page.stdout.contains(#"{"line":2,"_id":"66a1f0c2e4b0a1b2c3d4e5f6","identifier":"doc_invoice_example","error":"--path: no page has the _id 'page_approval'; its pages: 'page_1'"}"#))

        let valid = try JF.run(["validate", "--jsonl"], stdin: try line("examples/invoice.json"))
        #expect(valid.status == 0)
        for usage in [["validate", "--jsonl", "examples/invoice.json"], ["validate", "--jsonl", "--format", "sarif"]] {
            #expect(try JF.run(usage).status == 2)
        }
    }

    /// The SDKs' version guard answers first: a future `v` on a text with no `fields` is
    /// refused for its version (exit 1), not called "not a JoyDoc".
    @Test func aFutureVersionIsSaidBeforeAnythingElse() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jf-future-\(UUID().uuidString).json").path
        try #"{"v": "3.0.0", "name": "x"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let human = try JF.run(["validate", path])
        #expect(human.status == 1)
        #expect(human.stdout.hasPrefix(#"error[schema-version]: the version "3.0.0" is newer than the schema the SDKs read (1.0.5, so v1.x.x)"#),
                "\(human.stdout)\(human.stderr)")
        #expect(human.stderr.contains("1 refused for its version"))
        let json = try JF.run(["validate", "--json", path])
        #expect(json.stdout.contains(#""code":"schema-version""#) && json.stdout.contains(#""pointer":"/v""#))
        // Without a `v`, such a text is still not a JoyDoc.
        try #"{"name": "x"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let plain = try JF.run(["validate", path])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("not a JoyDoc"))
    }

    @Test func pathNarrowsToAPageOrOneField() throws {
        let page = try JF.run(["validate", "--path", "page_approval", "examples/work-order.json"])
        #expect(page.status == 1)
        #expect(page.stdout.contains("'approver'"))
        #expect(!page.stdout.contains("'description'"))
        let field = try JF.run(["validate", "--path", "page_request/pos_requester", "examples/work-order.json"])
        #expect(field.status == 0)
        #expect(field.stdout.isEmpty)
        #expect(field.stderr.hasPrefix("1 document, 1 field checked: valid in "))
        let typo = try JF.run(["validate", "--path", "page_request/pos_requestor", "examples/work-order.json"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "jf: error: --path: page 'page_request' places no field at a position or field _id 'pos_requestor' (did you mean 'pos_requester'?)\n")
        // An empty path names nothing: a usage error, not the whole document.
        let empty = try JF.run(["validate", "--path", "", "examples/work-order.json"])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("--path names a page or a field"), "\(empty.stderr)")
    }

    /// A formula result fills a required field, and locations stay those of the file on disk
    /// although the formula wrote a longer value earlier in the text.
    @Test func formulasRunFirstAndFindingsPointIntoTheFile() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let text = """
            {"formulas": [{"_id": "f", "expression": "concat(\\"a long text written by the formula \\", n)"}],
             "fields": [
              {"_id": "label", "type": "text", "required": true, "formulas": [{"_id": "x", "formula": "f"}]},
              {"_id": "n", "type": "number", "value": 1},
              {"_id": "empty", "type": "text", "required": true, "value": ""}]}
            """
        let file = directory.appendingPathComponent("doc.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try JF.run(["validate", file.path])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("'label'"))
        #expect(result.stdout.contains("\(file.path):5:11 · field empty"))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test func aCollectionSchemaIsRequiredOnlyUnderTheRowsItIsShownUnder() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        // Defects are hidden under an area that passed: only the failed area needs one.
        let text = """
            {"files": [{"_id": "f", "pages": [{"_id": "p", "fieldPositions": [{"_id": "pos_areas", "field": "areas"}]}]}],
             "fields": [{"_id": "areas", "type": "collection",
              "schema": {
                "area": {"root": true, "children": ["defects"], "tableColumns": [
                  {"_id": "result", "type": "dropdown", "options": [{"_id": "pass", "value": "Pass"}, {"_id": "fail", "value": "Fail"}]}]},
                "defects": {"title": "Defects", "required": true, "tableColumns": [{"_id": "what", "type": "text", "required": true}],
                  "logic": {"action": "hide", "conditions": [{"schema": "area", "column": "result", "condition": "=", "value": "pass"}]}}},
              "value": [{"_id": "a1", "cells": {"result": "pass"}}, {"_id": "a2", "cells": {"result": "fail"}}]}]}
            """
        let file = directory.appendingPathComponent("areas.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try JF.run(["validate", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
            error[required]: row 2 (a2) of collection 'areas' has no row of the required schema 'defects' ("Defects")
             --> \(file.path):8:65 · field areas
            """))
        #expect(!result.stdout.contains("(a1)"))
    }

    @Test func directoriesAreCheckedDocumentByDocumentInOrder() throws {
        let directory = try workspace(["work-order.json", "invoice.json"])
        defer { discard(directory) }
        try #"{"name": "not a form"}"#.write(to: directory.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        let result = try JF.run(["validate", "--jobs", "2", "--json", directory.path])
        #expect(result.status == 1)
        let documents = try report(result.stdout)
        #expect(documents.map { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == ["invoice.json", "work-order.json"])
        #expect(documents.map { $0["status"] as? String } == ["valid", "invalid"])
        #expect(result.stderr.contains("jf: note: skipped \(directory.path)/package.json: not a JoyDoc"))
        #expect(result.stderr.contains("2 documents, 19 fields checked: 1 invalid, 3 missing values, 1 skipped (not JoyDocs) in "))
    }

    @Test func badInputIsAUsageErrorNamingTheFile() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try "{\"fields\": [".write(to: broken, atomically: true, encoding: .utf8)
        let result = try JF.run(["validate", broken.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("jf: error: \(broken.path): line 1, column 13: invalid JSON"))
        let none = try JF.run(["validate"])
        #expect(none.status == 2)
        let two = try JF.run(["validate", "--path", "p", "examples/work-order.json", "examples/invoice.json"])
        #expect(two.status == 2)
        #expect(two.stderr == "jf: error: --path names a page of one document; 2 documents were given\n")
    }
}

/// The walkthrough of docs/logic.md, on `examples/logic.json`: what the logic requires and
/// shows moves with the values it reads.
struct LogicExampleTests {
    /// `jf validate --json` of the example after `changes`: each field checked, by id, and its
    /// `requiredBy`.
    func validated(after changes: String) throws -> [String: String] {
        let applied = try JF.run(["apply", "examples/logic.json", changes])
        #expect(applied.status == 0, "\(applied.stderr)")
        let result = try JF.run(["validate", "--json", "-"], stdin: applied.stdout)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let fields = try #require((report["documents"] as? [[String: Any]])?.first?["fields"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: fields.map { ($0["field"] as? String ?? "", $0["requiredBy"] as? String ?? "-") })
    }

    @Test func theExampleAsShipped() throws {
        let fields = try validated(after: "[]")
        #expect(fields["harness_id"] == "requiredLogic")
        #expect(fields["fire_watch"] == "required", "shown: the work is hot")
    }

    @Test func atTwoMetresTheHarnessIsNotRequired() throws {
        let fields = try validated(after: #"{"target": "field.update", "fieldId": "height_m", "change": {"value": 2}}"#)
        #expect(fields["harness_id"] == "-")
    }

    @Test func coldWorkHidesTheFireWatch() throws {
        let fields = try validated(after: #"{"target": "field.update", "fieldId": "work_type", "change": {"value": "opt_cold"}}"#)
        #expect(fields["fire_watch"] == nil, "hidden, so not checked")
        #expect(fields.count == 4)
    }

    @Test func aHelperNeedsNoCertificate() throws {
        let change = #"{"target": "field.value.rowUpdate", "fieldId": "crew", "change": {"rowId": "row_1", "row": {"cells": {"role": "opt_helper"}}}}"#
        let applied = try JF.run(["apply", "examples/logic.json", change])
        let result = try JF.run(["validate", "-"], stdin: applied.stdout, environment: ["NO_COLOR": "1"])
        #expect(!result.stdout.contains("cert"))
        #expect(result.stdout.contains("the required field 'harness_id'"))
    }
}

/// `--license` and `--license-key`: answer as an app with that licence does.
struct LicenseCommandTests {
    @Test func collectionsNeedALicenceOnlyWhenAKeyIsGiven() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-license-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let pem = directory.appendingPathComponent("issuer.pem")
        try key.publicKey.pemRepresentation.write(to: pem, atomically: true, encoding: .utf8)
        func piece(_ data: Data) -> String {
            String(data.base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
        }
        let signed = piece(Data(#"{"alg":"RS256"}"#.utf8)) + "." + piece(Data(#"{"collectionField":true}"#.utf8))
        let signature = try key.signature(for: SHA256.hash(data: Data(signed.utf8)), padding: .insecurePKCS1v1_5)
        let token = directory.appendingPathComponent("app.jwt")
        try (signed + "." + piece(signature.rawRepresentation) + "\n").write(to: token, atomically: true, encoding: .utf8)

        let form = #"{"fields": [{"_id": "sites", "type": "collection", "required": true, "value": [], "schema": {"s": {"root": true, "tableColumns": []}}}]}"#
        #expect(try JF.run(["validate", "--no-schema", "-"], stdin: form).status == 1, "jf checks everything by default")
        let locked = try JF.run(["validate", "--no-schema", "--license-key", pem.path, "-"], stdin: form)
        #expect(locked.status == 0 && locked.stderr.hasPrefix("1 document, 0 fields checked: valid"), "no licence: left out, as the app leaves it out")
        let unlocked = try JF.run(["validate", "--no-schema", "--license", "@" + token.path, "--license-key", pem.path, "-"], stdin: form)
        #expect(unlocked.status == 1)
        let refused = try JF.run(["apply", "--license-key", pem.path, "-",
                                  #"{"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"cells": {}}}}"#], stdin: form)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(#"collection fields need a licence that unlocks them ("collectionField": true)"#))
        // A key that is no key is a usage error, never a crash.
        let bad = directory.appendingPathComponent("bad.pem")
        try "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".write(to: bad, atomically: true, encoding: .utf8)
        let refusedKey = try JF.run(["validate", "--license-key", bad.path, "-"], stdin: form)
        #expect(refusedKey.status == 2 && refusedKey.stderr.contains("--license-key: \(bad.path) is not an RSA public key in PEM form"))
        let alone = try JF.run(["validate", "--license", "x", "-"], stdin: form)
        #expect(alone.status == 2 && alone.stderr.contains("--license needs --license-key"))
    }
}

/// `hidden` in `jf validate --json`: what was left out, and the rule that hid it.
struct HiddenReportTests {
    @Test func eachHiddenThingNamesItsRule() throws {
        let form = """
            {"files": [{"_id": "f", "pages": [
               {"_id": "p1", "fieldPositions": [{"_id": "x1", "field": "a"}, {"_id": "x2", "field": "t"}, {"_id": "x3", "field": "m"}]},
               {"_id": "p2", "hidden": true, "fieldPositions": [{"_id": "x4", "field": "z"}]}]}],
             "fields": [
              {"_id": "a", "type": "number", "value": 1},
              {"_id": "m", "type": "text", "hiddenViews": ["mobile"]},
              {"_id": "z", "type": "text", "hidden": true},
              {"_id": "t", "type": "table", "value": [{"_id": "r1", "cells": {"k": "x"}}, {"_id": "r2", "cells": {"k": "y"}}],
               "tableColumns": [
                 {"_id": "k", "type": "text"},
                 {"_id": "n", "type": "text", "required": true,
                  "cellVisibilityLogic": {"action": "hide", "eval": "and", "conditions": [{"column": "k", "condition": "=", "value": "x"}]}},
                 {"_id": "o", "type": "text", "required": true, "cellsHidden": true},
                 {"_id": "q", "type": "text", "hidden": true, "logic": {"action": "show", "eval": "and", "conditions": [{"field": "a", "condition": ">", "value": 5}]}},
                 {"_id": "w", "type": "text", "deleted": true}]}]}
            """
        let result = try JF.run(["validate", "--no-schema", "--json", "-"], stdin: form)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let hidden = try #require((report["documents"] as? [[String: Any]])?.first?["hidden"] as? [[String: String]])
        #expect(hidden == [
            ["field": "m", "by": "hiddenViews"], ["field": "z", "by": "hidden"], ["page": "p2", "by": "hidden"],
            ["field": "t", "column": "q", "by": "logic"], ["field": "t", "column": "w", "by": "deleted"],
            ["field": "t", "column": "n", "row": "r1", "by": "cellVisibilityLogic"],
            ["field": "t", "column": "o", "row": "r1", "by": "cellsHidden"], ["field": "t", "column": "o", "row": "r2", "by": "cellsHidden"],
        ])
        // r2's n is shown and empty: that one is a finding, not hidden.
        #expect(result.stdout.contains(#""emptyColumns":["n"]"#))
    }
}
