import ArgumentParser
import Foundation
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint

struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Format formulas in one canonical layout.",
        discussion: """
            \(Files.templatePathHelp) \
            JSON files that are not JoyDocs are skipped with a note. In a JoyDoc only the \
            "expression" strings of the document's formulas change; every other byte stays as \
            it was, and each formula stays on one line. A .jf or .formula file wider than \
            --line-width breaks its calls, arrays and objects one item a line. \
            Files are written atomically, and only when they change. With no PATH, or -, \
            standard input is formatted to standard output.

            The layout: one space around binary operators and after commas and colons; \
            parentheses only where they are needed; strings in double quotes unless they \
            contain one; numbers as written; -> for =>. A formula keeps its meaning exactly. \
            Formulas with syntax errors are reported and left as they are (jf lint --fix \
            fixes the fixable ones).

            Examples:
              jf fmt templates/                 # rewrite what is not formatted
              jf fmt --check templates/         # in CI: list what is not, exit 1 if any
              jf fmt --diff templates/          # show what would change
              echo 'sum( a,b )*2' | jf fmt      # prints sum(a, b) * 2

            Exits 0 on success, 1 when a formula has a syntax error (or, with --check or \
            --diff, when a file is not formatted), 2 on a usage error or a file that cannot \
            be read (invalid JSON).
            """
    )

    @Flag(help: "Change nothing; list the files that are not formatted, and exit 1 if there are any.")
    var check = false

    @Flag(help: "Change nothing; print the unified diff that formatting would apply.")
    var diff = false

    @Option(help: ArgumentHelp("Break .jf and .formula files wider than N columns.", valueName: "N"))
    var lineWidth = Printer.defaultWidth

    @OptionGroup var parallel: ParallelFlags

    @OptionGroup var colors: ColorFlags

    @OptionGroup var search: SearchFlags

    @Flag(help: "Print no summary line.")
    var quiet = false

    @Argument(help: "JoyDoc files, .jf/.formula files, or directories; none or - for standard input.", completion: .templates)
    var paths: [String] = []

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if check && diff { throw ValidationError("choose one of --check and --diff") }
        if paths.contains("-") && paths != ["-"] { throw ValidationError("- (standard input) is formatted alone; give no other PATH") }
        if lineWidth < 1 { throw ValidationError("--line-width must be at least 1") }
        // With nothing piped in, reading standard input would only wait.
        if paths.isEmpty && isatty(STDIN_FILENO) != 0 {
            throw ValidationError("give at least one PATH (a template, a .jf file or a directory), or pipe a formula or a JoyDoc in")
        }
    }

    func run() throws {
        if paths.isEmpty || paths == ["-"] { return try formatStandardInput() }
        var found: [String] = []
        for path in paths { found += try Files.lintable(in: path, followingIgnoreFiles: !search.noIgnore) }
        let files = found
        let formatter = TemplateFormatter(lineWidth: lineWidth, colored: Terminal.standardError.wantsColor)
        let showDiff = diff
        var changed = 0, unchanged = 0, failures = 0, errors = 0, fixable = 0
        let check = check, diff = diff, quiet = quiet
        // Results are taken in order as they are done, so that no file's text is kept beyond
        // its turn, however many files there are.
        parallelForEach(files.count, workers: parallel.jobs) { index -> (TemplateFormatter.Result, String) in
            let path = files[index]
            let result: TemplateFormatter.Result
            do throws(Failure) {
                result = formatter.format(path: path, bytes: try Input.read(path))
            } catch {
                result = TemplateFormatter.Result(failure: error.message)
            }
            let diffText = showDiff ? LintFixes.diff(path: path, original: result.original, edits: result.edits) : ""
            return (result, diffText)
        } deliver: { index, outcome in
            let (result, diffText) = outcome
            let path = files[index]
            Terminal.standardError.write(result.report)
            errors += result.errorCount
            fixable += result.fixableCount
            if let failure = result.failure {
                Terminal.standardError.write("jf: error: \(failure)\n")
                failures += 1
                return
            }
            if let skipped = result.skipped {
                if !quiet { Terminal.standardError.write("jf: note: skipped \(path): \(skipped)\n") }
                return
            }
            guard !result.edits.isEmpty else {
                unchanged += 1
                return
            }
            changed += 1
            if check {
                Terminal.standardOutput.write("would reformat \(path)\n")
            } else if diff {
                Terminal.standardOutput.write(diffText)
            } else {
                do throws(Failure) {
                    try Files.writeAtomically(JSONEdit.apply(result.edits, to: result.original), to: path)
                } catch {
                    Terminal.standardError.write("jf: error: \(error.message)\n")
                    failures += 1
                }
            }
        }
        if !quiet {
            Terminal.standardError.write("jf fmt: " + summary(changed: changed, unchanged: unchanged, errors: errors, fixable: fixable) + "\n")
        }
        if failures > 0 { throw Failure(message: "", code: 2) }
        if errors > 0 || ((check || diff) && changed > 0) { throw Failure.problems }
    }

    private func summary(changed: Int, unchanged: Int, errors: Int, fixable: Int) -> String {
        func files(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
        var parts: [String] = []
        if check || diff {
            parts.append("\(files(changed)) would be reformatted")
            parts.append("\(unchanged) already formatted")
        } else {
            parts.append("\(files(changed)) reformatted")
            parts.append("\(unchanged) left unchanged")
        }
        if errors > 0 { parts.append(errors == 1 ? "1 formula with errors left as it was" : "\(errors) formulas with errors left as they were") }
        let repairs = fixable == 0 ? "" : " (jf lint --fix repairs \(fixable == 1 ? "1 of the errors" : "\(fixable) of the errors"))"
        return parts.joined(separator: ", ") + repairs
    }

    /// Standard input: a JSON object with "fields" is a JoyDoc, anything else one expression.
    private func formatStandardInput() throws {
        let bytes = try Input.read("-")
        let isDocument = (try? JSONReader.read(bytes)).map { $0.isObject && $0["fields"] != nil } ?? false
        let formatter = TemplateFormatter(lineWidth: lineWidth, colored: Terminal.standardError.wantsColor)
        let result = formatter.format(path: isDocument ? "-" : "-.jf", bytes: bytes, shownAs: "stdin")
        Terminal.standardError.write(result.report)
        if let failure = result.failure { throw Failure.usage(failure) }
        if check {
            if !result.edits.isEmpty || result.errorCount > 0 { throw Failure.problems }
            return
        }
        if diff {
            Terminal.standardOutput.write(LintFixes.diff(path: "-", original: result.original, edits: result.edits))
            if !result.edits.isEmpty || result.errorCount > 0 { throw Failure.problems }
            return
        }
        Terminal.standardOutput.write(String(decoding: JSONEdit.apply(result.edits, to: result.original), as: UTF8.self))
        if result.errorCount > 0 { throw Failure.problems }
    }
}
