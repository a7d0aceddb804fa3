import JoyfillJSON

/// Parses formula text into a ``SyntaxTree``.
///
/// A hand-written precedence-climbing parser. It never recurses without bound: every
/// bracketing construct, prefix operator and postfix access counts toward
/// ``Parser/maxNestingDepth``, and exceeding it is a clean syntax error. Left-associative
/// operator chains (`a + b + c …`) are built by loops, not recursion, so a sum of
/// thousands of terms parses fine.
///
/// Lambdas use a cover grammar: `(a, b)` is parsed as a parenthesised list, and when `->` or
/// `=>` follows it is reinterpreted as a parameter list. Lambda parameters are resolved to
/// local slots here, so the evaluator never looks them up by name.
///
/// Fixable mistakes (`===`, `!==`, `=` for comparison, `&` or `|` for `&&` or `||`) are
/// recorded with a fix and parsing continues; anything else stops at the first error.
public struct Parser {
    /// The deepest nesting of brackets, prefix operators and postfix accesses accepted.
    public static let maxNestingDepth = 256
    /// The longest formula accepted, in UTF-8 bytes (16 MiB). A parse takes about fifty
    /// bytes of tables per byte of a dense formula (`1+1+1…`); real formulas are thousands of
    /// times shorter, and the longest generated one, a `sum` of a million fields, is 9 MB.
    public static let maxSourceLength = 16 << 20

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Tokens are pulled on demand: the grammar needs only the current one.
    private var lexer: Lexer
    private var current: Token
    /// The tables being filled, and the parser's stacks: `tree.pending` holds the children of
    /// the lists being parsed (arguments, elements, object values, a lambda's parameters
    /// before its arrow; each list uses the top), `tree.keys` the object keys, `tree.scope`
    /// the lambda parameters in scope.
    private let tree: TreeBuilder
    private var depth = 0
    /// Whether errors are explained (notes and fixes that look at the whole formula). Off in
    /// the parses that check a fix: their errors are not shown, and explaining one would check
    /// fixes in turn, a parse per item of `[1 2 3 …]`.
    private var explainsErrors = true
    /// ``infix`` and ``PowersOfTen/table``, read once (each read of a static goes through its
    /// lazy initialisation).
    private let infixTable = Parser.infix
    private let powersOfTen = PowersOfTen.table

    /// Parses `source`. The result always exists; check ``SyntaxTree/isValid`` or its diagnostics.
    public static func parse(_ source: String) -> SyntaxTree {
        // A native string's bytes are read in place; only another kind is copied first.
        if let tree = source.utf8.withContiguousStorageIfAvailable({ parse(source, $0) }) { return tree }
        var text = source
        return text.withUTF8 { parse(source, $0) }
    }

    /// For completion after a `.`: `source`, an unfinished formula that ends with one
    /// (`map(items, (row) -> row.`), closed with a placeholder name and the brackets it leaves
    /// open, parsed; with the member node of the placeholder, whose base is what the `.`
    /// follows (``Checker/keys(forMember:in:)`` tells what can follow it). Nil when the text
    /// ends inside a string or closes more than it opens.
    public static func parseCompletingMember(_ source: String) -> (tree: SyntaxTree, member: NodeID)? {
        let placeholder = "jf_completion_placeholder"
        let tokens = Lexer.tokenize(source)
        guard !tokens.contains(where: { $0.kind == .unterminatedString }), let closers = closers(of: tokens) else { return nil }
        let tree = parse(source + placeholder + closers)
        let member = tree.nodes.indices.last { index in
            if case .member(_, let name) = tree.nodes[index] { return tree.name(name) == placeholder }
            return false
        }
        return member.map { (tree, NodeID($0)) }
    }

    /// For completion inside a string: `source`, an unfinished formula that ends inside one
    /// (`if(status == "Pa`), with the string and the brackets it leaves open closed, parsed;
    /// with the string's node. Nil when it does not end inside a string, or closes more
    /// brackets than it opens.
    public static func parseCompletingString(_ source: String) -> (tree: SyntaxTree, literal: NodeID)? {
        var tokens = Lexer.tokenize(source)
        tokens.removeLast()   // the end of input
        guard let string = tokens.popLast(), string.kind == .unterminatedString, let closers = closers(of: tokens) else { return nil }
        let quote = source.utf8[source.utf8.index(source.utf8.startIndex, offsetBy: string.span.start)]
        let tree = parse(source + String(decoding: [quote], as: UTF8.self) + closers)
        let literal = tree.nodes.indices.last { index in
            if case .string = tree.nodes[index] { return tree.spans[index].start == string.span.start }
            return false
        }
        return literal.map { (tree, NodeID($0)) }
    }

    /// What closes the brackets `tokens` leave open, innermost first; nil when they close
    /// more than they open.
    private static func closers(of tokens: [Token]) -> String? {
        var open: [Character] = []
        for token in tokens {
            switch token.kind {
            case .leftParen: open.append(")")
            case .leftBracket: open.append("]")
            case .leftBrace: open.append("}")
            case .rightParen, .rightBracket, .rightBrace:
                guard !open.isEmpty else { return nil }
                open.removeLast()
            default: break
            }
        }
        return String(open.reversed())
    }

    private static func parse(_ source: String, _ bytes: UnsafeBufferPointer<UInt8>) -> SyntaxTree {
        var parser = Parser(bytes: bytes)
        return parser.run(source)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        lexer = Lexer(bytes: bytes)
        current = lexer.next()
        tree = TreeBuilder.take()
    }

    private mutating func run(_ source: String) -> SyntaxTree {
        parseRoot()
        let result = SyntaxTree.make(tree, source: source)
        tree.giveBack()
        return result
    }

    /// Parses the whole input into the builder: its root, or the error that stopped it.
    private mutating func parseRoot() {
        do throws(Diagnostic) {
            if bytes.count > Parser.maxSourceLength { throw tooLong() }
            let root = try parseExpression(minimumPrecedence: 1)
            if current.kind != .endOfInput {
                throw unexpectedAfterTheEnd(current, following: root)
            }
            tree.root = root
        } catch {
            tree.diagnostics.append(error.kind == .syntax && explainsErrors ? explained(error) : error)
            tree.root = nil
        }
    }

    /// Whether `source` parses without errors, found without explaining them (a fix's check).
    private static func parsesWithoutErrors(_ source: String) -> Bool {
        var text = source
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            parser.explainsErrors = false
            parser.parseRoot()
            defer { parser.tree.giveBack() }
            return parser.tree.root != nil && !parser.tree.diagnostics.contains { $0.severity == .error }
        }
    }

    /// A syntax error as the writer needs it: one found at a character no token starts with
    /// ("expected ')', found '≠'") is about that character (``invalidCharacter(_:)``), one
    /// after an escaped quote about the escape (``withEscapeNote(_:)``), and one where the
    /// brackets do not pair up says which bracket is left open (``withBracketNote(_:)``).
    @inline(never)
    private func explained(_ error: Diagnostic) -> Diagnostic {
        if error.span.start < bytes.count, bytes[error.span.start] >= 0x80 {
            var lexer = Lexer(bytes: bytes)
            while case let token = lexer.next(), token.kind != .endOfInput, token.span.start <= error.span.start {
                if token.span.start == error.span.start, token.kind == .invalidCharacter { return invalidCharacter(token) }
            }
        }
        return withBracketNote(withEscapeNote(error))
    }

    /// `error` with a note on the brackets, when they do not pair up where it is: at the end
    /// of the input, the brackets still open (`sum(map(items, …)`), and at a closing bracket of
    /// the wrong kind, the bracket it should close (`sum(1, 2]`). The suggested fix closes them
    /// (at the end, or with the right bracket), when that makes the formula parse; it is not
    /// safe, since the writer may have meant to close them earlier (`round(a, 2 * b` could be
    /// `round(a, 2) * b`).
    @inline(never)
    private func withBracketNote(_ error: Diagnostic) -> Diagnostic {
        // The open brackets before the error, innermost last, each with the function it calls.
        var open: [(token: Token, function: String?)] = []
        var lexer = Lexer(bytes: bytes)
        var previous: Token?
        while case let token = lexer.next(), token.kind != .endOfInput, token.span.start <= error.span.start {
            defer { previous = token }
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                let function = token.kind == .leftParen && previous?.kind == .identifier ? previous.map(text) : nil
                open.append((token, function))
            case .rightParen, .rightBracket, .rightBrace:
                guard let innermost = open.last else { return error }
                guard Self.closing(innermost.token.kind).kind == token.kind else {
                    // Brackets that stop pairing before the error are another mistake's.
                    guard token.span.start == error.span.start else { return error }
                    return withMismatchNote(error, open: innermost.token, calling: innermost.function, closedBy: token)
                }
                open.removeLast()
            default:
                break
            }
        }
        guard error.span.start >= bytes.count, !open.isEmpty else { return error }
        var error = error
        let lines = LineMap(Array(bytes))
        let described = open.reversed().prefix(3).map { describeOpen($0.token, calling: $0.function, in: lines) }
        error.notes.append(open.count == 1
            ? "\(described[0]) is not closed"
            : "\(open.count) brackets are not closed: \(described.joined(separator: ", "))\(open.count > 3 ? ", …" : "")")
        let closers = open.reversed().map { Self.closing($0.token.kind).text }.joined()
        let end = SourceSpan(start: bytes.count, end: bytes.count)
        if error.fix == nil, parses(replacing: end, with: closers) {
            error.fix = .replace(end, with: closers, "close with '\(closers)'", isSafe: false)
        }
        return error
    }

    /// `error`, at a closing bracket of the wrong kind, with the bracket it should close.
    private func withMismatchNote(_ error: Diagnostic, open: Token, calling function: String?, closedBy close: Token) -> Diagnostic {
        var error = error
        let closer = Self.closing(open.kind).text
        let place = describeOpen(open, calling: function, in: LineMap(Array(bytes)))
        error.notes.append("\(place) is closed by \(close.kind.display)")
        if error.fix == nil, parses(replacing: close.span, with: closer) {
            error.fix = .replace(close.span, with: closer, "use '\(closer)'", isSafe: false)
        }
        return error
    }

    /// "the '(' of sum() at column 4": an open bracket, and where it is. A formula of one line
    /// names only the column, which is the same in the formula and in the line of a file that
    /// holds it (`jf eval --lines`), whose number the error's own place gives; a formula of
    /// several lines names its line too ("at 2:5").
    private func describeOpen(_ token: Token, calling function: String?, in lines: LineMap) -> String {
        let (line, column) = lines.location(of: token.span.start, in: .byte)
        let place = lines.lineStarts.count == 1 ? "column \(column)" : "\(line):\(column)"
        return "the \(token.kind.display)\(function.map { " of \($0)()" } ?? "") at \(place)"
    }

    /// The bracket that closes `opener`, and how it is written.
    private static func closing(_ opener: TokenKind) -> (kind: TokenKind, text: String) {
        switch opener {
        case .leftParen: return (.rightParen, ")")
        case .leftBracket: return (.rightBracket, "]")
        default: return (.rightBrace, "}")
        }
    }

    /// Whether the formula parses with `span` replaced by `replacement`.
    private func parses(replacing span: SourceSpan, with replacement: String) -> Bool {
        let source = string(0, bytes.count)
        return Parser.parsesWithoutErrors(Fix.replace(span, with: replacement, "").apply(to: source))
    }

    /// `error` with a note when what precedes it ends with `\"` or `\'`: a string that the
    /// writer meant to go on, with an escaped quote, which this language does not have.
    @inline(never)
    private func withEscapeNote(_ error: Diagnostic) -> Diagnostic {
        var end = min(error.span.start, bytes.count)
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end >= 2, bytes[end - 2] == UInt8(ascii: "\\"),
              case let quote = bytes[end - 1], quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return error }
        let other = quote == UInt8(ascii: "\"") ? "'" : "\""
        var error = error
        // What the error's own notes say (two operands need an operator) follows from this.
        error.notes = ["strings have no escape sequences: \\\(Character(Unicode.Scalar(quote))) ends the string; "
                           + "to include a \(Character(Unicode.Scalar(quote))), write the string between \(other) quotes"]
        return error
    }

    @inline(never)
    private func tooLong() -> Diagnostic {
        Diagnostic(.syntax, "the formula is \(bytes.count) bytes long, over the limit of \(Parser.maxSourceLength) bytes",
                   at: SourceSpan(start: 0, end: 0), notes: ["a formula this long is generated; split it across fields"])
    }

    // MARK: - Tokens

    /// The current token, moving on to the next (at the end, ``Lexer/next()`` gives the end
    /// of input again and again, so no check is needed here).
    private mutating func advance() -> Token {
        let token = current
        current = lexer.next()
        return token
    }

    private func text(_ token: Token) -> String {
        string(token.span.start, token.span.end)
    }

    private func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: slice(start, end), as: UTF8.self)
    }

    /// The current token, which must be of `kind`; `context` (built only for the error, so
    /// that parsing a valid formula makes no message) says where it was expected.
    private mutating func expect(_ kind: TokenKind, _ context: @autoclosure () -> String) throws(Diagnostic) -> Token {
        guard current.kind == kind else {
            throw Diagnostic(.syntax, "expected \(kind.display) \(context()), found \(describe(current))", at: current.span)
        }
        return advance()
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: return "name '\(text(token))'"
        case .number: return "number \(text(token))"
        case .string:
            let content = text(token)
            return "string \(content.count > 24 ? String(content.prefix(24)) + "…" : content)"
        case .invalidCharacter: return "'\(text(token))'"
        default: return token.kind.display
        }
    }

    /// `token` where the formula should end, after the whole expression `previous`.
    private func unexpectedAfterTheEnd(_ token: Token, following previous: NodeID) -> Diagnostic {
        if let special = unsupported(token) { return special }
        var notes: [String] = []
        var fix: Fix?
        if token.kind == .leftParen {
            notes.append("only a function name can be called: an expression cannot be followed by '('")
        } else if token.kind == .identifier, let symbol = ["and": "&&", "or": "||"][text(token).lowercased()] {
            // `a and b` (Python, SQL). Parsing stopped here, so the fix is offered, not applied.
            notes.append("'\(text(token))' is no operator: use '\(symbol)', or the function \(text(token).lowercased())(a, b)")
            fix = .replace(token.span, with: symbol, "use '\(symbol)'", isSafe: false)
        } else if case .reference(let nameID) = tree[previous], startsOperand(token),
                  let function = FunctionRegistry.standard.lookup(tree.name(nameID)) {
            // `not true`, `round 2.5`: a call written without its parentheses.
            let name = function.signature.name
            notes.append("'\(name)' is a function: call it with parentheses, as in \(name)(…)")
        } else if startsOperand(token) {
            notes.append("two operands must be joined by an operator, e.g. '+' or '&&'")
        } else if token.kind == .rightParen {
            notes.append("this ')' closes no '(': remove it, or add the '(' it was meant to close")
        }
        return Diagnostic(.syntax, "unexpected \(describe(token)) after the end of the expression", at: token.span,
                          notes: notes, fix: fix)
    }

    private func startsOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .number, .string, .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword: return true
        default: return false
        }
    }

    /// Errors for spellings borrowed from other languages, with what to write instead.
    private func unsupported(_ token: Token) -> Diagnostic? {
        switch token.kind {
        case .percent:
            return Diagnostic(.syntax, "'%' is not an operator", at: token.span,
                              notes: ["use the mod function: mod(a, b)"])
        case .question:
            return Diagnostic(.syntax, "there is no conditional operator '? :'", at: token.span,
                              notes: ["use the if function: if(condition, whenTrue, whenFalse)"])
        case .caret, .starStar:
            return Diagnostic(.syntax, "\(token.kind.display) is not an operator", at: token.span,
                              notes: ["use the pow function: pow(base, exponent)"])
        case .comment:
            return Diagnostic(.syntax, "comments are not supported in formulas", at: token.span)
        case .unterminatedString:
            return Diagnostic(.syntax, "unterminated string", at: SourceSpan(start: token.span.start, end: token.span.start + 1),
                              notes: ["a string ends at the next quote of the same kind; there are no escape sequences,",
                                      "so to include a \" write the string in single quotes, and the other way round"])
        case .invalidCharacter:
            return invalidCharacter(token)
        default:
            return nil
        }
    }

    /// Characters that word processors, chat and web pages put where a formula wants ASCII,
    /// with the ASCII meant and what to call them.
    static let lookalikes: [Unicode.Scalar: (ascii: String, name: String)] = [
        "\u{201C}": ("\"", "a typographic quote"), "\u{201D}": ("\"", "a typographic quote"),
        "\u{201E}": ("\"", "a typographic quote"), "\u{201F}": ("\"", "a typographic quote"),
        "\u{2018}": ("'", "a typographic quote"), "\u{2019}": ("'", "a typographic quote"),
        "\u{201A}": ("'", "a typographic quote"), "\u{201B}": ("'", "a typographic quote"),
        "\u{2260}": ("!=", "a mathematical sign"), "\u{2264}": ("<=", "a mathematical sign"), "\u{2265}": (">=", "a mathematical sign"),
        "\u{00D7}": ("*", "a mathematical sign"), "\u{00F7}": ("/", "a mathematical sign"), "\u{2212}": ("-", "a minus sign"),
        "\u{2013}": ("-", "an en dash"), "\u{2014}": ("-", "an em dash"),
        "\u{200B}": ("", "an invisible zero-width space"), "\u{FEFF}": ("", "an invisible byte order mark"),
    ]

    /// The error for a character no token starts with. A lookalike of ASCII (a typographic
    /// quote, `×`, `≠`) gets the fix that replaces it, and every other lookalike outside
    /// strings in the formula, so that one fix makes text pasted from a document parse.
    @inline(never)
    private func invalidCharacter(_ token: Token) -> Diagnostic {
        let character = text(token)
        guard let scalar = character.unicodeScalars.first else {
            return Diagnostic(.syntax, "unexpected character", at: token.span)
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let shown = scalar.isASCII ? "'\(character)'" : "'\(character)' (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
        guard let lookalike = Self.lookalikes[scalar] else {
            return Diagnostic(.syntax, "unexpected character \(shown)", at: token.span)
        }
        var edits: [Fix.Edit] = []
        var lexer = Lexer(bytes: bytes)
        while case let other = lexer.next(), other.kind != .endOfInput {
            guard other.kind == .invalidCharacter, let found = text(other).unicodeScalars.first,
                  let replacement = Self.lookalikes[found] else { continue }
            edits.append(Fix.Edit(span: other.span, replacement: replacement.ascii))
        }
        // Safe, for `jf lint --fix`, only when it mends the formula: the parse stopped here, so
        // a mistake after the lookalikes may remain, and then the fix is a suggestion.
        let source = string(0, bytes.count)
        let isSafe = Parser.parsesWithoutErrors(Fix("", edits: edits).apply(to: source))
        let others = edits.count - 1
        let message = switch lookalike.ascii {
        case "": "remove it"
        case "\"", "'": "use the straight quote \(lookalike.ascii)"
        default: "use '\(lookalike.ascii)'"
        }
        let fix = Fix(message + (others > 0 ? ", and replace the \(others) other such character\(others == 1 ? "" : "s")" : ""),
                      edits: edits, isSafe: isSafe)
        return Diagnostic(.syntax, "unexpected character \(shown), \(lookalike.name)", at: token.span,
                          notes: ["a formula's quotes and operators are ASCII: \" and ', !=, <=, >=, *, / and -"], fix: fix)
    }

    // MARK: - Nesting

    @inline(__always)
    private mutating func enter(_ span: SourceSpan) throws(Diagnostic) {
        depth += 1
        if depth > Parser.maxNestingDepth { throw tooDeep(span) }
    }

    @inline(never)
    private func tooDeep(_ span: SourceSpan) -> Diagnostic {
        Diagnostic(.syntax, "expression nested too deeply (the limit is \(Parser.maxNestingDepth) levels)", at: span)
    }

    private mutating func leave() { depth -= 1 }

    // MARK: - Expressions

    private mutating func parseExpression(minimumPrecedence: Int) throws(Diagnostic) -> NodeID {
        var left = try parseOperand()
        while true {
            var entry = infixTable[Int(current.kind.rawValue)]
            if entry == 0 { return left }
            if entry == Parser.borrowedSpelling { entry = try borrowedOperator() }
            // The table holds only valid raw values (see ``infix``); `init(rawValue:)` is a call.
            var op = Unchecked.enumCase(entry &- 1, as: BinaryOperator.self)
            if op.precedence < minimumPrecedence { return left }
            let operatorToken = advance()
            if op == .less, current.kind == .greater, current.span.start == operatorToken.span.end {
                op = notEqualSpelledWithAngles(operatorToken)
            }
            if op == .subtract, operatorToken.span.end == current.span.start, current.kind == .number {
                // `5-3`, `5 -3`: the SDKs lex `-3` as a literal and fail (specification §2.2).
                tree.extensions.append(SyntaxExtension(.unspacedMinus, at: operatorToken.span))
            }
            let right = try parseExpression(minimumPrecedence: op.precedence + 1)
            left = tree.append(.binary(op, left, right), tree.span(of: left).union(tree.span(of: right)))
        }
    }

    /// Per token kind: its binary operator's raw value + 1, ``borrowedSpelling`` for spellings
    /// from other languages (see ``borrowedOperator()``), or 0 when the token ends an operand's
    /// expression. One load decides the operator loop for the common tokens.
    private static let infix = ConstantTable<UInt8>(count: 256, repeating: 0) { table in
        let operators: [(TokenKind, BinaryOperator)] = [
            (.pipePipe, .or), (.ampAmp, .and), (.equalEqual, .equal), (.bangEqual, .notEqual),
            (.less, .less), (.lessEqual, .lessEqual), (.greater, .greater), (.greaterEqual, .greaterEqual),
            (.plus, .add), (.minus, .subtract), (.star, .multiply), (.slash, .divide),
        ]
        for (kind, op) in operators { table[Int(kind.rawValue)] = op.rawValue + 1 }
        for kind: TokenKind in [.strictEqual, .strictNotEqual, .assign, .ampersand, .pipe, .percent, .question, .caret, .starStar] {
            table[Int(kind.rawValue)] = borrowedSpelling
        }
    }
    private static let borrowedSpelling: UInt8 = 0xFF

    /// The operator meant by a spelling borrowed from another language (as an ``infix``
    /// entry), recording its fix; throws for those with no operator to stand for.
    private mutating func borrowedOperator() throws(Diagnostic) -> UInt8 {
        let token = current
        let op: BinaryOperator
        switch token.kind {
        case .strictEqual:
            recordFixable(token, "'===' is not an operator", replacement: "==", "use '==', which is already strict")
            op = .equal
        case .strictNotEqual:
            recordFixable(token, "'!==' is not an operator", replacement: "!=", "use '!=', which is already strict")
            op = .notEqual
        case .assign:
            recordFixable(token, "'=' is not an operator", replacement: "==", "use '==' to compare")
            op = .equal
        case .ampersand:
            recordFixable(token, "'&' is not an operator", replacement: "&&", "did you mean '&&'?")
            op = .and
        case .pipe:
            recordFixable(token, "'|' is not an operator", replacement: "||", "did you mean '||'?")
            op = .or
        default:
            throw unsupported(token)!
        }
        return op.rawValue + 1
    }

    /// `<>` (Excel, SQL, Basic), which lexes as `<` and `>`: recorded with its fix and read as
    /// `!=`. `current` is the `>`.
    @inline(never)
    private mutating func notEqualSpelledWithAngles(_ less: Token) -> BinaryOperator {
        let span = less.span.union(advance().span)
        recordFixable(Token(kind: .less, span: span), "'<>' is not an operator", replacement: "!=", "use '!=' for 'not equal'")
        return .notEqual
    }

    private mutating func recordFixable(_ token: Token, _ message: String, replacement: String, _ help: String) {
        // The operator loop looks at the same token again after a lower-precedence level returns.
        if tree.diagnostics.last?.span == token.span { return }
        tree.diagnostics.append(Diagnostic(.syntax, message, at: token.span,
                                           fix: .replace(token.span, with: replacement, help), code: .invalidOperator))
    }

    /// An operand: a primary with its prefix operators and postfix accesses. The common case
    /// (neither) costs one call.
    @inline(__always)
    private mutating func parseOperand() throws(Diagnostic) -> NodeID {
        if current.kind == .minus || current.kind == .bang { return try parseUnary() }
        let primary = try parsePrimary()
        if current.kind == .dot || current.kind == .leftBracket { return try parsePostfix(primary) }
        return primary
    }

    private mutating func parseUnary() throws(Diagnostic) -> NodeID {
        let token = advance()
        try enter(token.span)
        defer { leave() }
        let operand = try parseOperand()
        let span = token.span.union(tree.span(of: operand))
        if token.kind == .minus, operand.index == tree.nodes.count - 1, case .number(let value) = tree[operand] {
            // Fold `-3` into one literal, as the reference does.
            tree.replace(operand, with: .number(-value), span)
            return operand
        }
        return tree.append(.unary(token.kind == .minus ? .negate : .not, operand), span)
    }

    private mutating func parsePostfix(_ base: NodeID) throws(Diagnostic) -> NodeID {
        var node = base
        var chain = 0
        defer { depth -= chain }
        while true {
            switch current.kind {
            case .dot:
                let dot = advance()
                chain += 1
                try enter(dot.span)
                let nameToken = current
                switch nameToken.kind {
                case .identifier, .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword:
                    _ = advance()
                default:
                    throw Diagnostic(.syntax, "expected a property name after '.', found \(describe(nameToken))",
                                     at: nameToken.span)
                }
                let name = tree.intern(slice(nameToken.span.start, nameToken.span.end))
                node = tree.append(.member(node, name), tree.span(of: node).union(nameToken.span))
            case .leftBracket:
                let open = advance()
                chain += 1
                try enter(open.span)
                let index = try parseExpression(minimumPrecedence: 1)
                let close = try expect(.rightBracket, "to close the index '['")
                node = tree.append(.index(node, index), tree.span(of: node).union(close.span))
            case .leftParen:
                if case .member = tree[node] { throw methodCall(node) }
                return node
            default:
                return node
            }
        }
    }

    /// The error for `base.name(`, a method call, which this language does not have: the
    /// function meant is called on the value instead (`"abc".length()` is `length("abc")`).
    @inline(never)
    private func methodCall(_ member: NodeID) -> Diagnostic {
        guard case .member(let base, let nameID) = tree[member] else { preconditionFailure("methodCall(_:) takes a member") }
        let name = tree.name(nameID)
        let memberSpan = tree.span(of: member)
        let baseSpan = tree.span(of: base)
        let span = SourceSpan(start: memberSpan.end - name.utf8.count, end: current.span.end)
        var after = lexer
        let next = after.next()
        let registry = FunctionRegistry.standard
        var notes = ["values have no methods: a function takes the value as its first argument"]
        var fix: Fix?
        if next.kind == .rightParen {
            let base = Substring(string(baseSpan.start, baseSpan.end))
            fix = registry.methodFix(name, base: base, at: memberSpan.union(next.span))
        } else if let function = registry.function(forMethod: name, arguments: nil) {
            notes = ["values have no methods: write \(function.name)(value, …)"]
        }
        return Diagnostic(.syntax, "'.\(name)(' calls a method, and values have none here", at: span, notes: notes, fix: fix)
    }

    @inline(__always)   // one call per operand fewer: its only caller is parseOperand
    private mutating func parsePrimary() throws(Diagnostic) -> NodeID {
        let token = current
        switch token.kind {
        case .number:
            let value = lexer.integerEnd == token.span.end ? Double(lexer.integer) : parseNumber(token)
            _ = advance()
            return tree.append(.number(value), token.span)
        case .string:
            _ = advance()
            return tree.append(.string(tree.intern(slice(token.span.start + 1, token.span.end - 1))), token.span)
        case .trueKeyword, .falseKeyword:
            _ = advance()
            return tree.append(.boolean(token.kind == .trueKeyword), token.span)
        case .nullKeyword:
            _ = advance()
            return tree.append(.null, token.span)
        case .undefinedKeyword:
            _ = advance()
            return tree.append(.undefined, token.span)
        case .identifier:
            _ = advance()
            if bytes[token.span.start] &- 0x30 < 10 {
                tree.extensions.append(SyntaxExtension(.digitLeadingName, at: token.span))
            }
            if current.kind == .leftParen {
                return try parseCall(nameToken: token)
            }
            let nameID = tree.intern(slice(token.span.start, token.span.end))
            if let slot = tree.slot(of: tree.name(nameID)) {
                return tree.append(.parameter(slot: Int32(slot), name: nameID), token.span)
            }
            return tree.append(.reference(nameID), token.span)
        case .leftParen:
            return try parseParenthesizedOrLambda()
        case .leftBracket:
            return try parseArray()
        case .leftBrace:
            return try parseObject()
        case .arrow, .fatArrow:
            throw Diagnostic(.syntax, "expected an expression, found \(token.kind.display)", at: token.span,
                             notes: ["a lambda's parameters go in parentheses: (x) -> x * 2"])
        case .assign where tree.nodes.count == 0 && depth == 0:
            // `=sum(a, b)`: a spreadsheet's formula bar, where a formula starts with '='.
            recordFixable(token, "a formula does not start with '='", replacement: "", "remove the '='")
            _ = advance()
            return try parseOperand()
        case .endOfInput:
            throw Diagnostic(.syntax, "expected an expression, found end of input", at: token.span)
        default:
            if let special = unsupported(token) { throw special }
            throw Diagnostic(.syntax, "expected an expression, found \(describe(token))", at: token.span)
        }
    }

    private func parseNumber(_ token: Token) -> Double {
        // Clinger's fast path: up to 15 significant digits and a short fraction give an exact
        // integer mantissa and power of ten, so one division is correctly rounded.
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        for byte in bytes[token.span.start..<token.span.end] {
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= 0x30 && byte <= 0x39 {
                mantissa = mantissa &* 10 &+ Int(byte - 0x30)
                digits += 1
                if inFraction { fractionDigits += 1 }
            } else {
                digits = 99   // an exponent: leave it to the full parser
                tree.extensions.append(SyntaxExtension(.exponentLiteral, at: token.span))
                break
            }
        }
        if digits <= 15 {
            return fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
        }
        return Double(string(token.span.start, token.span.end)) ?? .nan
    }

    private mutating func parseCall(nameToken: Token) throws(Diagnostic) -> NodeID {
        let open = advance()
        try enter(open.span)
        defer { leave() }
        let base = tree.pending.count
        defer { tree.pending.truncate(to: base) }
        if current.kind != .rightParen {
            while true {
                // Parsed first: `tree` read before a mutating call would be retained across it.
                let item = try parseExpression(minimumPrecedence: 1)
                tree.pending.append(item)
                if current.kind == .comma {
                    _ = advance()
                    if current.kind == .rightParen {
                        throw Diagnostic(.syntax, "expected an argument after ',', found ')'", at: current.span,
                                         notes: ["remove the trailing comma"])
                    }
                    continue
                }
                if current.kind != .rightParen {
                    if current.kind == .invalidCharacter, bytes[current.span.start] == UInt8(ascii: ";") {
                        // `if(a; b; c)`: the separator of spreadsheets set to a European locale.
                        recordFixable(current, "arguments are separated by ',', not ';'", replacement: ",", "use ','")
                        _ = advance()
                        continue
                    }
                    throw unexpectedInArguments(of: nameToken, after: item, argument: tree.pending.count - base - 1)
                }
                break
            }
        }
        let close = advance()
        let nameID = tree.internCall(slice(nameToken.span.start, nameToken.span.end))
        let range = tree.moveChildren(from: base)
        return tree.append(.call(nameID, range), nameToken.span.union(close.span))
    }

    /// What stops an argument list: a lambda written without parentheses (`x -> x * 2`, the
    /// habit of other languages) gets the fix, another argument the missing comma, other
    /// tokens what `unsupported` says of them. `=>` where the argument (number `argument`) is
    /// a condition (`if(total => 1000, …)`), or after what cannot be a lambda's parameter, is
    /// `>=` mistyped.
    @inline(never)
    private func unexpectedInArguments(of nameToken: Token, after item: NodeID, argument: Int) -> Diagnostic {
        var diagnostic = Diagnostic(.syntax,
            "expected ',' or ')' in the arguments of \(text(nameToken))(), found \(describe(current))",
            at: current.span, notes: unsupported(current).map { [$0.message] + $0.notes } ?? [])
        guard current.kind == .arrow || current.kind == .fatArrow else {
            return withMissingComma(diagnostic, after: item, between: "arguments")
        }
        let isName = switch tree[item] {
        case .reference, .parameter: true
        default: false
        }
        let signature = FunctionRegistry.standard.lookup(text(nameToken))?.signature
        let takesCondition = signature.map { !$0.parameters.isEmpty && $0.parameter(at: argument).types == .boolean } ?? false
        if explainsErrors && current.kind == .fatArrow && (takesCondition || !isName) && parses(replacing: current.span, with: ">=") {
            diagnostic.notes = ["'=>' is no operator here: 'greater than or equal' is written '>='"]
            diagnostic.fix = .replace(current.span, with: ">=", "use '>='", isSafe: false)
            return diagnostic
        }
        switch tree[item] {
        case .reference, .parameter:
            let name = tree.span(of: item)
            let parameter = string(name.start, name.end)
            diagnostic.notes = ["a lambda's parameters go in parentheses: (\(parameter)) \(text(current)) …"]
            diagnostic.fix = .replace(name, with: "(\(parameter))", "put the parameter in parentheses", isSafe: false)
        default:
            break
        }
        return diagnostic
    }

    /// `diagnostic`, found at `current` where a list wants ',' or its closing bracket, with a
    /// note on the comma a writer leaves out between two items (`concat("a" "b")`) when
    /// `current` starts another item, and the comma as a suggestion when it makes the formula
    /// parse.
    @inline(never)
    private func withMissingComma(_ diagnostic: Diagnostic, after item: NodeID, between items: String) -> Diagnostic {
        guard explainsErrors else { return diagnostic }
        switch current.kind {
        case .identifier, .number, .string, .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword,
             .leftParen, .leftBracket, .leftBrace:
            var diagnostic = diagnostic
            diagnostic.notes.append("\(items) are separated by ','")
            let end = tree.span(of: item).end
            let place = SourceSpan(start: end, end: end)
            if parses(replacing: place, with: ",") {
                diagnostic.fix = .replace(place, with: ",", "insert ','", isSafe: false)
            }
            return diagnostic
        default:
            return diagnostic
        }
    }

    private mutating func parseParenthesizedOrLambda() throws(Diagnostic) -> NodeID {
        let open = advance()
        try enter(open.span)
        defer { leave() }
        let mark = tree.nodes.count
        // The items wait on the pending stack, so a plain `( … )` allocates nothing.
        let base = tree.pending.count
        defer { tree.pending.truncate(to: base) }
        var firstComma: Token?
        if current.kind != .rightParen {
            while true {
                // Parsed first: `tree` read before a mutating call would be retained across it.
                let item = try parseExpression(minimumPrecedence: 1)
                tree.pending.append(item)
                guard current.kind == .comma else { break }
                firstComma = firstComma ?? current
                _ = advance()
            }
        }
        let count = tree.pending.count - base
        let close = try expect(.rightParen, count > 1 ? "to close the parameter list" : "to close '('")
        if current.kind == .arrow || current.kind == .fatArrow {
            return try parseLambda(open: open, items: base, mark: mark)
        }
        if count == 0 {
            throw Diagnostic(.syntax, "expected an expression inside '()'", at: open.span.union(close.span))
        }
        if let comma = firstComma {
            throw Diagnostic(.syntax, "unexpected ',' inside parentheses", at: comma.span,
                             notes: ["parentheses group one expression; a lambda needs '->' after its parameter list"])
        }
        // The group is its inner node, spanning the parentheses too.
        let inner = tree.pending[base]
        tree.respan(inner, open.span.union(close.span))
        return inner
    }

    /// A lambda whose parameter list was parsed as the expressions `tree.pending[items...]`
    /// (nodes from `mark` on).
    private mutating func parseLambda(open: Token, items: Int, mark: Int) throws(Diagnostic) -> NodeID {
        let arrow = advance()
        if arrow.kind == .fatArrow {
            tree.extensions.append(SyntaxExtension(.fatArrow, at: arrow.span))
        }
        // A parameter parsed as a plain name interned exactly that name, so the parameters'
        // names are already consecutive in the names table, starting at the first one's.
        let count = tree.pending.count - items
        var firstName = tree.names.count
        for offset in 0..<count {
            let item = tree.pending[items + offset]
            let name: NameID
            let span = tree.span(of: item)
            switch tree[item] {
            // Only a bare name: a parenthesized one, `((a)) -> …`, spans its parentheses.
            case .reference(let id) where span.length == tree.name(id).utf8.count: name = id
            case .parameter(_, let id) where span.length == tree.name(id).utf8.count: name = id
            default:
                throw Diagnostic(.syntax, "expected a parameter name, found \(string(span.start, span.end))", at: span,
                                 notes: ["lambda parameters are plain names: (row, index) -> …"])
            }
            if offset == 0 { firstName = name.index }
            let parameter = tree.name(name)
            for earlier in firstName..<name.index where tree.name(NameID(earlier)) == parameter {
                throw Diagnostic(.syntax, "duplicate parameter '\(parameter)'", at: tree.span(of: item))
            }
        }
        // The parameter list was parsed as expressions; drop those nodes.
        tree.nodes.truncate(to: mark)
        let slotBase = tree.scope.count
        for name in firstName..<(firstName + count) { tree.scope.append(tree.name(NameID(name))) }
        defer { tree.scope.truncate(to: slotBase) }
        let body = try parseExpression(minimumPrecedence: 1)
        return tree.append(
            .lambda(params: TableRange(start: firstName, count: count), body: body, slotBase: Int32(slotBase)),
            open.span.union(tree.span(of: body)))
    }

    private mutating func parseArray() throws(Diagnostic) -> NodeID {
        let open = advance()
        try enter(open.span)
        defer { leave() }
        let base = tree.pending.count
        defer { tree.pending.truncate(to: base) }
        while current.kind != .rightBracket {
            // Parsed first: `tree` read before a mutating call would be retained across it.
            let item = try parseExpression(minimumPrecedence: 1)
            tree.pending.append(item)
            if current.kind == .comma {
                _ = advance()
                continue
            }
            if current.kind != .rightBracket {
                throw withMissingComma(Diagnostic(.syntax, "expected ',' or ']' in the array, found \(describe(current))",
                                                  at: current.span), after: item, between: "elements")
            }
        }
        let close = advance()
        return tree.append(.array(tree.moveChildren(from: base)), open.span.union(close.span))
    }

    private mutating func parseObject() throws(Diagnostic) -> NodeID {
        let open = advance()
        try enter(open.span)
        defer { leave() }
        // Keys (the spans of their text) and values wait on stacks, as a list's items do.
        let keyBase = tree.keys.count
        let valueBase = tree.pending.count
        defer {
            tree.keys.truncate(to: keyBase)
            tree.pending.truncate(to: valueBase)
        }
        while current.kind != .rightBrace {
            let keyToken = current
            switch keyToken.kind {
            case .identifier, .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword:
                tree.keys.append(keyToken.span)
            case .string:
                tree.keys.append(SourceSpan(start: keyToken.span.start + 1, end: keyToken.span.end - 1))
            default:
                throw Diagnostic(.syntax, "expected a key (a name or a string) in the object, found \(describe(keyToken))",
                                 at: keyToken.span)
            }
            _ = advance()
            _ = try expect(.colon, "after the object key")
            // Parsed first: `tree` read before a mutating call would be retained across it.
            let value = try parseExpression(minimumPrecedence: 1)
            tree.pending.append(value)
            if current.kind == .comma {
                _ = advance()
                continue
            }
            if current.kind != .rightBrace {
                throw withMissingComma(Diagnostic(.syntax, "expected ',' or '}' in the object, found \(describe(current))",
                                                  at: current.span), after: value, between: "members")
            }
        }
        let close = advance()
        let keyStart = tree.names.count
        for index in keyBase..<tree.keys.count {
            let key = tree.keys[index]
            _ = tree.intern(slice(key.start, key.end))
        }
        let values = tree.moveChildren(from: valueBase)
        return tree.append(.object(keys: Int32(keyStart), values: values.start, count: values.count),
                           open.span.union(close.span))
    }
}

/// Syntax this project accepts that the Joyfill SDKs reject (specification §2.1–§2.3); the linter
/// reports each occurrence under the rule `non-portable`.
public struct SyntaxExtension: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// `(x) => …` (§2.3).
        case fatArrow
        /// `1e3` (§2.1).
        case exponentLiteral
        /// `5-3`, `a -1`: a binary minus directly followed by a digit, which the SDKs read as a negative literal (§2.2).
        case unspacedMinus
        /// A name that starts with a digit, such as an ObjectId (§2.1).
        case digitLeadingName
    }
    public var kind: Kind
    public var span: SourceSpan
    init(_ kind: Kind, at span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}
