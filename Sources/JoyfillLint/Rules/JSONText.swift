import JoyfillFormulas

extension LintRule {
    static let jsonText = LintRule(
        code: .jsonText, severity: .info,
        summary: "A text field holding a JSON array or object, given where text is taken: it reads as the array or object.",
        fixability: .never,
        documentation: Documentation(
            what: "Reports a text or textarea field whose value is the text of a JSON array or object, given to a function where text is taken (`length`, `upper`, `contains`, `concat` …).",
            why: "Formulas read such a field as the array or object, as the Joyfill SDKs do: `length(answers)` counts the elements rather than the characters, and `upper(answers)` fails. A template that means the text gets something else.",
            bad: json("""
                "fields": [{"_id": "answers", "type": "text", "value": "[\\"Yes\\", \\"No\\"]"}],
                "formulas": [{"_id": "f_count", "expression": "length(answers)"}]
                """),
            good: json("""
                "fields": [{"_id": "answers", "type": "text", "value": "[\\"Yes\\", \\"No\\"]"}],
                "formulas": [{"_id": "f_count", "expression": "countIf(answers, \\"Yes\\")"}]
                """),
            fix: "Nothing to fix when the array or object is what the formula means (`countIf(answers, \"Yes\")` is not reported). To read the text, store plain text that does not start with `[` or `{`."))
}

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
                    code: .jsonText))
            }
        }
        return findings
    }
}
