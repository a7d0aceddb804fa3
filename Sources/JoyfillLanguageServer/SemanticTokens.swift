import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Formulas coloured by what their words are, inside the JSON strings of a template too,
/// where an editor would show one plain string: functions, the fields they read, lambda
/// parameters, properties and columns, numbers, strings, keywords and operators.
extension LanguageServer {
    /// The token types, in the order of the legend the server announces (``TokenRole``'s raw values).
    static let semanticTokenTypes = TokenRole.allCases.map(\.name)

    /// `textDocument/semanticTokens/full`: the tokens of every formula in the file, in the
    /// protocol's relative encoding (line delta, start delta, length, type, modifiers).
    func semanticTokens(_ params: JSONValue) -> JSONValue {
        guard let open = openDocument(params) else { return .null }
        let analysis = analyze(open)
        var formulas: [FormulaText] = []
        if let document = analysis.document {
            formulas = document.formulas.compactMap { definition in
                guard definition.json["expression"]?.span != nil else { return nil }
                return FormulaText(expression: definition.expression, fileOffset: document.textOffsets(of: definition))
            }
            formulas.sort { $0.fileOffset(0) < $1.fileOffset(0) }
        } else if let formula = analysis.formula(at: 0) {
            formulas = [formula]
        }
        // Each token's place in the file, then all positions in one pass.
        var placed: [(start: Int, end: Int, type: TokenRole)] = []
        for formula in formulas {
            for token in TokenRole.classify(formula.expression) {
                placed.append((formula.fileOffset(token.span.start), formula.fileOffset(token.span.end), token.role))
            }
        }
        let lines = TextLines(open.text, encoding: encoding)
        let positions = lines.positions(of: placed.flatMap { [$0.start, $0.end] })
        var data: [JSONValue] = []
        var previous = Position(line: 0, character: 0)
        for (index, token) in placed.enumerated() {
            let start = positions[2 * index], end = positions[2 * index + 1]
            // A token over a line break (a string in a formula file) is not one the protocol can
            // carry, and tokens go in the order of the text.
            guard start.line == end.line, end.character > start.character,
                  (start.line, start.character) >= (previous.line, previous.character) else { continue }
            let deltaStart = start.line == previous.line ? start.character - previous.character : start.character
            for number in [start.line - previous.line, deltaStart, end.character - start.character, token.type.rawValue, 0] {
                data.append(.number(Double(number)))
            }
            previous = start
        }
        return .object([JSONMember("data", .array(data))])
    }
}
