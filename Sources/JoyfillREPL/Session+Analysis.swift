import JoyfillFormulas
import JoyfillModel

/// What a formula is, taken apart for a page that shows it as it is typed (`jf serve`'s
/// playground): its value, what the checker and the evaluation say about it, its types, and
/// the `:explain` breakdown, all from the code the REPL's inputs and commands run.
public struct FormulaAnalysis {
    /// The value, or the error the evaluation stopped with.
    public var result: Result<Value, Diagnostic>
    /// The value as the REPL prints it (empty on an error).
    public var printed: String
    /// The types the checker gives the formula (`number`, `text | null` …).
    public var staticType: String
    /// Parse errors, the checker's findings (after a successful evaluation, as warnings, as the
    /// REPL gives them) and the evaluation's error, in source order, each once.
    public var diagnostics: [Diagnostic]
    /// `:explain`'s text: each sub-expression's value, callbacks by call.
    public var explanation: String
}

extension REPLSession {
    /// Binds `document` as `:load` does, without reading a file: its formulas run, and
    /// formulas typed after see its fields. `name` stands for its path in messages.
    public func load(_ document: JoyDoc, name: String) {
        _ = bind(document, path: name)
    }

    /// `source` analysed against the session's variables and document (see
    /// ``FormulaAnalysis``); nothing in the session changes.
    public func analyse(_ source: String) -> FormulaAnalysis {
        let tree = Parser.parse(source)
        let (found, types) = checker().analyze(tree)
        let result = evaluate(source).value
        var diagnostics: [Diagnostic]
        switch result {
        case .success(let value):
            diagnostics = checker().advice(afterEvaluating: tree)
            return FormulaAnalysis(result: result, printed: printer.format(value), staticType: types.signature,
                                   diagnostics: diagnostics, explanation: explanation(of: source))
        case .failure(let error):
            diagnostics = found
            if !diagnostics.contains(where: { $0.span == error.span && $0.message == error.message }) {
                diagnostics.append(error)
                diagnostics.sort { $0.span.start < $1.span.start }
            }
        }
        let parsed = tree.root != nil && !tree.diagnostics.contains { $0.severity == .error }
        return FormulaAnalysis(result: result, printed: "", staticType: types.signature, diagnostics: diagnostics,
                               explanation: parsed ? explanation(of: source) : "")
    }

    /// `:explain`'s output for `source`, as one line of input.
    private func explanation(of source: String) -> String {
        let line = source.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.trimmingSpaces().isEmpty ? "" : command(":explain " + line).text
    }
}
