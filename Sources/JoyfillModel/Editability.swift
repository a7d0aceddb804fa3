import JoyfillJSON

/// Where the rows of a table, or of a collection schema, may be edited in a form: `editability`,
/// an array of `"inline"` (in the grid) and `"form"` (in the row's form), case-sensitive.
/// Absent, empty, or naming neither, both are allowed. It restricts the form only: validation
/// and the change API ignore it, as in the SDKs (and a readonly form edits nothing).
public struct Editability: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Cells edited in the grid.
    public static let inline = Editability(rawValue: 1)
    /// A row edited in its form.
    public static let form = Editability(rawValue: 2)

    /// What an `editability` value allows.
    public init(_ json: JSONValue?) {
        let words = Set(json?.arrayValue?.compactMap(\.stringValue) ?? [])
        var allowed: Editability = []
        if words.contains("inline") { allowed.insert(.inline) }
        if words.contains("form") { allowed.insert(.form) }
        self = allowed.isEmpty ? [.inline, .form] : allowed
    }
}

extension Field {
    /// Where a table's rows may be edited (``Editability``).
    public var editability: Editability { Editability(json["editability"]) }
}

extension CollectionSchema {
    /// Where this level's rows may be edited (``Editability``).
    public var editability: Editability { Editability(json["editability"]) }
}
