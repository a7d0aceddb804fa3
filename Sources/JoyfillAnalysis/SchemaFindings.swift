import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillSchema

/// The schema check (``SchemaCheck``) as findings placed in the file: `schema-version` and
/// `schema-validation`, each with its JSON pointer and the field it is in. Made here only:
/// `jf lint`'s rules, the session's report (`jf validate`, the REPL, the language server) and
/// the warning of `jf run` and `jf apply` all read them from here.
public enum SchemaFindings {
    /// The findings of `violations` in the text `json` was read from, placed by `lines`, its
    /// map. `severity` gives each rule's severity (nil leaves its findings out); by default a
    /// version the SDKs refuse is an error and a structural violation a warning. With
    /// `fixes`, a missing key whose value is certain carries its fix (``fix(for:in:)``).
    public static func findings(_ violations: [SchemaViolation], json: JSONValue, lines: LineMap, fixes: Bool = false,
                                severity: (DiagnosticCode) -> Diagnostic.Severity? = defaultSeverity) -> [Finding] {
        guard !violations.isEmpty else { return [] }
        var pointers = PointerResolver(json)
        return violations.compactMap { violation in
            let code: DiagnosticCode = violation.code == .version ? .schemaVersion : .schemaValidation
            guard let severity = severity(code) else { return nil }
            return Finding(code: code, severity: severity, message: violation.message, notes: violation.note.map { [$0] } ?? [],
                           fix: fixes ? fix(for: violation, in: &pointers) : nil, field: pointers.field(of: violation.pointer),
                           pointer: violation.pointer.description, location: lines.location(covering: violation.span))
        }
    }

    /// The findings of `violations` in `bytes`, read as `json` (a text that may be no JoyDoc).
    public static func findings(_ violations: [SchemaViolation], bytes: [UInt8], json: JSONValue) -> [Finding] {
        guard !violations.isEmpty else { return [] }
        return findings(violations, json: json, lines: LineMap(bytes))
    }

    /// A version the SDKs refuse is an error (nothing else is looked at); a structural
    /// violation a warning.
    public static func defaultSeverity(_ code: DiagnosticCode) -> Diagnostic.Severity? {
        code == .schemaVersion ? .error : .warning
    }

    /// The fix for a missing key whose value is certain: a field's `file` (the document has one
    /// file) and a formula's `desc` (empty), added after the object's last member, so that
    /// nothing before it moves: `{"_id": "a", "file": "f"}`.
    static func fix(for violation: SchemaViolation, in pointers: inout PointerResolver) -> Fix? {
        guard let key = violation.missingKey, let span = violation.span else { return nil }
        let value: String
        switch key {
        case "file" where index(in: "fields", of: violation.pointer) != nil:
            guard let files = pointers.root["files"], files.count == 1,
                  let id = pointers.value(at: JSONPointer([.key("files"), .index(0), .key("_id")]))?.stringValue else { return nil }
            value = JSONText.string(id)
        case "desc" where index(in: "formulas", of: violation.pointer) != nil:
            value = "\"\""
        default:
            return nil
        }
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
