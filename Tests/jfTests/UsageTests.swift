import Testing

/// Usage errors common to every command: what is reported, and the exit status 2.
struct UsageTests {
    /// A mistyped option is reported as such, with a suggestion, even where the command's own
    /// checks of its options would fail too (they ran first, and hid it).
    @Test func anUnknownOptionIsReportedBeforeTheCommandsChecks() throws {
        let cases: [([String], String)] = [
            (["run", "--jsnl"], "unknown option '--jsnl'. Did you mean '--jsonl'?"),
            (["fmt", "--width", "40", "-"], "unknown option '--width'"),
            (["validate", "--jsonl", "--fromat", "json", "x.json"], "unknown option '--fromat'. Did you mean '--format'?"),
            (["lint", "--stdin", "--fixx", "x.jf"], "unknown option '--fixx'. Did you mean '--fix'?"),
            (["apply", "--wrte", "-", "-"], "unknown option '--wrte'. Did you mean '--write'?"),
            (["repl", "--dco", "a.json", "b.json"], "unknown option '--dco'. Did you mean '--doc'?"),
        ]
        for (arguments, message) in cases {
            let result = try JF.run(arguments, stdin: "")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("jf: error: \(message)\n"), "\(arguments): \(result.stderr)")
            // The usage hint, as every argument error has it.
            #expect(result.stderr.contains("\n  See 'jf \(arguments[0]) --help' for more information."), "\(arguments): \(result.stderr)")
        }
        // Without one, the command's own check is what is said.
        let combination = try JF.run(["run", "--jsonl", "x.json"], stdin: "")
        #expect(combination.status == 2)
        #expect(combination.stderr.hasPrefix("jf: error: --jsonl reads standard input (- or no PATH); to stream a file: jf run --jsonl < FILE\n"))
        // `-` is standard input, as everywhere else.
        let invoice = try String(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: "")
        for command in ["run", "validate"] {
            let dash = try JF.run([command, "--jsonl", "-"], stdin: invoice + "\n")
            #expect(dash.status == 0, "\(command): \(dash.stderr)")
            #expect(dash.stdout.hasPrefix("{"), "\(command)")
        }
    }

    /// A user with only the binary: help names `jf help COMMAND` and the manual pages, not
    /// files of the repository as if they were at hand; `jf eval`'s usage says one expression
    /// is required.
    @Test func helpPointsAtWhatTheUserHas() throws {
        let top = try JF.run(["--help"]).stdout
        #expect(top.contains("jf help COMMAND, or man jf-COMMAND"))
        for command in ["run", "validate", "apply", "serve", "repl"] {
            let help = try JF.run(["help", command]).stdout
            #expect(help.contains("man jf-\(command)"), "\(command)")
            #expect(!help.contains("Details: docs/"), "\(command)")
        }
        let usage = try JF.run(["eval"]).stderr
        #expect(usage == """
            jf: error: give an EXPRESSION or --lines FILE
            Usage: jf eval [<options>] <expression>
                   jf eval [<options>] --lines <FILE>
              See 'jf eval --help' for more information.

            """)
    }

    /// A mistyped command is named with the nearest one; a function typed with letters left
    /// out finds its word (`rnd` is `round`, not `and`).
    @Test func mistypedNamesFindTheirWord() throws {
        // A user with only the binary finds the completion scripts in the help.
        #expect(try JF.run(["--help"]).stdout.contains("jf --generate-completion-script bash"))
        let command = try JF.run(["evl", "1+2"])
        #expect(command.status == 2)
        #expect(command.stderr == "jf: error: unknown command 'evl' (did you mean 'eval'?); jf --help lists the commands\n")
        #expect(try JF.run(["xyzzy"]).stderr == "jf: error: unknown command 'xyzzy'; jf --help lists the commands\n")
        // `jf help NAME` of no command is as much a mistake (it printed the top-level help, exit 0).
        let help = try JF.run(["help", "nope"])
        #expect(help.status == 2 && help.stderr == "jf: error: unknown command 'nope'; jf --help lists the commands\n" && help.stdout.isEmpty)
        #expect(try JF.run(["help", "evl"]).stderr == "jf: error: unknown command 'evl' (did you mean 'eval'?); jf --help lists the commands\n")
        let known = try JF.run(["help", "run"])
        #expect(known.status == 0 && known.stdout.hasPrefix("OVERVIEW: Evaluate the formulas of JoyDocs."))
        let function = try JF.run(["functions", "rnd"])
        #expect(function.stderr.contains("did you mean 'round'?"), "\(function.stderr)")
        let formula = try JF.run(["eval", "sm(1, 2)"])
        #expect((formula.stdout + formula.stderr).contains("did you mean 'sum'?"), "\(formula.stderr)")
    }

    /// Every command's examples fit the 80 columns `--help` is wrapped to: a longer one would
    /// be broken in the middle of its command line.
    @Test func helpExamplesAreNotWrapped() throws {
        for command in ["eval", "run", "lint", "validate", "apply", "repl", "graph", "fmt", "functions", "lsp"] {
            let help = try JF.run([command, "--help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = help.firstIndex(of: "Examples:") else { continue }
            for line in help[(start + 1)...].prefix(while: { !$0.isEmpty }) {
                #expect(line.hasPrefix("  "), "jf \(command) --help: an example wrapped before \(line)")
            }
        }
    }
}
