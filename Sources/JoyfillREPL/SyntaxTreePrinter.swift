import JoyfillFormulas

/// A syntax tree as an indented outline, one node per line with its span:
///
/// ```
/// call sum  0..<24
///   array  4..<13
///     number 1  5..<6
/// ```
///
/// The walk uses an explicit stack: a chain of 10,000 `+` is a tree 10,000 deep.
struct SyntaxTreePrinter {
    let tree: SyntaxTree

    func print(_ root: NodeID) -> String {
        var output = ""
        var stack: [(node: NodeID, depth: Int, label: String)] = [(root, 0, "")]
        while let (node, depth, label) = stack.popLast() {
            output += String(repeating: "  ", count: depth) + label + describe(node) + "  " + tree.span(of: node).description + "\n"
            for child in children(of: node).reversed() { stack.append((child.node, depth + 1, child.label)) }
        }
        return output
    }

    private func describe(_ node: NodeID) -> String {
        switch tree[node] {
        case .number(let value): return "number " + Value.number(value).text
        case .string(let name): return "string \"\(tree.name(name))\""
        case .boolean(let flag): return "boolean \(flag)"
        case .null: return "null"
        case .undefined: return "undefined"
        case .reference(let name): return "reference \(tree.name(name))"
        case .parameter(let slot, let name): return "parameter \(tree.name(name)) (slot \(slot))"
        case .member(_, let name): return "member .\(tree.name(name))"
        case .index: return "index"
        case .unary(let op, _): return "unary \(op.symbol)"
        case .binary(let op, _, _): return "binary \(op.symbol)"
        case .call(let name, _): return "call \(tree.name(name))"
        case .array: return "array"
        case .object: return "object"
        case .lambda(let params, _, _):
            return "lambda (" + params.indices.map { tree.names[$0] }.joined(separator: ", ") + ")"
        }
    }

    private func children(of node: NodeID) -> [(node: NodeID, label: String)] {
        switch tree[node] {
        case .number, .string, .boolean, .null, .undefined, .reference, .parameter: return []
        case .member(let base, _): return [(base, "")]
        case .index(let base, let index): return [(base, ""), (index, "[ ] ")]
        case .unary(_, let operand): return [(operand, "")]
        case .binary(_, let left, let right): return [(left, ""), (right, "")]
        case .call(_, let range), .array(let range): return tree.children(range).map { ($0, "") }
        case .object(let keys, let values, let count):
            return (0..<Int(count)).map { (tree.children[Int(values) + $0], tree.names[Int(keys) + $0] + ": ") }
        case .lambda(_, let body, _): return [(body, "")]
        }
    }
}
