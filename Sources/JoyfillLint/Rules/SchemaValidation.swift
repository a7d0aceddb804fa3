import JoyfillAnalysis
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
    /// `schema-version` and `schema-validation`: the document as the SDKs check it at load,
    /// the findings as ``SchemaFindings`` makes them, each with its pointer in a note.
    mutating func schema() {
        // A rule the settings turn off costs nothing.
        let versionOn = settings.severity(of: DiagnosticCode.schemaVersion.name) != nil
        let structureOn = settings.severity(of: DiagnosticCode.schemaValidation.name) != nil
        guard versionOn || structureOn else { return }
        let violations = SchemaCheck.check(document.json, structure: structureOn)
        for var finding in SchemaFindings.findings(violations, json: document.json, lines: findings.lines(), fixes: true,
                                                   severity: { [settings] in settings.severity(of: $0.name) }) {
            finding.notes.insert("at \(finding.pointer?.isEmpty != false ? "the document's root" : finding.pointer!) (a JSON pointer)", at: 0)
            findings.add(finding)
        }
    }
}
