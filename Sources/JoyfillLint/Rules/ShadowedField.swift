import JoyfillFormulas

extension LintRule {
    static let shadowedField = LintRule(
        code: .shadowedField, severity: .warning,
        summary: "A lambda parameter hides a field of the same id.",
        fixability: .never,
        documentation: Documentation(
            what: "Reports a lambda parameter that has the same name as a field of the document.",
            why: "Inside the lambda the name means the parameter, not the field; an author who meant the field gets the element instead, silently.",
            bad: formula("map(items, (qty) -> qty * price)"),
            good: formula("map(items, (item) -> item.qty * price)"),
            fix: "Rename the parameter (`item`, `row`, `x`)."))
}

/// `shadowed-field`: a lambda parameter named like a field of the document. Inside the lambda
/// the name means the parameter, which is rarely what the author meant.
enum ShadowedField {
    static func check(_ tree: SyntaxTree, fields: Set<String>) -> [Diagnostic] {
        guard tree.root != nil else { return [] }
        var findings: [Diagnostic] = []
        for index in tree.nodes.indices {
            guard case .lambda(let params, _, _) = tree.nodes[index] else { continue }
            let spans = tree.parameterSpans(of: NodeID(index))
            for (position, nameIndex) in params.indices.enumerated() where fields.contains(tree.names[nameIndex]) {
                let name = tree.names[nameIndex]
                let span = position < spans.count ? spans[position] : tree.spans[index]
                findings.append(Diagnostic(
                    .other, "the lambda parameter '\(name)' hides the field '\(name)'", at: span, severity: .warning,
                    notes: ["inside this lambda '\(name)' is the parameter, not the field; rename the parameter (e.g. '\(name)Item')"],
                    code: .shadowedField))
            }
        }
        return findings
    }
}
