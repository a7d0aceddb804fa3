import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Inline suppressions in a template: a `"jfLint": {"ignore": ["rule", …]}` object on the
/// document, on a field or on a document formula (`"all"` ignores every rule). Joyfill's
/// SDKs ignore keys they do not know, so the annotation travels with the template.
///
/// The linter makes every finding first and silences them afterwards, in one place
/// (``silence(_:appliers:field:)``), so it knows which suppressions silenced something and
/// reports the rest (`unused-suppression`). Where a finding is silenced depends on its
/// rule's ``LintRule/scope``: a finding about a formula's text by the document, by the
/// formula, or when every field that applies the formula silences it; any other finding by
/// the document or by its field. A malformed suppression, or one naming no rule, is itself
/// reported (`invalid-suppression`). The two rules about suppressions cannot be silenced by one.
public struct Suppressions: Sendable {
    /// One `ignore` list of a `jfLint` annotation: the object that holds the annotation, the
    /// list, the rules it names by their position in the list (a name that is no rule is left
    /// out: `invalid-suppression` reports it), and the positions of those that silenced a
    /// finding.
    struct Annotation: Sendable {
        let owner: JSONValue
        let list: JSONValue
        /// The field (by id) or the document formula (by id) holding it; neither for the document.
        let field: String?
        let formula: String?
        var rules: [(position: Int, name: String)] = []
        var used: Set<Int> = []
    }

    private(set) var annotations: [Annotation] = []
    private var document: [Int] = []
    private var fields: [Int: [Int]] = [:]
    private var formulas: [String: [Int]] = [:]

    init(document doc: JoyDoc, findings: inout Findings) {
        document = read(doc.json, field: nil, formula: nil, into: &findings)
        for (index, field) in doc.fields.enumerated() where field.json["jfLint"] != nil {
            fields[index] = read(field.json, field: field.id, formula: nil, into: &findings)
        }
        for formula in doc.formulas where formula.json["jfLint"] != nil {
            formulas[formula.id, default: []] += read(formula.json, field: nil, formula: formula.id, into: &findings)
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
        if let formula, matches(formulas[formula] ?? [], rule) { return true }
        return field.map { matches(fields[$0] ?? [], rule) } ?? false
    }

    /// Whether `finding` is silenced where its rule reads suppressions, marking every
    /// suppression that silences it as used. `appliers` gives the positions of the fields
    /// that apply each formula; `field` is the position of the finding's field.
    mutating func silence(_ finding: Finding, appliers: [String: [Int]], field: Int?) -> Bool {
        let rule = finding.rule
        guard Self.canBeSilenced(rule) else { return false }
        var silenced = mark(document, rule)
        if LintRule.named(rule)?.scope != .field, let formula = finding.formula {
            silenced = mark(formulas[formula] ?? [], rule) || silenced
            let users = appliers[formula] ?? []
            if !users.isEmpty, users.allSatisfy({ matches(fields[$0] ?? [], rule) }) {
                for user in users { _ = mark(fields[user] ?? [], rule) }
                silenced = true
            }
        } else if let field {
            silenced = mark(fields[field] ?? [], rule) || silenced
        }
        return silenced
    }

    /// Whether a suppression can silence the rule: not the two that report suppressions.
    static func canBeSilenced(_ rule: String) -> Bool {
        rule != DiagnosticCode.invalidSuppression.name && rule != DiagnosticCode.unusedSuppression.name
    }

    private func matches(_ annotations: [Int], _ rule: String) -> Bool {
        annotations.contains { index in self.annotations[index].rules.contains { $0.name == rule || $0.name == "all" } }
    }

    /// Marks the entries of `annotations` naming `rule` (or `"all"`) as used; whether there was one.
    private mutating func mark(_ annotations: [Int], _ rule: String) -> Bool {
        var found = false
        for index in annotations {
            for entry in self.annotations[index].rules where entry.name == rule || entry.name == "all" {
                self.annotations[index].used.insert(entry.position)
                found = true
            }
        }
        return found
    }

    /// Reads the annotation of `owner`, reporting what is malformed; the indices of the
    /// ``annotations`` made from its `ignore` lists.
    private mutating func read(_ owner: JSONValue, field: String?, formula: String?, into findings: inout Findings) -> [Int] {
        guard let annotation = owner["jfLint"] else { return [] }
        let place = annotation.span ?? 0..<0
        guard annotation.isObject else {
            findings.add(.invalidSuppression, "\"jfLint\" must be an object such as {\"ignore\": [\"unused-formula\"]}", at: place, field: field)
            return []
        }
        var made: [Int] = []
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
            var entry = Annotation(owner: owner, list: member.value, field: field, formula: formula)
            for (position, element) in list.enumerated() {
                guard let rule = element.stringValue, rule == "all" || LintRule.named(rule) != nil else {
                    let name = element.stringValue ?? element.text
                    var message = "\"\(name)\" is not a rule"
                    var fix: Fix?
                    if let suggestion = Suggestions.closest(to: name, in: LintRule.names) {
                        message += "; " + Suggestions.question(suggestion)
                        // A guess at what was meant, so a suggestion (--unsafe-fixes): it
                        // changes what the suppression silences.
                        if let span = element.span {
                            fix = .replace(SourceSpan(start: span.lowerBound, end: span.upperBound), with: JSONText.string(suggestion),
                                           "write \"\(suggestion)\"", isSafe: false)
                        }
                    }
                    findings.add(.invalidSuppression, message, at: element.span ?? place, fix: fix, field: field)
                    continue
                }
                entry.rules.append((position, rule))
            }
            annotations.append(entry)
            made.append(annotations.count - 1)
        }
        return made
    }
}

extension Suppressions {
    /// Where a suppression of `finding` goes, as the linter reads suppressions (``LintRule/scope``):
    /// for a rule about fields, the field the finding is about, else the document; for a rule
    /// about formulas' text, the document formula it is in, else its field, else the document.
    /// Nil for `invalid-suppression` and `unused-suppression`, which a suppression cannot
    /// silence (the annotation itself is what is wrong).
    public static func owner(of finding: Finding, in document: JoyDoc) -> (name: String, json: JSONValue)? {
        guard canBeSilenced(finding.rule) else { return nil }
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
            return JSONEdit(adding: [JSONMember("jfLint", ignore)], to: owner, matchingLayout: true)
        }
        guard annotation.isObject else { return nil }
        guard let list = annotation["ignore"] else {
            return JSONEdit(adding: [JSONMember("ignore", .array(rules.map(JSONValue.string)))], to: annotation, matchingLayout: true)
        }
        guard let present = list.arrayValue else { return nil }
        let names = Set(present.compactMap(\.stringValue))
        let added = rules.filter { !names.contains($0) }
        guard !added.isEmpty else { return nil }
        return JSONEdit(appending: added.map(JSONValue.string), to: list, matchingLayout: true)
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
