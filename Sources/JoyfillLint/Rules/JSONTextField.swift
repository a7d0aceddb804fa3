import JoyfillFormulas

/// `json-text` (info): a text or textarea field that holds the text of a JSON array or object,
/// given to a function where text is taken. Formulas read such a field as the array or
/// object, not as its text (specification, "Fields of a document"): `length(answers)` counts
/// the elements, `upper(answers)` fails. The finding says so where the difference shows.
enum JSONTextField {
    /// - Parameter fields: each such field's id, and what it reads as.
    static func check(_ tree: SyntaxTree, fields: [String: Value], registry: FunctionRegistry) -> [Diagnostic] {
        guard tree.root != nil, !fields.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        for index in tree.nodes.indices {
            guard case .call(let nameID, let range) = tree.nodes[index], let function = registry.lookup(tree.name(nameID)) else { continue }
            for (position, argument) in tree.children(range).enumerated() {
                guard case .reference(let name) = tree[argument], let value = fields[tree.name(name)],
                      function.signature.parameter(at: position).types.contains(.string) else { continue }
                let field = tree.name(name)
                let shape: String
                switch value {
                case .array(let elements): shape = "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
                case .object(let members): shape = "an object of \(members.count) key\(members.count == 1 ? "" : "s")"
                default: continue
                }
                findings.append(Diagnostic(
                    .other, "'\(field)' holds the text of a JSON \(shape.hasPrefix("an array") ? "array" : "object"), "
                        + "which \(function.signature.name)() reads as \(shape), not as text",
                    at: tree.spans[argument.index], severity: .info,
                    notes: ["a text or textarea field whose value is a JSON array or object reads as that value; "
                            + "store plain text (not starting with '[' or '{') for it to read as text"],
                    code: "json-text"))
            }
        }
        return findings
    }
}
