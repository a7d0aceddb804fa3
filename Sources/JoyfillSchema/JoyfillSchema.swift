import JoyfillJSON

/// The structure of a JoyDoc as the Joyfill SDKs check it when they load a document
/// (docs/validation.md, "The schema check").
///
/// Two phases, in the SDKs' order:
///
/// 1. The version guard (``SchemaVersion``): the document's `v`, when it is a string, must
///    have a major version the schema supports; otherwise the SDKs refuse the document with
///    `ERROR_SCHEMA_VERSION` and look no further.
/// 2. The structural check: the document against `joydoc.schema.json`, a JSON Schema (draft-07)
///    shipped with this module, which a reader can open. ``JSONSchema`` compiles it; its
///    validator knows exactly the keywords the file uses and refuses any other, so no keyword
///    is silently ignored. A failure is `ERROR_SCHEMA_VALIDATION`.
///
/// Every violation is reported, not only the first, each with a JSON pointer to the exact
/// value and its bytes in the text. Where the SDKs would report one error for a whole field
/// (the schema's union of field kinds), the schema here picks the kind by `type` first, so the
/// violation names the key inside the field that is wrong.
///
/// Entry point: ``SchemaCheck/check(_:)``.
public enum SchemaCheck {
    /// The schema shipped with jf, compiled once.
    public static let joyDoc: JSONSchema = {
        do {
            return try JSONSchema(text: PackageResources.joydoc_schema_json)
        } catch {
            // The file is part of the build and a test compiles it; this cannot be reached.
            fatalError("joydoc.schema.json: \(error)")
        }
    }()

    /// The text of the schema shipped with jf (`jf validate --print-schema`).
    public static var joyDocText: String { String(decoding: PackageResources.joydoc_schema_json, as: UTF8.self) }

    /// Checks `document` as the SDKs do when they load it: the version guard, then, only when
    /// it passes, the structure. Empty when the SDKs would load the document; at most `limit`
    /// violations (the walk stops there: one answers "would they load it?").
    /// With `structure` false, only the version is checked: it costs nothing, where the
    /// structure costs a walk of the whole document.
    public static func check(_ document: JSONValue, against schema: JSONSchema = joyDoc, limit: Int = .max,
                             structure: Bool = true) -> [SchemaViolation] {
        if let refused = SchemaVersion.check(document, supported: schema.version) { return [refused] }
        return structure ? schema.validate(document, limit: limit) : []
    }
}
