import JoyfillJSON

/// Why a text is not a JoyDoc.
public struct DocumentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int?
    public var column: Int?
    public var field: String?

    public init(message: String, line: Int? = nil, column: Int? = nil, field: String? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.field = field
    }

    init(message: String, offset: Int?, in bytes: SourceBytes, field: String? = nil) {
        self.init(message: message, field: field)
        if let offset, !bytes.isEmpty {
            (line, column) = LineMap(bytes).location(of: offset)
        }
    }

    /// True when the text is JSON but not a JoyDoc at all (no `fields` array, not an object),
    /// as opposed to a JoyDoc with a broken part.
    public var isNotJoyDoc: Bool { message.hasPrefix("not a JoyDoc") }

    /// `line 3, column 5: …`, or the message alone.
    public var description: String {
        if let line, let column { return "line \(line), column \(column): \(message)" }
        return message
    }
}
