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
