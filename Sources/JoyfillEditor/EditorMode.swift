/// How a person may use the form, as the SDKs' `DocumentEditorConfig.mode` says: fill it in,
/// or only read it.
///
/// The SDKs enforce it in their screens only; jf's editor enforces it where changes arrive: in
/// readonly mode every change is refused with an error, and a change to a field marked
/// `"disabled": true` (which the app lets no one edit) is applied and reported as a warning.
public enum EditorMode: String, Sendable, CaseIterable {
    case fill, readonly
}

/// A change that was applied, and that the app would not have let a person make: one to a
/// disabled field.
public struct ChangeWarning: Sendable, CustomStringConvertible {
    /// The change's place in the list (0-based).
    public let index: Int
    public let field: String
    public let message: String
    /// Where the change is in the text it was read from.
    public let offset: Int?

    public var description: String { "change \(index + 1) (field '\(field)'): \(message)" }
}
