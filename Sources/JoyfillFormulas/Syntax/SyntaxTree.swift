/// A parsed formula: its source, nodes with spans, side tables and parse diagnostics.
///
/// Nodes are stored in post-order: every child has a smaller index than its parent and the
/// root is the last node. A tree with errors has no root. Trees are immutable once parsed, so
/// they are shared by reference (a lambda value keeps the tree it came from).
///
/// The tables live in one block (``TreeBlock``): nodes, names, spans and children back to
/// back. A document keeps one tree per formula for as long as it is open, so a tree is two
/// allocations (the object and its block) rather than one per table.
public final class SyntaxTree: Sendable {
    /// The formula text.
    public let source: String
    /// Problems found while parsing. Fixable ones (such as `===`) do not prevent a root.
    public let diagnostics: [Diagnostic]
    /// Uses of syntax that only this project accepts (for the `non-portable` lint rule).
    public let extensions: [SyntaxExtension]
    private let rootIndex: Int32
    /// The tables, immutable after ``make(_:source:)``; freed with the tree.
    let block: TreeBlock

    /// The root node, or nil when parsing failed.
    public var root: NodeID? { rootIndex < 0 ? nil : NodeID(Int(rootIndex)) }

    /// All nodes, children before parents.
    public var nodes: TreeTable<Node> { TreeTable(owner: self, base: block.nodeBase, count: block.nodeCount) }
    /// The span of each node, parallel to ``nodes``.
    public var spans: TreeTable<SourceSpan> { TreeTable(owner: self, base: block.spanBase, count: block.nodeCount) }
    /// Names, string literal contents, object keys and lambda parameter names.
    public var names: TreeTable<String> { TreeTable(owner: self, base: block.nameBase, count: block.nameCount) }
    /// Call arguments, array elements and object values.
    public var children: TreeTable<NodeID> { TreeTable(owner: self, base: block.childBase, count: block.childCount) }

    private init(_ builder: borrowing TreeBuilder, source: String) {
        self.source = source
        // Most formulas have neither; a new empty array costs no reference counting.
        diagnostics = builder.diagnostics.isEmpty ? [] : builder.diagnostics
        extensions = builder.extensions.isEmpty ? [] : builder.extensions
        rootIndex = builder.root.map { $0.raw } ?? -1
        block = TreeBlock(moving: builder)
    }

    /// A new tree for `source` with a finished builder's tables, moved out of the builder,
    /// which is left empty.
    static func make(_ builder: TreeBuilder, source: String) -> SyntaxTree {
        SyntaxTree(builder, source: source)
    }

    deinit {
        block.free()
    }

    /// The tables the evaluator reads (``TreeBlock/evaluationTables``).
    var evaluationTables: EvaluationTables { block.evaluationTables }

    /// True when the tree parsed without errors and can be evaluated.
    public var isValid: Bool { rootIndex >= 0 && !diagnostics.contains { $0.severity == .error } }

    public subscript(id: NodeID) -> Node { nodes[id.index] }
    public func span(of id: NodeID) -> SourceSpan { spans[id.index] }
    public func name(_ id: NameID) -> String { names[id.index] }

    /// The span of the function name of call node `id` (for "unknown function" and its fix):
    /// at the start of the node's span, or after the parentheses that group the call
    /// (`(round(x))`, whose span covers them) and any white space between them.
    public func nameSpan(ofCall id: NodeID) -> SourceSpan {
        let span = spans[id.index]
        guard case .call(let name, _) = nodes[id.index] else { return span }
        var text = source
        let start = text.withUTF8 { bytes -> Int in
            guard span.start < bytes.count, bytes[span.start] == UInt8(ascii: "(") else { return span.start }
            var lexer = Lexer(bytes: bytes, from: span.start)
            var token = lexer.next()
            while token.kind == .leftParen { token = lexer.next() }
            return token.span.start
        }
        return SourceSpan(start: start, end: start + names[name.index].utf8.count)
    }

    /// The span of the property name of member node `id` (`prise` in `items.prise`, for
    /// "no column" and its fix): at the end of the node's span, before the parentheses that
    /// group the member (`(row.prise)`, whose span covers them) and any white space.
    public func nameSpan(ofMember id: NodeID) -> SourceSpan {
        let span = spans[id.index]
        guard case .member(_, let name) = nodes[id.index] else { return span }
        var text = source
        let end = text.withUTF8 { bytes -> Int in
            var end = min(span.end, bytes.count)
            while end > span.start, [UInt8(ascii: ")"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
                                     UInt8(ascii: "\r")].contains(bytes[end - 1]) {
                end -= 1
            }
            return end
        }
        return SourceSpan(start: max(span.start, end - names[name.index].utf8.count), end: end)
    }

    /// The arguments of a call or the elements of an array literal.
    public func children(_ range: TableRange) -> Slice<TreeTable<NodeID>> { children[range.indices] }

    /// Whether `other` is the same formula: the same nodes, names and literals, whatever the
    /// spans (spacing, redundant parentheses, line breaks, `=>` for `->`). `jf fmt` keeps
    /// this true of every formula it formats.
    public func isSameFormula(as other: SyntaxTree) -> Bool {
        nodes.count == other.nodes.count && rootIndex == other.rootIndex && structure == other.structure
    }

    /// Each node with its names resolved and its children by position, for ``isSameFormula(as:)``.
    private var structure: [String] {
        nodes.map { node -> String in
            switch node {
            case .number(let value): return "number \(value.bitPattern)"
            case .string(let name): return "string \(names[name.index])"
            case .parameter(let slot, let name): return "parameter \(slot) \(names[name.index])"
            case .reference(let name): return "reference \(names[name.index])"
            case .member(let base, let name): return "member \(base.index) \(names[name.index])"
            case .call(let name, let range): return "call \(names[name.index]) \(children(range).map(\.index))"
            case .array(let range): return "array \(children(range).map(\.index))"
            case .object(let keys, let values, let count):
                return "object " + (0..<Int(count)).map { "\(names[Int(keys) + $0])=\(children[Int(values) + $0].index)" }
                    .joined(separator: ",")
            case .lambda(let parameters, let body, let slotBase):
                return "lambda \(parameters.indices.map { names[$0] }) \(body.index) \(slotBase)"
            case .boolean, .null, .undefined, .index, .unary, .binary:
                return "\(node)"
            }
        }
    }

    /// The source text covered by a node.
    public func text(of id: NodeID) -> Substring { source.text(in: spans[id.index]) }

    /// Every free name the formula reads (field ids), in order of first appearance.
    /// Lambda parameters and function names are not included (specification §7.1).
    public var references: [String] {
        var seen = Set<String>()
        var result: [String] = []
        let names = self.names
        for node in nodes {
            if case .reference(let name) = node, seen.insert(names[name.index]).inserted {
                result.append(names[name.index])
            }
        }
        return result
    }
}

extension String {
    /// The text a span of UTF-8 byte offsets covers.
    func text(in span: SourceSpan) -> Substring {
        let utf8 = self.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: span.start)
        return self[start..<utf8.index(start, offsetBy: span.length)]
    }
}

extension SyntaxTree {
    /// The spans of a lambda's parameter names, in order (empty for any other node).
    ///
    /// The tree keeps one span per node, and parameters are not nodes; the parameter list is
    /// short, so it is lexed again on demand (the linter's `shadowed-field` rule needs it).
    public func parameterSpans(of lambda: NodeID) -> [SourceSpan] {
        guard case .lambda = self[lambda] else { return [] }
        let start = span(of: lambda).start
        var text = source
        return text.withUTF8 { buffer in
            var lexer = Lexer(bytes: UnsafeBufferPointer(rebasing: buffer[start...]))
            var spans: [SourceSpan] = []
            while true {
                let token = lexer.next()
                switch token.kind {
                case .identifier:
                    spans.append(SourceSpan(start: start + token.span.start, end: start + token.span.end))
                case .rightParen, .endOfInput:
                    return spans
                default:
                    continue
                }
            }
        }
    }
}
