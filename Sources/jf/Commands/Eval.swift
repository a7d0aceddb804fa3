import ArgumentParser
import Foundation
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillSession

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate formulas.",
        // The parser would say `[<expression> ...]`: the words are taken as a list so that a
        // formula may start with '-', but one expression, or --lines, is required.
        usage: """
            jf eval [<options>] <expression>
            jf eval [<options>] --lines <FILE>
            """,
        discussion: """
            Evaluates one EXPRESSION (- reads it from standard input, where it may span lines), or \
            with --lines every line of a file (one expression per line; - reads standard input). By default a value is printed in its canonical text form and an \
            error is shown with a caret under the offending span. With --json each expression gives \
            one JSON line: {"ok":true,"type":…,"value":…,"text":…} or {"ok":false,"error":{…}}.

            Examples:
              jf eval 'round(3.14159, 2)'
              jf eval --json 'map([1, 2, 3], (x) -> x * 2)'
              jf eval --now 2024-06-01T12:00:00Z --tz Europe/Paris 'day(now())'
              jf eval --doc invoice.json --set tax_rate=10 'total - subtotal'
              jf eval --json --lines cases.txt
              jf fmt < total.jf | jf eval --doc invoice.json -

            Exits 1 when any expression fails, 2 on a usage error or unreadable input.
            """
    )

    @Flag(help: "Print one JSON object per expression, as shown above.")
    var json = false

    @Option(name: .customLong("lines"), help: ArgumentHelp("Evaluate each line of FILE (- for standard input).", valueName: "FILE"), completion: .file())
    var linesFile: String?

    @Option(help: ArgumentHelp("Bind names to the fields of this JoyDoc (its formulas are evaluated first).", valueName: "FILE"),
            completion: .documents)
    var doc: String?

    @OptionGroup var changes: FieldChanges

    @OptionGroup var evaluation: EvaluationFlags

    @OptionGroup var colors: ColorFlags

    // Unrecognized words are taken too, so that a formula starting with '-' (`-x * 2`) is a
    // formula and not an unknown option; `validate()` accepts one word.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The formula to evaluate (quoted: one argument).", valueName: "expression"))
    var words: [String] = []

    /// The formula given on the command line.
    var expression: String? { formula.first }

    /// The words of the formula: after `--` (kept by `.allUnrecognized`), whatever they look like.
    private var formula: ArraySlice<String> { words.first == "--" ? words.dropFirst() : words[...] }

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if let word = words.prefix(while: { $0 != "--" }).first(where: Self.looksLikeAnOption) {
            throw ValidationError("unknown option '\(word)' (a formula that starts with '--' goes after --: jf eval -- '\(word)')")
        }
        if formula.count > 1 {
            throw ValidationError("give the formula as one argument: quote it, as in jf eval '\(formula.joined(separator: " "))'")
        }
        if linesFile == nil && expression == nil {
            throw ValidationError("give an EXPRESSION or --lines FILE")
        }
        if linesFile != nil && expression != nil {
            throw ValidationError("give either an EXPRESSION or --lines FILE, not both")
        }
        if expression == "-" && (doc == "-" || linesFile == "-") {
            throw ValidationError("standard input can hold the expression or the document, not both")
        }
        if !changes.isEmpty && doc == nil {
            throw ValidationError("--set and --set-file change a field of a document: give it with --doc FILE")
        }
    }

    /// `--jsn`, `--lines=x`: a mistyped option rather than a formula (a formula rarely
    /// starts with two minus signs and a letter).
    static func looksLikeAnOption(_ word: String) -> Bool {
        guard word.hasPrefix("--") else { return false }
        let name = word.dropFirst(2).prefix { $0 != "=" }
        return name.first?.isLetter == true && name.allSatisfy { $0.isLetter || $0 == "-" }
    }

    func run() throws {
        var options = try evaluation.options()
        // Ctrl-C stops the evaluation cleanly: its error, then exit 130 (see Interrupts).
        Interrupts.stopEvaluationOnCtrlC()
        options.interruption = Interrupts.evaluation
        let evaluator = Evaluator(options: options)
        let (context, document) = try documentContext(options: options)
        let output = Terminal.standardOutput
        let json = self.json   // read once: an option's property wrapper costs hundreds of instructions a read
        var failures = 0

        if var expression {
            var origin = "formula"
            if expression == "-" {
                // A formula on standard input: all of it, less the line breaks that end the text.
                let source = try Input.source("-")
                expression = String(decoding: source.buffer, as: UTF8.self)
                while expression.last?.isNewline == true { expression.removeLast() }
                origin = "stdin"
            }
            var renderer = DiagnosticRenderer(colored: Terminal.standardError.wantsColor, origin: origin)
            renderer.width = Terminal.standardError.columns
            if report(expression, evaluator, context, renderer, json: json, textLimit: options.maxStringLength,
                      errorsTo: Terminal.standardError) {
                if !json { advise(on: expression, in: context, document: document, renderer: renderer) }
            } else {
                failures += 1
            }
        } else if let linesFile {
            // The lines are read where the file's bytes lie (a large file is mapped), not copied.
            let source = try Input.source(linesFile)
            var renderer = DiagnosticRenderer(colored: output.wantsColor, origin: linesFile == "-" ? "stdin" : linesFile)
            renderer.width = output.columns
            withExtendedLifetime(source) {
                let bytes = source.buffer
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                if bytes.last == UInt8(ascii: "\n") { lines.removeLast() }   // a final newline ends the last line
                for (index, var line) in lines.enumerated() {
                    if Interrupts.evaluation.isRequested { break }
                    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                    renderer.firstLine = index + 1
                    if !report(String(decoding: line, as: UTF8.self), evaluator, context, renderer, json: json,
                               textLimit: options.maxStringLength, errorsTo: output) { failures += 1 }
                }
            }
        }
        output.flush()
        // The interrupted evaluation has said so in its error.
        if Interrupts.evaluation.isRequested { throw Failure(message: "", code: Interrupts.exitCode) }
        if failures > 0 { throw Failure.problems }
    }

    /// Writes to standard error what the checker finds in a formula that evaluated: a
    /// comparison whose outcome is fixed, a column that gives nulls, a mistake in a branch
    /// that did not run. With --doc it knows the document's fields and their rows.
    private func advise(on expression: String, in context: any EvaluationContext, document: JoyDoc?, renderer: DiagnosticRenderer) {
        var checker = Checker(knownNames: Set(context.knownNames))
        if let document { checker.learn(document.fields) }
        var renderer = renderer
        renderer.showsCode = true   // the rule's name, as jf lint and jf lint --explain know it
        // The lines are found once for all the findings: a 200,000-term formula can have as many.
        let lines = LineMap(expression)
        for finding in checker.advice(afterEvaluating: Parser.parse(expression)) {
            Terminal.standardError.write(renderer.render(finding, in: lines))
        }
    }

    /// Evaluates one formula and writes its value to standard output, or its error (to
    /// `errorsTo` in human form, to standard output as JSON). Returns false on an error.
    /// A value whose text is longer than `textLimit` bytes is an error: values are shared,
    /// so a short formula can make one whose text would not fit in memory.
    private func report(_ source: String, _ evaluator: Evaluator, _ context: any EvaluationContext, _ renderer: DiagnosticRenderer,
                        json: Bool, textLimit: Int, errorsTo errors: Terminal) -> Bool {
        do throws(Diagnostic) {
            let value = try evaluator.evaluate(source, in: context)
            guard let text = value.text(limit: textLimit) else {
                throw Diagnostic(.other, "the result is longer than the limit of \(textLimit) bytes when written as text",
                                 at: SourceSpan(start: 0, end: source.utf8.count),
                                 notes: ["the limit is the one on strings; reduce the result (filter, sum, a slice) before printing it"])
            }
            if json {
                Self.writeJSONLine(value, text: text, to: Terminal.standardOutput)
            } else {
                Terminal.standardOutput.write(text + "\n")
            }
            return true
        } catch {
            if json {
                Self.writeJSONLine(error, source: source, to: Terminal.standardOutput)
            } else {
                var error = error
                if doc == nil && error.code == .unknownReference {
                    error.notes.append("no document is bound, so no name is known: give one with --doc FILE")
                }
                errors.write(renderer.render(error, in: source))
            }
            return false
        }
    }

    /// The names formulas see: the fields of `--doc` after its own formulas ran, or none; and
    /// that document.
    private func documentContext(options: EvaluationOptions) throws(Failure) -> (any EvaluationContext, JoyDoc?) {
        guard let doc else { return (DictionaryContext(), nil) }
        let changes = try self.changes.parsed()
        let document: JoyDoc
        do {
            document = try JoyDoc(source: try Input.source(doc, json: true))
        } catch let error as DocumentError {
            throw .usage("\(doc): \(error)")
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .usage("\(doc): \(error)")
        }
        let session = DocumentSession(document: document, options: options)
        if !changes.isEmpty {
            let applied: [(field: String, value: JSONValue)]
            do {
                applied = try session.fieldChanges(changes)
                try session.set(applied)
            } catch {
                throw .usage("--set: \(error)")
            }
            // A change the app would not let a person make is applied, and said.
            for warning in session.changeWarnings {
                Terminal.standardError.write("jf: warning: --set \(warning.field): \(warning.message)\n")
            }
            // A value its field's type does not hold reads differently from what it seems to
            // say (`--set qty='"7"'` is text), as `jf repl`'s :set warns.
            var warned = Set<String>()
            for (field, _) in applied where warned.insert(field).inserted {
                for issue in session.storedValueIssues(ofChangedField: field) {
                    Terminal.standardError.write("jf: warning: --set: " + issue.message + "\n")
                }
            }
        }
        // The expression may read a field whose formula failed (it keeps its stored value).
        if let warning = FormulaFailures.warning(doc, session.formulaFindings) { Terminal.standardError.write(warning) }
        return (session.evaluationContext, session.document)
    }

    /// Writes a value's line of the JSON contract, `{"ok":true,"type":…,"value":…,"text":…}`
    /// (`text` is the value's canonical text).
    static func writeJSONLine(_ value: Value, text: String, to output: Terminal) {
        output.writeJSONLine { json in
            json.beginObject()
            json.key("ok"); json.bool(true)
            json.key("type"); json.string(value.type.rawValue)
            json.key("value")
            switch value {
            case .number(let number) where number.isFinite: json.number(text: text)
            case .string: json.string(text)
            default: value.write(to: &json)
            }
            json.key("text"); json.string(text)
            json.endObject()
        }
    }

    /// Writes an error's line of the JSON contract, `{"ok":false,"error":{…}}`.
    static func writeJSONLine(_ error: Diagnostic, source: String, to output: Terminal) {
        output.writeJSONLine { json in
            json.beginObject()
            json.key("ok"); json.bool(false)
            json.key("error"); error.write(to: &json, in: source)
            json.endObject()
        }
    }
}
