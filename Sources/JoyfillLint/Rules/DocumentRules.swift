import JoyfillEditor
import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

// The rules that need the whole document: how formulas are applied, what fields can hold,
// and how fields read each other.
extension DocumentLint {
    /// `invalid-document`: what the reader worked around (duplicate field ids, formulas
    /// without an id or an expression), and formulas that share an id.
    mutating func documentIssues() {
        guard !suppressions.ignoresDocument("invalid-document") else { return }
        add(document.issues, as: "invalid-document")
        var seen = Set<String>()
        for formula in document.formulas where !seen.insert(formula.id).inserted {
            findings.add("invalid-document", "a second formula has the _id \"\(formula.id)\"; fields apply the first",
                         at: range(of: formula.json["_id"], or: formula.json), formula: formula.id)
        }
        var pages = Set<String>()
        for page in document.pages where !pages.insert(page.id).inserted {
            findings.add("invalid-document", "a second page has the _id \"\(page.id)\"; a path (jf validate, decorators) names the first",
                         at: range(of: page.json["_id"], or: page.json))
        }
    }

    /// `invalid-logic`: conditional logic on fields, pages and collection schemas that cannot work as written
    /// (JoyfillEditor reads it as `jf validate` does).
    mutating func logic() {
        guard settings.enabled.contains("invalid-logic"), !suppressions.ignoresDocument("invalid-logic") else { return }
        add(DocumentLogic(document).issues, as: "invalid-logic")
    }

    /// `invalid-decorator`: decorators the SDKs reject, never show, or cannot tell apart.
    mutating func decorators() {
        guard settings.enabled.contains("invalid-decorator"), !suppressions.ignoresDocument("invalid-decorator") else { return }
        add(DecoratorCheck.issues(in: document), as: "invalid-decorator")
    }

    /// `invalid-value`: stored values that their field's or column's type does not hold, with
    /// what was most likely meant as a suggestion (it changes what formulas read), and rows a
    /// `rowOrder` leaves out with the safe fix of adding them.
    mutating func storedValues() {
        guard settings.enabled.contains("invalid-value"), !suppressions.ignoresDocument("invalid-value") else { return }
        for (index, field) in document.fields.enumerated() where !suppressions.ignores("invalid-value", field: index) {
            for issue in StoredValueCheck.issues(in: field) {
                guard let span = issue.span else { continue }   // values read from the text have one
                let fix = issue.replacement.map { replacement in
                    let replaced = issue.replacing ?? span
                    return Fix.replace(SourceSpan(start: replaced.lowerBound, end: replaced.upperBound), with: replacement,
                                       issue.fix ?? "replace it with \(replacement)", isSafe: issue.isSafe)
                }
                findings.add("invalid-value", issue.message, at: span, notes: issue.notes, fix: fix, field: field.id)
            }
        }
    }

    /// Issues found while reading the document, as findings of `rule` at their offsets, but for
    /// those on a field that silences the rule.
    private mutating func add(_ issues: [DocumentIssue], as rule: String) {
        for issue in issues {
            if let field = issue.field, let index = document.fieldIndex(field), suppressions.ignores(rule, field: index) { continue }
            let start = issue.offset ?? 0
            findings.add(rule, issue.message, at: start..<min(start + 1, document.bytes.count), field: issue.field)
        }
    }

    /// `missing-formula` and `invalid-key`: each applied formula must name a document
    /// formula and write `value` or `hidden` (§8.1). Records who applies what.
    mutating func applications() {
        var formulaIDs: Suggestions.Index?
        for (index, field) in document.fields.enumerated() {
            for applied in field.appliedFormulas {
                if !["value", "hidden"].contains(applied.key), !suppressions.ignores("invalid-key", field: index) {
                    let (message, notes) = ApplicationProblems.invalidKey(applied)
                    findings.add("invalid-key", message, at: range(of: applied.json["key"], or: applied.json), notes: notes,
                                 field: field.id, formula: applied.formula)
                }
                if document.formula(applied.formula) != nil {
                    if appliers[applied.formula]?.last != index { appliers[applied.formula, default: []].append(index) }
                } else if !suppressions.ignores("missing-formula", field: index) {
                    let (message, notes) = ApplicationProblems.missingFormula(applied, of: field, in: document) {
                        if formulaIDs == nil { formulaIDs = Suggestions.Index(document.formulas.map(\.id)) }
                        return formulaIDs!
                    }
                    findings.add("missing-formula", message, at: range(of: applied.json["formula"], or: applied.json), notes: notes,
                                 field: field.id, formula: applied.formula)
                }
            }
        }
    }

    /// `unused-formula`: a document formula that no field applies never runs.
    mutating func unusedFormula(_ definition: FormulaDefinition) {
        guard !suppressions.ignores("unused-formula", formula: definition.id, appliers: []) else { return }
        findings.add("unused-formula", "the formula \"\(definition.id)\" is applied to no field, so it never runs",
                     at: range(of: definition.json["_id"], or: definition.json),
                     notes: ["apply it with \"formulas\": [{\"formula\": \"\(definition.id)\", \"key\": \"value\"}] on a field, or delete it"],
                     formula: definition.id)
    }

    /// `write-type-mismatch`: a formula whose every possible result is refused by the field it
    /// writes (§8.2, §8.1): text into a number field, a number into a multiSelect, anything
    /// into a table, a non-boolean into `hidden`.
    mutating func writeTypes() {
        guard settings.enabled.contains("write-type-mismatch") else { return }
        for (index, field) in document.fields.enumerated() where !field.appliedFormulas.isEmpty {
            if suppressions.ignores("write-type-mismatch", field: index) { continue }
            for applied in field.appliedFormulas where applied.key == "value" || applied.key == "hidden" {
                guard let definition = document.formula(applied.formula), let tree = trees[definition.id],
                      let root = tree.root, tree.isValid, let result = resultTypes[definition.id] else { continue }
                let message: String
                if applied.key == "hidden" {
                    guard result.isDisjoint(with: .boolean) else { continue }
                    message = "a \"hidden\" formula must produce a boolean, and this one produces \(Self.article(result))"
                } else {
                    let accepted = FieldValueTypes.writable(field.type)
                    guard result.isDisjoint(with: accepted) else { continue }
                    if case .table = field.type { message = "formulas cannot write the table '\(field.id)'" }
                    else if case .collection = field.type { message = "formulas cannot write the collection '\(field.id)'" }
                    else {
                        // A number field stores text that reads as a number (§8.2): flag text only
                        // when it certainly does not.
                        if case .number = field.type, result.contains(.string), !Self.textNeverReadsAsNumber(root, in: tree) {
                            continue
                        }
                        message = "this formula produces \(Self.article(result)), which the \(field.type.name) field '\(field.id)' cannot store"
                    }
                }
                var notes: [String] = []
                if case .number = field.type, result.contains(.string) { notes.append("convert the text with toNumber(…)") }
                let place = placement(of: definition)
                let span = tree.span(of: root)
                let diagnostic = Diagnostic(.type, message, at: span, notes: notes, code: "write-type-mismatch")
                findings.add(diagnostic, expression: definition.expression, formula: definition.id, field: field.id, place: place)
            }
        }
    }

    /// `circular-reference`: one finding per cycle, on the field where its path starts (the
    /// smallest id, §9.2), pointing at the reference that closes the loop.
    mutating func cycles() {
        guard settings.enabled.contains("circular-reference") else { return }
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
            if suppressions.ignores("circular-reference", field: index) { continue }
            let next = path.count > 1 ? path[1] : field.id
            let shown = path.count > DocumentEngine.longestPathShown + 1
                ? path.prefix(DocumentEngine.longestPathShown).joined(separator: " → ") + " → … → \(field.id)"
                : path.joined(separator: " → ")
            let message = "circular reference: \(shown)"
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
                let diagnostic = Diagnostic(.circular, message, at: tree.spans[reference], notes: notes, code: "circular-reference")
                findings.add(diagnostic, expression: definition.expression, formula: definition.id, field: field.id,
                             place: placement(of: definition))
                placed = true
                break
            }
            if !placed { findings.add("circular-reference", message, at: range(of: nil, or: field.json), notes: notes, field: field.id) }
        }
    }

    /// Whether the text `root` produces, if it produces text, certainly does not read as a
    /// number (which a number field stores, §8.2: the text, trimmed, as a finite `Double`).
    /// Sound, not complete: a text is known by a whole string literal, or by the literal at its
    /// front (`concat("Total: ", x)`, `"#" + n`), through both branches of an `if`.
    static func textNeverReadsAsNumber(_ root: NodeID, in tree: SyntaxTree) -> Bool {
        var pending = [(node: root, whole: true)]
        while let (node, whole) = pending.popLast() {
            switch tree[node] {
            case .string(let literal):
                let text = tree.name(literal)
                guard whole ? FieldValueTypes.number(fromText: text) == nil : startsUnlikeANumber(text) else { return false }
            case .binary(.add, let left, _):
                pending.append((left, false))
            case .call(let name, let range):
                let arguments = Array(tree.children(range))
                switch tree.name(name).lowercased() {
                case "concat" where !arguments.isEmpty: pending.append((arguments[0], false))
                case "if" where arguments.count == 3, "iff" where arguments.count == 3:
                    pending.append((arguments[1], whole))
                    pending.append((arguments[2], whole))
                default: return false
                }
            default:
                return false
            }
        }
        return true
    }

    /// Whether a text beginning with `text` can never read as a number: its first character
    /// that is not white space exists and cannot begin one (a digit, a sign or a point; `inf`
    /// and `nan` are not finite).
    private static func startsUnlikeANumber(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return !"0123456789+-.".unicodeScalars.contains(first)
    }

    static func article(_ types: ValueTypes) -> String {
        let names = types.types.map(\.rawValue)
        let joined = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.first ?? "nothing"
        return (["a", "e", "i", "o", "u"].contains(joined.first.map(String.init) ?? "") ? "an " : "a ") + joined
    }
}
