import JoyfillFormulas
import JoyfillJSON
import JoyfillSchema

extension LintRule {
    static let schemaValidation = LintRule(
        code: .schemaValidation, severity: .error,
        summary: "A structure the SDKs refuse to load: a key missing, a value of the wrong type.",
        fixability: .sometimes, scope: .field,
        documentation: Documentation(
            what: "Checks the document against the structure the SDKs check at load (schema 1.0.5; `jf validate --print-schema` prints jf's description of it, a JSON Schema) and reports every violation, each at the exact value with its JSON pointer: a required key missing (a page's `rowHeight`, a field's `file`, a formula's `desc`, `type` or `scope`, a table's `rowOrder`), a value of the wrong type (a number field whose value is `\"12\"`), more than one file, a view whose `type` is not `mobile`, a decorator with neither `icon` nor `label`, a collection schema condition that is both column- and field-based. Keys the schema does not list are never reported: no object forbids unknown keys.",
            why: "The SDKs refuse such a document with `ERROR_SCHEMA_VALIDATION`: the form shows nothing. They report one error for a whole field; this rule names the key inside it.",
            bad: json("""
                "formulas": [{"_id": "total", "expression": "sum(items.price)"}]
                """),
            good: json("""
                "formulas": [{"_id": "total", "desc": "", "type": "calc", "scope": "private", "expression": "sum(items.price)"}]
                """),
            fix: "Add the missing key or give the value the type named. `--fix` adds what is certain: a field's missing `file` when the document has one file, and a formula's missing `desc` (empty). The web docs call a formula's `desc`, `type` and `scope` optional; the SDKs' schema requires them."))
}

// The check.
extension DocumentLint {
    /// `schema-version` and `schema-validation`: the document as the SDKs check it at load.
    mutating func schema() {
        // A rule the settings turn off costs nothing.
        let versionOn = settings.severity(of: DiagnosticCode.schemaVersion.name) != nil
        let structureOn = settings.severity(of: DiagnosticCode.schemaValidation.name) != nil
        guard versionOn || structureOn else { return }
        var pointers = PointerResolver(document.json)
        for violation in SchemaCheck.check(document.json, structure: structureOn) {
            let rule: DiagnosticCode = violation.code == .version ? .schemaVersion : .schemaValidation
            guard rule == .schemaVersion ? versionOn : structureOn else { continue }
            let fieldID = pointers.field(of: violation.pointer)
            var notes = ["at \(violation.pointer.isRoot ? "the document's root" : violation.pointer.description) (a JSON pointer)"]
            if let note = violation.note { notes.append(note) }
            findings.add(rule, violation.message, at: violation.span ?? 0..<1, notes: notes, fix: fix(for: violation, pointers: &pointers),
                         field: fieldID, pointer: violation.pointer.description)
        }
    }

    /// The fix for a missing key whose value is certain: a field's `file` (the document has one
    /// file) and a formula's `desc` (empty).
    private func fix(for violation: SchemaViolation, pointers: inout PointerResolver) -> Fix? {
        guard let key = violation.missingKey, let span = violation.span else { return nil }
        let value: String
        switch key {
        case "file" where Self.index(in: "fields", of: violation.pointer) != nil:
            guard let files = document.json["files"], files.count == 1, let id = pointers.value(at: JSONPointer([.key("files"), .index(0), .key("_id")]))?.stringValue else { return nil }
            value = JSONText.string(id)
        case "desc" where Self.index(in: "formulas", of: violation.pointer) != nil:
            value = "\"\""
        default:
            return nil
        }
        // Added after the object's last member, so nothing before it moves: `{"_id": "a", "file": "f"}`.
        guard let object = pointers.value(at: violation.pointer) else { return nil }
        let end = object.endOfLastElement ?? span.lowerBound + 1
        let separator = object.endOfLastElement == nil ? "" : ", "
        return .replace(SourceSpan(start: end, end: end), with: "\(separator)\(JSONText.string(key)): \(value)", "add \"\(key)\": \(value)")
    }

    /// N when `pointer` is `/LIST/N`: a field or formula itself.
    private static func index(in list: String, of pointer: JSONPointer) -> Int? {
        guard pointer.steps.count == 2, pointer.steps[0] == .key(list), case .index(let index) = pointer.steps[1] else { return nil }
        return index
    }

}
