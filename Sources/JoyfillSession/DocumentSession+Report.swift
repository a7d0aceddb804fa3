import JoyfillAnalysis
import JoyfillEngine
import JoyfillJSON
import JoyfillLogic
import JoyfillModel
import JoyfillSchema

extension DocumentSession {
    /// One report of what `checks` find in the document as the session has it now, every
    /// finding placed in the text of ``document``: what `jf run` (`.reading`, `.formulas`),
    /// `jf validate` (`.schema`, `.validation`), the REPL's `:validate` and the language server
    /// (`.formulas`) report. `path` is the part of the form to validate (``validate(path:)``).
    public func report(_ checks: SessionReport.Checks, validating path: String) throws(ValidationPathError) -> SessionReport {
        var findings: [Finding] = []
        // One map of the text's lines for every finding (a form can have thousands), made
        // only when there is one to place.
        var map: LineMap?
        func lines() -> LineMap {
            if let map { return map }
            let made = LineMap(document.bytes)
            map = made
            return made
        }
        if checks.contains(.reading) {
            findings += document.issues.map { issue in
                Finding(code: .invalidDocument, severity: .warning, message: issue.message, field: issue.field,
                        location: lines().location(covering: issue.offset.map { $0..<$0 + 1 }))
            }
        }
        if checks.contains(.schema) {
            let violations = schemaViolations()
            if !violations.isEmpty {
                findings += SchemaFindings.findings(violations, json: document.json, lines: lines())
                if violations.first?.code == .version {
                    return SessionReport(validation: checks.contains(.validation) ? .refused : nil, findings: findings)
                }
            }
        }
        if checks.contains(.formulas) {
            findings += engine.findings.map { $0.placed(by: lines()) }
        }
        var validation: Validation?
        if checks.contains(.validation) {
            let made = try validate(path: path)
            findings += ValidationFindings(made, of: document, visibility: visibility, lines: lines).findings
            validation = made
        }
        return SessionReport(validation: validation, findings: findings)
    }

    /// The document as the SDKs check it at load (``SchemaCheck``): the check of the text the
    /// session read (``document``), made on first use and kept until it reads another. With
    /// `structure` false, only the version is checked (it costs nothing; the structure costs a
    /// walk of the whole document).
    public func schemaViolations(structure: Bool = true) -> [SchemaViolation] {
        if let checkedSchema, checkedSchema.structure || !structure {
            return structure ? checkedSchema.violations : checkedSchema.violations.filter { $0.code == .version }
        }
        let violations = SchemaCheck.check(document.json, structure: structure)
        checkedSchema = (structure, violations)
        return violations
    }

    /// ``schemaViolations(structure:)`` as findings placed in ``document``'s text
    /// (``SchemaFindings``).
    public func schemaFindings(structure: Bool = true) -> [Finding] {
        let violations = schemaViolations(structure: structure)
        return violations.isEmpty ? [] : SchemaFindings.findings(violations, json: document.json, lines: LineMap(document.bytes))
    }

    /// ``report(_:validating:)`` of the whole document: `.validation`, if asked, validates
    /// every shown field.
    public func report(_ checks: SessionReport.Checks) -> SessionReport {
        do {
            return try report(checks, validating: "")
        } catch {
            // The empty path names the whole document, which is always there.
            preconditionFailure("validating the whole document: \(error)")
        }
    }
}
