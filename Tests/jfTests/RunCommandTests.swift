import Foundation
import Testing

/// A fresh temporary directory holding copies of the named examples; the caller removes it with `discard`.
func workspace(_ examples: [String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in examples {
        try FileManager.default.copyItem(at: JF.root.appendingPathComponent("examples/\(name)"), to: directory.appendingPathComponent(name))
    }
    return directory
}

/// Removes a test's temporary directory, so that test runs leave nothing behind in /tmp.
func discard(_ directory: URL) {
    try? FileManager.default.removeItem(at: directory)
}

func report(_ stdout: String) throws -> [[String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    return try #require(object["documents"] as? [[String: Any]])
}

func fieldValue(_ document: [String: Any], _ field: String) -> Any? {
    ((document["fields"] as? [String: Any])?[field] as? [String: Any])?["value"]
}

func fieldStatus(_ document: [String: Any], _ field: String) -> String? {
    ((document["fields"] as? [String: Any])?[field] as? [String: Any])?["status"] as? String
}

struct RunCommandTests {
    @Test func invoiceReport() throws {
        let result = try JF.run(["run", "--json", "examples/invoice.json"])
        #expect(result.status == 0)
        let document = try #require(try report(result.stdout).first)
        #expect(document["path"] as? String == "examples/invoice.json")
        #expect(fieldValue(document, "total") as? Double == 953.41)
        #expect(fieldValue(document, "summary") as? String == "Acme Tools Ltd: 3 items, total 953.41")
        #expect(fieldValue(document, "due_date") as? Double == 1_734_825_600_000)
        #expect(fieldStatus(document, "total") == "ok")
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(document["changed"] as? Bool == true)
        #expect(result.stderr.hasPrefix("1 document, 6 formula fields, 0 errors in "))
    }

    /// What the reference's own samples rely on, through `jf run`: JSON text in text fields read
    /// as arrays and objects, a chart written with the ids and types the schema wants, a date
    /// written to a number field, "" written to a dropdown.
    @Test func whatReferenceTemplatesRelyOn() throws {
        let document = #"""
            {"fields": [
              {"_id": "answers", "type": "text", "value": "[\"Yes\", \"No\", \"Yes\", \"Maybe\", \"Yes\"]"},
              {"_id": "user", "type": "textarea", "value": "{\"name\": \"John Doe\", \"age\": 30}"},
              {"_id": "matrix", "type": "text", "value": "[[1, 2, 3], [4, 5, 6]]"},
              {"_id": "yes", "type": "number", "formulas": [{"formula": "f_yes", "key": "value"}]},
              {"_id": "who", "type": "text", "formulas": [{"formula": "f_who", "key": "value"}]},
              {"_id": "cell", "type": "number", "formulas": [{"formula": "f_cell", "key": "value"}]},
              {"_id": "stamp", "type": "number", "formulas": [{"formula": "f_stamp", "key": "value"}]},
              {"_id": "choice", "type": "dropdown", "value": "o1", "options": [{"_id": "o1", "value": "A"}],
               "formulas": [{"formula": "f_choice", "key": "value"}]},
              {"_id": "trend", "type": "chart", "formulas": [{"formula": "f_trend", "key": "value"}]}
            ],
            "formulas": [
              {"_id": "f_yes", "expression": "countIf(answers, \"Yes\")"}, {"_id": "f_who", "expression": "user.name"},
              {"_id": "f_cell", "expression": "matrix[1][2]"}, {"_id": "f_stamp", "expression": "date(2024, 1, 2)"},
              {"_id": "f_choice", "expression": "\"\""},
              {"_id": "f_trend", "expression": "[{title: \"Yes\", points: map(answers, (a, i) -> {x: i, y: if(a == \"Yes\", 1, 0)})}]"}
            ]}
            """#
        let result = try JF.run(["run", "--json", "-"], stdin: document)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try report(result.stdout).first)
        #expect(fieldValue(report, "yes") as? Double == 3)
        #expect(fieldValue(report, "who") as? String == "John Doe")
        #expect(fieldValue(report, "cell") as? Double == 6)
        #expect(fieldValue(report, "stamp") as? Double == 1_704_153_600_000)
        #expect(fieldValue(report, "choice") as? String == "")
        let lines = try #require(fieldValue(report, "trend") as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(lines[0]["deleted"] as? Bool == false && lines[0]["title"] as? String == "Yes")
        #expect((lines[0]["_id"] as? String)?.count == 24)
        let points = try #require(lines[0]["points"] as? [[String: Any]])
        #expect(points.map { $0["y"] as? Double } == [1, 0, 1, 0, 1])
        #expect(points.allSatisfy { ($0["_id"] as? String)?.count == 24 && $0["label"] as? String == "" })
    }

    @Test func valuesAreCutAtTheTerminalsEdge() throws {
        let plain = try JF.run(["run", "examples/sales-chart.json"])
        let line = try #require(plain.stdout.split(separator: "\n").first { $0.hasPrefix("  target_chart") })
        #expect(line.count == 2 + 12 + 2 + 80 + 1, "80 characters of the value and a …: \(line)")
        let narrow = try JF.run(["run", "examples/sales-chart.json"], environment: ["COLUMNS": "60"])
        #expect(narrow.stdout.contains("  target_chart  [{\"_id\":\"target\",\"title\":\"Target\",\"deleted\"…\n"))
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 })
    }

    @Test func everyExampleEvaluates() throws {
        let result = try JF.run(["run", "--json", "examples"])
        let documents = try report(result.stdout)
        #expect(documents.map { $0["path"] as? String } == [
            "examples/cycle.json", "examples/inspection.json", "examples/invoice.json", "examples/logic.json", "examples/order.json",
            "examples/sales-chart.json", "examples/templates/order-form.json", "examples/work-order.json",
        ])
        let inspection = documents[1]
        #expect(fieldValue(inspection, "failed") as? Double == 1)
        #expect(fieldValue(inspection, "average_score") as? Double == 7)
        #expect(fieldValue(inspection, "status") as? String == "st_act")
        #expect(fieldValue(inspection, "worst_site") as? String == "Harbour depot")
        #expect(fieldValue(documents[4], "total") as? Double == 215.76)
        let chart = documents[5]
        #expect(fieldValue(chart, "total_units") as? Double == 708)
        let lines = try #require(fieldValue(chart, "target_chart") as? [[String: Any]])
        #expect((lines.first?["points"] as? [[String: Any]])?.map { $0["y"] as? Double } == [120, 120, 120, 120])
        #expect(result.status == 1, "the cycle example has errors")
    }

    @Test func cyclesAreReportedWithTheirPath() throws {
        let result = try JF.run(["run", "--json", "examples/cycle.json"])
        #expect(result.status == 1)
        let document = try #require(try report(result.stdout).first)
        #expect(fieldStatus(document, "net") == "circular")
        #expect(fieldStatus(document, "fees") == "circular")
        #expect(fieldStatus(document, "report") == "dependsOnCircular")
        #expect(fieldStatus(document, "gross") == "ok")
        #expect(fieldValue(document, "net") as? Double == 0)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["circular-reference", "circular-reference", "depends-on-circular"])
        #expect(diagnostics[0]["cycle"] as? [String] == ["fees", "net", "fees"])
        #expect(diagnostics[0]["message"] as? String == "circular reference: fees → net → fees")
        #expect(diagnostics[0]["span"] as? [String: Int] == ["start": 8, "end": 12, "line": 1, "column": 9])
    }

    /// Decision D8 end to end: what reads a failed formula is reported depends-on-failure and
    /// keeps its value, in the report, the JSON, a stream and after a --set; fixed by the
    /// --set, everything is computed.
    @Test func aFailedFormulasDependentsNeverLookCurrent() throws {
        let text = #"""
            {"_id": "d", "formulas": [{"_id": "f1", "expression": "price * qty"}, {"_id": "f2", "expression": "subtotal * 2"}],
             "fields": [{"_id": "price", "type": "number", "value": 10}, {"_id": "qty", "type": "text", "value": "abc"},
                        {"_id": "subtotal", "type": "number", "value": 5, "formulas": [{"_id": "a1", "formula": "f1", "key": "value"}]},
                        {"_id": "total", "type": "number", "value": 6, "formulas": [{"_id": "a2", "formula": "f2", "key": "value"}]}]}
            """#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jf-d8-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let json = try JF.run(["run", "--json", path])
        #expect(json.status == 1)
        let fields = try #require(try report(json.stdout).first?["fields"] as? [String: [String: Any]])
        #expect(fields["total"]?["status"] as? String == "dependsOnFailure")
        #expect(fields["total"]?["value"] as? Int == 6, "the stored value, not 5 * 2")
        let human = try JF.run(["run", path], environment: ["NO_COLOR": "1"])
        #expect(human.stdout.contains("  total     6  [dependsOnFailure]\n"))
        #expect(human.stdout.contains("error[depends-on-failure]: depends on 'subtotal', whose formula failed"))
        let compact = text.replacingOccurrences(of: "\n", with: " ")
        let stream = try JF.run(["run", "--jsonl", "--problems-key", "problems"], stdin: compact + "\n")
        #expect(stream.status == 0)
        #expect(stream.stdout.contains(#""code":"depends-on-failure""#) && stream.stdout.contains(#""value": 6"#), "\(stream.stdout)")
        #expect(stream.stderr.contains(#""field":"total""#) && stream.stderr.contains("depends-on-failure"))
        let fixed = try JF.run(["run", "--json", "--set", "qty=3", path])
        #expect(fixed.status == 0)
        let fixedFields = try #require(try report(fixed.stdout).first?["fields"] as? [String: [String: Any]])
        #expect(fixedFields["total"]?["status"] as? String == "ok" && fixedFields["total"]?["value"] as? Int == 60)
    }

    @Test func problemsAreShownWhereTheyAreInTheDocumentAsLintShowsThem() throws {
        let result = try JF.run(["run", "examples/templates/order-form.json"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        // the place in the file, its line with a caret, and the suggestion jf eval and jf lint give
        #expect(result.stdout.contains("""
            error[unknown-reference]: unknown name 'subtotl'
              --> examples/templates/order-form.json:28:81 · field subtotal · formula f_subtotal
               |
            28 |     {"_id": "f_subtotal", "desc": "unknown field", "expression": "qty * price + subtotl", "type": "calc", "scope": "private"},
               |                                                                                 ^^^^^^^ did you mean 'subtotal'? [suggestion]
            """))
        // A formula that reads the failed field is not evaluated: it says so (its own 'rund' is
        // jf lint's to find, or the next run's once subtotal is fixed).
        #expect(result.stdout.contains("""
            error[depends-on-failure]: depends on 'subtotal', whose formula failed: unknown name 'subtotl'; the value is kept
              --> examples/templates/order-form.json:29:75 · field rounded · formula f_rounded
            """))
        #expect(result.stdout.contains("  rounded   (empty)  [dependsOnFailure]\n"))
        // the same places in the JSON report
        let json = try JF.run(["run", "--json", "examples/templates/order-form.json"])
        let diagnostics = try #require(try report(json.stdout).first?["diagnostics"] as? [[String: Any]])
        let unknown = try #require(diagnostics.first { $0["code"] as? String == "unknown-reference" })
        #expect(unknown["location"] as? [String: Int] == ["line": 28, "column": 81, "endLine": 28, "endColumn": 88])
        #expect((unknown["fix"] as? [String: Any])?["message"] as? String == "did you mean 'subtotal'?")
        let arity = try JF.run(["run", "--json", "-"], stdin: #"{"fields": [{"_id": "a", "type": "number", "formulas": [{"formula": "f", "key": "value"}]}], "formulas": [{"_id": "f", "expression": "if(true, 1)"}]}"#)
        let usage = try #require(try report(arity.stdout).first?["diagnostics"] as? [[String: Any]])
        #expect(usage.first?["notes"] as? [String] == ["usage: if(condition: boolean, whenTrue: any, whenFalse: any) -> any"])
    }

    /// A document the SDKs would not load is run, with one warning: for its version always,
    /// for its structure with --schema (a walk of the whole document).
    @Test func aDocumentTheSDKsWouldNotLoadIsRunWithAWarning() throws {
        let newer = #"{"v": "2.0.0", "fields": [{"_id": "a", "type": "number", "value": 2}]}"#
        let run = try JF.run(["run", "-"], stdin: newer)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix(#"jf: warning: -:1:7: the Joyfill SDKs would not load this document: the version "2.0.0" is newer than the schema the SDKs read (1.0.5, so v1.x.x) (/v); jf lint - shows every problem"#))
        let loose = #"{"fields": [{"_id": "a", "type": "number", "value": 2}]}"#
        #expect(try JF.run(["run", "-"], stdin: loose).stderr.hasPrefix("1 document"), "the structure only with --schema")
        let checked = try JF.run(["run", "--schema", "-"], stdin: loose)
        #expect(checked.status == 0)
        #expect(checked.stderr.hasPrefix("jf: warning: -:1:1: the Joyfill SDKs would not load this document: the document has no `files`, which a JoyDoc requires; jf lint - shows every problem\n"))
        #expect(try JF.run(["run", "--schema", "examples/invoice.json"]).stderr.hasPrefix("1 document"), "the examples load")
    }

    @Test func whatTheReaderWorkedAroundIsAWarning() throws {
        let document = """
            {"fields": [
              {"_id": "a", "type": "number", "value": 2},
              {"_id": "a", "type": "number", "value": 3},
              {"_id": "b", "type": "number", "formulas": [{"formula": "f", "key": "value"}]}
            ],
            "formulas": [{"_id": "f", "expression": "a * 2"}, {"_id": "g"}]}
            """
        let result = try JF.run(["run", "-"], stdin: document, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            warning[invalid-document]: a second field has the _id "a"; formulas read the first
             --> -:3:3 · field a
            """))
        #expect(result.stdout.contains("warning[invalid-document]: formula \"g\" has no \"expression\" and is ignored"))
        #expect(result.stderr.hasPrefix("1 document, 1 formula field, 0 errors, 2 warnings in "))
        let json = try JF.run(["run", "--json", "-"], stdin: document)
        let diagnostics = try #require(try report(json.stdout).first?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["severity"] as? String } == ["warning", "warning"])
        #expect(diagnostics.first?["location"] as? [String: Int] == ["line": 3, "column": 3, "endLine": 3, "endColumn": 4])
        let lines = try JF.run(["run", "--jsonl"], stdin: document.replacingOccurrences(of: "\n", with: " ") + "\n")
        #expect(lines.status == 0)
        #expect(lines.stderr.split(separator: "\n").count == 2)
        #expect(lines.stderr.hasPrefix(#"{"line":1,"severity":"warning","code":"invalid-document""#))
    }

    @Test func setRecomputesDependents() throws {
        let result = try JF.run(["run", "--json", "--set", "tax_rate=10", "examples/invoice.json"])
        let document = try #require(try report(result.stdout).first)
        #expect(fieldValue(document, "tax") as? Double == 88.08)
        #expect(fieldValue(document, "total") as? Double == 968.83)

        let unknown = try JF.run(["run", "--set", "tax_rat=10", "examples/invoice.json"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no field has the _id 'tax_rat' (did you mean 'tax_rate'?)"))

        // A --set that cannot be applied changes and writes nothing, and the JSON report says why.
        let directory = try workspace(["order.json"])
        defer { discard(directory) }
        let path = directory.appendingPathComponent("order.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let partial = try JF.run(["run", "--write", "--json", "--set", "qty=5", "--set", "qyt=1", path])
        #expect(partial.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let refused = try #require(try report(partial.stdout).first)
        #expect(refused["changed"] as? Bool == false)
        let change = try #require((refused["diagnostics"] as? [[String: Any]])?.first)
        #expect(change["code"] as? String == "invalid-change")
        #expect(change["field"] as? String == "qyt")
        #expect(change["notes"] as? [String] == ["did you mean 'qty'?"])

        let notJSON = try JF.run(["run", "--set", "customer=Bob", "examples/invoice.json"])
        #expect(notJSON.status == 2)
        #expect(notJSON.stderr.contains("quote text: customer='\"Bob\"'"))
    }

    @Test func writeRewritesOnlyChangedFilesAtomically() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("invoice.json").path
        let first = try JF.run(["run", "--write", path])
        #expect(first.status == 0)
        #expect(first.stderr.hasPrefix("1 document, 6 formula fields, 0 errors, 1 changed"))
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let total = (json["fields"] as? [[String: Any]])?.first { $0["_id"] as? String == "total" }
        #expect(total?["value"] as? Double == 953.41)

        let second = try JF.run(["run", "--write", path])
        #expect(second.stderr.hasPrefix("1 document, 6 formula fields, 0 errors, 0 changed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written, "an unchanged document is not rewritten")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func writingThroughASymbolicLinkKeepsTheLink() throws {
        let directory = try workspace(["order.json"])
        defer { discard(directory) }
        let link = directory.appendingPathComponent("linked.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "order.json")
        let result = try JF.run(["run", "--write", link])
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "order.json", "the link is still a link")
        let target = try String(contentsOfFile: directory.appendingPathComponent("order.json").path, encoding: .utf8)
        #expect(target.contains(#""value": 215.76"#), "its target has the results")
    }

    @Test func setIsWrittenWithTheResults() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("invoice.json").path
        #expect(try JF.run(["run", "--write", "--set", "tax_rate=10", path]).status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let fields = try #require(json["fields"] as? [[String: Any]])
        #expect(fields.first { $0["_id"] as? String == "tax_rate" }?["value"] as? Double == 10)
        #expect(fields.first { $0["_id"] as? String == "total" }?["value"] as? Double == 968.83)
    }

    @Test func outWritesResultsUnderADirectory() throws {
        let directory = try workspace(["invoice.json", "cycle.json"])
        defer { discard(directory) }
        let output = directory.appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("invoice.json")
        let before = try Data(contentsOf: source)
        _ = try JF.run(["run", "--out", output.path, source.path])
        #expect(try Data(contentsOf: source) == before, "--out leaves the input alone")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("invoice.json").path))

        // Two inputs that would land on one output: refused before anything runs, since one
        // result would overwrite the other.
        let other = directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory.appendingPathComponent("cycle.json"), to: other.appendingPathComponent("invoice.json"))
        let clash = directory.appendingPathComponent("clash")
        let refused = try JF.run(["run", "--out", clash.path, source.path, other.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("would both be written to \(clash.path)/invoice.json; run them separately"))
        #expect(!FileManager.default.fileExists(atPath: clash.path))
        // Files found under a directory argument keep their place relative to it.
        let nested = try JF.run(["run", "--out", clash.path, directory.path])
        #expect(nested.status == 1, "cycle.json has a cycle")
        #expect(FileManager.default.fileExists(atPath: clash.appendingPathComponent("other/invoice.json").path))
        #expect(FileManager.default.fileExists(atPath: clash.appendingPathComponent("invoice.json").path))
    }

    @Test func aFailedWriteNamesItsTargetAndTheReason() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        let source = directory.appendingPathComponent("invoice.json")
        // `--out` under a file: the directory cannot be made.
        let result = try JF.run(["run", "--out", source.appendingPathComponent("out").path, source.path])
        #expect(result.status == 2)
        #expect(result.stderr == "jf: error: cannot make the directory \(source.path)/out: Not a directory\n", "\(result.stderr)")
    }

    /// A large document (over 16 MiB) gives exactly the results and the rewritten file of a
    /// small one.
    @Test func largeDocumentIsEvaluatedAndRewritten() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOf: directory.appendingPathComponent("invoice.json"), encoding: .utf8)
        let large = directory.appendingPathComponent("large.json")
        let padding = String(repeating: "lorem ipsum ", count: 1_500_000)   // 18 MB in an unknown key
        try (original.replacingOccurrences(of: "{\n", with: "{\n  \"notes\": \"\(padding)\",\n", options: .anchored))
            .write(to: large, atomically: true, encoding: .utf8)
        let small = directory.appendingPathComponent("invoice.json")
        let expected = try JF.run(["run", "--json", small.path])
        _ = try JF.run(["run", "--write", small.path])

        let result = try JF.run(["run", "--json", "--write", large.path])
        #expect(result.status == 0)
        let document = try #require(try report(result.stdout).first)
        let smallDocument = try #require(try report(expected.stdout).first)
        #expect(fieldValue(document, "total") as? Double == 953.41)
        #expect(NSDictionary(dictionary: document["fields"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: smallDocument["fields"] as? [String: Any] ?? [:]))
        let rewritten = try String(contentsOf: large, encoding: .utf8)
        let smallRewritten = try String(contentsOf: small, encoding: .utf8)
        #expect(rewritten == smallRewritten.replacingOccurrences(of: "{\n", with: "{\n  \"notes\": \"\(padding)\",\n", options: .anchored))
    }

    @Test func aBadDocumentDoesNotStopTheBatch() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{\n  \"fields\": [\n    {\"_id\": }\n  ]\n}\n".utf8).write(to: directory.appendingPathComponent("broken.json"))
        try Data("[1, 2]".utf8).write(to: directory.appendingPathComponent("list.json"))
        let result = try JF.run(["run", "--json", directory.path])
        #expect(result.status == 2)
        let documents = try report(result.stdout)
        #expect(documents.count == 2, "JSON that is not a JoyDoc, found in a directory, is passed over")
        #expect(result.stderr.contains("broken.json: line 3, column 13: invalid JSON: expected a JSON value, found '}'"))
        #expect(result.stderr.contains("jf: note: skipped \(directory.path)/list.json: not a JoyDoc: the document must be a JSON object, not an array"))
        #expect(result.stderr.contains(", 1 unreadable, 1 skipped (not JoyDocs) in "))
        #expect(fieldValue(documents[1], "total") as? Double == 953.41)
        // Named on the command line, it is an error.
        let named = try JF.run(["run", directory.appendingPathComponent("list.json").path])
        #expect(named.status == 2)
        #expect(named.stderr.contains("list.json: line 1, column 1: not a JoyDoc: the document must be a JSON object, not an array"))
        // Hidden directories and configuration files are passed over, as by jf lint.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: directory.appendingPathComponent(".git/config.json"))
        try Data(#"{"lint": {}}"#.utf8).write(to: directory.appendingPathComponent(".jf.json"))
        let passedOver = try JF.run(["run", "--json", directory.path])
        #expect(!passedOver.stderr.contains(".git") && !passedOver.stderr.contains(".jf.json"))

        // Documents run on several threads; what they say comes out whole, once each, in order.
        for index in 0..<12 { try Data("[\(index)]".utf8).write(to: directory.appendingPathComponent("list\(index).json")) }
        let many = try JF.run(["run", "--jobs", "2", directory.path])
        let lines = many.stderr.split(separator: "\n").filter { $0.hasPrefix("jf: ") }
        let names = (["list.json"] + (0..<12).map { "list\($0).json" }).sorted()
        #expect(lines.filter { $0.contains("/list") }.map { String($0.split(separator: "/").last!.prefix { $0 != ":" }) } == names)
    }

    /// A directory is searched in the order of its paths, byte for byte; hidden directories,
    /// links to directories and links that lead nowhere are passed over, links to files are not.
    @Test func aDirectoryIsSearchedInPathOrder() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let invoice = try Data(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"))
        let manager = FileManager.default
        for path in ["b.json", "a.json", "a/z.json", "a/deep/er/est.json", "a-b.json", "a0.json", "B.json",
                     ".hidden/x.json", ".dot.json", "outside/linked.json"] {
            let url = directory.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try invoice.write(to: url)
        }
        try Data("not a document".utf8).write(to: directory.appendingPathComponent("a/notes.txt"))
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("a/link.json").path,
                                       withDestinationPath: "../outside/linked.json")
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("a/gone.json").path, withDestinationPath: "nowhere.json")
        let result = try JF.run(["run", "--json", directory.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        let paths = try report(result.stdout).map { ($0["path"] as? String ?? "").dropFirst(directory.path.count + 1) }
        #expect(paths == [".dot.json", "B.json", "a-b.json", "a.json", "a/deep/er/est.json", "a/link.json", "a/z.json",
                          "a0.json", "b.json", "outside/linked.json"])
    }

    /// A search passes over what .gitignore files ignore, as git does: its own, those below it
    /// (deeper ones decide), and those of its repository above it, then the repository's
    /// info/exclude and git's global excludes file; `!` takes a path back in, but not out of an
    /// ignored directory. A named file, or --no-ignore, is read whatever.
    @Test func aSearchFollowsGitignoreFiles() throws {
        let repository = try workspace([])
        defer { discard(repository) }
        let invoice = try Data(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"))
        let manager = FileManager.default
        let files = ["templates/a.json", "templates/a.tmp.json", "templates/keep.tmp.json", "templates/drafts/d.json",
                     "templates/forms/local.json", "templates/forms/f.json", "templates/forms/deep/local.json",
                     "templates/build/b.json", "templates/builder.json", "templates/v1.json", "templates/vx.json",
                     "templates/drafts-old/keep.json"]
        for path in files {
            let url = repository.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try invoice.write(to: url)
        }
        try manager.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let ignores = [
            ".gitignore": "# the repository's\ntemplates/drafts/\n*.tmp.json\n!keep.tmp.json\n",
            "templates/.gitignore": "build/\nv[0-9].json\n!drafts/d.json\n",
            "templates/forms/.gitignore": "/local.json\n!f.json\n",
            // Below every .gitignore: f.json is taken back in by forms/.gitignore.
            ".git/info/exclude": "templates/vx.json\nf.json\n",
            // The global excludes file, named by the user's configuration (HOME is the repository's `home`).
            "home/.gitconfig": "[user]\n\tname = A\n[Core]\n\texcludesFile = \"~/global ignore\"\n",
            "home/global ignore": "builder.json\n",
        ]
        for (path, text) in ignores {
            let url = repository.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let home = ["HOME": repository.appendingPathComponent("home").path, "XDG_CONFIG_HOME": ""]
        func found(_ arguments: [String]) throws -> [String] {
            let result = try JF.run(["run", "--json"] + arguments + [repository.appendingPathComponent("templates").path], environment: home)
            return try report(result.stdout).map { String(($0["path"] as? String ?? "").dropFirst(repository.path.count + 1)) }
        }
        #expect(try found([]) == ["templates/a.json", "templates/drafts-old/keep.json",
                                  "templates/forms/deep/local.json", "templates/forms/f.json", "templates/keep.tmp.json"])
        #expect(try found(["--no-ignore"]).count == files.count)
        let named = try JF.run(["lint", "--format", "json", repository.appendingPathComponent("templates/a.tmp.json").path])
        #expect(named.stdout.contains("a.tmp.json"), "a file named on the command line is read")
        // Without a configured excludes file, ~/.config/git/ignore is git's global one.
        try manager.removeItem(at: repository.appendingPathComponent("home/.gitconfig"))
        try manager.createDirectory(at: repository.appendingPathComponent("home/.config/git"), withIntermediateDirectories: true)
        try "a.json\n".write(to: repository.appendingPathComponent("home/.config/git/ignore"), atomically: true, encoding: .utf8)
        #expect(try !found([]).contains("templates/a.json"))
        #expect(try found([]).contains("templates/builder.json"))
        // Outside a repository, the files above the search are not read.
        try manager.removeItem(at: repository.appendingPathComponent(".git"))
        #expect(try found([]).contains("templates/a.tmp.json"))
        let lint = try JF.run(["lint", "--format", "json", repository.appendingPathComponent("templates").path])
        #expect(!lint.stdout.contains("build/b.json") && !lint.stdout.contains("v1.json"), "lint follows them too")
    }

    /// A client that writes a document and waits for its answer gets it while standard input
    /// is still open (jf as a coprocess of a service), whatever --jobs is.
    @Test func aStreamAnswersEachLineAsItArrives() throws {
        let invoice = try String(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        for jobs in ["1", "2"] {
            let answers = try JF.converse(["run", "--jsonl", "--jobs", jobs], lines: [invoice, "not json", invoice])
            #expect(answers.count == 3)
            #expect(answers.allSatisfy { $0 != nil })
            #expect(answers[0]?.contains("953.41") == true)
            #expect(answers[1] == "not json")
            let reports = try JF.converse(["validate", "--jsonl", "--jobs", jobs], lines: [invoice, "{"])
            #expect(reports[0]?.hasPrefix(#"{"line":1,"_id":"66a1f0c2e4b0a1b2c3d4e5f6","identifier":"doc_invoice_example","status":"valid""#) == true)
            #expect(reports[1]?.hasPrefix(#"{"line":2,"column":2,"error":"invalid JSON:"#) == true)
        }
    }

    /// Lines are evaluated on several threads and answered in input order.
    @Test func aStreamKeepsItsOrderOnSeveralThreads() throws {
        let lines = (0..<300).map { index in
            index % 7 == 3 ? "not json \(index)"
                : #"{"fields":[{"_id":"n","type":"number","value":\#(index)},{"_id":"d","type":"number","formulas":[{"_id":"a","formula":"f"}]}],"formulas":[{"_id":"f","expression":"n * 2"}]}"#
        }
        let input = lines.joined(separator: "\n") + "\n"
        let one = try JF.run(["run", "--jsonl", "--jobs", "1"], stdin: input)
        let two = try JF.run(["run", "--jsonl", "--jobs", "2"], stdin: input)
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
        let answers = two.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(answers.count == 301)
        #expect(answers[11].contains(#""value":22}"#))
        #expect(answers[3] == "not json 3")
        let checked = try JF.run(["validate", "--jsonl", "--jobs", "2"], stdin: input)
        #expect(checked.stdout == (try JF.run(["validate", "--jsonl", "--jobs", "1"], stdin: input)).stdout)
    }

    @Test func jsonLinesStream() throws {
        let invoice = try String(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let result = try JF.run(["run", "--jsonl"], stdin: invoice + "\nnot json\n" + invoice + "\n")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[1] == "not json")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let total = (first["fields"] as? [[String: Any]])?.first { $0["_id"] as? String == "total" }
        #expect(total?["value"] as? Double == 953.41)
        #expect(lines[0] == lines[2])
        // The line is the stream's, the column the line's.
        #expect(result.stderr == "{\"line\":2,\"column\":1,\"error\":\"invalid JSON: expected a JSON value, found 'n'\"}\n")
        // Every line was answered: a problem inside a document is data (exit 0), unless --strict.
        #expect(result.status == 0)
        let strict = try JF.run(["run", "--jsonl", "--strict"], stdin: invoice + "\nnot json\n")
        #expect(strict.status == 1)
        #expect(strict.stdout.hasSuffix("\nnot json\n"))

        // A --set that cannot be applied gives the line back unchanged, as it writes no file;
        // what is said of it names the document.
        let refused = try JF.run(["run", "--jsonl", "--set", "tax_rat=10"], stdin: invoice + "\n")
        #expect(refused.stdout == invoice + "\n")
        #expect(refused.stderr.hasPrefix(#"{"line":1,"_id":"66a1f0c2e4b0a1b2c3d4e5f6","identifier":"doc_invoice_example","error":"#))
        #expect(refused.stderr.contains("no field has the _id 'tax_rat' (did you mean 'tax_rate'?)"))
        #expect(refused.status == 0)
    }

    /// Habits of batch tools: with no PATH, a pipe is read (as jq and ripgrep do); a
    /// pretty-printed document piped to --jsonl gets one hint, not an error a line; on a
    /// terminal, a stream shows how far it is and a summary at the end.
    @Test func batchHabits() throws {
        let piped = try JF.shell("$JF run --json < examples/invoice.json")
        #expect(piped.status == 0)
        #expect(try report(piped.stdout).first?["path"] as? String == "-")

        let pretty = try JF.run(["run", "--jsonl"], stdin: try String(contentsOfFile: JF.root.appendingPathComponent("examples/invoice.json").path, encoding: .utf8))
        #expect(pretty.status == 0)
        let said = pretty.stderr.split(separator: "\n")
        #expect(said.count == 2, "\(pretty.stderr)")
        #expect(said.first?.hasPrefix("jf: error: line 1 is the start of a JSON document, not a whole one: --jsonl reads one JoyDoc a line. Compact a pretty-printed document first, e.g. jq -c . doc.json | jf run --jsonl") == true)
        #expect(said.last?.hasSuffix("more lines were not a JoyDoc (not reported one by one)") == true)
        let validated = try JF.run(["validate", "--jsonl"], stdin: try String(contentsOfFile: JF.root.appendingPathComponent("examples/invoice.json").path, encoding: .utf8))
        #expect(validated.stderr.hasPrefix("jf: error: line 1 is the start of a JSON document"))

        // Standard error on a terminal (script(1) gives one): progress, then the summary.
        let terminal = try JF.shell("""
            line=$(tr -d '\n' < examples/invoice.json); for i in 1 2 3; do echo "$line"; done > "$TMPDIR/jf-lines-$$.jsonl"
            script -qec "$JF run --jsonl < '$TMPDIR/jf-lines-$$.jsonl' > /dev/null" /dev/null; rm "$TMPDIR/jf-lines-$$.jsonl"
            """.replacingOccurrences(of: "$TMPDIR", with: FileManager.default.temporaryDirectory.path))
        #expect(terminal.stdout.contains("lines answered…") || terminal.stdout.contains("line answered…"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("3 documents, 18 formula fields, 0 problems in "), "\(terminal.stdout)")
        #expect(!(try JF.run(["run", "--jsonl"], stdin: "")).stderr.contains("documents"), "no summary for a pipeline's log")

        // --out flushes the batch once at its end; --fsync each file. The files are the same.
        let directory = try workspace(["invoice.json", "order.json"])
        defer { discard(directory) }
        for flags in [[], ["--fsync"]] {
            let out = directory.appendingPathComponent("out\(flags.count)").path
            let result = try JF.run(["run", "--out", out] + flags + [directory.appendingPathComponent("invoice.json").path,
                                                                   directory.appendingPathComponent("order.json").path])
            #expect(result.status == 0)
            #expect(FileManager.default.fileExists(atPath: out + "/invoice.json") && FileManager.default.fileExists(atPath: out + "/order.json"))
        }
        #expect(try Data(contentsOf: directory.appendingPathComponent("out0/order.json")) == Data(contentsOf: directory.appendingPathComponent("out1/order.json")))
        #expect(try JF.run(["run", "--fsync", "examples/invoice.json"]).status == 2, "--fsync is for --out")
    }

    /// With --problems-key, each output line carries its document's problems (the objects
    /// standard error gets, without the line), so a pipeline keeps them with the document.
    @Test func problemsGoIntoTheOutputLine() throws {
        let cycle = try String(contentsOf: JF.root.appendingPathComponent("examples/cycle.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let invoice = try String(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let result = try JF.run(["run", "--jsonl", "--problems-key", "jfProblems"], stdin: cycle + "\n" + invoice + "\n")
        #expect(result.status == 0)
        let lines = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let problems = try #require(lines.first?["jfProblems"] as? [[String: Any]])
        #expect(problems.map { $0["code"] as? String } == ["circular-reference", "circular-reference", "depends-on-circular"])
        #expect(lines.last?["jfProblems"] as? [Any] != nil && (lines.last?["jfProblems"] as? [Any])?.isEmpty == true)
        // Standard error has the same problems, each naming its line and document.
        let said = result.stderr.split(separator: "\n")
        #expect(said.count == 3)
        #expect(said.allSatisfy { $0.hasPrefix(#"{"line":1,"_id":"66d4c3f5b7e2d4e5f6071829","identifier":"doc_cycle_example","severity""#) })
        let usage = try JF.run(["run", "--problems-key", "p", "examples/invoice.json"])
        #expect(usage.status == 2)

        // Every line but an empty one is an object with the key, so standard output alone says
        // which lines had problems: a JSON object that is no JoyDoc gets the key, anything else
        // becomes an object with the problem and the line as it came.
        let odd = try JF.run(["run", "--jsonl", "--problems-key", "p"], stdin: "{\"a\":1}\nnot json\n[1,2]\n\n42\n")
        #expect(odd.status == 0)
        #expect(odd.stdout == #"""
            {"a":1,"p":[{"line":1,"column":1,"error":"not a JoyDoc: the document has no \"fields\" array"}]}
            {"p":[{"line":2,"column":1,"error":"invalid JSON: expected a JSON value, found 'n'"}],"input":"not json"}
            {"p":[{"line":3,"column":1,"error":"not a JoyDoc: the document must be a JSON object, not an array"}],"input":"[1,2]"}

            {"p":[{"line":5,"column":1,"error":"not a JoyDoc: the document must be a JSON object, not a number"}],"input":"42"}

            """#)
    }

    @Test func parallelRunsMatchSerialOnes() throws {
        let serial = try JF.run(["run", "--json", "--jobs", "1", "examples"])
        let parallel = try JF.run(["run", "--json", "--jobs", "2", "examples"])
        #expect(serial.stdout == parallel.stdout)
    }

    /// Reports are written as documents are done, a bounded window ahead: more documents than
    /// the window holds still come out whole, once each, in order.
    @Test func aLargeBatchIsReportedInOrderWhateverTheJobs() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let invoice = try Data(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"))
        for index in 0..<300 {
            let name = String(format: "doc%03d.json", index)
            try (index % 37 == 5 ? Data("{\"fields\": [".utf8) : invoice).write(to: directory.appendingPathComponent(name))
        }
        let serial = try JF.run(["run", "--json", "--jobs", "1", directory.path])
        let documents = try report(serial.stdout)
        #expect(documents.count == 300)
        #expect(documents.map { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }
            == (0..<300).map { String(format: "doc%03d.json", $0) })
        #expect(documents.filter { $0["error"] != nil }.count == 8)
        for jobs in ["2", "5"] {
            let parallel = try JF.run(["run", "--json", "--jobs", jobs, directory.path])
            #expect(parallel.stdout == serial.stdout)
            #expect(parallel.stderr.split(separator: "\n").dropLast() == serial.stderr.split(separator: "\n").dropLast())
        }
        let validated = try JF.run(["validate", "--json", "--jobs", "3", directory.path])
        #expect(try report(validated.stdout).count == 300)
    }

    @Test func aDashReadsOneDocumentFromStandardInput() throws {
        let invoice = try String(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"), encoding: .utf8)
        let result = try JF.run(["run", "--json", "-"], stdin: invoice)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"documents":[{"path":"-","fields":{"subtotal":{"status":"ok","value":880.75}"#))
        let written = try JF.run(["run", "--write", "-"], stdin: invoice)
        #expect(written.status == 2)
        #expect(written.stderr.contains("a JoyDoc on standard input (-) has no file to write"))
        let broken = try JF.run(["run", "-"], stdin: "{")
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("jf: error: -: line 1, column 2: invalid JSON"))
    }

    /// A minified document is one line: each finding shows a window of it, not the whole line
    /// (which made thousands of findings cost the document's size each).
    @Test func findingsInAMinifiedDocumentShowAWindowOfTheLine() throws {
        let padding = String(repeating: "x", count: 100_000)
        let fields = (0..<200).map { #"{"_id":"f\#($0)","type":"number","formulas":[{"_id":"a","formula":"nope"}]}"# }
        let document = #"{"name":"\#(padding)","fields":["# + fields.joined(separator: ",") + "]}"
        let result = try JF.run(["run", "-"], stdin: document)
        #expect(result.status == 1)
        #expect(result.stdout.components(separatedBy: "error[missing-formula]").count == 201)
        let longest = result.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 400)
        #expect(result.stdout.contains("--> -:1:100"))
    }

    @Test func missingPathsAreUsageErrors() throws {
        let result = try JF.run(["run", "no/such/dir"])
        #expect(result.status == 2)
        #expect(result.stderr == "jf: error: no/such/dir: no such file or directory\n")
    }

    #if os(Linux)
    /// A file that exists but cannot be read (here one whose reads fail with EIO) is named
    /// with the system's reason, by every command that reads it, and is never counted as passed.
    @Test func unreadableFilesNameTheSystemsReason() throws {
        let path = "/proc/self/mem"
        let reason = "cannot read \(path): Input/output error"
        let run = try JF.run(["run", "--json", path])
        #expect(run.status == 2)
        #expect(run.stdout.contains("{\"path\":\"\(path)\",\"error\":{\"message\":\"\(reason)\"},\"changed\":false}"))
        #expect(run.stderr.hasPrefix("jf: error: \(reason)\n"))
        let eval = try JF.run(["eval", "--lines", path])
        #expect(eval.status == 2)
        #expect(eval.stderr == "jf: error: \(reason)\n")
        let lint = try JF.run(["lint", path, "examples/invoice.json"])
        #expect(lint.status == 2)
        #expect(lint.stdout == "No problems found in 1 file. 1 file could not be checked.\n")
        #expect(lint.stderr == "jf: error: \(reason)\n")
    }
    #endif
}

struct GraphCommandTests {
    @Test func textDotAndJSON() throws {
        let text = try JF.run(["graph", "examples/invoice.json"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("subtotal  reads items\ntax       reads subtotal, tax_rate\ntotal     reads subtotal, tax\n"))

        let dot = try JF.run(["graph", "--format", "dot", "examples/cycle.json"])
        #expect(dot.status == 1, "a document with a cycle exits 1")
        #expect(dot.stdout.contains("\"net\" -> \"fees\" [color=red];"))
        #expect(dot.stdout.contains("\"report\" [color=orange];"))

        let json = try JF.run(["graph", "--format", "json", "examples/cycle.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["cycles"] as? [[String]] == [["fees", "net", "fees"]])
        let order = try #require(object["order"] as? [[String: Any]])
        #expect(order.map { $0["field"] as? String } == ["gross", "net", "fees", "report"])
    }

    /// A long cycle's path is shown once, on the field where it starts; the other fields name
    /// that field, so the output grows with the document, not with its square.
    @Test func aLongCyclesPathIsShownOnce() throws {
        let count = 150
        let fields = (0..<count).map { #"{"_id": "c\#($0)", "type": "number", "formulas": [{"formula": "f\#($0)", "key": "value"}]}"# }
        let formulas = (0..<count).map { #"{"_id": "f\#($0)", "expression": "c\#(($0 + 1) % count) + 1"}"# }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jf-cycle-\(UUID().uuidString).json").path
        try "{\"fields\": [\(fields.joined(separator: ","))], \"formulas\": [\(formulas.joined(separator: ","))]}"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try JF.run(["graph", path])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.filter { $0.contains("[circular: c0 → ") }.count == 1)
        #expect(lines.filter { $0.hasSuffix("[circular: a cycle of \(count) fields, whose path is shown on 'c0']") }.count == count - 1)
        let json = try JF.run(["graph", "--format", "json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let order = try #require(object["order"] as? [[String: Any]])
        #expect(order.filter { $0["cycle"] != nil }.map { $0["field"] as? String } == ["c0"])
        #expect(order.filter { $0["onCycle"] as? String == "c0" }.count == count - 1)
        #expect((object["cycles"] as? [[String]])?.first?.count == count + 1)
    }

    @Test func upstreamAndDownstreamShowPartOfTheGraph() throws {
        // What a change to tax_rate recomputes, in evaluation order.
        let below = try JF.run(["graph", "--downstream", "tax_rate", "examples/invoice.json"])
        #expect(below.status == 0)
        #expect(below.stdout == """
            tax      reads subtotal, tax_rate
            total    reads subtotal, tax
            summary  reads customer, items, total
            size     reads total

            """)
        // What total needs; the dot graph draws every input it reads.
        let above = try JF.run(["graph", "--upstream", "total", "--format", "dot", "examples/invoice.json"])
        #expect(above.stdout.contains("\"tax_rate\" [style=dashed];"))
        #expect(above.stdout.contains("\"tax\" -> \"tax_rate\";"))
        #expect(!above.stdout.contains("summary"))
        // Downstream, the dot graph draws only edges within the selection.
        let dot = try JF.run(["graph", "--downstream", "total", "--format", "dot", "examples/invoice.json"])
        #expect(dot.stdout.contains("\"size\" -> \"total\";"))
        #expect(!dot.stdout.contains("\"total\" -> \"tax\""))
        #expect(!dot.stdout.contains("\"customer\""))

        // Exit 1 only when a field shown is on a cycle.
        let clear = try JF.run(["graph", "--format", "json", "--upstream", "gross", "examples/cycle.json"])
        #expect(clear.status == 0)
        #expect(clear.stdout == #"{"order":[{"field":"gross","reads":["amounts"]}],"cycles":[]}"# + "\n")
        let cycle = try JF.run(["graph", "--format", "json", "--upstream", "report", "examples/cycle.json"])
        #expect(cycle.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cycle.stdout.utf8)) as? [String: Any])
        #expect(object["cycles"] as? [[String]] == [["fees", "net", "fees"]])

        let typo = try JF.run(["graph", "--downstream", "taxrate", "examples/invoice.json"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "jf: error: --downstream: no field has the _id 'taxrate' (did you mean 'tax_rate'?)\n")
    }

    @Test func mermaidNamesBoxesByNumberAndStylesAsDotDoes() throws {
        let cycle = try JF.run(["graph", "--format", "mermaid", "examples/cycle.json"])
        #expect(cycle.status == 1, "a document with a cycle exits 1")
        #expect(cycle.stdout.hasPrefix("flowchart LR\n"))
        #expect(cycle.stdout.contains("  f0[\"amounts\"]:::input\n  f1[\"gross\"]\n  f2[\"net\"]:::cycle\n"))
        #expect(cycle.stdout.contains("  f4[\"report\"]:::belowCycle\n"))
        // The arrows net -> fees and fees -> net, second and fourth, are red.
        #expect(cycle.stdout.contains("  f1 --> f0\n  f2 --> f3\n  f2 --> f1\n  f3 --> f2\n  f4 --> f2\n  linkStyle 1,3 stroke:red\n"))

        // An id can hold what Mermaid reads as syntax: it is written as entity codes.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jf-mermaid-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"""
            {"fields": [{"_id": "end", "type": "number", "value": 1},
                        {"_id": "a\"b<c>#", "type": "number", "formulas": [{"formula": "f"}]}],
             "formulas": [{"_id": "f", "expression": "end + nope"}]}
            """#.utf8).write(to: URL(fileURLWithPath: path))
        let odd = try JF.run(["graph", "--format", "mermaid", path])
        #expect(odd.status == 0)
        #expect(odd.stdout.hasSuffix("""
              f0["end"]:::input
              f1["nope (unknown)"]:::unknown
              f2["a#34;b#60;c#62;#35; (failed)"]:::failed
              f2 --> f0
              f2 --> f1

            """))
    }

    @Test func namesThatMatchNoFieldAreMarked() throws {
        let text = try JF.run(["graph", "examples/templates/order-form.json"])
        #expect(text.stdout.hasPrefix("subtotal  reads price, qty, subtotl (unknown)  [failed]\n"))
        // What reads the failed field is marked, with the failure it waits on.
        #expect(text.stdout.contains("rounded   reads subtotal  [depends on a failure: 'subtotal']\n"), "\(text.stdout)")
        let json = try JF.run(["graph", "--format", "json", "examples/templates/order-form.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let order = try #require(object["order"] as? [[String: Any]])
        #expect(order.first?["unknown"] as? [String] == ["subtotl"])
        #expect(order.dropFirst().allSatisfy { $0["unknown"] == nil })
        let dot = try JF.run(["graph", "--format", "dot", "examples/templates/order-form.json"])
        #expect(dot.stdout.contains(#"label="subtotl (unknown)""#))
    }
}
