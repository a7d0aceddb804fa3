import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Inline suppressions in a template: a `"jfLint": {"ignore": ["rule", …]}` object on the
/// document, on a field or on a document formula (`"all"` ignores every rule). Joyfill's
/// SDKs ignore keys they do not know, so the annotation travels with the template.
///
/// A finding in a formula is suppressed by the document, by the formula, or when every field
/// that applies the formula suppresses it. A finding about a field is suppressed by the
/// document or by the field. A malformed suppression, or one naming no rule, is itself
/// reported (`invalid-suppression`).
public struct Suppressions: Sendable {
    private var document: Set<String> = []
    private var fields: [Int: Set<String>] = [:]
    private var formulas: [String: Set<String>] = [:]

    init(document doc: JoyDoc, findings: inout Findings) {
        document = Self.read(doc.json, field: nil, into: &findings)
        for (index, field) in doc.fields.enumerated() where field.json["jfLint"] != nil {
            fields[index] = Self.read(field.json, field: field.id, into: &findings)
        }
        for formula in doc.formulas where formula.json["jfLint"] != nil {
            formulas[formula.id, default: []].formUnion(Self.read(formula.json, field: nil, into: &findings))
        }
    }

    /// The document's suppressions, for tools that report problems of their own (the
    /// language server's run of the formulas); malformed ones are linting's to report.
    public init(of document: JoyDoc) {
        var ignored = Findings(settings: .standard, bytes: [])
        self.init(document: document, findings: &ignored)
    }

    /// Whether a problem with `rule` in the formula `formula` (if any) of the field at
    /// `field` (its position among the document's fields) is silenced: by the document, the
    /// formula, or the field.
    public func silences(_ rule: String, formula: String?, field: Int?) -> Bool {
        if matches(document, rule) { return true }
        if let formula, formulas[formula].map({ matches($0, rule) }) ?? false { return true }
        return field.flatMap { fields[$0] }.map { matches($0, rule) } ?? false
    }

    func ignores(_ rule: String, field: Int) -> Bool {
        matches(document, rule) || fields[field].map { matches($0, rule) } ?? false
    }

    func ignores(_ rule: String, formula: String, appliers: [Int]) -> Bool {
        if matches(document, rule) || formulas[formula].map({ matches($0, rule) }) ?? false { return true }
        return !appliers.isEmpty && appliers.allSatisfy { fields[$0].map { matches($0, rule) } ?? false }
    }

    func ignoresDocument(_ rule: String) -> Bool { matches(document, rule) }

    private func matches(_ set: Set<String>, _ rule: String) -> Bool {
        set.contains(rule) || set.contains("all")
    }

    private static func read(_ owner: JSONValue, field: String?, into findings: inout Findings) -> Set<String> {
        guard let annotation = owner["jfLint"] else { return [] }
        let place = annotation.span ?? 0..<0
        guard annotation.isObject else {
            findings.add("invalid-suppression", "\"jfLint\" must be an object such as {\"ignore\": [\"unused-formula\"]}", at: place, field: field)
            return []
        }
        var rules: Set<String> = []
        for member in annotation.members ?? [] {
            guard member.key == "ignore" else {
                findings.add("invalid-suppression", "\"jfLint\" has no key \"\(member.key)\"; the key is \"ignore\"",
                             at: member.value.span ?? place, field: field)
                continue
            }
            guard let list = member.value.arrayValue else {
                findings.add("invalid-suppression", "\"ignore\" must be a list of rule names", at: member.value.span ?? place, field: field)
                continue
            }
            for entry in list {
                guard let rule = entry.stringValue, rule == "all" || LintRule.named(rule) != nil else {
                    let name = entry.stringValue ?? entry.text
                    var message = "\"\(name)\" is not a rule"
                    if let suggestion = Suggestions.closest(to: name, in: LintRule.names) { message += "; did you mean '\(suggestion)'?" }
                    findings.add("invalid-suppression", message, at: entry.span ?? place, field: field)
                    continue
                }
                rules.insert(rule)
            }
        }
        return rules
    }
}
