import JoyfillEngine
import JoyfillFormulas
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
        let bytes = Array(document.bytes)
        let lines = LineIndex(bytes)
        return violations.map { violation in
            let start = min(violation.span?.lowerBound ?? 0, bytes.count)
            let end = min(max(violation.span?.upperBound ?? 0, start + 1), bytes.count)
            return Finding(code: violation.code == .version ? .schemaVersion : .schemaValidation,
                           severity: violation.code == .version ? .error : severity, message: violation.message,
                           notes: violation.note.map { [$0] } ?? [], field: field(of: violation.pointer, in: document),
                           pointer: violation.pointer, location: lines.location(start, end))
        }
    }

    /// The `_id` of the field a pointer is in (`/fields/3/…`).
    static func field(of pointer: String, in document: JoyDoc) -> String? {
        let parts = pointer.split(separator: "/")
        guard parts.count >= 2, parts[0] == "fields", let index = Int(parts[1]),
              let fields = document.json["fields"]?.arrayValue, index < fields.count else { return nil }
        return fields[index]["_id"]?.stringValue
    }
}
