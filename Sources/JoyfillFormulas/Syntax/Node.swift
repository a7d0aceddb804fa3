/// One syntax node. Payloads are indices, so a tree is a few flat arrays with no
/// per-node allocation, and any bottom-up analysis is a single forward loop over ``SyntaxTree/nodes``.
///
/// Grouping parentheses leave no node, as in the reference engine: `(a + b)` is the `binary`
/// node itself, whose span covers the parentheses. (A node of its own cost every evaluation a
/// dispatch for nothing, and `(-4)`, a parenthesized literal, is in most generated formulas.)
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
}
