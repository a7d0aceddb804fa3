import Foundation
import Testing

struct EvalCommandTests {
    @Test func linesFileMatchesTheContract() throws {
        let cases = JF.fixtures.appendingPathComponent("cases.txt").path
        let result = try JF.run(["eval", "--json", "--now", "2024-06-01T12:00:00Z", "--lines", cases])
        let expected = try String(contentsOf: JF.fixtures.appendingPathComponent("cases.expected.jsonl"), encoding: .utf8)
        #expect(result.stdout == expected)
        #expect(result.status == 1, "some cases fail, so the exit code is 1")
        // Every line is a JSON object with the contracted shape.
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["ok"] as? Bool == true {
                #expect(["number", "string", "boolean", "date", "array", "object", "null", "undefined", "lambda"]
                    .contains(object["type"] as? String ?? ""))
                #expect(object["text"] is String)
                #expect(object.keys.contains("value"))
            } else {
                let error = try #require(object["error"] as? [String: Any])
                #expect(["syntax", "reference", "type", "arguments", "divisionByZero", "circular", "other"]
                    .contains(error["kind"] as? String ?? ""))
                let span = try #require(error["span"] as? [String: Int])
                #expect(Set(span.keys) == ["start", "end", "line", "column"])
            }
        }
    }

    /// A million references to one string make a value of a few megabytes whose text would be
    /// 130 MB: the result is an error, found while the text is written, not an exhausted memory.
    @Test func resultsWhoseTextIsTooLongAreErrors() throws {
        let million = "reduce([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (acc, v) -> flat([acc, acc]), [1])"
        let text = String(repeating: "0123456789abcdef", count: 8)
        let formula = "map(\(million), (v) -> \"\(text)\")"
        let result = try JF.run(["eval", "--json", "--lines", "-"], stdin: "length(\(formula))\n\(formula)\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == #"{"ok":true,"type":"number","value":1048576,"text":"1048576"}"#)
        #expect(lines.last?.contains(#""message":"the result is longer than the limit of 67108864 bytes when written as text""#) == true)
        #expect(result.status == 1)
    }

    /// In `--lines`, the error's place and its notes' are the file's: the line from the
    /// error's place, the columns the same in the formula and in its line.
    @Test func linesErrorsArePlacedInTheFile() throws {
        let result = try JF.run(["eval", "--lines", "-"], stdin: "1 + 1\nsum(1, 2\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("2\nerror[syntax]: expected ',' or ')' in the arguments of sum(), found end of input\n --> stdin:2:9\n"))
        #expect(result.stdout.contains("  = note: the '(' of sum() at column 4 is not closed\n"), "\(result.stdout)")
    }

    /// A 200,000-term comparison has as many warnings; they are rendered in time linear in
    /// the formula (the formula's lines are found once, not once a warning).
    @Test func manyWarningsOfOneLongFormula() throws {
        let formula = Array(repeating: "1", count: 200_000).joined(separator: " < ")
        let result = try JF.run(["eval", "-"], stdin: formula)
        #expect(result.status == 0)
        #expect(result.stdout == "false\n")
        #expect(result.stderr.components(separatedBy: "warning[always-false-comparison]").count - 1 == 199_998)
    }

    /// Ctrl-C (SIGINT) stops a long evaluation cleanly: its `interrupted` error, exit 130.
    @Test func ctrlCStopsAnEvaluation() throws {
        // 20^7 lambda calls: hours of work.
        let twenty = "[" + (1...20).map(String.init).joined(separator: ", ") + "]"
        let formula = (1...7).reduce("x1") { body, level in "sum(map(\(twenty), (x\(level)) -> \(body)))" }
        let result = try JF.shell("""
            $JF eval --max-steps 100000000000 '\(formula)' & pid=$!
            sleep 1.5; kill -INT $pid; wait $pid; echo "exit $?"
            """)
        #expect(result.stdout == "exit 130\n", "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error[other]: interrupted\n"), "\(result.stderr)")
        #expect(result.stderr.contains("note: the evaluation was stopped (Ctrl-C) after"))
    }

    @Test func linesFromStandardInput() throws {
        let result = try JF.run(["eval", "--json", "--lines", "-"], stdin: "1 + 1\nupper(\"a\")\n")
        #expect(result.stdout == """
            {"ok":true,"type":"number","value":2,"text":"2"}
            {"ok":true,"type":"string","value":"A","text":"A"}

            """)
        #expect(result.status == 0)
    }

    @Test func linesLongerThanTheOutputBufferArriveWhole() throws {
        // A value's line can outgrow the 64 KiB output buffer; it is written around it, in order.
        let long = String(repeating: "ab\"c", count: 30_000)
        let result = try JF.run(["eval", "--json", "--lines", "-"], stdin: "1\n'\(long)'\n[1.5, \"x\", null]\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == #"{"ok":true,"type":"number","value":1,"text":"1"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(object["value"] as? String == long)
        #expect(object["text"] as? String == long)
        #expect(lines.last == #"{"ok":true,"type":"array","value":[1.5,"x",null],"text":"[1.5, x, null]"}"#)
    }

    @Test func humanOutputPrintsTheValue() throws {
        let result = try JF.run(["eval", "map([1, 2], (x) -> x * 2)"])
        #expect(result.stdout == "[2, 4]\n")
        #expect(result.status == 0)
    }

    /// A formula that evaluates may still hold a mistake: what the checker finds goes to
    /// standard error as warnings (a branch that did not run, a column that gives nulls, a
    /// comparison whose outcome is fixed), and the value and the exit status are unchanged.
    @Test func theCheckersFindingsFollowAValue() throws {
        let branch = try JF.run(["eval", "--doc", "examples/invoice.json", "if(false, items.prise, 1)"])
        #expect(branch.status == 0)
        #expect(branch.stdout == "1\n")
        #expect(branch.stderr.hasPrefix("warning[unknown-column]: table 'items' has no column 'prise'\n --> formula:1:17\n"))
        #expect(branch.stderr.contains("did you mean 'price'?"))
        #expect(branch.stderr.contains("this part of the formula did not run this time"))
        let nulls = try JF.run(["eval", "--doc", "examples/invoice.json", "sum(filter(items, (r) -> true).prise)"])
        #expect(nulls.stdout == "0\n" && nulls.stderr.contains("so every element is null"))
        let comparison = try JF.run(["eval", #"if(1 == "1", "same", "different")"#])
        #expect(comparison.stdout == "different\n")
        #expect(comparison.stderr.contains("a number is never equal to a string"))
        let unbound = try JF.run(["eval", "price * 2"])
        #expect(unbound.status == 1)
        #expect(unbound.stderr.hasSuffix("  = note: no document is bound, so no name is known: give one with --doc FILE\n"))
        let name = try JF.run(["eval", "--doc", "examples/invoice.json", "if(false, totl, 1)"])
        #expect(name.stderr.hasPrefix("warning[unknown-reference]: unknown name 'totl'\n"))
        #expect(name.stderr.contains("did you mean 'total'?"))
        let json = try JF.run(["eval", "--json", #"if(1 == "1", 1, 2)"#])
        #expect(json.stderr.isEmpty, "--json output is the contract's, with nothing beside it")
    }

    /// `items.length`, a habit of JavaScript: the table's error and the checker's warning
    /// (where the branch did not run) both show the call to write.
    @Test func aTablesLengthIsShownAsACall() throws {
        let failed = try JF.run(["eval", "--doc", "examples/invoice.json", "items.length"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error[reference]: table 'items' has no column 'length'\n"))
        #expect(failed.stderr.contains("^^^^^^ length is a function here: length(items)\n"))
        let unrun = try JF.run(["eval", "--doc", "examples/invoice.json", "if(false, items.length, 0)"])
        #expect(unrun.stdout == "0\n")
        #expect(unrun.stderr.contains("warning[unknown-column]: table 'items' has no column 'length'\n"))
        #expect(unrun.stderr.contains("length is a function here: length(items)\n"))
    }

    @Test func docBindsNamesToTheDocumentAfterItsFormulasRan() throws {
        let result = try JF.run(["eval", "--doc", "examples/invoice.json", "round(total - subtotal, 2)"])
        #expect(result.status == 0)
        #expect(result.stdout == "72.66\n")
        #expect(result.stderr.isEmpty)
        // Fields whose formulas failed keep their stored values: the result may not be what the
        // document means, so the failures are named.
        let failing = try JF.run(["eval", "--doc", "examples/cycle.json", "net"])
        #expect(failing.status == 0)
        #expect(failing.stdout == "0\n")
        #expect(failing.stderr == "jf: warning: examples/cycle.json: the formulas of 'net', 'fees', 'report' failed, so those fields keep their stored values (jf run examples/cycle.json shows why)\n")
    }

    @Test func aDashReadsTheExpressionFromStandardInput() throws {
        let formatted = try JF.run(["eval", "-"], stdin: "sum(\n  1,\n  2)\n")
        #expect(formatted.status == 0)
        #expect(formatted.stdout == "3\n")
        let broken = try JF.run(["eval", "-"], stdin: "sum(\n  1,\n  rund(2))\n")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(" --> stdin:3:3\n"))
        let both = try JF.run(["eval", "--doc", "-", "-"], stdin: "{}")
        #expect(both.status == 2)
        #expect(both.stderr.contains("standard input can hold the expression or the document, not both"))
    }

    @Test func setChangesAFieldOfTheDocumentFirst() throws {
        // What if the tax rate were 10%? Its dependents are recomputed before the formula runs.
        let result = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", "tax_rate=10", "round(total - subtotal, 2)"])
        #expect(result.status == 0)
        #expect(result.stdout == "88.08\n")
        let lines = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", "tax_rate=0", "--lines", "-"], stdin: "tax\ntotal == subtotal\n")
        #expect(lines.stdout == "0\ntrue\n")

        let typo = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", "taxrate=10", "total"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "jf: error: --set: no field has the _id 'taxrate' (did you mean 'tax_rate'?)\n")
        // A cell: the first row as formulas number them, then a row by _id.
        let cells = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", "items.0.qty=5", "--set", "items.r3.qty=0", "subtotal"])
        #expect(cells.stdout == "943\n", "85 × 5 + 129.5 × 4 + 64.25 × 0")
        let row = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", "items.r9.qty=1", "subtotal"])
        #expect(row.status == 2)
        #expect(row.stderr == "jf: error: --set: table 'items': no row has the _id 'r9' (deleted rows cannot be changed) (did you mean 'r2', 'r1' or 'r3'?)\n")
        // --set-file: the same changes from a JSON object, before any --set; its errors placed.
        let directory = try workspace([])
        defer { discard(directory) }
        let sets = directory.appendingPathComponent("sets.json")
        try #"{"tax_rate": 10, "items.0.qty": 5}"#.write(to: sets, atomically: true, encoding: .utf8)
        let fromFile = try JF.run(["eval", "--doc", "examples/invoice.json", "--set-file", sets.path, "--set", "items.0.qty=1", "tax"])
        let fromFlags = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", "tax_rate=10", "--set", "items.0.qty=5", "--set", "items.0.qty=1", "tax"])
        #expect(fromFile.stdout == fromFlags.stdout, "\(fromFile.stderr)")
        let run = try JF.run(["run", "--json", "--set-file", sets.path, "examples/invoice.json"])
        let flags = try JF.run(["run", "--json", "--set", "tax_rate=10", "--set", "items.0.qty=5", "examples/invoice.json"])
        #expect(run.status == 0 && run.stdout == flags.stdout, "\(run.stderr)")
        try #"{"tax_rate": 10,, }"#.write(to: sets, atomically: true, encoding: .utf8)
        let broken = try JF.run(["eval", "--doc", "examples/invoice.json", "--set-file", sets.path, "tax"])
        #expect(broken.status == 2 && broken.stderr.hasPrefix("jf: error: \(sets.path): invalid JSON: line 1, column 17: expected a member name"), "\(broken.stderr)")
        try "[1]".write(to: sets, atomically: true, encoding: .utf8)
        let notObject = try JF.run(["run", "--set-file", sets.path, "examples/invoice.json"])
        #expect(notObject.status == 2 && notObject.stderr.contains("--set-file takes a JSON object of FIELD: VALUE members"), "\(notObject.stderr)")
        // Text set in a number field is read as text: said on standard error, at once.
        let text = try JF.run(["eval", "--doc", "examples/invoice.json", "--set", #"tax_rate="10""#, "tax_rate"])
        #expect(text.stdout == "10\n")
        #expect(text.stderr.hasPrefix("jf: warning: --set: number field 'tax_rate' holds the text \"10\"; formulas read text, not the number 10\n"))
        let noDocument = try JF.run(["eval", "--set", "tax_rate=10", "total"])
        #expect(noDocument.status == 2)
        #expect(noDocument.stderr.contains("--set and --set-file change a field of a document: give it with --doc FILE"))
    }

    @Test func humanErrorsShowACaretAndTheFix() throws {
        let result = try JF.run(["eval", "1 + rund(2.5)"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            error[reference]: unknown function 'rund'
             --> formula:1:5
              |
            1 | 1 + rund(2.5)
              |     ^^^^ did you mean 'round'?

            """)
    }

    @Test func humanLinesNameTheLineOfEachError() throws {
        let result = try JF.run(["eval", "--lines", "-"], stdin: "1 + 1\n\nsum(1,\n", environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("2\nerror[syntax]: expected an expression, found end of input\n --> stdin:2:1\n"))
        #expect(result.stdout.contains(" --> stdin:3:7\n  |\n3 | sum(1,\n  |       ^\n"))
    }

    @Test func nowAndTimeZone() throws {
        let result = try JF.run(["eval", "--now", "2024-06-30T23:30:00Z", "--tz", "Europe/Paris", "day(now()) + month(now()) * 100"])
        #expect(result.stdout == "701\n")
    }

    @Test func aFormulaMayStartWithAMinusSign() throws {
        let negative = try JF.run(["eval", "-1 + 2"])
        #expect(negative.status == 0)
        #expect(negative.stdout == "1\n")
        let field = try JF.run(["eval", "--json", "-x"])
        #expect(field.status == 1)
        #expect(field.stdout.contains("\"message\":\"unknown name 'x'\""))
        // After --, even two minus signs and a name are a formula.
        let separated = try JF.run(["eval", "--", "--1"])
        #expect(separated.stdout == "1\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let missing = try JF.run(["eval", "--lines", "no/such/file.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "jf: error: cannot read no/such/file.txt: No such file or directory\n")

        let zone = try JF.run(["eval", "--tz", "Mars/Olympus", "1"])
        #expect(zone.status == 2)
        #expect(zone.stderr.contains("unknown time zone 'Mars/Olympus'"))

        let now = try JF.run(["eval", "--now", "yesterday", "1"])
        #expect(now.status == 2)

        let flag = try JF.run(["eval", "--bogus", "1"])
        #expect(flag.status == 2)
        #expect(flag.stderr.hasPrefix("jf: error: unknown option '--bogus' (a formula that starts with '--' goes after --"))

        let words = try JF.run(["eval", "1", "+", "2"])
        #expect(words.status == 2)
        #expect(words.stderr.hasPrefix("jf: error: give the formula as one argument: quote it, as in jf eval '1 + 2'\n"))

        let nothing = try JF.run(["eval"])
        #expect(nothing.status == 2)
    }

    @Test func hostileInputNeverCrashes() throws {
        var bytes = [UInt8]()
        bytes += Array(String(repeating: "(", count: 50_000).utf8) + [0x0A]
        bytes += [0xFF, 0xFE, 0x80, 0x0A]                       // invalid UTF-8
        bytes += Array(("1" + String(repeating: "+1", count: 50_000)).utf8) + [0x0A]
        bytes += Array(String(repeating: "\"", count: 3).utf8) + [0x0A]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jf-hostile-\(UUID().uuidString).txt")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try JF.run(["eval", "--json", "--lines", path.path])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].contains("nested too deeply"))
        #expect(lines[1].contains("\"ok\":false"))
        #expect(lines[2] == "{\"ok\":true,\"type\":\"number\",\"value\":50001,\"text\":\"50001\"}")
        #expect(result.status == 1)
    }

    @Test func manyFormulasInOneProcess() throws {
        var text = ""
        for index in 0..<20_000 { text += "round(\(index) * 1.5, 1) + length(\"x\")\n" }
        let result = try JF.run(["eval", "--json", "--lines", "-"], stdin: text)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 20_000)
        #expect(lines[19_999] == "{\"ok\":true,\"type\":\"number\",\"value\":29999.5,\"text\":\"29999.5\"}")
    }
}

struct FunctionsCommandTests {
    @Test func markdownIsTheCommittedReference() throws {
        let result = try JF.run(["functions", "--markdown"])
        let committed = try String(contentsOf: JF.root.appendingPathComponent("docs/functions.md"), encoding: .utf8)
        #expect(result.stdout == committed)
    }

    @Test func jsonCatalogue() throws {
        let result = try JF.run(["functions", "--json"])
        let catalogue = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(catalogue.count == 48)
        let round = try #require(catalogue.first { $0["name"] as? String == "round" })
        #expect(round["usage"] as? String == "round(value: number, digits?: number) -> number")
        #expect(round["portability"] as? [String] == ["swift", "web"])
    }

    @Test func humanListing() throws {
        let result = try JF.run(["functions"])
        #expect(result.stdout.contains("round(value: number, digits?: number) -> number"))
        #expect(result.status == 0)
        // On a terminal too narrow for a column of summaries (here COLUMNS), each summary goes
        // under its usage, wrapped to the width.
        let narrow = try JF.run(["functions"], environment: ["COLUMNS": "80"])
        #expect(narrow.stdout.contains("  round(value: number, digits?: number) -> number\n      Rounds to"))
        let summaries = narrow.stdout.split(separator: "\n").filter { $0.hasPrefix("      ") }
        #expect(summaries.count >= 48)
        #expect(summaries.allSatisfy { $0.count <= 80 })
    }

    @Test func namedFunctionsAreDocumented() throws {
        let result = try JF.run(["functions", "ROUND", "length"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("round(value: number, digits?: number) -> number\n  Rounds to a number of decimal places"))
        #expect(result.stdout.contains("examples:\n  round(3.14159, 2)  ⇒  3.14\n"))
        #expect(result.stdout.contains("portability: swift, web\n\nlength(value: string|array) -> number\n"))
        // On a terminal (here COLUMNS), the summary and the details are wrapped to it.
        let narrow = try JF.run(["functions", "dateAdd"], environment: ["COLUMNS": "50"])
        #expect(narrow.stdout.contains("\n  Adds an amount of a unit to a date.\n  Units: years (year, y), months (month, m), weeks\n  (week, w),"))
        let prose = narrow.stdout.split(separator: "\n").prefix { $0 != "examples:" }.dropFirst()
        #expect(prose.count > 5 && prose.allSatisfy { $0.count <= 50 })
        let json = try JF.run(["functions", "--json", "round"])
        let catalogue = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(catalogue.map { $0["name"] as? String } == ["round"])

        let unknown = try JF.run(["functions", "len"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "jf: error: no function 'len' (did you mean 'length'?); jf functions lists them all\n")
        #expect(try JF.run(["functions", "--markdown", "round"]).status == 2)
    }
}
