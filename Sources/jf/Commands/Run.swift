import ArgumentParser
import Foundation
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Evaluate the formulas of JoyDocs.",
        discussion: """
            Evaluates every formula of each document in dependency order, writes results back by \
            field type, and reports each formula field's status and value. PATH is a JoyDoc or a \
            directory searched recursively for *.json (passing over hidden directories and what \
            .gitignore files ignore, and skipping JSON that is not a JoyDoc with a note); - reads one JoyDoc from standard input. One bad \
            document is reported and the rest go on.

            Examples:
              jf run examples/invoice.json
              jf run --json forms/              # the JSON report
              jf run --set tax_rate=10 examples/invoice.json
              curl -s $URL | jf run -           # a JoyDoc on standard input
              jf run --write --jobs 2 forms/    # rewrite changed files
              jf run --jsonl < in.jsonl         # one JoyDoc per line

            Exits 1 when a formula failed, 2 on a usage error or when a document cannot be \
            read (invalid JSON, not a JoyDoc). With --jsonl, problems inside documents are \
            reported and the exit is 0 once every line is answered (--strict: 1). This help \
            is also man jf-run; the full reference is docs/cli.md in jf's repository.
            """
    )

    @Flag(help: "Print one JSON report on standard output.")
    var json = false

    @Flag(help: "Rewrite each changed document in place (atomically).")
    var write = false

    @Option(help: ArgumentHelp("Write every document's result under DIR instead (same relative paths).", valueName: "DIR"),
            completion: .directory)
    var out: String?

    @Flag(help: "With --out: flush each file to disk before the next (by default the batch is flushed once, at its end).")
    var fsync = false

    @Flag(help: "Warn when the SDKs would not load a document for its structure too, not only its version (a walk of the whole document: about half as long again).")
    var schema = false

    @OptionGroup var parallel: ParallelFlags

    @OptionGroup var colors: ColorFlags

    @OptionGroup var search: SearchFlags

    @OptionGroup var changes: FieldChanges

    @Flag(help: "Read JoyDocs from standard input, one per line; write each evaluated document as a line.")
    var jsonl = false

    @Flag(help: "With --jsonl: exit 1 when a document had problems (by default a stream whose every line was answered exits 0).")
    var strict = false

    @Option(help: ArgumentHelp(
        "With --jsonl: write each document's problems into its output line, as an array under this top-level key.",
        valueName: "KEY"))
    var problemsKey: String?

    @OptionGroup var evaluation: EvaluationFlags

    @Argument(help: "JoyDoc files or directories; - (or none, from a pipe) for standard input.", completion: .documents)
    var paths: [String] = []

    /// What to read (``DocumentPaths``).
    private var inputs: [String] { DocumentPaths.inputs(paths, jsonl: jsonl) }

    func validate() throws {
        guard !JF.checksSuspended else { return }
        try DocumentPaths.check(paths, jsonl: jsonl)
        if !jsonl && strict { throw ValidationError("--strict is for --jsonl; without it, problems already exit 1") }
        if !jsonl && problemsKey != nil { throw ValidationError("--problems-key is for --jsonl; --json reports problems beside each document") }
        if problemsKey?.isEmpty == true { throw ValidationError("--problems-key needs a key, e.g. --problems-key jfProblems") }
        if write && out != nil { throw ValidationError("choose one of --write and --out") }
        if fsync && out == nil { throw ValidationError("--fsync is for --out; --write flushes each file it rewrites") }
        if inputs.contains("-") && (write || out != nil) {
            throw ValidationError("a JoyDoc on standard input (-) has no file to write; use --jsonl to get it back on standard output")
        }
    }

    func run() throws {
        let options = try evaluation.options()
        let parsedChanges = try changes.parsed()
        let started = Date()
        if jsonl {
            try runLines(options: options, changes: parsedChanges)
            return
        }
        let found = try Files.documents(in: inputs, followingIgnoreFiles: !search.noIgnore)
        let files = found.map(\.path)
        let targets = try out.map { directory throws(Failure) in try DocumentRun.destinations(of: found, in: directory) }
        if let targets { try Files.makeDirectories(for: targets) }
        let json = json, write = write, fsync = fsync, schema = schema
        // Reports are written as documents finish, in order; the bar shows how far the run is
        // when the reports go elsewhere than the terminal.
        var reports = ReportStream(json: json)
        let progress = Terminal.standardOutput.isTerminal ? nil : ProgressBar(total: files.count)
        var formulas = 0, errors = 0, warnings = 0, unreadable = 0, changed = 0, skipped = 0
        parallelForEach(files.count, workers: parallel.jobs) { index in
            DocumentRun.run(path: files[index], options: options, changes: parsedChanges, json: json,
                            write: write, out: targets?[index], durable: fsync, foundInDirectory: found[index].path != found[index].argument,
                            lastUse: files.count == 1, schema: schema)
        } deliver: { index, outcome in
            if !outcome.messages.isEmpty {
                progress?.clear()
                Terminal.standardError.write(outcome.messages)
            }
            if outcome.skipped {
                skipped += 1
            } else {
                reports.write(outcome.report)
            }
            formulas += outcome.formulas
            errors += outcome.errors
            warnings += outcome.warnings
            if outcome.unreadable { unreadable += 1 }
            if outcome.changed { changed += 1 }
            progress?.update(index + 1)
        }
        progress?.clear()
        reports.finish()
        if out != nil && !fsync { Files.flushWrittenFiles() }
        let reported = reports.count

        let seconds = Date().timeIntervalSince(started)
        var summary = "\(reported) document\(reported == 1 ? "" : "s"), \(formulas) formula field\(formulas == 1 ? "" : "s"), "
        summary += "\(errors) error\(errors == 1 ? "" : "s")"
        if warnings > 0 { summary += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        if unreadable > 0 { summary += ", \(unreadable) unreadable" }
        if skipped > 0 { summary += ", \(skipped) skipped (not JoyDocs)" }
        if write || out != nil { summary += ", \(changed) changed" }
        summary += String(format: " in %.2f s", seconds)
        Terminal.standardError.write(summary + "\n")
        if unreadable > 0 { throw Failure(message: "", code: 2) }
        if errors > 0 { throw Failure.problems }
    }

    /// `--jsonl`: each input line is a JoyDoc; each output line is the evaluated document
    /// (the input line itself when it is not a JoyDoc); diagnostics go to standard error as
    /// JSON lines naming the input line and the document's `_id` and `identifier`, and with
    /// `--problems-key` into the output line too. Lines are evaluated on `--jobs` threads and
    /// answered in order.
    ///
    /// A problem inside a document is data: the stream exits 0 once every line is answered
    /// (Spark's `RDD.pipe` and Hadoop streaming fail a whole task on any other exit code),
    /// unless `--strict` asks for 1. A stream that fails itself (unreadable input, a line past
    /// the limit, output that cannot be written) exits 2.
    private func runLines(options: EvaluationOptions, changes: [(path: String, value: JSONValue)]) throws {
        /// What one line gave: its output line, its lines for standard error, and how many
        /// problems it had.
        struct Answer: Sendable {
            var line: [UInt8]
            var messages = ""
            var failures = 0
            /// Why the line is not a JoyDoc, when it is not.
            var unreadable: DocumentError?
            /// A line too long to hold, echoed from its file instead of `line` (without --problems-key).
            var echo: OversizedLine?
            var oversized = false
            /// The document's formula fields, for the summary.
            var formulas = 0
        }
        var failures = 0
        var prettyPrinted = PrettyPrintedInput()
        var lineNumber = 0
        // On a terminal, how far the stream is, and a summary at the end.
        let progress = StreamProgress()
        var tally = (documents: 0, formulas: 0, unreadable: 0)
        let started = Date()
        let output = Terminal.standardOutput
        let problemsKey = problemsKey
        try Input.mapLines(workers: parallel.jobs, flush: output.flush) { lineNumber, text in
            if Input.isBlank(text) { return Answer(line: []) }
            let bytes = SourceBytes(text)
            switch DocumentRun.evaluate(source: bytes, options: options, changes: changes) {
            case .unreadable(let error):
                let message = Input.unreadableLine(lineNumber, error, text: text)
                var line = Array(text)
                if let problemsKey { line = Self.keyed(problemsKey, problem: message, line: line) }
                return Answer(line: line, messages: message + "\n", failures: 1, unreadable: error)
            case .evaluated(let session, let changeError):
                let head = Input.streamHead(lineNumber, document: session.document.json)
                // Each problem twice: as a line on standard error, after the members that name
                // the document, and in the array that --problems-key puts in the output line.
                var messages = ""
                var problems = JSONWriter()
                problems.beginArray()
                func add(_ write: (inout JSONWriter) -> Void) {
                    var message = JSONWriter()
                    message.beginObject()
                    for member in head { message.key(member.key); message.value(member.value) }
                    write(&message)
                    message.endObject()
                    messages += message.text + "\n"
                    problems.beginObject()
                    write(&problems)
                    problems.endObject()
                }
                if let changeError { add { $0.key("error"); $0.string(changeError.description) } }
                for warning in DocumentRun.setWarnings(session) { add(warning.writeMembers) }
                for finding in session.report([.reading, .formulas]).findings { add(finding.writeMembers) }
                problems.endArray()
                // As with files, a --set that cannot be applied gives back the input unchanged.
                var line = (changeError == nil ? session.updatedBytes : nil) ?? Array(text)
                if let problemsKey { line = Self.setting(problemsKey, to: JSONValue(encoded: problems.encoded), in: line) }
                var answer = Answer(line: line, failures: session.formulaFindings.count + (changeError == nil ? 0 : 1),
                                    formulas: session.formulaFieldCount)
                answer.messages = messages
                return answer
            }
        } oversized: { lineNumber, line in
            // Answered as an unreadable line is: echoed (from its file), or an object with the
            // problem under --problems-key; said on standard error either way.
            let problem = JSONValue.object([JSONMember("line", .integer(lineNumber)), JSONMember("error", .string(line.message(line: lineNumber)))])
            var answer = Answer(line: [], messages: problem.text + "\n", failures: 1, echo: line, oversized: true)
            if let problemsKey {
                answer.line = Array(JSONValue.object([JSONMember(problemsKey, .array([problem]))]).text.utf8)
                answer.echo = nil
            }
            return answer
        } deliver: { answer in
            if let echo = answer.echo { echo.forEachPiece { output.write(bytes: $0) } } else { output.write(bytes: answer.line) }
            output.write("\n")
            lineNumber += 1
            let leftOut = prettyPrinted.leavesOut(line: lineNumber, answer.unreadable)
            if !answer.messages.isEmpty && !leftOut {
                progress?.clear()
                Terminal.standardError.write(answer.messages)
            }
            failures += answer.failures
            if answer.unreadable != nil || answer.oversized { tally.unreadable += 1 } else if !answer.line.isEmpty { tally.documents += 1 }
            tally.formulas += answer.formulas
            progress?.update(lineNumber)
        }
        output.flush()
        progress?.clear()
        prettyPrinted.finish()
        if progress != nil {
            var summary = "\(tally.documents) document\(tally.documents == 1 ? "" : "s"), \(tally.formulas) formula field\(tally.formulas == 1 ? "" : "s"), "
            summary += "\(failures - tally.unreadable) problem\(failures - tally.unreadable == 1 ? "" : "s")"
            if tally.unreadable > 0 { summary += ", \(tally.unreadable) unreadable" }
            Terminal.standardError.write(summary + String(format: " in %.2f s", Date().timeIntervalSince(started)) + "\n")
        }
        if failures > 0 && strict { throw Failure.problems }
    }

    /// An unreadable line as a stream with --problems-key answers it, so that a consumer of
    /// standard output alone sees the problem: a JSON object gets `[problem]` under `key`
    /// (the rest of its text kept); anything else (not JSON, an array, a number) becomes
    /// `{"key": [problem], "input": "the line as it came"}`.
    private static func keyed(_ key: String, problem: String, line: [UInt8]) -> [UInt8] {
        let problems = JSONValue.array([(try? JSONReader.read(problem)) ?? .string(problem)])
        if let object = try? JSONReader.read(line), object.members != nil { return setting(key, to: problems, in: line) }
        let input = JSONValue.string(String(decoding: line, as: UTF8.self))
        return Array(JSONValue.object([JSONMember(key, problems), JSONMember("input", input)]).text.utf8)
    }

    /// The document `line` with the array of `problems` (JSON objects) under its top-level
    /// `key`, replacing what the key held; the rest of the line keeps its text.
    private static func setting(_ key: String, to problems: JSONValue, in line: [UInt8]) -> [UInt8] {
        guard let document = try? JSONReader.read(line),
              let edits = JSONEdit.edits(rewriting: document, as: JSONValue.setting(key, to: problems, in: document)) else { return line }
        return JSONEdit.apply(edits, to: line)
    }
}
