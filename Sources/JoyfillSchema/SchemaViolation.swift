import JoyfillJSON

/// One reason the SDKs would refuse a document at load.
public struct SchemaViolation: Sendable, Equatable {
    /// The SDKs' error codes.
    public enum Code: String, Sendable {
        /// The version guard: `v` is unreadable or of a newer major version.
        case version = "ERROR_SCHEMA_VERSION"
        /// The structure: a key missing, a value of the wrong type, …
        case validation = "ERROR_SCHEMA_VALIDATION"
    }

    public var code: Code
    /// A JSON pointer to the value (`/files/0/pages/2/rowHeight`); an object that lacks a
    /// required key is the value; the root is the whole document.
    public var pointer: JSONPointer
    /// The value's bytes in the text (nil for a value built in code).
    public var span: Range<Int>?
    /// What is wrong, as a sentence without a capital or a full stop.
    public var message: String
    /// More about it, where the schema has something to say (the docs disagree, …).
    public var note: String?
    /// The key the object at ``pointer`` lacks, when that is the violation.
    public var missingKey: String?

    public init(code: Code, pointer: JSONPointer, span: Range<Int>?, message: String, note: String? = nil,
                missingKey: String? = nil) {
        self.code = code
        self.pointer = pointer
        self.span = span
        self.message = message
        self.note = note
        self.missingKey = missingKey
    }
}
