import JoyfillFormulas
import JoyfillJSON

extension LintRule {
    static let unusedSuppression = LintRule(
        code: .unusedSuppression, severity: .warning,
        summary: "A `jfLint` suppression that silences nothing.",
        fixability: .always,
        documentation: Documentation(
            what: "Reports the rules a `jfLint` annotation ignores where no finding of theirs is silenced: the mistake was fixed, or the suppression is not where the rule reads it (a finding about a formula's text is silenced by the formula's annotation, or by every field that applies the formula; any other by its field's; every finding by the document's). A rule the configuration or `--select` leaves out reports nothing to compare with, so its suppressions are not reported, nor `\"all\"` unless every rule is enabled.",
            why: "A stale suppression hides the next real finding of its rule in the same place, and a misplaced one silences nothing while it looks as if it did. Like ruff's `RUF100` and eslint's `--report-unused-disable-directives`.",
            bad: json("""
                {"_id": "total", "type": "number", "jfLint": {"ignore": ["wrong-arity"]},
                 "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total is "round(subtotal, 2)": nothing to silence
                """),
            good: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                """),
            fix: "Remove the rule from the list, or move the suppression where its rule reads it. `--fix` removes the unused rules, and the whole `jfLint` annotation when none is left; it is safe, since they silence nothing. The rule cannot itself be silenced by a `jfLint` annotation: turn it off in the configuration (`ignore = [\"unused-suppression\"]`) for templates linted with several configurations."))
}

// The check.
extension DocumentLint {
    /// `unused-suppression`: after the findings are silenced (``silenceSuppressed()``), one
    /// finding per `ignore` list naming rules that silenced nothing, with the fix that removes
    /// them (or the whole annotation when nothing else is in it).
    mutating func unusedSuppressions() {
        guard settings.isEnabled(.unusedSuppression) else { return }
        let everyRuleEnabled = LintRule.all.allSatisfy { settings.isEnabled($0.code) }
        for annotation in suppressions.annotations {
            // A rule that is not enabled reports nothing here, so whether its suppression
            // would silence something is unknown (`--select` narrows a run; it must not make
            // `--fix` remove suppressions); `"all"` likewise unless every rule is enabled.
            let unused = annotation.rules.filter { entry in
                !annotation.used.contains(entry.position)
                    && (entry.name == "all" ? everyRuleEnabled : settings.isEnabled(LintRule.named(entry.name)!.code))
            }
            guard !unused.isEmpty, let elements = annotation.list.arrayValue,
                  let first = elements[unused[0].position].span else { continue }
            let names = unused.map { "\"\($0.name)\"" }
            let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let place = annotation.field.map { "field \"\($0)\"" } ?? annotation.formula.map { "formula \"\($0)\"" } ?? "the document"
            let message = "the suppression of \(listed) on \(place) silences nothing"
            var notes: [String] = []
            for rule in unused.map(\.name) where rule != "all" {
                if annotation.field != nil, LintRule.named(rule)?.scope == .formula {
                    notes.append("\"\(rule)\" is about a formula's text: the formula's \"jfLint\" silences it, or those of every field that applies the formula")
                } else if annotation.formula != nil, LintRule.named(rule)?.scope == .field {
                    notes.append("\"\(rule)\" is about a field: the field's \"jfLint\" silences it, or the document's")
                }
            }
            findings.add(.unusedSuppression, message, at: first, notes: notes, fix: removal(of: unused.map(\.position), from: annotation),
                         field: annotation.field, formula: annotation.formula)
        }
    }

    /// The fix that removes the entries at `positions` from an annotation's list, or the whole
    /// `jfLint` member when they are all it holds.
    private func removal(of positions: [Int], from annotation: Suppressions.Annotation) -> Fix? {
        let elements = annotation.list.arrayValue ?? []
        let members = annotation.owner.members ?? []
        let edits: [JSONEdit]
        let message: String
        if positions.count == elements.count, let member = members.lastIndex(where: { $0.key == "jfLint" }),
           members[member].value.members?.count == 1, let edit = JSONEdit.removing(memberAt: member, from: annotation.owner) {
            (edits, message) = ([edit], "remove the \"jfLint\" annotation")
        } else {
            (edits, message) = (JSONEdit.removing(Set(positions), from: annotation.list), "remove the unused rules from the list")
        }
        guard !edits.isEmpty else { return nil }
        return Fix(message, edits: edits.map {
            Fix.Edit(span: SourceSpan(start: $0.span.lowerBound, end: $0.span.upperBound), replacement: $0.replacement)
        })
    }
}
