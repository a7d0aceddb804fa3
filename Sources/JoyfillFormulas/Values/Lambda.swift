/// A lambda value: the parameters and body in the tree that defined it, and the values of
/// the enclosing lambdas' parameters it closes over. Immutable, so it can be shared freely.
public final class Lambda: Sendable {
    /// The tree that defines the lambda; the lambda keeps it alive.
    public let tree: SyntaxTree
    /// The lambda's node in ``tree``.
    public let node: NodeID
    /// The body's node in ``tree``.
    let body: NodeID
    /// Number of declared parameters.
    public let parameterCount: Int
    /// The values of the enclosing lambdas' parameters, in their slot order.
    let captured: [Value]

    init(tree: SyntaxTree, node: NodeID, body: NodeID, parameterCount: Int, captured: [Value]) {
        self.tree = tree
        self.node = node
        self.body = body
        self.parameterCount = parameterCount
        self.captured = captured
    }

    /// The parameter names.
    public var parameters: [String] {
        guard case .lambda(let params, _, _) = tree[node] else { return [] }
        return params.indices.map { tree.names[$0] }
    }

    /// The lambda's source text as written (specification §3.3).
    public var sourceText: String { String(tree.text(of: node)) }
}
