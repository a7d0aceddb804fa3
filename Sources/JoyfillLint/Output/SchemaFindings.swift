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
                           pointer: violation.pointer.description, location: lines.location(start, end))
        }
    }
}

/// The values the schema check's JSON pointers name, in one document. Each array on the way is
/// read once and kept, so that a finding costs the length of its pointer, not the size of the
/// document (20,000 fields without `file` are 20,000 findings in `/fields`).
/// Resolves many pointers into one document: each array reached is decoded once (a pointer
/// per violation into a table of thousands of rows would decode its rows each time).
struct PointerResolver {
    let root: JSONValue
    /// The elements of each array reached, by its pointer.
    private var arrays: [JSONPointer: [JSONValue]] = [:]

    init(_ root: JSONValue) {
        self.root = root
    }

    /// The value at `pointer`.
    mutating func value(at pointer: JSONPointer) -> JSONValue? {
        var value = root
        var path = JSONPointer.root
        for step in pointer.steps {
            if value.isArray {
                if arrays[path] == nil { arrays[path] = value.arrayValue ?? [] }
                let index: Int?
                switch step {
                case .index(let number): index = number
                case .key(let key): index = Int(key)
                }
                guard let index, let elements = arrays[path], elements.indices.contains(index) else { return nil }
                value = elements[index]
            } else {
                guard let member = JSONPointer.step(step, in: value) else { return nil }
                value = member
            }
            path = path + step
        }
        return value
    }

    /// The `_id` of the field a pointer is in (`/fields/3/…`). A document with two `fields`
    /// keys reads the last, which a pointer may outrun: then nil.
    mutating func field(of pointer: JSONPointer) -> String? {
        guard pointer.steps.count >= 2, pointer.steps[0] == .key("fields"), case .index = pointer.steps[1] else { return nil }
        return value(at: JSONPointer(Array(pointer.steps.prefix(2))))?["_id"]?.stringValue
    }
}
