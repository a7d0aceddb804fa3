/// Arithmetic on whole columns, `items.price * items.qty`, which a spreadsheet does cell by
/// cell and this language does not: a column read from rows is an array, and the operators
/// take numbers. The evaluator's error and the checker's finding carry the same advice.
enum ColumnArithmetic {
    /// The note when an operand is a column, and the fix that maps the rows where the formula
    /// says which they are: two columns of the same rows (`items.price * items.qty` is
    /// `map(items, (row) -> row.price * row.qty)`), or one column and a value
    /// (`items.price * 1.2`).
    /// `isColumn(operand)` tells whether a member operand (`items.price`) reads a column from
    /// rows: the evaluator knows it from the values, the checker from the document's fields.
    static func advice(_ op: BinaryOperator, _ left: NodeID, _ right: NodeID, at span: SourceSpan,
                       in tree: SyntaxTree, isColumn: (NodeID) -> Bool) -> (notes: [String], fix: Fix?) {
        let note = "a column of rows is an array, and '\(op.symbol)' takes numbers: map the rows to combine their cells one by one"
        func column(_ node: NodeID) -> (rows: Substring, name: String)? {
            guard case .member(let base, let name) = tree[node], !Lexer.isIndex(tree.name(name)), isColumn(node) else { return nil }
            return (tree.text(of: base), tree.name(name))
        }
        // Only a column is advised on: an array written out (`[1, 2] * 3`) or an object's
        // array property (`order.lines * 2`) is not one.
        guard column(left) != nil || column(right) != nil else { return ([], nil) }
        let mapped: String
        switch (column(left), column(right)) {
        case let (l?, r?) where l.rows == r.rows:
            mapped = "map(\(l.rows), (row) -> row.\(l.name) \(op.symbol) row.\(r.name))"
        case let (l?, nil) where !tree.text(of: right).contains("row"):
            mapped = "map(\(l.rows), (row) -> row.\(l.name) \(op.symbol) \(operand(right, of: op, in: tree)))"
        case let (nil, r?) where !tree.text(of: left).contains("row"):
            mapped = "map(\(r.rows), (row) -> \(operand(left, of: op, in: tree)) \(op.symbol) row.\(r.name))"
        default:
            return ([note], nil)
        }
        let shown = mapped.count > 60 ? "map(…)" : mapped
        return ([note], .replace(span, with: mapped, "for each row: \(shown)", isSafe: false))
    }

    /// The text of an operand of `op`, in parentheses where a looser operator would regroup it
    /// inside the lambda's body.
    private static func operand(_ node: NodeID, of op: BinaryOperator, in tree: SyntaxTree) -> String {
        let text = String(tree.text(of: node))
        if case .binary(let inner, _, _) = tree[node], inner.precedence <= op.precedence, !text.hasPrefix("(") { return "(\(text))" }
        return text
    }
}
