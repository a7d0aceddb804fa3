import JoyfillAnalysis
import JoyfillFormulas
import JoyfillModel

extension LintRule {
    static let writeTypeMismatch = LintRule(
        code: .writeTypeMismatch, severity: .error,
        summary: "A result that can never be stored in the field it is written to.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports a formula whose every possible result is refused by the field it writes: text that cannot read as a number into a number field, a number into a multiSelect or chart, anything into a table or collection, a non-boolean into `hidden`.",
            why: "The result cannot be stored, so the field keeps its previous value and the run reports an error every time.",
            bad: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total: concat("Total: ", sum(prices))
                """),
            good: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total: sum(prices)
                """),
            fix: "Produce the field's type (`toNumber()` for text that holds a number), or move the formula to a field of the right type. A number field stores text that reads as a number, so text is reported only when it certainly does not: a literal (`\"5\"` is accepted, `\"five\"` is not), or a text that starts with a literal no number starts with (`concat(\"Total: \", x)`, `\"#\" + n`), through the branches of `if`."))
}

// The check.
extension DocumentLint {
    /// `write-type-mismatch`: a formula whose every possible result is refused by the field it
    /// writes (§8.2, §8.1): text into a number field, a number into a multiSelect, anything
    /// into a table, a non-boolean into `hidden`.
    mutating func writeTypes() {
        guard settings.isEnabled(.writeTypeMismatch) else { return }
        for field in document.fields where !field.appliedFormulas.isEmpty {
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
                let diagnostic = Diagnostic(.type, message, at: span, notes: notes, code: .writeTypeMismatch)
                findings.add(diagnostic, expression: definition.expression, formula: definition.id, field: field.id, place: place)
            }
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
