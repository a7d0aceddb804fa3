import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillSchema

/// The schema check (``SchemaCheck``) as findings placed in the file, for the commands that
/// report it beside their own results (`jf validate`): `schema-version` and
/// `schema-validation`, each with its JSON pointer. `jf lint` reports the same through its
/// rules.
public enum SchemaFindings {
    /// The findings of `violations` in `document`; `severity` is that of a structural
    /// violation (a version the SDKs refuse is always an error).
    public static func findings(_ violations: [SchemaViolation], in document: JoyDoc,
                                severity: Diagnostic.Severity = .warning) -> [Finding] {
        guard !violations.isEmpty else { return [] }
        return findings(violations, json: document.json, lines: LineMap(document.bytes), severity: severity)
    }

    /// The findings of `violations` in a JSON text that is no JoyDoc (`bytes`, read as `json`):
    /// a version the SDKs refuse is said before anything else is looked at.
    public static func findings(_ violations: [SchemaViolation], bytes: [UInt8], json: JSONValue,
                                severity: Diagnostic.Severity = .warning) -> [Finding] {
        guard !violations.isEmpty else { return [] }
        return findings(violations, json: json, lines: LineMap(bytes), severity: severity)
    }

    /// The findings of `violations` in the text `json` was read from, placed by `lines`, its map.
    static func findings(_ violations: [SchemaViolation], json: JSONValue, lines: LineMap,
                         severity: Diagnostic.Severity = .warning) -> [Finding] {
        var pointers = PointerResolver(json)
        return violations.map { violation in
            Finding(code: violation.code == .version ? .schemaVersion : .schemaValidation,
                    severity: violation.code == .version ? .error : severity, message: violation.message,
                    notes: violation.note.map { [$0] } ?? [], field: pointers.field(of: violation.pointer),
                    pointer: violation.pointer.description, location: lines.location(covering: violation.span))
        }
    }
}
