/// What a word or sign of a formula is, for colouring it: the language server's semantic
/// tokens and `jf serve`'s playground both read a formula through ``classify(_:)``.
public enum TokenRole: Int, Sendable, CaseIterable {
    case function, variable, parameter, property, number, string, keyword, `operator`

    /// The name the language server's legend and the page's CSS give the role.
    public var name: String {
        switch self {
        case .function: "function"
        case .variable: "variable"
        case .parameter: "parameter"
        case .property: "property"
        case .number: "number"
        case .string: "string"
        case .keyword: "keyword"
        case .operator: "operator"
        }
    }

    /// The tokens of `expression` worth colouring, in order, with what each is: a name is a
    /// function when called, a field (`variable`) when the parser resolved it to one, a
    /// property after a `.` or before a `:` in an object, and otherwise a lambda's parameter.
    /// Punctuation (brackets, commas) is left out.
    public static func classify(_ expression: String) -> [(span: SourceSpan, role: TokenRole)] {
        let tree = Parser.parse(expression)
        var names: [Int: TokenRole] = [:]   // by a name's first byte
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
        var result: [(span: SourceSpan, role: TokenRole)] = []
        for (position, token) in tokens.enumerated() {
            let role: TokenRole
            switch token.kind {
            case .identifier:
                let beforeColon = position + 1 < tokens.count && tokens[position + 1].kind == .colon
                role = names[token.span.start] ?? (beforeColon ? .property : .parameter)
            case .number: role = .number
            case .string: role = .string
            case .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword: role = .keyword
            case .plus, .minus, .star, .slash, .bang, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
                 .ampAmp, .pipePipe, .arrow, .fatArrow:
                role = .operator
            default: continue
            }
            result.append((token.span, role))
        }
        return result
    }
}
