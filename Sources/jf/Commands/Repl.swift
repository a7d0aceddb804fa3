import ArgumentParser
import Foundation
import JoyfillFormulas
import JoyfillREPL

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Explore formulas interactively, against a live document.",
        discussion: """
            Type a formula to evaluate it; an unfinished one (an open bracket or string, a trailing \
            operator) continues on the next line. let NAME = EXPR binds a session variable. \
            Meta-commands start with ':' (:help lists them): :load DOC, :fields, :formulas, \
            :set FIELD JSON, :deps FIELD, :graph, :type, :ast, :explain, :doc, :time, :tz, :now, \
            :save FILE, :quit.

            On a terminal: emacs-style editing, Up/Down and Ctrl-R through the history (kept in \
            $XDG_STATE_HOME/jf/history), Tab completion of functions, fields, variables and \
            commands, Ctrl-C to drop the line, Ctrl-D to leave.

            Otherwise (a pipe or a file on standard input) each line is one input, with no prompt, \
            and the exit status is 1 if any failed:
              jf repl examples/invoice.json < session.jf
            This help is also man jf-repl; the full reference is docs/repl.md in jf's repository.
            """
    )

    @Argument(help: ArgumentHelp("The JoyDoc to load first (like :load); the same as --doc.", valueName: "FILE"),
              completion: .documents)
    var file: String?

    @Option(help: ArgumentHelp("Load this JoyDoc first (like :load).", valueName: "FILE"), completion: .documents)
    var doc: String?

    @OptionGroup var evaluation: EvaluationFlags

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if file != nil && doc != nil { throw ValidationError("give the document once: as FILE or with --doc, not both") }
    }

    func run() throws {
        let options = try evaluation.options()
        let interactive = isatty(STDIN_FILENO) != 0
        let session = REPLSession(files: RealFiles(), options: options,
                                  colored: interactive && Terminal.standardOutput.wantsColor)
        if interactive { session.interruption = Interrupts.evaluation }
        let configurations = ConfigurationFinder(explicit: nil, disabled: false)
        session.lintSettings = { path in try configurations.configuration(for: path).settings(forFile: path) }
        var failed = false
        if let doc = doc ?? file {
            let output = session.feed(":load \(doc)")!
            if output.failed { throw Failure.usage(output.text.dropFirst("error: ".count).trimmingCharacters(in: .newlines)) }
            if interactive { Terminal.standardOutput.write(output.text) }
        }
        if interactive {
            runInteractive(session)
        } else {
            failed = try runPiped(session)
        }
        Terminal.standardOutput.flush()
        if failed { throw Failure.problems }
    }

    /// Lines from a pipe: no prompts, one output per input. Returns whether any input failed.
    /// A line longer than an input may be ends the session (exit 2): there is no knowing
    /// where the input it belonged to ends.
    private func runPiped(_ session: REPLSession) throws(Failure) -> Bool {
        var failed = false
        let output = Terminal.standardOutput
        session.width = output.columns ?? REPLSession.defaultWidth
        func show(_ result: REPLOutput) -> Bool {
            output.write(result.text)
            if result.failed { failed = true }
            return result.quit
        }
        var lines = InputLines(limit: REPLSession.maximumInputSize)
        do {
            while let line = try lines.next() {
                // Errors name the line of standard input where their input starts.
                session.source = ("stdin", lines.number)
                if let result = session.feed(line), show(result) { return failed }
            }
        } catch {
            output.flush()
            throw .usage(error.message)
        }
        if let result = session.finish() { _ = show(result) }
        return failed
    }

    /// Shows `text` through the pager when it is taller than the terminal (`rows`), as psql
    /// does: `$PAGER` (none when set empty), else `less -FRX`. Returns false when it did not
    /// (short text, no pager): the caller writes it.
    static func page(_ text: String, rows: Int?) -> Bool {
        guard let rows, text.utf8.lazy.filter({ $0 == 0x0A }).count >= rows - 1 else { return false }
        let environment = ProcessInfo.processInfo.environment
        let command = environment["PAGER"] ?? "less -FRX"
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        Terminal.standardOutput.flush()
        do {
            try process.run()
        } catch {
            return false
        }
        // A pager that leaves before reading everything (q in less) closes the pipe: the rest
        // is dropped, not an error.
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            written += count
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }

    private func runInteractive(_ session: REPLSession) {
        let history = History.defaultPath.map(History.init)
        let editor = LineEditor(session: session, history: history?.load() ?? [])
        let output = Terminal.standardOutput
        output.write("jf \(JF.configuration.version) — :help for commands, Ctrl-D to leave\n")
        output.flush()
        var entry: [String] = []
        var cancelledInARow = 0
        while true {
            let read = editor.read(prompt: session.prompt)
            if case .cancelled = read { cancelledInARow += 1 } else { cancelledInARow = 0 }
            switch read {
            case .end:
                output.write("\n")
                return
            case .cancelled:
                session.cancelInput()
                entry.removeAll()
                // As node and IPython do: a second Ctrl-C in a row says how to leave.
                output.write(cancelledInARow >= 2 ? "^C\n(to leave, press Ctrl-D or type :quit)\n" : "^C\n")
                output.flush()
            case .text(let line):
                entry.append(line)
                // Asked for each input: the window may have been resized since the last.
                session.width = output.columns ?? REPLSession.defaultWidth
                let result = session.feed(line)
                guard let result else { continue }
                let text = entry.joined(separator: "\n")
                entry.removeAll()
                if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    editor.remember(text)
                    history?.append(text)
                }
                if !(session.usesPager && Self.page(result.text, rows: output.rows)) {
                    output.write(result.text)
                }
                output.flush()
                if result.quit { return }
            }
        }
    }
}
