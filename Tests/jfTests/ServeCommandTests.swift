import Foundation
import JoyfillJSON
import JoyfillSchema
import Testing

/// `jf serve`'s HTTP API, against the built `jf` on a loopback port: the page, edits and what
/// they recompute, row operations, the playground, files, and every kind of bad request
/// (each answered with a JSON error, the server serving on).
@Suite(.serialized)
struct ServeCommandTests {
    /// The value of the input of field `field`'s first container in the page's HTML (a
    /// textarea's text), unescaped.
    static func shownValue(of field: String, in html: String) -> String? {
        guard let start = html.range(of: "data-field=\"\(field)\" data-type=") else { return nil }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "class=\"messages\"")?.lowerBound ?? rest.endIndex
        let container = rest[..<end]
        if let textarea = container.range(of: "<textarea"), let open = container[textarea.upperBound...].firstIndex(of: ">"),
           let close = container.range(of: "</textarea>") {
            return unescape(String(container[container.index(after: open)..<close.lowerBound]))
        }
        if let select = container.range(of: "<select") {
            guard let selected = container[select.upperBound...].range(of: "\" selected>") else { return "" }
            let option = container[..<selected.lowerBound]
            return unescape(String(option[option.index(after: option.lastIndex(of: "\"")!)...]))
        }
        guard let value = container.range(of: " value=\"") else { return nil }
        return unescape(String(container[value.upperBound...].prefix { $0 != "\"" }))
    }

    /// The instant (`data-ms`) of field `field`'s date box in the page's HTML; nil when it has none.
    static func shownInstant(of field: String, in html: String) -> String? {
        guard let start = html.range(of: "data-field=\"\(field)\" data-type=") else { return nil }
        let rest = html[start.upperBound...]
        let container = rest[..<(rest.range(of: "class=\"messages\"")?.lowerBound ?? rest.endIndex)]
        guard container.contains("data-date="), let value = container.range(of: " data-ms=\"") else { return nil }
        return String(container[value.upperBound...].prefix { $0 != "\"" })
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func change(_ field: String, _ value: Any, version: Int) -> [String: Any] {
        ["version": version, "changes": [["target": "field.update", "fieldId": field, "change": ["value": value]]]]
    }

    @Test func theInvoiceFormShowsWhatRunComputesAndAnEditRecomputesOnlyWhatItReaches() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        let page = try await server.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.text.contains("<title>Invoice INV-1042 · jf serve</title>"))
        #expect(page.text.contains("<label class=\"title\" for=\"f0-0-in\">Customer</label>"))
        #expect(page.text.contains("aria-label=\"Quantity, row 1\""))
        #expect(Self.shownValue(of: "total", in: page.text) == "953.41")

        let answer = try await server.post("/api/change", object: Self.change("tax_rate", 10, version: 0)).json()
        #expect(answer["version"] as? Int == 1)
        let replaced = (answer["replace"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String }
        let fields = replaced.compactMap { html in html.range(of: "data-field=\"").map { String(html[$0.upperBound...].prefix { $0 != "\"" }) } }
        // tax_rate itself, and the formulas that read it, directly or not; not customer, items or subtotal.
        #expect(Set(fields) == ["tax_rate", "tax", "total", "summary"], "\(fields)")
        #expect(replaced.contains { Self.shownValue(of: "total", in: $0) == "968.83" })
        // The change, then the formulas' writes: those the change moved, and, as this is the
        // first change, those made at load (the invoice stores no formula results).
        #expect(answer["changelogs"] as? Int == 7)
        let changelog = try await server.get("/api/changelog")
        let entries = try #require(try JSONSerialization.jsonObject(with: changelog.body) as? [[String: Any]])
        #expect(Set(entries.map { $0["target"] as? String }) == ["field.update"])
        #expect(entries.compactMap { $0["fieldId"] as? String } == ["tax_rate", "subtotal", "tax", "total", "due_date", "summary", "size"])
        #expect(entries.first { $0["fieldId"] as? String == "total" }.flatMap { ($0["change"] as? [String: Any])?["value"] as? Double } == 968.83)
        let document = try await server.get("/api/document")
        #expect(document.headers["content-disposition"] == "attachment; filename=\"invoice.json\"")
        #expect(document.text.contains("\"value\": 10") || document.text.contains("\"value\":10"))
    }

    @Test func rowOperationsAddMoveDuplicateAndDeleteRowsAndRecompute() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        var answer = try await server.post("/api/change", object: ["version": 0, "operation": "insertRow", "field": "items"]).json()
        var html = (answer["replace"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String }.joined()
        #expect(html.contains("aria-label=\"Quantity, row 4\""))
        // The new row is empty: the subtotal is the same; its cells are then set.
        let row = try #require(html.components(separatedBy: "data-row=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .first { !["r1", "r2", "r3"].contains($0) })
        let cells: [String: Any] = ["version": 1, "changes": [["target": "field.value.rowUpdate", "fieldId": "items",
                                                              "change": ["rowId": row, "row": ["cells": ["price": 10, "qty": 2]]]]]]
        answer = try await server.post("/api/change", object: cells).json()
        html = (answer["replace"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String }.joined()
        #expect(Self.shownValue(of: "total", in: html) == "975.06", "880.75 + 20, with 8.25% tax")
        answer = try await server.post("/api/change", object: ["version": 2, "operation": "duplicateRows", "field": "items", "row": row]).json()
        html = (answer["replace"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String }.joined()
        #expect(html.contains("aria-label=\"Quantity, row 5\""))
        #expect(Self.shownValue(of: "total", in: html) == "996.71")
        answer = try await server.post("/api/change", object: ["version": 3, "operation": "moveRowUp", "field": "items", "row": row]).json()
        #expect(answer["version"] as? Int == 4)
        answer = try await server.post("/api/change", object: ["version": 4, "operation": "deleteRows", "field": "items", "row": row]).json()
        html = (answer["replace"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String }.joined()
        #expect(!html.contains("aria-label=\"Quantity, row 5\""))
        #expect(Self.shownValue(of: "total", in: html) == "975.06")
        let log = try #require(try JSONSerialization.jsonObject(with: try await server.get("/api/changelog").body) as? [[String: Any]])
        let targets = Set(log.compactMap { $0["target"] as? String })
        #expect(targets.isSuperset(of: ["field.value.rowCreate", "field.value.rowUpdate", "field.value.rowMove", "field.value.rowDelete"]))
    }

    /// Undo and redo: typing in one field is one step; undoing every step gives back the
    /// document's exact text, its changelog and no unsaved mark; redo goes forward again; a new
    /// change clears what could be redone; read-only mode and an empty history refuse.
    @Test func undoAndRedoGiveBackExactlyWhatWasThere() async throws {
        let directory = try ServeSecurityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.json").path
        let server = try ServeProcess([file])
        defer { server.stop() }
        let original = try await server.get("/api/document").body
        var version = 0
        func send(_ path: String, _ object: [String: Any] = [:]) async throws -> [String: Any] {
            let answer = try await server.post(path, object: object.merging(["version": version]) { $1 }).json()
            version = answer["version"] as? Int ?? version
            return answer
        }
        func status(_ answer: [String: Any]) -> [String: Any] { answer["status"] as? [String: Any] ?? [:] }
        func total() async throws -> String? { Self.shownValue(of: "total", in: try await server.get("/").text) }

        #expect(status(try await server.get("/api/form").json())["undo"] as? Bool == false)
        for typed in ["M", "Mi", "Min"] {
            _ = try await send("/api/change", ["changes": [["target": "field.update", "fieldId": "customer", "change": ["value": typed]]]])
        }
        _ = try await send("/api/change", ["changes": [["target": "field.value.rowUpdate", "fieldId": "items", "change": ["rowId": "r1", "row": ["cells": ["qty": 5]]]]]])
        var answer = try await send("/api/change", ["operation": "insertRow", "field": "items"])
        #expect(status(answer)["undo"] as? Bool == true && status(answer)["redo"] as? Bool == false)
        let changed = try await server.get("/api/document").body
        let changelogs = try JSONSerialization.jsonObject(with: try await server.get("/api/changelog").body) as? [Any]

        answer = try await send("/api/undo")
        #expect(status(answer)["redo"] as? Bool == true)
        #expect(try await total() == "1093.6", "the new row is gone, the quantity still 5")
        _ = try await send("/api/undo")
        #expect(try await total() == "953.41")
        answer = try await send("/api/undo")
        #expect(try await server.get("/api/document").body == original, "three keystrokes were one step")
        #expect(status(answer)["unsaved"] as? Bool == false && status(answer)["undo"] as? Bool == false)
        #expect((try JSONSerialization.jsonObject(with: try await server.get("/api/changelog").body) as? [Any])?.isEmpty == true)
        let nothing = try await server.post("/api/undo", object: ["version": version])
        #expect(nothing.status == 409 && ServeSecurityTests.message(nothing) == "there is nothing to undo")

        for _ in 0..<3 { _ = try await send("/api/redo") }
        #expect(try await server.get("/api/document").body == changed)
        #expect((try JSONSerialization.jsonObject(with: try await server.get("/api/changelog").body) as? [Any])?.count == changelogs?.count)
        _ = try await send("/api/undo")
        answer = try await send("/api/change", ["changes": [["target": "field.update", "fieldId": "customer", "change": ["value": "Other"]]]])
        #expect(status(answer)["redo"] as? Bool == false, "a new change clears what could be redone")

        _ = try await server.post("/api/readonly", object: ["readonly": true])
        let refused = try await server.post("/api/undo", object: ["version": version])
        #expect(refused.status == 409 && ServeSecurityTests.message(refused).contains("read-only"))
        let behind = try await server.post("/api/undo", object: ["version": version - 1]).json()
        #expect(behind["reload"] as? Bool == true)
    }

    @Test func everyExampleRendersAndItsFormulaFieldsShowWhatRunComputes() async throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: JF.root.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(examples.count >= 6)
        for example in examples {
            let run = try JF.run(["run", "--json", "examples/\(example)"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let documents = try #require(report["documents"] as? [[String: Any]])
            let fields = documents.first?["fields"] as? [String: [String: Any]] ?? [:]
            let server = try ServeProcess(["examples/\(example)"])
            defer { server.stop() }
            let page = try await server.get("/")
            #expect(page.status == 200, "\(example)")
            if example == "cycle.json" {
                #expect(page.text.contains(#"<p class="error" role="alert"><span class="code">circular-reference</span> "#),
                        "a cycle is shown on its fields with the engine's message")
            }
            for (field, result) in fields where result["status"] as? String == "ok" {
                guard let shown = Self.shownValue(of: field, in: page.text) else { continue }   // a field type without an input
                switch result["value"] {
                case let number as NSNumber where "\(type(of: number))" != "__NSCFBoolean" && "\(number)" != "true" && "\(number)" != "false":
                    if let instant = Self.shownInstant(of: field, in: page.text) {   // a date box: its text is the format's
                        #expect(instant == String(format: "%.15g", number.doubleValue), "\(example): \(field)")
                        continue
                    }
                    #expect(shown == String(format: "%.15g", number.doubleValue), "\(example): \(field) shows \(shown), run gives \(number)")
                case let text as String:
                    #expect(shown == text, "\(example): \(field)")
                default: break
                }
            }
        }
    }

    /// Numbers are shown as people read them, with at most 15 significant digits, and the
    /// stored values keep every digit: a document saved unchanged is the document.
    @Test func numbersShowFifteenDigitsAndAreStoredWhole() async throws {
        let directory = try ServeSecurityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("numbers.json")
        let text = #"""
            {"_id": "d", "formulas": [{"_id": "f", "expression": "0.1 + 0.2"}],
             "files": [{"_id": "file1", "pages": [{"_id": "p1", "name": "Page", "fieldPositions": [
               {"_id": "x1", "field": "sum"}, {"_id": "x2", "field": "total"}, {"_id": "x3", "field": "items"}]}]}],
             "fields": [
              {"_id": "sum", "type": "number", "title": "Sum", "value": 0.30000000000000004, "file": "file1", "formulas": [{"_id": "a", "key": "value", "formula": "f"}]},
              {"_id": "total", "type": "number", "title": "Total", "value": 5395834.0199999996, "file": "file1"},
              {"_id": "items", "type": "table", "title": "Items", "file": "file1", "value": [{"_id": "r1", "cells": {"price": 1.0000000000000002}}],
               "tableColumns": [{"_id": "price", "type": "number", "title": "Price"}]}
             ]}
            """#
        try text.write(to: file, atomically: true, encoding: .utf8)
        let server = try ServeProcess([file.path])
        defer { server.stop() }
        let page = try await server.get("/").text
        #expect(Self.shownValue(of: "sum", in: page) == "0.3")
        #expect(Self.shownValue(of: "total", in: page) == "5395834.02")
        #expect(page.contains(#"value="1""#), "a table's number cell too")
        let saved = try await server.post("/api/save", object: [String: Any]())
        #expect(saved.status == 200)
        #expect(try String(contentsOf: file, encoding: .utf8) == text, "nothing was rounded")
    }

    /// Ctrl-C with unsaved changes: on a terminal the server says so and stops only at a
    /// second Ctrl-C; without one it stops at once; saved, one Ctrl-C stops it. The page's
    /// status says whether there are unsaved changes.
    @Test func ctrlCWithUnsavedChangesAsksForASecondOnATerminal() async throws {
        let directory = try ServeSecurityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.json").path
        let change = ["version": 0, "changes": [["target": "field.update", "fieldId": "customer", "change": ["value": "Mine Ltd"]]]] as [String: Any]

        let terminal = try ServeProcess([file], onTerminal: true)
        defer { terminal.stop() }
        #expect(((try await terminal.get("/api/form").json())["status"] as? [String: Any])?["unsaved"] as? Bool == false)
        let changed = try await terminal.post("/api/change", object: change).json()
        #expect((changed["status"] as? [String: Any])?["unsaved"] as? Bool == true)
        terminal.interrupt()
        #expect(terminal.terminalText(containing: "press Ctrl-C again").contains("the document has unsaved changes"))
        #expect(terminal.isRunning, "the first Ctrl-C only asks")
        terminal.interrupt()
        for _ in 0..<100 where terminal.isRunning { usleep(100_000) }
        #expect(!terminal.isRunning, "the second stops it")

        let saved = try ServeProcess([file], onTerminal: true)
        defer { saved.stop() }
        _ = try await saved.post("/api/change", object: change)
        #expect(try await saved.post("/api/save", object: [String: Any]()).status == 200)
        #expect(((try await saved.get("/api/form").json())["status"] as? [String: Any])?["unsaved"] as? Bool == false)
        saved.interrupt()
        for _ in 0..<100 where saved.isRunning { usleep(100_000) }
        #expect(!saved.isRunning, "saved: one Ctrl-C stops it")

        let service = try ServeProcess([file])
        _ = try await service.post("/api/change", object: change)
        service.interrupt()
        for _ in 0..<100 where service.isRunning { usleep(100_000) }
        #expect(!service.isRunning, "without a terminal it stops at once")
        service.stop()
    }

    /// The `definitions` of docs/schemas/eval.schema.json, as JSON text.
    static func evalDefinitions() throws -> String {
        let text = try Data(contentsOf: JF.root.appendingPathComponent("docs/schemas/eval.schema.json"))
        return try #require(try JSONReader.read(Array(text))["definitions"]).text
    }

    @Test func thePlaygroundEvaluatesChecksCompletesAndExplains() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        var answer = try await server.post("/api/playground", object: ["formula": "subtotal * 2", "cursor": 12]).json()
        #expect(answer["ok"] as? Bool == true)
        #expect(answer["value"] as? String == "1761.5")
        #expect(answer["type"] as? String == "number")
        #expect((answer["explain"] as? String)?.contains("subtotal  =  880.75") == true, "\(answer)")

        answer = try await server.post("/api/playground", object: ["formula": "sum(totl)", "cursor": 8]).json()
        #expect(answer["ok"] as? Bool == false)
        let diagnostics = try #require(answer["diagnostics"] as? [[String: Any]])
        let unknown = try #require(diagnostics.first)
        #expect(unknown["severity"] as? String == "error")
        #expect((unknown["span"] as? [String: Any])?["start"] as? Int == 4)
        #expect((unknown["span"] as? [String: Any])?["end"] as? Int == 8)
        #expect((unknown["message"] as? String)?.contains("totl") == true)
        let edits = try #require((unknown["fix"] as? [String: Any])?["edits"] as? [[String: Any]])
        #expect(edits.first?["replacement"] as? String == "total")
        // Each is `jf eval --json`'s error object, and its severity.
        let errorSchema = try JSONSchema(text: Array(##"{"definitions": \##(try Self.evalDefinitions()), "$ref": "#/definitions/error"}"##.utf8))
        let raw = try await server.post("/api/playground", object: ["formula": "sum(totl)", "cursor": 8]).body
        #expect(!errorSchema.validate(.object([])).isEmpty, "the schema checks something")
        for diagnostic in try #require(try JSONReader.read(Array(raw))["diagnostics"]?.arrayValue) {
            #expect(errorSchema.validate(diagnostic).isEmpty, "\(diagnostic.text)")
        }
        let signature = try #require(answer["signature"] as? [String: Any])
        #expect((signature["label"] as? String)?.hasPrefix("sum(") == true)

        // Offsets are jf eval's (UTF-8 bytes): "é" before the error counts two.
        answer = try await server.post("/api/playground", object: ["formula": "concat(\"é\", totl)", "cursor": 0]).json()
        let accented = try #require((answer["diagnostics"] as? [[String: Any]])?.first)
        #expect((accented["span"] as? [String: Any])?["start"] as? Int == 13)

        var completion = try await server.post("/api/complete", object: ["formula": "sub", "cursor": 3]).json()
        #expect((completion["items"] as? [String])?.contains("subtotal") == true)
        #expect(completion["from"] as? Int == 0)
        completion = try await server.post("/api/complete", object: ["formula": "map(items, (r) -> r.pr", "cursor": 22]).json()
        #expect(completion["items"] as? [String] == ["price"])
        #expect(completion["from"] as? Int == 20)

        let deps = try await server.get("/api/deps?field=tax").json()
        #expect(deps["reads"] as? [String] == ["subtotal", "tax_rate"] || deps["reads"] as? [String] == ["tax_rate", "subtotal"])
        #expect(deps["readBy"] as? [String] == ["total"])
        #expect(deps["recomputes"] as? [String] == ["total", "summary", "size"])
        let unknownField = try await server.get("/api/deps?field=totl")
        #expect(unknownField.status == 422)
        #expect(try unknownField.json()["error"].flatMap { ($0 as? [String: Any])?["suggestion"] as? String } == "total")
    }

    @Test func badRequestsGetClearErrorsAndTheServerGoesOn() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        // No X-JF-Request header: a page of another origin cannot send one.
        var answer = try await server.post("/api/change", json: "{}", headers: [:])
        #expect(answer.status == 403)
        answer = try await server.post("/api/change", json: "{\"changes\": [")
        #expect(answer.status == 400)
        #expect(try (answer.json()["error"] as? [String: Any])?["message"] as? String == nil ? false : true)
        answer = try await server.post("/api/change", json: #"{"version": 0, "changes": [{"target": "field.updat", "fieldId": "customer", "change": {"value": 1}}]}"#)
        #expect(answer.status == 422)
        var error = try #require(try answer.json()["error"] as? [String: Any])
        #expect(error["suggestion"] as? String == "field.update")
        answer = try await server.post("/api/change", json: #"{"version": 0, "changes": [{"target": "field.update", "fieldId": "nope", "change": {"value": 1}}]}"#)
        #expect(answer.status == 422)
        error = try #require(try answer.json()["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("nope") == true, "\(error)")
        answer = try await server.post("/api/change", json: #"{"version": 0, "operation": "moveRowUp", "field": "items", "row": "r9"}"#)
        #expect(answer.status == 422)
        answer = try await server.post("/api/change", json: #"{"version": 0, "operation": "insertRows", "field": "items"}"#)
        #expect(try (answer.json()["error"] as? [String: Any])?["suggestion"] as? String == "insertRow")
        // A body over the cap (4 MiB for edits: a 2 MiB file as a data: URL, and room).
        let large = "{\"changes\": [\"" + String(repeating: "x", count: 1 << 23) + "\"]}"
        answer = try await server.post("/api/change", json: large)
        #expect(answer.status == 413)
        answer = try await server.post("/api/open", json: "{\"not\": \"a JoyDoc\"")
        #expect(answer.status == 422)
        #expect(try ((answer.json()["error"] as? [String: Any])?["message"] as? String)?.contains("the upload") == true)
        answer = try await server.post("/api/open?path=/etc/passwd", json: "")
        #expect(answer.status == 403, "only files under the document's folder are opened")
        answer = try await server.get("/api/nothing")
        #expect(answer.status == 404)
        // Another Host (a page renamed to this address) is refused.
        let python = try JF.shell("""
            python3 -c "import http.client,sys; c=http.client.HTTPConnection('\(server.base.dropFirst(7))'); \
            c.request('GET','/',headers={'Host':'attacker.example'}); print(c.getresponse().status)"
            """)
        #expect(python.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "421", "\(python.stderr)")
        // After all that, it still serves, and the document is as it was.
        let page = try await server.get("/")
        #expect(page.status == 200)
        #expect(Self.shownValue(of: "total", in: page.text) == "953.41")
        let (status, stderr) = server.stop()
        #expect(status == 0, "\(stderr)")
    }

    @Test func saveWritesTheOpenedFileAndOpeningAnotherReplacesTheForm() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("invoice.json")
        try FileManager.default.copyItem(at: JF.root.appendingPathComponent("examples/invoice.json"), to: copy)
        let original = try Data(contentsOf: copy)
        let server = try ServeProcess([copy.path])
        defer { server.stop() }
        _ = try await server.post("/api/change", object: Self.change("customer", "Zenith Ltd", version: 0))
        #expect(try Data(contentsOf: copy) == original, "nothing is written until asked")
        let saved = try await server.post("/api/save", json: "{}").json()
        #expect(saved["saved"] as? String == copy.path)
        let text = try String(contentsOf: copy, encoding: .utf8)
        #expect(text.contains("\"Zenith Ltd\""))
        let check = try JF.run(["run", "--json", copy.path])
        #expect(check.stdout.contains("Zenith Ltd: 3 items"), "the file is a JoyDoc whose formulas read the new value")

        let order = directory.appendingPathComponent("order.json")
        try FileManager.default.copyItem(at: JF.root.appendingPathComponent("examples/order.json"), to: order)
        let opened = try await server.post("/api/open?path=\(order.path)", json: "").json()
        #expect(opened["path"] as? String == order.path)
        #expect((opened["form"] as? String)?.contains("data-field=") == true)
        let upload = try await server.post("/api/open", json: String(decoding: original, as: UTF8.self)).json()
        #expect(upload["path"] is NSNull)
        let refused = try await server.post("/api/save", json: "{}")
        #expect(refused.status == 422, "an upload has no file to save to")
    }

    @Test func readonlyModeDisablesInputsAndRefusesChanges() async throws {
        let server = try ServeProcess(["--readonly", "examples/invoice.json"])
        defer { server.stop() }
        let page = try await server.get("/")
        #expect(page.text.contains("id=\"f0-0-in\" data-field=\"customer\" value=\"Acme Tools Ltd\" disabled"))
        #expect(!page.text.contains("data-action=\"insertRow\""))
        let refused = try await server.post("/api/change", object: Self.change("customer", "X", version: 0))
        #expect(refused.status == 422)
        #expect(try ((refused.json()["error"] as? [String: Any])?["message"] as? String)?.contains("read-only") == true)
        let off = try await server.post("/api/readonly", object: ["readonly": false]).json()
        #expect((off["replace"] as? [Any])?.isEmpty == false)
        let accepted = try await server.post("/api/change", object: Self.change("customer", "X", version: 0))
        #expect(accepted.status == 200)
    }

    @Test func withoutADocumentItStartsEmptyAndAnotherHostIsWarnedAbout() async throws {
        let server = try ServeProcess([])
        let page = try await server.get("/")
        #expect(page.text.contains("New document"))
        #expect(page.text.contains("id=\"save-button\" disabled"))
        let port = String(server.base.split(separator: ":").last ?? "")
        let taken = try JF.run(["serve", "--port", port])
        #expect(taken.status == 2)
        #expect(taken.stderr == "jf: error: cannot serve on 127.0.0.1:\(port): Address already in use (another server has the port; --port 0 picks a free one)\n")
        server.stop()
        let wide = try ServeProcess(["--host", "0.0.0.0", "examples/invoice.json"])
        let (_, stderr) = wide.stop()
        #expect(stderr.contains("warning: listening on 0.0.0.0"))
        let bad = try JF.run(["serve", "examples/formulas.txt"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("examples/formulas.txt"))
    }
}
