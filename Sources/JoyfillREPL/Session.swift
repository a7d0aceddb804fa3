import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// One REPL session: lines in, outputs out. It owns everything but the terminal: input that
/// continues over several lines, session variables, the bound document (a session of it), the
/// meta-commands, and completion. `jf repl` feeds it from libedit or from a pipe.
public final class REPLSession {
    public var colored: Bool
    /// The terminal's width in columns: `:help` wraps to it, values wider than it are indented
    /// one element per line, and listings cut each line to it. `jf repl` sets it from the
    /// terminal before each input (a window can be resized); 80 otherwise.
    public var width = REPLSession.defaultWidth {
        didSet { width = max(width, REPLSession.minimumWidth) }
    }
    public static let defaultWidth = 80
    /// Narrower terminals are treated as this wide: the listings' lines need some room.
    public static let minimumWidth = 40
    public private(set) var options: EvaluationOptions
    /// `let` bindings, visible to later lines (a REPL convenience, not part of the language).
    public private(set) var variables: [String: Value] = [:] {
        didSet { sessionChecker = nil }
    }
    /// The loaded document, its formulas run, with the session's changes.
    public private(set) var document: DocumentSession? {
        didSet { sessionChecker = nil }
    }
    /// The checker that knows the session's names (the bound document's fields and the
    /// variables), made again only when they change: every input and every Tab asks it, and
    /// learning a large document's fields costs its size.
    var sessionChecker: Checker?
    public private(set) var documentPath: String?
    /// The lint settings for a document's path, for `:lint`: `jf repl` reads the `jf.toml` or
    /// `.jf.json` that `jf lint` would; every rule at its default otherwise.
    public var lintSettings: (String) throws -> LintSettings = { _ in .standard }
    public let registry: FunctionRegistry
    let files: REPLFileSystem
    var evaluator: Evaluator
    /// Lines of an input that is not finished yet.
    private(set) var pending = PendingInput()

    public init(files: REPLFileSystem, options: EvaluationOptions = EvaluationOptions(), colored: Bool = false,
                registry: FunctionRegistry = .standard) {
        self.files = files
        self.options = options
        self.colored = colored
        self.registry = registry
        evaluator = Evaluator(registry: registry, options: options)
    }

    /// What stops the session's evaluations when asked (Ctrl-C in `jf repl`): an input that
    /// runs too long ends with an `interrupted` error, and the session (its variables, its
    /// document) is as it was. The document's own formulas are not interrupted, so that what
    /// `:set` and `:load` compute is always whole.
    public var interruption: Interruption? {
        didSet { setOptions(options) }
    }

    /// The most bytes one input may have, on one line or several (16 MiB).
    public static let maximumInputSize = PendingInput.maximumSize

    /// Where the session's input comes from, when it is numbered (`jf repl < session.jf`): its
    /// name, and the number of the line being fed, set before each ``feed(_:)``. Errors then
    /// name the line of the input where the failing input starts (`session.jf:12:5`);
    /// otherwise `input:1:5`.
    public var source: (name: String, line: Int)?

    /// The line of ``source`` where the input being gathered started.
    private var firstLineOfInput = 1

    /// The value of the last input that gave one: `_` names it, as in node and Python (a
    /// variable or field named `_` comes first).
    private(set) var lastResult: Value?

    /// The most elements of an array a value shows before `… N more items` (`:limit`, 100 by
    /// default as in node; nil shows them all).
    public var itemLimit: Int? = 100

    /// Whether the front end pages output taller than the terminal (`:pager`).
    public var usesPager = true

    /// A string shows this many characters for each element an array shows (10,000 by
    /// default, as node's), so that `:limit` caps both.
    static let charactersPerItem = 100

    /// The most characters of a string a value shows: ``charactersPerItem`` for each element
    /// of ``itemLimit``, or every one when that is off or too large to count.
    var stringLimit: Int? {
        guard let itemLimit else { return nil }
        let (characters, overflow) = itemLimit.multipliedReportingOverflow(by: Self.charactersPerItem)
        return overflow ? Int.max : characters
    }

    /// `jf> `, or `... ` while an input continues.
    public var prompt: String { pending.isEmpty ? "jf> " : "... " }

    /// True while an unfinished input waits for more lines.
    public var isContinuing: Bool { !pending.isEmpty }

    /// Drops an unfinished input (Ctrl-C).
    public func cancelInput() { pending = PendingInput() }

    /// Takes one line. Returns nil while the input continues (an open bracket or string, a
    /// trailing operator), otherwise the output of the whole input.
    public func feed(_ line: String) -> REPLOutput? {
        // A Ctrl-C at the prompt asked to stop nothing that this input runs.
        interruption?.reset()
        if pending.isEmpty {
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty { return REPLOutput("") }
            if trimmed.hasPrefix(":") { return command(trimmed) }
            // As in psql and node: `exit` and `quit` alone leave (unless they name something).
            if trimmed == "exit" || trimmed == "quit", variables[trimmed] == nil, document?.document.field(trimmed) == nil {
                return REPLOutput("", quit: true)
            }
        }
        if pending.isEmpty { firstLineOfInput = source?.line ?? 1 }
        let unfinished = pending.append(line)
        if pending.text.utf8.count > PendingInput.maximumSize {
            let lines = pending.lines.count
            pending = PendingInput()
            return REPLOutput("error: an input of \(lines) lines is longer than \(SourceBytes.describe(size: PendingInput.maximumSize)), "
                              + "the most one input may be; it is dropped\n", failed: true)
        }
        if unfinished { return nil }
        let source = pending.text
        pending = PendingInput()
        return evaluateInput(source)
    }

    /// Ends the input: an unfinished input is evaluated as it is (to report its error).
    public func finish() -> REPLOutput? {
        guard !pending.isEmpty else { return nil }
        let source = pending.text
        pending = PendingInput()
        return evaluateInput(source)
    }

    // MARK: Expressions

    private func evaluateInput(_ source: String) -> REPLOutput {
        if let binding = Binding(source) {
            let result = evaluate(binding.expression)
            guard case .success(let value) = result.value else { return result.output }
            if registry.lookup(binding.name) != nil || binding.name == "let" {
                return REPLOutput("error: '\(binding.name)' is a function name; choose another name\n", failed: true)
            }
            let advice = self.advice(on: binding.expression)
            variables[binding.name] = value
            lastResult = value
            return REPLOutput("\(binding.name) = \(summary(of: value, after: binding.name.count + 3))\n" + advice)
        }
        let result = evaluate(source)
        switch result.value {
        case .success(let value):
            lastResult = value
            return REPLOutput(result.output.text + advice(on: source))
        case .failure(var error):
            if let hint = habitHint(source, commandNames: Self.commands.map(\.name)) {
                error.notes.append(hint)
            } else if error.code == .unknownReference && document == nil && variables.isEmpty {
                error.notes.append("no document is loaded, so no name is known: :load DOC binds its fields, let NAME = EXPR a variable")
            } else {
                return result.output
            }
            return REPLOutput(render(error, in: source), failed: true)
        }
    }

    /// What `let` echoes of the value bound: the value when it fits on a line, else its first
    /// line's worth and what it is (`[1, 2, 3, 4, …  (an array of 100 items; type its name to see it)`).
    private func summary(of value: Value, after indent: Int) -> String {
        let shown = printer.format(value)
        guard shown.contains("\n") || shown.count > width - indent else { return shown }
        let what: String
        switch value {
        case .array(let elements): what = "an array of \(ValuePrinter.grouped(elements.count)) item\(elements.count == 1 ? "" : "s")"
        case .object(let object): what = "an object of \(ValuePrinter.grouped(object.count)) key\(object.count == 1 ? "" : "s")"
        case .string(let text): what = "a string of \(ValuePrinter.grouped(text.count)) characters"
        default: what = value.type.rawValue
        }
        let note = "  (\(what); type its name to see it)"
        // The indented form on one line, its brackets closed up: `[1000, 2000, …`.
        let line = Self.oneLine(shown, width: max(20, width - indent - note.count))
            .replacingOccurrences(of: "[ ", with: "[").replacingOccurrences(of: "{ ", with: "{")
        return line + note
    }

    /// What the checker finds in an input that evaluated (a branch that did not run, a
    /// column that gives nulls, a comparison whose outcome is fixed), rendered as warnings
    /// after the value.
    private func advice(on source: String) -> String {
        var renderer = inputRenderer
        renderer.showsCode = true   // the rule's name, as jf lint and jf lint --explain know it
        let lines = LineMap(source)
        return checker().advice(afterEvaluating: Parser.parse(source)).map { renderer.render($0, in: lines) }.joined()
    }

    /// Evaluates a formula against the session: variables first, then the document's fields.
    func evaluate(_ source: String) -> (value: Result<Value, Diagnostic>, output: REPLOutput) {
        do throws(Diagnostic) {
            let value = try evaluator.evaluate(Parser.parse(source), in: context)
            return (.success(value), REPLOutput(printer.format(value) + "\n"))
        } catch {
            return (.failure(error), REPLOutput(render(error, in: source), failed: true))
        }
    }

    var context: SessionContext {
        var names = variables
        if let lastResult, names["_"] == nil, document?.document.field("_") == nil { names["_"] = lastResult }
        return SessionContext(variables: names, document: document?.evaluationContext)
    }

    var printer: ValuePrinter {
        var printer = ValuePrinter(colored: colored)
        printer.width = width - 8
        printer.itemLimit = itemLimit
        printer.stringLimit = stringLimit
        return printer
    }

    /// The renderer of what is said about an input: placed in ``source`` when it is numbered,
    /// its excerpt cut to the terminal's width so that the line and its caret never wrap.
    private var inputRenderer: DiagnosticRenderer {
        var renderer = source.map { DiagnosticRenderer(colored: colored, origin: $0.name, firstLine: firstLineOfInput) }
            ?? DiagnosticRenderer(colored: colored, origin: "input")
        renderer.width = width
        return renderer
    }

    func render(_ diagnostic: Diagnostic, in source: String) -> String {
        inputRenderer.render(diagnostic, in: source)
    }

    // MARK: Settings

    func setOptions(_ options: EvaluationOptions) {
        self.options = options
        var interruptible = options
        interruptible.interruption = interruption
        evaluator = Evaluator(registry: registry, options: interruptible)
    }

    func bind(_ document: JoyDoc, path: String) -> DocumentSession {
        let session = DocumentSession(document: document, registry: registry, options: options)
        session.keepsHistory = true
        self.document = session
        documentPath = path
        return session
    }

    /// The names the session knows may have changed (a change added fields).
    func forgetNames() {
        sessionChecker = nil
    }
}

/// A note for an input that failed because it was written as in another tool: a command
/// with sqlite's `.` or psql's `\` instead of `:`, a bare `quit`, `name = value` for `let`.
/// Nil when the input does not look like one of these.
func habitHint(_ source: String, commandNames: [String]) -> String? {
    let text = source.trimmingSpaces()
    if let first = text.first, first == "." || first == "\\" {
        let word = String(text.dropFirst().prefix { $0.isLetter || $0 == "?" })
        if word == "q" || word == "?" || commandNames.contains(word) {
            let command = word == "?" ? "help" : word == "q" ? "quit" : word
            return "meta-commands start with ':' here: :\(command)\(text.dropFirst(1 + word.count))"
        }
        return nil
    }
    switch text {
    case "q": return "to leave, type :quit or exit, or press Ctrl-D"   // (exit and quit leave)
    case "help", "?": return ":help lists the commands"
    default: break
    }
    guard let equals = text.firstIndex(of: "="), !text[text.index(after: equals)...].hasPrefix("=") else { return nil }
    let name = text[..<equals].trimmingSpaces()
    guard Lexer.isName(name) else { return nil }
    return "to bind a session variable, write: let \(name) = \(text[text.index(after: equals)...].trimmingSpaces())"
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
