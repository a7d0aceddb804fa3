import ArgumentParser
import Foundation
import JoyfillFormulas
import JoyfillLint
import Synchronization

/// The `jf` command line: a thin layer over the libraries. Each subcommand lives in its own
/// file in `Commands/`, and what they share (the terminal, files, streams, ignore rules,
/// common options) in `Support/`; none holds logic a library should own.
///
/// Exit codes (docs/cli.md): 0 success; 1 the input had problems (a formula error, lint
/// findings, validation failures); 2 usage errors and unreadable input.
@main
struct JF: ParsableCommand {
    // Every command gives its `commandName`: ArgumentParser derives a missing one with
    // `String(describing:)`, whose runtime reflection cost 17.5 M instructions a run (39% of
    // `jf eval 1`), more than the rest of a short run.
    static let configuration = CommandConfiguration(
        commandName: "jf",
        abstract: "A toolchain for the Joyfill formula language.",
        discussion: """
            Formulas like sum(map(items, (r) -> r.price * r.qty)) are evaluated, checked and \
            explained from the shell. Exit codes: 0 success, 1 a formula or input problem, \
            2 a usage error or unreadable input.

            Tab completion for your shell: jf --generate-completion-script bash (or zsh, fish). \
            Each command's help: jf help COMMAND, or man jf-COMMAND (the Debian package, the \
            release archive and the wheel carry the manual; from jf's repository, \
            scripts/install-man.sh installs it).
            """,
        version: "0.1.0",
        subcommands: [Eval.self, Run.self, Lint.self, Validate.self, Apply.self, Repl.self, Graph.self, Fmt.self, Functions.self, Lsp.self,
                      Serve.self]
    )

    /// True while ``parseReportingTheParsersErrors()`` parses again without the commands' own
    /// checks: every `validate()` returns at once while it is set.
    static var checksSuspended: Bool { suspension.load(ordering: .relaxed) }
    private static let suspension = Atomic<Bool>(false)

    static func main() {
        Terminal.ignoreBrokenPipeSignals()
        Interrupts.quitWithoutBacktrace()
        do {
            var command = try parseReportingTheParsersErrors()
            try command.run()
        } catch let failure as Failure {
            if !failure.message.isEmpty { Terminal.standardError.write("jf: error: \(failure.message)\n") }
            Terminal.flushAll()
            Foundation.exit(failure.code)
        } catch {
            Terminal.flushAll()
            let code = exitCode(for: error)
            if code == .success || code == .failure && !(error is ValidationError) && !(error is CleanExit) {
                exit(withError: error)
            }
            // swift-argument-parser uses 64 for usage errors; the contract says 2. Its message
            // starts "Error: "; jf's errors, whoever finds them, start "jf: error: ".
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") {
                let text = message.dropFirst("Error: ".count)
                message = "jf: error: " + text.prefix(1).lowercased() + text.dropFirst()
            }
            Terminal.standardError.write(message + "\n")
            Terminal.flushAll()
            Foundation.exit(code == .success ? 0 : 2)
        }
        Terminal.flushAll()
    }
}

extension JF {
    /// Parses the command line. swift-argument-parser runs a command's `validate()` before it
    /// looks for options it does not know, so `jf run --jsnl` was told to give a PATH rather
    /// than that `--jsnl` is unknown (did you mean `--jsonl`?). When parsing fails, it is done
    /// again with the commands' checks suspended: an error then is the parser's own (an
    /// unknown option, a missing value) and is the one reported; otherwise the first is.
    static func parseReportingTheParsersErrors() throws -> ParsableCommand {
        try checkSubcommand(CommandLine.arguments.dropFirst().first)
        do {
            return try parseAsRoot()
        } catch let checkError {
            guard exitCode(for: checkError) != .success else { throw checkError }
            suspension.store(true, ordering: .relaxed)
            defer { suspension.store(false, ordering: .relaxed) }
            _ = try parseAsRoot()
            throw checkError
        }
    }
}

extension JF {
    /// A first argument that is no subcommand (`jf evl '1+2'`) is said as such, with the
    /// nearest subcommand, rather than as the parser's "2 unexpected arguments".
    static func checkSubcommand(_ first: String?) throws {
        guard let first, !first.hasPrefix("-") else { return }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        // `jf help NAME` too: the parser would show the top-level help for a NAME it does not
        // know, and exit 0.
        if first == "help", let topic = CommandLine.arguments.dropFirst(2).first, !topic.hasPrefix("-") {
            return try checkSubcommand(topic)
        }
        guard !names.contains(first) else { return }
        let hint = Suggestions.closest(to: first, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw Failure.usage("unknown command '\(first)'\(hint); jf --help lists the commands")
    }
}

/// A failure with a one-line message and an exit code; thrown by subcommands.
struct Failure: Error, CustomStringConvertible {
    var message: String
    var code: Int32

    var description: String { message }

    /// Unreadable input or a bad option value (exit 2).
    static func usage(_ message: String) -> Failure { Failure(message: message, code: 2) }
    /// The input had problems, already reported (exit 1).
    static let problems = Failure(message: "", code: 1)
}

/// What the shell completes for `jf`'s arguments (`jf --generate-completion-script bash`).
extension CompletionKind {
    /// JoyDocs, and the directories searched for them.
    static let documents = CompletionKind.file(extensions: ["json"])
    /// What `jf lint` and `jf fmt` read: JoyDocs and expression files, and directories.
    static let templates = CompletionKind.file(extensions: ["json"] + Linter.expressionFileExtensions)
}
