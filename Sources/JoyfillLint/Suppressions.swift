import JoyfillFormulas
import JoyfillEngine
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

    func ignores(_ code: RuleCode, field: Int) -> Bool {
        let rule = code.name
        return matches(document, rule) || fields[field].map { matches($0, rule) } ?? false
    }

    func ignores(_ code: RuleCode, formula: String, appliers: [Int]) -> Bool {
        let rule = code.name
        if matches(document, rule) || formulas[formula].map({ matches($0, rule) }) ?? false { return true }
        return !appliers.isEmpty && appliers.allSatisfy { fields[$0].map { matches($0, rule) } ?? false }
    }

    func ignoresDocument(_ code: RuleCode) -> Bool { matches(document, code.name) }

    private func matches(_ set: Set<String>, _ rule: String) -> Bool {
        set.contains(rule) || set.contains("all")
    }

    private static func read(_ owner: JSONValue, field: String?, into findings: inout Findings) -> Set<String> {
        guard let annotation = owner["jfLint"] else { return [] }
        let place = annotation.span ?? 0..<0
        guard annotation.isObject else {
            findings.add(.invalidSuppression, "\"jfLint\" must be an object such as {\"ignore\": [\"unused-formula\"]}", at: place, field: field)
            return []
        }
        var rules: Set<String> = []
        for member in annotation.members ?? [] {
            guard member.key == "ignore" else {
                findings.add(.invalidSuppression, "\"jfLint\" has no key \"\(member.key)\"; the key is \"ignore\"",
                             at: member.value.span ?? place, field: field)
                continue
            }
            guard let list = member.value.arrayValue else {
                findings.add(.invalidSuppression, "\"ignore\" must be a list of rule names", at: member.value.span ?? place, field: field)
                continue
            }
            for entry in list {
                guard let rule = entry.stringValue, rule == "all" || LintRule.named(rule) != nil else {
                    let name = entry.stringValue ?? entry.text
                    var message = "\"\(name)\" is not a rule"
                    if let suggestion = Suggestions.closest(to: name, in: LintRule.names) { message += "; " + Suggestions.question(suggestion) }
                    findings.add(.invalidSuppression, message, at: entry.span ?? place, field: field)
                    continue
                }
                rules.insert(rule)
            }
        }
        return rules
    }
}

extension Suppressions {
    /// Where a suppression of `finding` goes, as the linter reads suppressions (``LintRule/scope``):
    /// for a rule about fields, the field the finding is about, else the document; for a rule
    /// about formulas' text, the document formula it is in, else its field, else the document.
    /// Nil for `invalid-suppression`, which a suppression cannot silence (the annotation itself
    /// is wrong).
    public static func owner(of finding: Finding, in document: JoyDoc) -> (name: String, json: JSONValue)? {
        guard finding.rule != RuleCode.invalidSuppression.name else { return nil }
        let field = finding.field.flatMap { id in document.field(id).map { ("field \(id)", $0.json) } }
        if LintRule.named(finding.rule)?.scope == .field { return field ?? ("the document", document.json) }
        if let id = finding.formula, let formula = document.formula(id) { return ("formula \(id)", formula.json) }
        return field ?? ("the document", document.json)
    }

    /// The edit that adds `rules` to the `jfLint` ignore list of `owner` (an object read from
    /// the document), making the annotation when there is none; nil when it already ignores
    /// them all, or when its annotation is malformed (that is reported, and fixed by hand).
    public static func edit(adding rules: [String], to owner: JSONValue) -> JSONEdit? {
        guard let annotation = owner["jfLint"] else {
            let ignore = JSONValue.object([JSONMember("ignore", .array(rules.map(JSONValue.string)))])
            return JSONEdit(adding: [JSONMember("jfLint", ignore)], to: owner)
        }
        guard annotation.isObject else { return nil }
        guard let list = annotation["ignore"] else {
            return JSONEdit(adding: [JSONMember("ignore", .array(rules.map(JSONValue.string)))], to: annotation)
        }
        guard let present = list.arrayValue else { return nil }
        let names = Set(present.compactMap(\.stringValue))
        let added = rules.filter { !names.contains($0) }
        guard !added.isEmpty else { return nil }
        return JSONEdit(appending: added.map(JSONValue.string), to: list)
    }

    /// The edits that silence every finding of `findings` where it is (``owner(of:in:)``):
    /// one edit per owner, adding its findings' rules in the order of `LintRule.all`, and how
    /// many rules they add. Findings that cannot be silenced so are left out.
    public static func edits(silencing findings: [Finding], in document: JoyDoc) -> (edits: [JSONEdit], added: Int) {
        var rules: [Int: (json: JSONValue, rules: Set<String>)] = [:]
        for finding in findings {
            guard let owner = owner(of: finding, in: document), let start = owner.json.span?.lowerBound else { continue }
            rules[start, default: (owner.json, [])].rules.insert(finding.rule)
        }
        var edits: [JSONEdit] = []
        var added = 0
        for (_, owner) in rules.sorted(by: { $0.key < $1.key }) {
            let present = Set(owner.json["jfLint"]?["ignore"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            let new = LintRule.names.filter { owner.rules.contains($0) && !present.contains($0) }
            guard let edit = edit(adding: new, to: owner.json) else { continue }
            edits.append(edit)
            added += new.count
        }
        return (edits.sorted { $0.span.lowerBound < $1.span.lowerBound }, added)
    }
}
