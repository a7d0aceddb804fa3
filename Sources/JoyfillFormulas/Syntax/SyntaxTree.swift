/// The index of a node in a ``SyntaxTree``.
public struct NodeID: Hashable, Sendable {
    @usableFromInline let raw: Int32
    /// The node at position `index` of ``SyntaxTree/nodes``.
    @inlinable public init(_ index: Int) { self.raw = Int32(truncatingIfNeeded: index) }
    /// The node's position in ``SyntaxTree/nodes`` (children always come before parents).
    @inlinable public var index: Int { Int(raw) }
}

/// The index of a name or string literal in ``SyntaxTree/names``.
public struct NameID: Hashable, Sendable {
    @usableFromInline let raw: Int32
    @inlinable init(_ raw: Int) { self.raw = Int32(truncatingIfNeeded: raw) }
    @inlinable public var index: Int { Int(raw) }
}

/// A contiguous run of entries in one of the tree's side tables.
public struct TableRange: Hashable, Sendable {
    @usableFromInline let start: Int32
    @usableFromInline let count: Int32
    @inlinable init(start: Int, count: Int) {
        self.start = Int32(truncatingIfNeeded: start)
        self.count = Int32(truncatingIfNeeded: count)
    }
    @inlinable public var indices: Range<Int> { Int(start)..<Int(start + count) }
}

/// Prefix operators.
public enum UnaryOperator: UInt8, Sendable {
    case negate, not
    public var symbol: String { self == .negate ? "-" : "!" }
}

/// Infix operators, from loosest to tightest binding.
public enum BinaryOperator: UInt8, Sendable, CaseIterable {
    case or, and
    case equal, notEqual
    case less, lessEqual, greater, greaterEqual
    case add, subtract
    case multiply, divide

    public var symbol: String {
        switch self {
        case .or: return "||"
        case .and: return "&&"
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .add: return "+"
        case .subtract: return "-"
        case .multiply: return "*"
        case .divide: return "/"
        }
    }

    /// Binding power: higher binds tighter. All binary operators are left-associative.
    public var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessEqual, .greater, .greaterEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide: return 6
        }
    }
}

/// One syntax node. Payloads are indices, so a tree is a few flat arrays with no
/// per-node allocation, and any bottom-up analysis is a single forward loop over ``SyntaxTree/nodes``.
public enum Node: Sendable {
    case number(Double)
    case string(NameID)
    case boolean(Bool)
    case null
    case undefined
    /// A free name: a field id or a context variable.
    case reference(NameID)
    /// A lambda parameter, resolved statically to its slot in the evaluator's local frame.
    case parameter(slot: Int32, name: NameID)
    /// `base.name` (also `base.0`).
    case member(NodeID, NameID)
    /// `base[index]`.
    case index(NodeID, NodeID)
    case unary(UnaryOperator, NodeID)
    case binary(BinaryOperator, NodeID, NodeID)
    /// `name(arguments…)`; the arguments are `children[range]`.
    case call(NameID, TableRange)
    /// `[elements…]`; the elements are `children[range]`.
    case array(TableRange)
    /// `{key: value…}`; the keys are `names[keys.start…]`, the values `children[values.start…]`.
    case object(keys: Int32, values: Int32, count: Int32)
    /// `(params…) -> body`; the parameters are `names[params]`; they occupy local slots
    /// `slotBase ..< slotBase + params.count`.
    case lambda(params: TableRange, body: NodeID, slotBase: Int32)
    /// `( inner )`, kept so that the printer can reproduce the author's grouping.
    case parenthesized(NodeID)
}

/// A parsed formula: its source, nodes with spans, side tables and parse diagnostics.
///
/// Nodes are stored in post-order: every child has a smaller index than its parent and the
/// root is the last node. A tree with errors has no root. Trees are immutable once parsed, so
/// they are shared by reference (a lambda value keeps the tree it came from).
public final class SyntaxTree: Sendable {
    /// The formula text.
    public let source: String
    /// All nodes, children before parents.
    public let nodes: [Node]
    /// The span of each node, parallel to ``nodes``.
    public let spans: [SourceSpan]
    /// Names, string literal contents, object keys and lambda parameter names.
    public let names: [String]
    /// Call arguments, array elements and object values.
    public let children: [NodeID]
    /// The root node, or nil when parsing failed.
    public let root: NodeID?
    /// Problems found while parsing. Fixable ones (such as `===`) do not prevent a root.
    public let diagnostics: [Diagnostic]
    /// Uses of syntax that only this project accepts (for the `non-portable` lint rule).
    public let extensions: [SyntaxExtension]

    init(_ builder: TreeBuilder) {
        source = builder.source
        nodes = builder.nodes
        spans = builder.spans
        names = builder.names
        children = builder.children
        root = builder.root
        diagnostics = builder.diagnostics
        extensions = builder.extensions
    }

    /// True when the tree parsed without errors and can be evaluated.
    public var isValid: Bool { root != nil && !diagnostics.contains { $0.severity == .error } }

    @inlinable public subscript(id: NodeID) -> Node { nodes[id.index] }
    @inlinable public func span(of id: NodeID) -> SourceSpan { spans[id.index] }
    @inlinable public func name(_ id: NameID) -> String { names[id.index] }

    /// The arguments of a call or the elements of an array literal.
    public func children(_ range: TableRange) -> ArraySlice<NodeID> { children[range.indices] }

    /// The source text covered by a node.
    public func text(of id: NodeID) -> Substring { source.text(in: spans[id.index]) }

    /// Every free name the formula reads (field ids), in order of first appearance.
    /// Lambda parameters and function names are not included (decision B1).
    public var references: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for node in nodes {
            if case .reference(let name) = node, seen.insert(names[name.index]).inserted {
                result.append(names[name.index])
            }
        }
        return result
    }
}

/// The mutable tables a ``Parser`` fills before freezing them into a ``SyntaxTree``.
struct TreeBuilder {
    let source: String
    var nodes: [Node] = []
    var spans: [SourceSpan] = []
    var names: [String] = []
    var children: [NodeID] = []
    var root: NodeID?
    var diagnostics: [Diagnostic] = []
    var extensions: [SyntaxExtension] = []

    init(source: String, expectedNodes: Int) {
        self.source = source
        // Only the node tables are sized ahead: names and children are few, and a tree lives
        // as long as its document (a million formulas keep a million trees), so tables that
        // stay empty should cost nothing.
        nodes.reserveCapacity(expectedNodes)
        spans.reserveCapacity(expectedNodes)
    }

    subscript(id: NodeID) -> Node { nodes[id.index] }
    func span(of id: NodeID) -> SourceSpan { spans[id.index] }
    func name(_ id: NameID) -> String { names[id.index] }

    func text(of id: NodeID) -> Substring { source.text(in: spans[id.index]) }

    mutating func append(_ node: Node, _ span: SourceSpan) -> NodeID {
        nodes.append(node)
        spans.append(span)
        return NodeID(nodes.count - 1)
    }

    mutating func intern(_ name: String) -> NameID {
        names.append(name)
        return NameID(names.count - 1)
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
