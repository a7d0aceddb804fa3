/// Prints a ``SyntaxTree`` back as formula text in one canonical layout: the style of `jf fmt`.
///
/// The layout: one space around binary operators and after commas and colons, none inside
/// brackets; parentheses only where precedence needs them, and around a lambda used as an
/// operand or a minus sign that follows another (`a - (-4)`, `-(-a)`); strings in double
/// quotes unless they contain one; number literals as written; `->` for `=>`. Grouping
/// parentheses leave no node in the tree, so redundant ones disappear.
///
/// A formula wider than ``width`` breaks its calls, arrays and objects, outermost first,
/// one item a line, indented by four spaces. A width of `Int.max` keeps every formula on one
/// line (what a formula stored in a JoyDoc needs).
///
/// The tree's meaning is kept exactly: parsing the output gives the same tree (spans aside),
/// and formatting it again gives the same text. So the output must also stay within
/// ``Parser/maxNestingDepth``: the parentheses the printer adds can take it deeper than the
/// source was (`- - - … a`, `1 + (x) -> 1 + (y) -> …`), and a tree whose text would nest too
/// deeply is not formatted. The printer does not recurse along chains of
/// binary operators (left-deep, as long as the formula is); any other nesting is bounded by
/// ``Parser/maxNestingDepth``.
public struct Printer {
    /// The width a formula file is formatted to by default.
    public static let defaultWidth = 100

    /// `tree` formatted, or nil when it has errors (format only what parses cleanly) or when
    /// its text would nest deeper than ``Parser/maxNestingDepth`` (see ``nestsTooDeeply(_:)``).
    /// `lineBreak` ends the lines the printer breaks (`"\r\n"` for a file that uses it);
    /// line breaks inside string literals are the formula's own and stay as they are.
    public static func format(_ tree: SyntaxTree, width: Int = defaultWidth, lineBreak: String = "\n") -> String? {
        guard tree.isValid, let root = tree.root else { return nil }
        var printer = Printer(tree: tree, width: width, lineBreak: lineBreak)
        if printer.nestingDepths[root.index] > Parser.maxNestingDepth { return nil }
        printer.emit(root, in: .alone)
        return printer.output
    }

    /// Whether `tree`, which parses cleanly, has no canonical text: printed, it would nest
    /// deeper than ``Parser/maxNestingDepth``.
    public static func nestsTooDeeply(_ tree: SyntaxTree) -> Bool {
        guard tree.isValid else { return false }
        return nestingDepth(of: tree) > Parser.maxNestingDepth
    }

    /// The deepest level of the parser's count that `tree`'s canonical text reaches (0 for a
    /// name or a literal); `tree` must parse cleanly.
    static func nestingDepth(of tree: SyntaxTree) -> Int {
        guard let root = tree.root else { return 0 }
        return Printer(tree: tree, width: .max, lineBreak: "\n").nestingDepths[root.index]
    }

    /// `source` formatted, or nil when it does not parse cleanly.
    public static func format(_ source: String, width: Int = defaultWidth, lineBreak: String = "\n") -> String? {
        format(Parser.parse(source), width: width, lineBreak: lineBreak)
    }

    private let tree: SyntaxTree
    private let nodes: TreeTable<Node>
    private let names: TreeTable<String>
    private let children: TreeTable<NodeID>
    private let width: Int
    private let lineBreak: String
    /// Each node's width on one line, without parentheses around it.
    private var flatWidths: [Int] = []
    /// Each node's nesting as printed, without parentheses around it: the deepest level the
    /// parser's count (``Parser/maxNestingDepth``) reaches inside its text.
    private var nestingDepths: [Int] = []
    /// For `.name` and `[index]` nodes, their position in the chain of accesses they end
    /// (`a.b[0]`: 1, then 2): the parser counts a chain's accesses as levels.
    private var chainPositions: [Int] = []
    private var output = ""
    private var column = 0
    private var indent = 0

    private init(tree: SyntaxTree, width: Int, lineBreak: String) {
        self.tree = tree
        self.lineBreak = lineBreak
        nodes = tree.nodes
        names = tree.names
        children = tree.children
        self.width = width
        measure()
    }

    /// Where a node is printed, which decides whether it needs parentheses.
    private enum Position {
        /// Not an operand: the whole formula, an argument, an element, an object value, an
        /// index, a lambda's body.
        case alone
        /// The left operand of a binary operator.
        case left(BinaryOperator)
        /// The right operand of a binary operator.
        case right(BinaryOperator)
        /// The operand of a prefix operator.
        case unary(UnaryOperator)
        /// The base of `.name` or `[index]`.
        case postfixBase
    }

    private func needsParentheses(_ id: NodeID, in position: Position) -> Bool {
        switch nodes[id.index] {
        case .binary(let op, _, _):
            switch position {
            case .alone: return false
            case .left(let parent): return op.precedence < parent.precedence
            case .right(let parent): return op.precedence <= parent.precedence
            case .unary, .postfixBase: return true
            }
        case .unary(let op, _):
            switch position {
            case .alone, .left: return false
            case .postfixBase: return true
            // `a - (-b)`, `-(-a)`: a minus sign after another keeps its parentheses, for the
            // eye; `a && !b` needs none.
            case .right: return op == .negate
            case .unary(let outer): return outer == .negate && op == .negate
            }
        case .number(let value):
            switch position {
            case .alone, .left: return false
            case .right: return value.sign == .minus
            case .postfixBase: return true
            case .unary(let outer): return outer == .negate && value.sign == .minus
            }
        case .lambda:
            if case .alone = position { return false }
            return true
        default:
            return false
        }
    }

    // MARK: - Widths

    /// Fills ``flatWidths`` and ``nestingDepths`` in one forward pass: children come before
    /// their parents.
    private mutating func measure() {
        flatWidths.reserveCapacity(nodes.count)
        nestingDepths.reserveCapacity(nodes.count)
        chainPositions.reserveCapacity(nodes.count)
        for index in 0..<nodes.count {
            let id = NodeID(index)
            measureNesting(of: id)
            let width: Int
            switch nodes[index] {
            case .number(let value): width = numberText(id, value).count
            case .string(let name): width = names[name.index].unicodeScalars.count + 2
            case .boolean(let flag): width = flag ? 4 : 5
            case .null: width = 4
            case .undefined: width = 9
            case .reference(let name), .parameter(_, let name): width = names[name.index].unicodeScalars.count
            case .member(let base, let name):
                width = enclosed(base, in: .postfixBase) + 1 + names[name.index].unicodeScalars.count
            case .index(let base, let index):
                width = enclosed(base, in: .postfixBase) + flatWidths[index.index] + 2
            case .unary(let op, let operand):
                width = 1 + enclosed(operand, in: .unary(op))
            case .binary(let op, let left, let right):
                width = enclosed(left, in: .left(op)) + op.symbol.count + 2 + enclosed(right, in: .right(op))
            case .call(let name, let range):
                width = names[name.index].unicodeScalars.count + listWidth(range.indices.map { flatWidths[children[$0].index] })
            case .array(let range):
                width = listWidth(range.indices.map { flatWidths[children[$0].index] })
            case .object(let keys, let values, let count):
                width = listWidth((0..<Int(count)).map {
                    keyText(names[Int(keys) + $0]).unicodeScalars.count + 2 + flatWidths[children[Int(values) + $0].index]
                })
            case .lambda(let parameters, let body, _):
                width = listWidth(parameters.indices.map { names[$0].unicodeScalars.count }) + 4 + flatWidths[body.index]
            }
            flatWidths.append(width)
        }
    }

    /// ``nestingDepths`` and ``chainPositions`` for `id`, mirroring the parser's count: one
    /// level for a prefix operator's operand, for the inside of parentheses, brackets and
    /// braces, and for each access of a postfix chain.
    private mutating func measureNesting(of id: NodeID) {
        var depth = 0
        var position = 0
        switch nodes[id.index] {
        case .number(let value):
            // A negative literal is read as a negation, folded: its minus sign is a level.
            depth = value.sign == .minus ? 1 : 0
        case .string, .boolean, .null, .undefined, .reference, .parameter:
            break
        case .member(let base, _):
            position = chainPosition(after: base)
            depth = max(nesting(base, in: .postfixBase), position)
        case .index(let base, let index):
            position = chainPosition(after: base)
            depth = max(nesting(base, in: .postfixBase), position + nestingDepths[index.index])
        case .unary(let op, let operand):
            depth = 1 + nesting(operand, in: .unary(op))
        case .binary(let op, let left, let right):
            depth = max(nesting(left, in: .left(op)), nesting(right, in: .right(op)))
        case .call(_, let range), .array(let range):
            depth = 1 + range.indices.reduce(0) { max($0, nestingDepths[children[$1].index]) }
        case .object(_, let values, let count):
            depth = 1 + (0..<Int(count)).reduce(0) { max($0, nestingDepths[children[Int(values) + $1].index]) }
        case .lambda(_, let body, _):
            depth = 1 + nestingDepths[body.index]
        }
        nestingDepths.append(depth)
        chainPositions.append(position)
    }

    /// The position in its chain of an access to `base`: an access to an access continues
    /// the chain, any other base starts one.
    private func chainPosition(after base: NodeID) -> Int {
        switch nodes[base.index] {
        case .member, .index: return chainPositions[base.index] + 1
        default: return 1
        }
    }

    private func nesting(_ id: NodeID, in position: Position) -> Int {
        nestingDepths[id.index] + (needsParentheses(id, in: position) ? 1 : 0)
    }

    private func enclosed(_ id: NodeID, in position: Position) -> Int {
        flatWidths[id.index] + (needsParentheses(id, in: position) ? 2 : 0)
    }

    /// Brackets around items separated by `, `.
    private func listWidth(_ items: [Int]) -> Int {
        2 + items.reduce(0, +) + 2 * max(items.count - 1, 0)
    }

    // MARK: - Output

    private mutating func write(_ text: String) {
        output += text
        column += text.unicodeScalars.count
    }

    private mutating func newline() {
        output += lineBreak + String(repeating: " ", count: indent)
        column = indent
    }

    private mutating func emit(_ id: NodeID, in position: Position) {
        let parenthesized = needsParentheses(id, in: position)
        if parenthesized { write("(") }
        let fits = column + flatWidths[id.index] <= width
        switch nodes[id.index] {
        case .number(let value): write(numberText(id, value))
        case .string(let name): write(quoted(names[name.index]))
        case .boolean(let flag): write(flag ? "true" : "false")
        case .null: write("null")
        case .undefined: write("undefined")
        case .reference(let name), .parameter(_, let name): write(names[name.index])
        case .member(let base, let name):
            emit(base, in: .postfixBase)
            write("." + names[name.index])
        case .index(let base, let index):
            emit(base, in: .postfixBase)
            write("[")
            emit(index, in: .alone)
            write("]")
        case .unary(let op, let operand):
            write(op.symbol)
            emit(operand, in: .unary(op))
        case .binary:
            emitChain(id)
        case .call(let name, let range):
            write(names[name.index])
            emitList("(", ")", fits: fits, count: range.indices.count) { printer, offset in
                printer.emit(printer.children[range.indices.lowerBound + offset], in: .alone)
            }
        case .array(let range):
            emitList("[", "]", fits: fits, count: range.indices.count) { printer, offset in
                printer.emit(printer.children[range.indices.lowerBound + offset], in: .alone)
            }
        case .object(let keys, let values, let count):
            emitList("{", "}", fits: fits, count: Int(count)) { printer, offset in
                printer.write(printer.keyText(printer.names[Int(keys) + offset]) + ": ")
                printer.emit(printer.children[Int(values) + offset], in: .alone)
            }
        case .lambda(let parameters, let body, _):
            write("(" + parameters.indices.map { names[$0] }.joined(separator: ", ") + ") -> ")
            emit(body, in: .alone)
        }
        if parenthesized { write(")") }
    }

    /// A left-deep chain of binary operators (`a + b - c`), walked down its left spine with a
    /// loop: the chain is as long as the formula.
    private mutating func emitChain(_ id: NodeID) {
        var spine = [id]
        while case .binary(let op, let left, _) = nodes[spine[spine.count - 1].index],
              case .binary = nodes[left.index], !needsParentheses(left, in: .left(op)) {
            spine.append(left)
        }
        guard case .binary(let innermost, let first, _) = nodes[spine[spine.count - 1].index] else { return }
        emit(first, in: .left(innermost))
        for node in spine.reversed() {
            guard case .binary(let op, _, let right) = nodes[node.index] else { continue }
            write(" " + op.symbol + " ")
            emit(right, in: .right(op))
        }
    }

    /// The items of a call, array or object between `open` and `close`: on one line when the
    /// node `fits` in the width from where it starts, else one a line.
    private mutating func emitList(_ open: String, _ close: String, fits: Bool, count: Int,
                                   item: (inout Printer, Int) -> Void) {
        write(open)
        if count == 0 || fits {
            for offset in 0..<count {
                if offset > 0 { write(", ") }
                item(&self, offset)
            }
        } else {
            indent += 4
            for offset in 0..<count {
                newline()
                item(&self, offset)
                if offset < count - 1 { write(",") }
            }
            indent -= 4
            newline()
        }
        write(close)
    }

    // MARK: - Literals

    /// A number literal as written, its sign from its value: a literal negated in the source
    /// (`-3`, `-(3)`, `(-4)`) is one node whose span covers the sign and the parentheses.
    private func numberText(_ id: NodeID, _ value: Double) -> String {
        let text = tree.text(of: id)
        let digits = text.drop { $0 == "(" || $0 == "-" || $0.isWhitespace }
            .reversed().drop { $0 == ")" || $0.isWhitespace }.reversed()
        return (value.sign == .minus ? "-" : "") + String(digits)
    }

    /// A string literal: there are no escapes, so one containing `"` goes in single quotes.
    /// (Looked for as a byte: a `"` followed by a combining mark is one `Character`, which
    /// `contains("\"")` would not find.)
    private func quoted(_ content: String) -> String {
        content.utf8.contains(UInt8(ascii: "\"")) ? "'" + content + "'" : "\"" + content + "\""
    }

    /// An object key: bare when it is an ASCII name, else quoted.
    private func keyText(_ key: String) -> String {
        let bytes = key.utf8
        let isName = bytes.first.map { $0 == UInt8(ascii: "_") || ($0 | 0x20) &- UInt8(ascii: "a") < 26 } ?? false
            && bytes.allSatisfy { $0 == UInt8(ascii: "_") || ($0 | 0x20) &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 }
        return isName ? key : quoted(key)
    }
}
