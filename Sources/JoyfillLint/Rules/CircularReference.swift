import JoyfillAnalysis
import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let circularReference = LintRule(
        code: .circularReference, severity: .error,
        summary: "Fields whose formulas read each other in a cycle.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports fields whose formulas read each other in a cycle, once per cycle, on the field with the smallest id, naming the whole path.",
            why: "A cycle has no evaluation order: every field on it keeps its previous value and every field that reads one of them is not computed either.",
            bad: json("""
                "formulas": [{"_id": "f_a", "expression": "b + 1"}, {"_id": "f_b", "expression": "a * 2"}]
                // a applies f_a, b applies f_b: a → b → a
                """),
            good: json("""
                "formulas": [{"_id": "f_a", "expression": "base + 1"}, {"_id": "f_b", "expression": "a * 2"}]
                """),
            fix: "Remove one reference on the path; the caret shows the read that closes the loop. `jf graph DOC` draws the dependencies."))
}

// The check.
extension DocumentLint {
    /// `circular-reference`: one finding per cycle, on the field where its path starts (the
    /// smallest id, §9.2), pointing at the reference that closes the loop.
    mutating func cycles() {
        guard settings.isEnabled(.circularReference) else { return }
        var references: [(field: String, reads: [String])] = []
        var positions: [Int] = []
        for (index, field) in document.fields.enumerated() where !field.appliedFormulas.isEmpty {
            var reads: [String] = []
            for applied in field.appliedFormulas {
                if let tree = trees[applied.formula] { reads += tree.references }
            }
            references.append((field.id, reads))
            positions.append(index)
        }
        let graph = DependencyGraph(references)
        for (node, path) in graph.cycles.sorted(by: { $0.key < $1.key }) where path.first == graph.nodes[node] {
            let index = positions[node]
            let field = document.fields[index]
            let next = path.count > 1 ? path[1] : field.id
            let message = "circular reference: " + CyclePath.text(path, on: field.id)
            let notes = ["\(path.count - 1) field\(path.count == 2 ? "" : "s") on this cycle keep their previous values; " +
                         "remove one of the references to break it"]
            // Point at the first read of the next field on the path.
            var placed = false
            for applied in field.appliedFormulas {
                guard let definition = document.formula(applied.formula), let tree = trees[definition.id] else { continue }
                guard let reference = tree.nodes.indices.first(where: {
                    if case .reference(let name) = tree.nodes[$0] { return tree.name(name) == next }
                    return false
                }) else { continue }
                let diagnostic = Diagnostic(.circular, message, at: tree.spans[reference], notes: notes, code: .circularReference)
                findings.add(diagnostic, expression: definition.expression, formula: definition.id, field: field.id,
                             place: placement(of: definition))
                placed = true
                break
            }
            if !placed { findings.add(.circularReference, message, at: range(of: nil, or: field.json), notes: notes, field: field.id) }
        }
    }
}
