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
        findings(violations, bytes: Array(document.bytes), json: document.json, severity: severity)
    }

    /// The findings of `violations` in a JSON text that is no JoyDoc (`bytes`, read as `json`):
    /// a version the SDKs refuse is said before anything else is looked at.
    public static func findings(_ violations: [SchemaViolation], bytes: [UInt8], json: JSONValue,
                                severity: Diagnostic.Severity = .warning) -> [Finding] {
        guard !violations.isEmpty else { return [] }
        let lines = LineMap(bytes)
        var pointers = PointerResolver(json)
        return violations.map { violation in
            let start = min(violation.span?.lowerBound ?? 0, bytes.count)
            let end = min(max(violation.span?.upperBound ?? 0, start + 1), bytes.count)
            return Finding(code: violation.code == .version ? .schemaVersion : .schemaValidation,
                           severity: violation.code == .version ? .error : severity, message: violation.message,
                           notes: violation.note.map { [$0] } ?? [], field: pointers.field(of: violation.pointer),
                           pointer: violation.pointer, location: lines.location(start, end))
        }
    }
}

/// The values the schema check's JSON pointers name, in one document. Each array on the way is
/// read once and kept, so that a finding costs the length of its pointer, not the size of the
/// document (20,000 fields without `file` are 20,000 findings in `/fields`).
struct PointerResolver {
    let root: JSONValue
    /// The elements of each array reached, by its pointer.
    private var arrays: [String: [JSONValue]] = [:]

    init(_ root: JSONValue) {
        self.root = root
    }

    /// The value at `pointer` (RFC 6901: `/fields/3/value`, `~1` for `/`, `~0` for `~`).
    mutating func value(at pointer: String) -> JSONValue? {
        var value = root
        var path = ""
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            if value.isArray {
                if arrays[path] == nil { arrays[path] = value.arrayValue ?? [] }
                guard let index = Int(token), let elements = arrays[path], elements.indices.contains(index) else { return nil }
                value = elements[index]
            } else {
                guard let member = value[token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
                else { return nil }
                value = member
            }
            path += "/" + token
        }
        return value
    }

    /// The `_id` of the field a pointer is in (`/fields/3/…`). A document with two `fields`
    /// keys reads the last, which a pointer may outrun: then nil.
    mutating func field(of pointer: String) -> String? {
        let parts = pointer.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "fields" else { return nil }
        return value(at: "/fields/" + parts[2].prefix { $0 != "/" })?["_id"]?.stringValue
    }
}
