import Foundation
import Testing

/// `jf repl` end to end: through a pipe, and through a pseudo-terminal driven by
/// `Fixtures/pty_session.py` (Python's standard `pty` module), keystroke by keystroke.
struct ReplCommandTests {
    @Test func pipedInputHasNoPromptsAndOneOutputPerInput() throws {
        let script = """
            let rate = 0.5
            :load examples/order.json
            :set qty 5
            map([1, 2],
              (x) -> x * rate)
            total * 2
            """
        let result = try JF.run(["repl"], stdin: script + "\n")
        #expect(result.status == 0)
        #expect(result.stdout == """
            rate = 0.5
            loaded examples/order.json: 9 fields, 5 with formulas
            qty = 5
              subtotal → 449.5
              discount → 0
              tax → 89.9
              total → 539.4
              label → "5 × Cordless drill = 539.4"
            [0.5, 1]
            1078.8

            """)
    }

    @Test func outputIsLaidOutForColumns() throws {
        let text = String(repeating: "abc ", count: 30)
        let script = "let long = \"\(text)\"\n:vars\n:help\n"
        // `:vars` cuts a value at the edge: the line's 7 characters, the quote and the `…` leave
        // the rest of the width for the text.
        let wide = try JF.run(["repl"], stdin: script)
        #expect(wide.stdout.contains("\nlong = \"\(text.prefix(80 - 9))…\n"), "80 columns when COLUMNS is unset and the output no terminal")
        let narrow = try JF.run(["repl"], stdin: script, environment: ["COLUMNS": "50"])
        #expect(narrow.stdout.contains("\nlong = \"\(text.prefix(50 - 9))…\n"))
        let lines: [Substring] = narrow.stdout.split(separator: "\n")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 50 }, "all but the value of the let, which is shown whole")
    }

    /// `:lint` uses the configuration `jf lint` would find for the document.
    @Test func lintReadsTheDocumentsConfiguration() throws {
        let directory = try workspace(["templates"])
        defer { discard(directory) }
        let template = directory.appendingPathComponent("templates/order-form.json").path
        let before = try JF.run(["repl", template], stdin: ":lint\n")
        #expect(before.stdout.hasSuffix("7 findings: 5 errors, 2 warnings\n"), "\(before.stdout)")
        try "[lint]\nignore = [\"non-portable\", \"shadowed-field\"]\n"
            .write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        let after = try JF.run(["repl", template], stdin: ":lint\n")
        #expect(after.stdout.hasSuffix("5 findings: 5 errors, 0 warnings\n"), "\(after.stdout)")
    }

    @Test func aFailedLineMakesTheExitStatus1() throws {
        let result = try JF.run(["repl", "--doc", "examples/order.json"], stdin: "total\nrund(total)\n:fields\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("215.76\nerror[reference]: unknown function 'rund'\n"))
        #expect(result.stdout.contains("total       number  215.76\n"))
        let missing = try JF.run(["repl", "--doc", "nope.json"], stdin: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read nope.json: No such file or directory"))
    }

    @Test func theDocumentCanBeGivenWithoutTheFlag() throws {
        let result = try JF.run(["repl", "examples/order.json"], stdin: "total\n")
        #expect(result.status == 0)
        #expect(result.stdout == "215.76\n")
        let both = try JF.run(["repl", "examples/order.json", "--doc", "examples/order.json"], stdin: "")
        #expect(both.status == 2)
        #expect(both.stderr.contains("give the document once: as FILE or with --doc, not both"))
    }

    @Test func fileErrorsAreOneLineNamingTheFile() throws {
        let script = ":load examples\n:load nope.json\n:load examples/order.json\n:save examples/order.json/copy.json\n"
        let result = try JF.run(["repl"], stdin: script)
        #expect(result.status == 1)
        #expect(result.stdout == """
            error: examples: is a directory, not a file
            error: cannot read nope.json: No such file or directory
            loaded examples/order.json: 9 fields, 5 with formulas
            error: cannot write examples/order.json/copy.json: Not a directory

            """)
    }

    /// Runs the pty driver; returns its transcript (the raw terminal output).
    func drive(_ steps: [[String: String?]], arguments: [String] = [], state: URL,
               environment extra: [String: String] = [:]) throws -> (status: Int32, transcript: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps.map { $0.compactMapValues { $0 } }), as: UTF8.self)
        process.arguments = ["python3", JF.fixtures.appendingPathComponent("pty_session.py").path, JF.executable.path, stepsJSON] + arguments
        process.currentDirectoryURL = JF.root
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Text in any script, typed or pasted, is kept as typed, in a UTF-8 terminal and in one
    /// whose locale says nothing (jf then reads UTF-8 all the same): evaluated, completed
    /// after, moved over by the cursor, and in the history after a restart.
    @Test(arguments: [["LC_ALL": "C.UTF-8"], ["LC_ALL": "", "LANG": "", "LC_CTYPE": ""]])
    func everyCharacterTypedIsKept(locale: [String: String]) throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let first = try drive([
            ["expect": "jf> "],
            ["send": "upper(\"straße\")\r", "expect": "\"STRASSE\"\r\njf> "],
            ["send": "length(\"日本語\")\r", "expect": "3\r\njf> "],
            // A paste: several characters in one write.
            ["send": "concat(\"Ελληνικά \", \"русский \", \"עברית\")\r", "expect": "\"Ελληνικά русский עברית\"\r\njf> "],
            ["send": ":load examples/order.json\r", "expect": "with formulas\r\njf> "],
            ["send": "concat(\"× \", subt\t", "expect": "otal"],
            ["send": ")\r", "expect": "\"× 179.8\"\r\njf> "],
            // Left over the closing bracket, the quote and a wide character, then typed there.
            ["send": "length(\"日本\")\u{1B}[D\u{1B}[D\u{1B}[Dx\r", "expect": "3\r\njf> "],
            ["send": "\u{4}", "expect": nil],
        ], state: state, environment: locale)
        #expect(first.status == 0, "\(first.transcript)")
        let again = try drive([
            ["expect": "jf> "],
            ["send": "\u{1B}[A\u{1B}[A\r", "expect": "\"× 179.8\"\r\njf> "],
            ["send": "\u{4}", "expect": nil],
        ], arguments: ["examples/order.json"], state: state, environment: locale)
        #expect(again.status == 0, "the history keeps the line as typed: \(again.transcript)")
    }

    /// As psql: `exit` and `quit` leave; output taller than the terminal goes through
    /// `$PAGER` (`:pager off` stops it); a long string is cut like a long array, and `let`
    /// echoes one line of a large value.
    @Test func exitQuitThePagerAndLongValues() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let session = try drive([
            ["expect": "jf> "],
            ["send": "map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (v) -> v * 1000000)\r",
             "expect": "paged: ]\r\njf> "],
            ["send": ":pager off\r", "expect": "pager: off\r\njf> "],
            ["send": "map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (v) -> v * 1000000)\r",
             "expect": "\r\n]\r\njf> "],
            ["send": "exit\r", "expect": nil],
        ], state: state, environment: ["PAGER": "sed 's/^/paged: /'", "LINES": "10"])
        #expect(session.status == 0, "exit leaves: \(session.transcript)")
        #expect(session.transcript.contains("paged:   20000000\r\n"), "\(session.transcript)")

        let piped = try JF.run(["repl"], stdin: """
            let long = concat(\(Array(repeating: "\"abcdefghij\"", count: 1200).joined(separator: ", ")))
            long
            let list = map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25], (v) -> v * 1000)
            quit
            1 + 1

            """)
        #expect(piped.status == 0)
        let lines = piped.stdout.split(separator: "\n")
        #expect(lines.count == 3, "quit left before 1 + 1: \(piped.stdout)")
        #expect(lines[0].hasPrefix("long = \"abcdefghij") && lines[0].hasSuffix("(a string of 12,000 characters; type its name to see it)"))
        #expect(lines[1].hasSuffix("\" … 2,000 more characters"), "10,000 characters shown, the rest counted")
        #expect(lines[2].hasPrefix("list = [1000, 2000, ") && lines[2].hasSuffix("(an array of 25 items; type its name to see it)"))
    }

    /// Ctrl-C stops an input that runs too long and returns to the prompt with the session as
    /// it was; a second Ctrl-C at the prompt says how to leave; Ctrl-\ leaves without the
    /// runtime's backtrace.
    @Test func ctrlCInterruptsAnEvaluation() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let nested = (1...7).reduce("x1") { body, level in "sum(map(a, (x\(level)) -> \(body)))" }
        let session = try drive([
            ["expect": "jf> "],
            ["send": "let a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]\r", "expect": "jf> "],
            ["send": ":load examples/order.json\r", "expect": "with formulas\r\njf> "],
            ["send": nested + "\r", "expect": nil],                        // 20^7 calls: it would run for hours
            ["send": "\u{3}", "pause": "1.5", "expect": "error[other]: interrupted"],
            ["expect": "jf> "],
            ["send": "length(a) + qty\r", "expect": "23\r\njf> "],         // the variable and the document are there
            ["send": "\u{3}", "expect": "^C\r\njf> "],
            ["send": "\u{3}", "expect": "(to leave, press Ctrl-D or type :quit)"],
            ["expect": "jf> "],
            ["send": "\u{1C}", "expect": nil],                             // Ctrl-\ leaves
        ], arguments: ["--max-steps", "100000000000"], state: state)
        #expect(session.transcript.contains("note: the evaluation was stopped (Ctrl-C) after"), "\(session.transcript)")
        #expect(!session.transcript.contains("Backtrac") && !session.transcript.contains("Thread 0"), "\(session.transcript)")
    }

    /// Completing a name before `)` or `,` adds no space; `_` is the last result; a long
    /// array shows 100 elements, then how many more (`:limit` changes it).
    @Test func completionBeforeAClosingBracketAndTheLastResult() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let session = try drive([
            ["expect": "jf> "],
            ["send": ":load examples/invoice.json\r", "expect": "with formulas\r\njf> "],
            ["send": "round(subt, 1)", "expect": "round(subt, 1)"],
            ["send": "\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D", "expect": nil],          // back before ", 1)"
            ["send": "\t", "expect": "otal"],                                      // subt<TAB> → subtotal, no space
            ["send": "\r", "expect": "880.8\r\njf> "],
            ["send": "_ * 2\r", "expect": "1761.6\r\njf> "],
            ["send": "\u{4}", "expect": nil],
        ], state: state)
        #expect(session.status == 0, "\(session.transcript)")
        // The line editor redraws from the cursor: "otal, 1)" follows "round(subt", no space between.
        #expect(session.transcript.contains("Gotal, 1)"), "\(session.transcript)")
        #expect(!session.transcript.contains("otal , 1)"))

        // Inside a string the text is completed and its quote closed; after a name inside a
        // call, at the end of the line, no space either.
        let strings = try drive([
            ["expect": "jf> "],
            ["send": ":load examples/invoice.json\r", "expect": "with formulas\r\njf> "],
            ["send": "status == \"Pa\t", "expect": "id\""],
            ["send": "\r", "expect": "\r\njf> "],
            ["send": "dateAdd(invoice_date, 1, 'day\t", "expect": nil],   // day, days: the common part
            ["send": "s\t", "expect": "'"],                                   // days, and its quote closed
            ["send": ")\r", "expect": ".000Z\r\njf> "],
            ["send": "sum(subt\t", "expect": "otal"],
            ["send": ")\r", "expect": "\r\njf> "],
            ["send": "\u{4}", "expect": nil],
        ], state: state)
        #expect(strings.status == 0, "\(strings.transcript)")
        // (The line editor redraws from the cursor: "id\"" follows `"Pa`, "otal)" follows `subt`.)
        #expect(strings.transcript.contains("Gid\"\r\n"), "the quote closed, no space: \(strings.transcript)")
        #expect(strings.transcript.contains("Gotal)\r\n"), "no space before the bracket typed after: \(strings.transcript)")

        let piped = try JF.run(["repl"], stdin: "map([" + (1...250).map(String.init).joined(separator: ", ") + "], (x) -> x)\n:limit 2\n_\n:limit off\nlength(_)\n")
        #expect(piped.stdout.contains("  100,\n  … 150 more items\n]\n"), "\(piped.stdout.suffix(300))")
        #expect(piped.stdout.contains("limit: 2 elements of an array, 200 characters of a string, then how many more\n[\n  1,\n  2,\n  … 248 more items\n]\n"))
        #expect(piped.stdout.hasSuffix("limit: off (every element and character shown)\n250\n"))

        // A limit too large to multiply into characters, or to be an Int at all, shows everything.
        let large = try JF.run(["repl"], stdin: ":limit 9223372036854775807\n:limit 92233720368547759\n:limit 99999999999999999999999\n[1, 2]\n")
        #expect(large.status == 0, "\(large.stderr)")
        #expect(large.stdout == "limit: 9,223,372,036,854,775,807 elements of an array, 9,223,372,036,854,775,807 characters of a string, then how many more\n"
                + "limit: 92,233,720,368,547,759 elements of an array, 9,223,372,036,854,775,807 characters of a string, then how many more\n"
                + "limit: 9,223,372,036,854,775,807 elements of an array, 9,223,372,036,854,775,807 characters of a string, then how many more\n"
                + "[1, 2]\n", "\(large.stdout)")
    }

    /// Piped, an error names the line of standard input where its input starts.
    @Test func pipedErrorsNameTheirLine() throws {
        let result = try JF.run(["repl"], stdin: "1 + 1\n\nsum(1,\n  rund(2))\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("2\nerror[reference]: unknown function 'rund'\n --> stdin:4:3\n"), "\(result.stdout)")
    }

    @Test func interactiveEditingCompletionHistoryAndDocument() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let first = try drive([
            ["expect": "jf> "],
            ["send": "su\t", "expect": "m("],                              // su<TAB> completes to sum(
            ["send": "1, 2)\r", "expect": "\r\n3\r\njf> "],
            ["send": "map([1, 2,\r", "expect": "... "],                     // an open bracket continues
            ["send": "  3],\r", "expect": "... "],
            ["send": "  (x) -> x * 2)\r", "expect": "[2, 4, 6]\r\njf> "],
            ["send": "1 +", "expect": "1 +"],
            ["send": "\u{3}", "expect": "jf> "],                            // Ctrl-C drops the line
            ["send": ":load examples/order.json\r", "expect": "with formulas\r\njf> "],
            ["send": ":set qty 5\r", "expect": "total → 539.4"],            // the recomputed total
            ["expect": "jf> "],
            ["send": "\u{4}", "expect": nil],                               // Ctrl-D leaves
        ], state: state)
        #expect(first.status == 0, "\(first.transcript)")
        let history = try String(contentsOf: state.appendingPathComponent("jf/history"), encoding: .utf8)
        #expect(history == "sum(1, 2)\nmap([1, 2,\\n  3],\\n  (x) -> x * 2)\n:load examples/order.json\n:set qty 5\n")

        // After a restart, Up recalls the previous line and Ctrl-R finds an older one.
        let second = try drive([
            ["expect": "jf> "],
            ["send": "\u{1B}[A", "expect": ":set qty 5"],
            ["send": "\r", "expect": "error: no document; :load DOC first\r\njf> "],
            ["send": "\u{12}", "expect": "bck:"],                           // Ctrl-R searches the history
            ["send": "sum", "expect": "sum(1, 2)"],
            ["send": "\r", "expect": "3\r\njf> "],
            ["send": "\u{4}", "expect": nil],
        ], state: state)
        #expect(second.status == 0, "\(second.transcript)")
    }

    @Test func historyIsBoundedAndSharedSafely() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let file = state.appendingPathComponent("jf/history")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A history at the bound: the next entry makes the file be trimmed to the newest 1,000.
        let old = (0..<2_000).map { "\($0) + 0" }.joined(separator: "\n") + "\n"
        try old.write(to: file, atomically: true, encoding: .utf8)
        let run = try drive([["expect": "jf> "], ["send": "41 + 1\r", "expect": "42\r\njf> "], ["send": "\u{4}", "expect": nil]], state: state)
        #expect(run.status == 0, "\(run.transcript)")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1_000)
        #expect(lines.last == "41 + 1")
        #expect(lines.first == "1001 + 0")
    }

    @Test func twoREPLsAtOnceKeepEveryEntryWhole() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("jf-repl-\(UUID().uuidString)")
        defer { discard(state) }
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 2) { session in
            var steps: [[String: String?]] = [["expect": "jf> "]]
            for entry in 0..<10 { steps.append(["send": "\(session) * 100 + \(entry)\r", "expect": "\r\njf> "]) }
            steps.append(["send": "\u{4}", "expect": nil])
            statuses.record((try? drive(steps, state: state))?.status ?? -1)
        }
        #expect(statuses.all == [0, 0])
        let lines = try String(contentsOf: state.appendingPathComponent("jf/history"), encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = (0..<2).flatMap { session in (0..<10).map { "\(session) * 100 + \($0)" } }
        #expect(lines.sorted() == expected.sorted())
    }
}

/// Exit statuses gathered from concurrent sessions.
final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int32] = []
    func record(_ status: Int32) {
        lock.lock()
        values.append(status)
        lock.unlock()
    }
    var all: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
