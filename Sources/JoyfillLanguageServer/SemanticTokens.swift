import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Formulas coloured by what their words are, inside the JSON strings of a template too,
/// where an editor would show one plain string: functions, the fields they read, lambda
/// parameters, properties and columns, numbers, strings, keywords and operators.
extension LanguageServer {
    /// The token types, in the order of the legend the server announces.
    static let semanticTokenTypes = ["function", "variable", "parameter", "property", "number", "string", "keyword", "operator"]

    private enum TokenType: Int {
        case function, variable, parameter, property, number, string, keyword, `operator`
    }

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
        var placed: [(start: Int, end: Int, type: TokenType)] = []
        for formula in formulas {
            for token in Self.classify(formula.expression) {
                placed.append((formula.fileOffset(token.span.start), formula.fileOffset(token.span.end), token.type))
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

    /// The tokens of one formula worth colouring, with what each is: a name is a function
    /// when called, a field when the parser resolved it to one, a property after a `.` or
    /// before a `:` in an object, and otherwise a lambda's parameter.
    private static func classify(_ expression: String) -> [(span: SourceSpan, type: TokenType)] {
        let tree = Parser.parse(expression)
        var names: [Int: TokenType] = [:]   // by a name's first byte
        for index in tree.nodes.indices {
            let span = tree.span(of: NodeID(index))
            switch tree.nodes[index] {
            case .call: names[span.start] = .function
            case .reference: names[span.start] = .variable
            case .parameter: names[span.start] = .parameter
            case .member: names[tree.nameSpan(ofMember: NodeID(index)).start] = .property
            default: break
            }
        }
        let tokens = Lexer.tokenize(expression)
        var result: [(span: SourceSpan, type: TokenType)] = []
        for (position, token) in tokens.enumerated() {
            let type: TokenType
            switch token.kind {
            case .identifier:
                let beforeColon = position + 1 < tokens.count && tokens[position + 1].kind == .colon
                type = names[token.span.start] ?? (beforeColon ? .property : .parameter)
            case .number: type = .number
            case .string: type = .string
            case .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword: type = .keyword
            case .plus, .minus, .star, .slash, .bang, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
                 .ampAmp, .pipePipe, .arrow, .fatArrow:
                type = .operator
            default: continue
            }
            result.append((token.span, type))
        }
        return result
    }
}
