import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `jf lint` end to end: the built binary on real files.
struct LintCommandTests {
    static let seededRules = ["unknown-reference", "unknown-function", "write-type-mismatch", "invalid-operator",
                              "non-portable", "shadowed-field", "circular-reference"]

    func lintJSON(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    func rules(_ stdout: String) throws -> [String] {
        let files = try #require(try lintJSON(stdout)["files"] as? [[String: Any]])
        return files.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
    }

    @Test func seededTemplatesReportEveryMistakeAndExit1() throws {
        let result = try JF.run(["lint", "--format", "json", "examples/templates"])
        #expect(result.status == 1)
        #expect(try rules(result.stdout) == Self.seededRules)
        let human = try JF.run(["lint", "examples/templates"])
        #expect(human.status == 1)
        #expect(human.stdout.contains("error[unknown-function]: unknown function 'rund'\n  --> examples/templates/order-form.json:29:70 · field rounded · formula f_rounded"))
        #expect(human.stdout.hasSuffix("Found 7 problems (5 errors, 2 warnings) in 1 file. 3 fixable with --fix (see what changes with --diff), 1 more with --unsafe-fixes.\n"))
    }

    @Test func statisticsCountFindingsByRule() throws {
        let human = try JF.run(["lint", "--statistics", "examples/templates"], environment: ["NO_COLOR": "1"])
        #expect(human.status == 1, "statistics fail as the findings would")
        // most first, then by name
        #expect(human.stdout == """
            1  circular-reference   error
            1  invalid-operator     error    (1 fixable)
            1  non-portable         warning  (1 fixable)
            1  shadowed-field       warning
            1  unknown-function     error    (1 fixable)
            1  unknown-reference    error
            1  write-type-mismatch  error
            Found 7 problems (5 errors, 2 warnings) in 1 file. 3 fixable with --fix (see what changes with --diff), 1 more with --unsafe-fixes.

            """)
        let json = try JF.run(["lint", "--statistics", "--format", "json", "examples/templates"])
        let object = try lintJSON(json.stdout)
        let rows = try #require(object["statistics"] as? [[String: Any]])
        #expect(rows.map { $0["rule"] as? String } == Self.seededRules.sorted())
        #expect(rows.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 7)
        #expect((object["summary"] as? [String: Any])?["errors"] as? Int == 5)
        let all = try JF.run(["lint", "--statistics", "--quiet", "examples"])
        #expect(all.stdout.hasPrefix("2  circular-reference   error\n1  invalid-operator "))
        #expect(!all.stdout.contains("Found"))
        let sarif = try JF.run(["lint", "--statistics", "--format", "sarif", "examples/templates"])
        #expect(sarif.status == 2)
        #expect(sarif.stderr.contains("--statistics prints human or json output, not sarif"))
    }

    /// Thousands of schema findings, each placed, fixed and suppressed on its own (a finding
    /// costs its pointer, not the document: docs/performance.md measures it).
    @Test func everySchemaFindingOfALargeDocumentIsPlacedAndFixed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 3_000
        let fields = (0..<count).map { #"{"_id": "f\#($0)", "type": "number", "value": \#($0)}"# }.joined(separator: ",\n")
        let positions = (0..<count).map { #"{"_id": "p\#($0)", "field": "f\#($0)"}"# }.joined(separator: ", ")
        let text = #"{"_id": "d", "identifier": "d", "fields": [\#n\#(fields)],\#n"files": [{"_id": "file_1", "pages": [{"_id": "pg", "#
            + #""rowHeight": 1, "width": 1, "cols": 1, "layout": "grid", "presentation": "normal", "fieldPositions": [\#(positions)]}]}]}"#
        let path = directory.appendingPathComponent("large.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try JF.run(["lint", "--select", "schema-validation", "--format", "concise", path])
        let lines = report.stdout.split(separator: "\n").filter { $0.contains("has no `file`") }
        #expect(lines.count == count, "\(report.stdout.prefix(500))")
        #expect(lines.first?.hasPrefix("\(path):2:") == true, "\(lines.first ?? "")")
        #expect(lines.last?.hasPrefix("\(path):\(count + 1):") == true, "each on its own line: \(lines.last ?? "")")
        let ignored = try JF.run(["lint", "--ignore", "schema-validation", path])
        #expect(!ignored.stdout.contains("schema-validation"))
        #expect(report.stdout.contains("\(count) fixable with --fix"), "\(report.stdout.suffix(300))")
        _ = try JF.run(["lint", "--fix", "--select", "schema-validation", path])
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after.components(separatedBy: #""file": "file_1""#).count - 1 == count)
        #expect(!(try JF.run(["lint", "--select", "schema-validation", path]).stdout.contains("has no `file`")))
    }

    @Test func cleanTemplatesPass() throws {
        let result = try JF.run(["lint", "examples/invoice.json", "examples/inspection.json", "examples/sales-chart.json"])
        #expect(result.status == 0)
        #expect(result.stdout == "All checks passed (3 files).\n")
    }

    @Test func fixRewritesTheFixableMistakesAndNothingElse() throws {
        let directory = try workspace(["templates"])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("templates/order-form.json")
        let before = try String(contentsOf: file, encoding: .utf8)

        let diff = try JF.run(["lint", "--diff", directory.path])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("-    {\"_id\": \"f_rounded\", \"desc\": \"misspelt function\", \"expression\": \"rund(subtotal, 2)\", \"type\": \"calc\", \"scope\": \"private\"},\n+    {\"_id\": \"f_rounded\", \"desc\": \"misspelt function\", \"expression\": \"round(subtotal, 2)\", \"type\": \"calc\", \"scope\": \"private\"},\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == before, "--diff must not write")
        #expect(diff.stderr == "jf lint: would fix 3 findings in 1 file\n")

        let fixed = try JF.run(["lint", "--fix", "--format", "json", directory.path])
        #expect(fixed.status == 1)   // the unfixable errors remain
        #expect(try rules(fixed.stdout) == ["unknown-reference", "write-type-mismatch", "shadowed-field", "circular-reference"])
        let after = try String(contentsOf: file, encoding: .utf8)
        let changed = zip(before.split(separator: "\n", omittingEmptySubsequences: false), after.split(separator: "\n", omittingEmptySubsequences: false))
            .filter { $0 != $1 }
        #expect(changed.map { String($0.1) } == [
            #"    {"_id": "f_rounded", "desc": "misspelt function", "expression": "round(subtotal, 2)", "type": "calc", "scope": "private"},"#,
            #"    {"_id": "f_is_open", "desc": "=== instead of ==", "expression": "status == \"Open\"", "type": "calc", "scope": "private"},"#,
            #"    {"_id": "f_discount", "desc": "iff, which the Swift SDK does not have", "expression": "if(subtotal > 100, 10, 0)", "type": "calc", "scope": "private"},"#,
        ])
        #expect(before.split(separator: "\n").count == after.split(separator: "\n").count)

        let again = try JF.run(["lint", "--diff", directory.path])
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr == "jf lint: nothing to fix\n")
    }

    /// The counts of the report, `--diff` and `--fix` agree: they count the fixes applied,
    /// also when a fix reveals a finding the first lint could not see (`round(1 == 2)` takes a
    /// boolean), which a difference of two reports would count as nothing fixed.
    @Test func fixCountsAgreeWithTheReport() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("f.jf")
        try "rund(1 === 2)\n".write(to: file, atomically: true, encoding: .utf8)
        let report = try JF.run(["lint", "--no-config", file.path], environment: ["NO_COLOR": "1"])
        #expect(report.stdout.hasSuffix("Found 2 problems (2 errors, 0 warnings) in 1 file. 2 fixable with --fix (see what changes with --diff).\n"))
        let diff = try JF.run(["lint", "--no-config", "--diff", file.path])
        #expect(diff.stderr == "jf lint: would fix 2 findings in 1 file\n")
        let fixed = try JF.run(["lint", "--no-config", "--fix", file.path], environment: ["NO_COLOR": "1"])
        #expect(fixed.stdout.hasSuffix("Found 1 problem (1 error, 0 warnings) in 1 file. Fixed 2.\n"), "\(fixed.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "round(1 == 2)\n")
    }

    /// A suppression that silences nothing is reported and `--fix` removes it, on lines of
    /// its own when it had them; a run narrowed with `--select` reports none (it cannot know).
    @Test func unusedSuppressionsAreReportedAndRemoved() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("t.json")
        let template = """
            {
              "files": [{"_id": "f", "pages": [], "pageOrder": []}],
              "fields": [
                {
                  "_id": "total",
                  "type": "number",
                  "file": "f",
                  "jfLint": {"ignore": ["unknown-reference"]},
                  "formulas": [{"_id": "a", "formula": "f_total", "key": "value"}]
                }
              ],
              "formulas": [
                {"_id": "f_total", "desc": "", "type": "calc", "scope": "private", "expression": "1 + 2"}
              ]
            }

            """
        try template.write(to: file, atomically: true, encoding: .utf8)
        let report = try JF.run(["lint", "--no-config", "--format", "concise", file.path])
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix("\(file.path):8:29: unused-suppression the suppression of \"unknown-reference\" on field \"total\" silences nothing (field total)\n"), "\(report.stdout)")
        let narrowed = try JF.run(["lint", "--no-config", "--select", "unused-suppression", "--format", "concise", file.path])
        #expect(narrowed.stdout == "All checks passed (1 file).\n", "\(narrowed.stdout)")
        let fixed = try JF.run(["lint", "--no-config", "--fix", file.path])
        #expect(fixed.status == 0 && fixed.stdout == "All checks passed (1 file). Fixed 1.\n", "\(fixed.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8) == template.replacingOccurrences(of: "      \"jfLint\": {\"ignore\": [\"unknown-reference\"]},\n", with: ""))
    }

    /// `--format concise`: a line a finding, `path:line:column: rule message`, for grep and
    /// editors' quickfix lists, then the summary.
    @Test func conciseFormatIsALineAFinding() throws {
        let result = try JF.run(["lint", "--format", "concise", "examples/templates"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.seededRules.count + 1)
        #expect(lines[1] == "examples/templates/order-form.json:29:70: unknown-function unknown function 'rund' (field rounded, formula f_rounded)")
        #expect(zip(lines, Self.seededRules).allSatisfy { line, rule in line.hasPrefix("examples/templates/order-form.json:") && line.contains(": \(rule) ") })
        #expect(lines.last?.hasPrefix("Found 7 problems") == true)
    }

    /// `--color` and `FORCE_COLOR` colour output that is not a terminal; `NO_COLOR` and
    /// `--color never` do not; `FORCE_COLOR` wins over `NO_COLOR`.
    @Test func colourIsChosenByOptionOrEnvironment() throws {
        let escape = "\u{1B}["
        #expect(!(try JF.run(["lint", "examples/templates"])).stdout.contains(escape), "a pipe gets no colour")
        #expect(try JF.run(["lint", "--color", "always", "examples/templates"]).stdout.contains(escape))
        #expect(try JF.run(["lint", "examples/templates"], environment: ["FORCE_COLOR": "1"]).stdout.contains(escape))
        #expect(try JF.run(["lint", "examples/templates"], environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]).stdout.contains(escape))
        #expect(!(try JF.run(["lint", "examples/templates"], environment: ["FORCE_COLOR": "0"])).stdout.contains(escape))
        #expect(!(try JF.run(["lint", "--color", "never", "examples/templates"], environment: ["FORCE_COLOR": "1"])).stdout.contains(escape))
        #expect(try JF.run(["eval", "--color", "always", "rund(1)"]).stderr.contains(escape))
        #expect(try JF.run(["lint", "--color", "sometimes", "examples/templates"]).status == 2)
    }

    /// On a terminal of COLUMNS columns, a finding's line is cut so that it and its carets fit.
    @Test func snippetsFitTheTerminalsWidth() throws {
        for width in [40, 60, 100] {
            let result = try JF.run(["lint", "examples/templates"], environment: ["COLUMNS": "\(width)"])
            // The lines of the file shown, and the carets under them (a label after the carets may wrap).
            let snippet = result.stdout.split(separator: "\n").filter { $0.contains(" | ") }
                .map { line in line.contains("^") ? line[...line.lastIndex(of: "^")!] : line }
            #expect(snippet.count >= 14)
            #expect(snippet.allSatisfy { $0.count <= width }, "\(width): \(snippet.filter { $0.count > width })")
            #expect(result.stdout.contains("^^^^ did you mean 'round'?"))
        }
    }

    /// Suggestions (a misspelt field, a column's arithmetic) are applied only when asked for,
    /// by `--unsafe-fixes` or the configuration's `unsafe-fixes`, as Ruff's unsafe fixes.
    @Test func unsafeFixesApplySuggestionsOnlyWhenAskedFor() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("quote.json")
        let document = """
            {"_id": "quote", "files": [], "fields": [
              {"_id": "items", "type": "table", "tableColumns": [{"_id": "price", "type": "number"}, {"_id": "qty", "type": "number"}],
               "value": [{"_id": "r1", "cells": {"price": 2, "qty": 3}}, {"_id": "r2", "cells": {"price": 5, "qty": 1}}]},
              {"_id": "tax_rate", "type": "number", "value": 10},
              {"_id": "total", "type": "number", "formulas": [{"_id": "a1", "formula": "f_total", "key": "value"}]}
            ],
            "formulas": [{"_id": "f_total", "expression": "sum(items.price * items.qty) * (1 + tax_rat / 100)"}]}

            """
        try document.write(to: file, atomically: true, encoding: .utf8)
        let fixedExpression = "sum(map(items, (row) -> row.price * row.qty)) * (1 + tax_rate / 100)"

        let plain = try JF.run(["lint", "--ignore", "schema-validation", file.path], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("for each row: map(items, (row) -> row.price * row.qty) [suggestion]"))
        #expect(plain.stdout.hasSuffix("2 suggestions can be applied with --fix --unsafe-fixes.\n"))
        let safeOnly = try JF.run(["lint", "--ignore", "schema-validation", "--fix", file.path])
        #expect(safeOnly.status == 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == document, "no safe fix: nothing written")

        let diff = try JF.run(["lint", "--ignore", "schema-validation", "--diff", "--unsafe-fixes", file.path])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("+\"formulas\": [{\"_id\": \"f_total\", \"expression\": \"\(fixedExpression)\"}]}"))
        let fixed = try JF.run(["lint", "--ignore", "schema-validation", "--fix", "--unsafe-fixes", "--format", "json", file.path])
        #expect(fixed.status == 0, "\(fixed.stdout)")
        let summary = try #require(try lintJSON(fixed.stdout)["summary"] as? [String: Any])
        #expect(summary["fixed"] as? Int == 2 && summary["unsafeFixable"] as? Int == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == document.replacingOccurrences(
            of: "sum(items.price * items.qty) * (1 + tax_rat / 100)", with: fixedExpression))
        let run = try JF.run(["run", "--json", file.path])
        #expect(run.stdout.contains(#""total":{"status":"ok","value":12.1"#), "2 × 3 + 5 × 1, and 10% tax")

        // The configuration turns them on, and --no-unsafe-fixes off again.
        try document.write(to: file, atomically: true, encoding: .utf8)
        try "[lint]\nunsafe-fixes = true\n".write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        #expect(try JF.run(["lint", "--ignore", "schema-validation", "--diff", file.path]).stdout.contains(fixedExpression))
        let off = try JF.run(["lint", "--ignore", "schema-validation", "--diff", "--no-unsafe-fixes", file.path])
        #expect(off.status == 0 && off.stdout.isEmpty)
        try "[lint]\nunsafe-fixes = \"yes\"\n".write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        let bad = try JF.run(["lint", "--ignore", "schema-validation", file.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("jf.toml:2:16: [lint] unsafe-fixes must be true or false"))
    }

    /// `invalid-value`: stored values their type does not hold, found in fields and cells, with
    /// what was meant as suggestions that edit the document's values (not a formula's text).
    @Test func storedValuesTheirTypeDoesNotHoldAreFoundAndFixedAsSuggestions() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("order.json")
        let document = """
            {"_id": "order", "files": [], "fields": [
              {"_id": "qty", "type": "number", "value": "12"},
              {"_id": "status", "type": "dropdown", "value": "Open", "options": [{"_id": "o_open", "value": "Open"}]},
              {"_id": "due", "type": "date", "value": 1748797200},
              {"_id": "items", "type": "table", "tableColumns": [{"_id": "price", "type": "number"}],
               "value": [{"_id": "r1", "cells": {"price": " 2.50 "}}, {"_id": "r2", "cells": {"price": "two"}}]},
              {"_id": "total", "type": "number", "formulas": [{"_id": "a1", "formula": "f_total", "key": "value"}]}
            ],
            "formulas": [{"_id": "f_total", "expression": "qty * sum(items.price)"}]}

            """
        try document.write(to: file, atomically: true, encoding: .utf8)

        let plain = try JF.run(["lint", "--ignore", "schema-validation", file.path], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0, "warnings only")
        #expect(plain.stdout.contains("warning[invalid-value]: number field 'qty' holds the text \"12\"; formulas read text, not the number 12"))
        #expect(plain.stdout.contains(" --> \(file.path):2:45 · field qty"))
        #expect(plain.stdout.contains("store the number 12 [suggestion]"))
        #expect(plain.stdout.contains("number cell 'price' of row 'r2' in table 'items' holds the text \"two\", which is no number"))
        #expect(plain.stdout.hasSuffix("Found 5 problems (0 errors, 5 warnings) in 1 file. 4 suggestions can be applied with --fix --unsafe-fixes.\n"))

        let json = try lintJSON(try JF.run(["lint", "--ignore", "schema-validation", "--format", "json", file.path]).stdout)
        let files = try #require(json["files"] as? [[String: Any]])
        let first = try #require((files.first?["diagnostics"] as? [[String: Any]])?.first)
        let fix = try #require(first["fix"] as? [String: Any])
        let edit = try #require((fix["edits"] as? [[String: Any]])?.first)
        let stored = try #require(document.range(of: "\"12\""))
        let offset = document[..<stored.lowerBound].utf8.count
        #expect(first["span"] is NSNull && edit["start"] as? Int == offset && edit["replacement"] as? String == "12",
                "a stored value's fix edits the file's bytes")

        let fixed = try JF.run(["lint", "--ignore", "schema-validation", "--fix", "--unsafe-fixes", file.path])
        #expect(fixed.status == 0)
        let expected = document
            .replacingOccurrences(of: #""value": "12""#, with: #""value": 12"#)
            .replacingOccurrences(of: #""dropdown", "value": "Open""#, with: #""dropdown", "value": "o_open""#)
            .replacingOccurrences(of: "1748797200", with: "1748797200000")
            .replacingOccurrences(of: #"" 2.50 ""#, with: "2.5")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
        let remaining = try JF.run(["lint", "--ignore", "schema-validation", file.path], environment: ["NO_COLOR": "1"])
        #expect(remaining.stdout.hasSuffix("Found 1 problem (0 errors, 1 warning) in 1 file.\n"), "the text \"two\" has no suggestion and stays")
    }

    /// `--add-suppressions` silences every finding where the linter reads its suppression (the
    /// formula, or the field for what a field stores and cycles), so the next run is clean and
    /// only new findings fail.
    @Test func addSuppressionsSilencesWhatIsThere() throws {
        let directory = try workspace(["templates"])
        defer { discard(directory) }
        let templates = directory.appendingPathComponent("templates")
        try "rund(1)\n".write(to: templates.appendingPathComponent("x.jf"), atomically: true, encoding: .utf8)
        #expect(try JF.run(["lint", templates.path]).status == 1)

        let added = try JF.run(["lint", "--add-suppressions", templates.path])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Added "), "\(added.stdout)")
        #expect(added.stdout.hasSuffix("1 finding left: in .jf and .formula files, which have no place for one (jf lint shows them).\n"))
        let order = try String(contentsOf: templates.appendingPathComponent("order-form.json"), encoding: .utf8)
        #expect(order.contains(#""expression": "rund(subtotal, 2)", "type": "calc", "scope": "private", "jfLint": {"ignore": ["unknown-function"]}}"#))

        try FileManager.default.removeItem(at: templates.appendingPathComponent("x.jf"))
        let clean = try JF.run(["lint", templates.path], environment: ["NO_COLOR": "1"])
        #expect(clean.status == 0 && clean.stdout == "All checks passed (1 file).\n", "\(clean.stdout)")
        #expect(try JF.run(["lint", "--add-suppressions", templates.path]).stdout == "No suppressions to add.\n")
        let usage = try JF.run(["lint", "--add-suppressions", "--fix", templates.path])
        #expect(usage.status == 2 && usage.stderr.contains("--add-suppressions edits the files it is given; it does not go with --fix"))
    }

    /// A suppression is written in the file's own layout: in a tab-indented CRLF template every
    /// line the edit makes or breaks ends in CRLF, at the file's indentation.
    @Test func addSuppressionsKeepsCRLFAndTabs() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let lines = ["{", "\t\"fields\": [", "\t\t{", "\t\t\t\"_id\": \"a\",", "\t\t\t\"type\": \"number\",",
                     "\t\t\t\"formulas\": [{\"_id\": \"x\", \"formula\": \"f\", \"key\": \"value\"}]", "\t\t}", "\t],",
                     "\t\"formulas\": [", "\t\t{", "\t\t\t\"_id\": \"f\",", "\t\t\t\"expression\": \"rund(2)\"", "\t\t}", "\t]", "}", ""]
        let file = directory.appendingPathComponent("crlf.json")
        try Data(lines.joined(separator: "\r\n").utf8).write(to: file)
        let added = try JF.run(["lint", "--add-suppressions", "--no-config", file.path])
        #expect(added.status == 0, "\(added.stderr)")
        let text = try String(decoding: Data(contentsOf: file), as: UTF8.self)
        #expect(text.contains("\t\t\t\"expression\": \"rund(2)\",\r\n\t\t\t\"jfLint\": {\"ignore\": [\"unknown-function\"]}\r\n\t\t}"), "\(text.debugDescription)")
        let bytes = Array(text.utf8)
        let bareNewlines = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }
        #expect(bareNewlines.isEmpty, "every line ends in CRLF: \(text.debugDescription)")
        #expect(try JF.run(["lint", "--no-config", file.path]).status == 0)
    }

    @Test func configurationIsFoundByWalkingUp() throws {
        let directory = try workspace(["templates"])
        defer { discard(directory) }
        try "[lint]\nignore = [\"circular-reference\", \"unknown-reference\", \"unknown-function\", \"write-type-mismatch\", \"invalid-operator\"]\n"
            .write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        let result = try JF.run(["lint", "--format", "json", directory.appendingPathComponent("templates").path])
        #expect(result.status == 0)
        #expect(try rules(result.stdout) == ["non-portable", "shadowed-field"])
        // --max-warnings turns the two warnings into a failure.
        let strict = try JF.run(["lint", "--max-warnings", "1", directory.appendingPathComponent("templates").path])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("2 warnings, more than --max-warnings 1"))
        // The configuration file itself is not linted, and --no-config ignores it.
        let unconfigured = try JF.run(["lint", "--no-config", "--format", "json", directory.path])
        #expect(try rules(unconfigured.stdout) == Self.seededRules)
    }

    /// An override whose paths match no file (written relative to the repository rather than
    /// the configuration's directory, say) is inert: jf lint warns, naming the pattern and its
    /// line and column. One that matches a file on disk, though not one of this run, is quiet.
    @Test func overridesThatMatchNoFileAreReported() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let templates = directory.appendingPathComponent("templates/legacy")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "1 + 1\n".write(to: templates.appendingPathComponent("old.jf"), atomically: true, encoding: .utf8)
        try "2 + 2\n".write(to: directory.appendingPathComponent("new.jf"), atomically: true, encoding: .utf8)
        // `**/old.jf` searches the whole directory; `templates/legacy/**` then reuses what it found.
        try "[lint]\n\n[[lint.overrides]]\npaths = [\"templates/legacy/**\", \"legacy/**\", \"**/old.jf\"]\nignore = [\"non-portable\"]\n"
            .write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        let warning = "\(directory.path)/jf.toml:4:33: warning: [[lint.overrides]] #1 paths: \"legacy/**\" matches no file under \(directory.path); "
            + "the paths of overrides are relative to the configuration's directory\n"
        let whole = try JF.run(["lint", directory.path])
        #expect(whole.status == 0 && whole.stderr == warning, "\(whole.stderr)")
        let one = try JF.run(["lint", directory.appendingPathComponent("new.jf").path])
        #expect(one.stderr == warning, "templates/legacy/** matches a file on disk: \(one.stderr)")
        #expect(try JF.run(["lint", "--quiet", directory.path]).stderr.isEmpty)
    }

    @Test func badConfigurationIsAUsageError() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        try "[lint]\nignore = [\"unknown-refrence\"]\n".write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        try "1 + 1\n".write(to: directory.appendingPathComponent("a.jf"), atomically: true, encoding: .utf8)
        let result = try JF.run(["lint", directory.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("jf.toml:2:11: [lint] ignore: unknown rule 'unknown-refrence'; did you mean 'unknown-reference'?"))
    }

    @Test func unreadableAndForeignFiles() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        try "{\"fields\": [1,}".write(to: directory.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        try "{\"name\": \"package.json, not a template\"}".write(to: directory.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        try "sum(1, 2)\n".write(to: directory.appendingPathComponent("ok.formula"), atomically: true, encoding: .utf8)
        let result = try JF.run(["lint", "--format", "concise", directory.path])
        // Text that is no JSON is a finding (invalid-json), placed where reading stopped, so an
        // editor's error format reads it: exit 1, as ruff and eslint report a file that does not parse.
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(directory.path)/broken.json:1:15: invalid-json invalid JSON: expected a JSON value, found '}'\n"))
        // Exact counts: the files checked; what is no JoyDoc apart.
        #expect(result.stdout.hasSuffix("Found 1 problem (1 error, 0 warnings) in 2 files. Skipped 1 non-JoyDoc file.\n"), "\(result.stdout)")
        // The JSON summary counts as the human one: 2 checked, 1 skipped, none unreadable.
        let summary = try #require(try lintJSON(try JF.run(["lint", "--format", "json", directory.path]).stdout)["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 2 && summary["skipped"] as? Int == 1 && summary["unreadable"] as? Int == 0, "\(summary)")
        let github = try JF.run(["lint", "--format", "github", directory.appendingPathComponent("broken.json").path])
        #expect(github.stdout.contains("line=1,col=15"), "\(github.stdout)")
        let foreign = try JF.run(["lint", directory.appendingPathComponent("package.json").path])
        #expect(foreign.status == 0)
        #expect(foreign.stdout == "No JoyDoc checked. Skipped 1 non-JoyDoc file.\n", "not \"All checks passed (1 file)\"")
        // The same on standard input: a JSON object is a document, not an object literal.
        let piped = try JF.run(["lint", "-"], stdin: "{}\n")
        #expect(piped.status == 0 && piped.stdout == "No JoyDoc checked. Skipped 1 non-JoyDoc file.\n", "\(piped.stdout)")
        #expect(piped.stderr.hasPrefix("jf: note: skipped -: not a JoyDoc"), "\(piped.stderr)")
    }

    /// Files are reported as they are done, in the order of their paths: JSON as the items of
    /// one `files` list (also when there are none), the same for any number of jobs.
    @Test func manyFilesAreReportedInOrderInEveryFormat() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        for index in 0..<12 {
            let formula = index % 4 == 0 ? "rund(\(index))" : "round(\(index))"
            try formula.write(to: directory.appendingPathComponent(String(format: "f%02d.jf", index)), atomically: true, encoding: .utf8)
        }
        let names = (0..<12).map { directory.appendingPathComponent(String(format: "f%02d.jf", $0)).path }
        for jobs in ["1", "3"] {
            let json = try JF.run(["lint", "--format", "json", "--jobs", jobs, directory.path])
            #expect(json.status == 1)
            let object = try lintJSON(json.stdout)
            let files = try #require(object["files"] as? [[String: Any]])
            #expect(files.compactMap { $0["path"] as? String } == names)
            #expect((object["summary"] as? [String: Any])?["errors"] as? Int == 3)
            let human = try JF.run(["lint", "--jobs", jobs, directory.path], environment: ["NO_COLOR": "1"])
            let reported = human.stdout.split(separator: "\n").filter { $0.hasPrefix(" --> ") }.map { String($0.dropFirst(5).prefix { $0 != ":" }) }
            #expect(reported == [names[0], names[4], names[8]])
            #expect(human.stdout.hasSuffix("Found 3 problems (3 errors, 0 warnings) in 12 files. 3 fixable with --fix (see what changes with --diff).\n"))
        }
        let empty = try workspace([])
        defer { discard(empty) }
        let none = try JF.run(["lint", "--format", "json", empty.path])
        #expect(try lintJSON(none.stdout)["files"] as? [Any] != nil)
    }

    @Test func standardInput() throws {
        let expression = try JF.run(["lint", "--stdin"], stdin: "sum(1, 2")
        #expect(expression.status == 1)
        #expect(expression.stdout.contains("error[syntax-error]"))
        let fixed = try JF.run(["lint", "--stdin", "--fix"], stdin: "iff(1 === 1, 2, 3)")
        #expect(fixed.stdout == "if(1 == 1, 2, 3)")
        #expect(fixed.status == 0)
        let document = try JF.run(["lint", "--ignore", "schema-validation", "--stdin", "--stdin-filename", "forms/x.json", "--format", "json"],
                                  stdin: #"{"fields": [], "formulas": [{"_id": "f", "expression": "1"}]}"#)
        #expect(try rules(document.stdout) == ["unused-formula"])
        #expect(document.status == 0)
        let dash = try JF.run(["lint", "-"], stdin: "sum(1, 2")
        #expect(dash.status == 1)
        #expect(dash.stdout == expression.stdout)
        #expect(try JF.run(["lint", "-", "examples"]).status == 2)
    }

    @Test func sarifAndGithubFormats() throws {
        let sarif = try JF.run(["lint", "--format", "sarif", "examples/templates"])
        #expect(sarif.status == 1)
        let log = try lintJSON(sarif.stdout)
        #expect(log["version"] as? String == "2.1.0")
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == Self.seededRules)
        let github = try JF.run(["lint", "--format", "github", "examples/templates"])
        #expect(github.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::error file=examples/templates/order-form.json,") || $0.hasPrefix("::warning file=examples/templates/order-form.json,") })
    }

    /// GitLab's Code Quality report: one issue per finding, with fingerprints that identify
    /// a finding wherever its line moves, and an empty array when there is nothing to say.
    @Test func gitlabCodeQuality() throws {
        let gitlab = try JF.run(["lint", "--format", "gitlab", "examples/templates", "examples/invoice.json"])
        #expect(gitlab.status == 1)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(gitlab.stdout.utf8)) as? [[String: Any]])
        #expect(issues.compactMap { $0["check_name"] as? String } == Self.seededRules)
        #expect(issues.compactMap { $0["severity"] as? String } == ["major", "major", "major", "major", "minor", "minor", "major"])
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == issues.count)
        let first = try #require(issues.first)
        #expect(first["description"] as? String == "field subtotal: unknown name 'subtotl'")
        let location = try #require(first["location"] as? [String: Any])
        #expect(location["path"] as? String == "examples/templates/order-form.json")
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 28)

        // The same findings a line further down keep their fingerprints.
        let text = try String(contentsOf: JF.root.appendingPathComponent("examples/templates/order-form.json"), encoding: .utf8)
        func fingerprintsAndLines(_ input: String) throws -> [String] {
            let result = try JF.run(["lint", "--format", "gitlab", "--stdin", "--stdin-filename", "order-form.json"], stdin: input)
            let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return issues.map { issue in
                let lines = (issue["location"] as? [String: Any])?["lines"] as? [String: Any]
                return "\(issue["fingerprint"] as? String ?? "") \(lines?["begin"] as? Int ?? 0)"
            }
        }
        let before = try fingerprintsAndLines(text), after = try fingerprintsAndLines("\n" + text)
        #expect(before.count == 7)
        #expect(before.map { $0.split(separator: " ")[0] } == after.map { $0.split(separator: " ")[0] })
        #expect(before.map { Int($0.split(separator: " ")[1])! + 1 } == after.map { Int($0.split(separator: " ")[1])! })
        #expect(try JF.run(["lint", "--format", "gitlab", "examples/invoice.json"]).stdout == "[]\n")
    }

    /// JUnit XML for CI test reports: a suite per file, a failing case per finding, a passing
    /// case for a clean file; well-formed whatever the messages hold.
    @Test func junitTestResults() throws {
        let junit = try JF.run(["lint", "--format", "junit", "examples/templates", "examples/invoice.json"])
        #expect(junit.status == 1)
        let xml = junit.stdout
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"jf lint\" tests=\"8\" failures=\"7\" errors=\"0\">"))
        let names = xml.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "<testcase name=\"jf.")?.upperBound else { return nil }
            return String(line[start...].prefix { $0 != "\"" })
        }
        #expect(names == Self.seededRules)
        #expect(xml.contains(#"<failure type="error" message="unknown name &apos;subtotl&apos;">line 28, column 81: unknown name 'subtotl' (field subtotal)"#))
        #expect(xml.contains(#"<testsuite name="examples/invoice.json" tests="1" failures="0" errors="0" skipped="0">"#))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "well-formed XML")
    }

    @Test func rulesAreListedAndExplained() throws {
        let list = try JF.run(["lint", "--list-rules"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("unknown-function            error    [*] "))
        let page = try JF.run(["lint", "--explain", "shadowed-field"])
        #expect(page.stdout == (try String(contentsOf: JF.root.appendingPathComponent("docs/rules/shadowed-field.md"), encoding: .utf8)))
        let unknown = try JF.run(["lint", "--explain", "shadowed-feild"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'shadowed-field'?"))
        let badSelect = try JF.run(["lint", "--select", "unknown-functon", "examples/invoice.json"])
        #expect(badSelect.status == 2)
        #expect(badSelect.stderr.contains("--select: unknown rule 'unknown-functon'; did you mean 'unknown-function'?"))
    }
}
