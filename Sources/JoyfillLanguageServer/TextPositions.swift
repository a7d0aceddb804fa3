import JoyfillJSON

/// How a client counts the `character` of a position: UTF-16 code units (the protocol's
/// default, which every client supports) or UTF-8 bytes (cheaper, offered by some clients).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// A position as the protocol gives it: a 0-based line, and a 0-based character in the line,
/// counted in the session's ``PositionEncoding``.
struct Position: Equatable {
    var line: Int
    var character: Int
}

/// The lines of a document's UTF-8 text, to turn byte offsets into positions and back: the
/// protocol's view of a ``LineMap`` (lines end at `\n`, `\r\n` or a lone `\r`; lines and
/// characters counted from 0, characters in the session's encoding).
struct TextLines {
    private let map: LineMap
    private let unit: LineMap.Unit

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        map = LineMap(bytes, breaks: .anyNewline)
        unit = encoding == .utf8 ? .byte : .utf16
    }

    /// The position of byte `offset` (clamped to the text).
    func position(of offset: Int) -> Position {
        let (line, column) = map.location(of: offset, in: unit)
        return Position(line: line - 1, character: column - 1)
    }

    /// The byte offset of `position`; a character past the line's end is its end, a line
    /// past the last is the end of the text.
    func offset(of position: Position) -> Int {
        map.offset(line: position.line + 1, column: position.character + 1, in: unit)
    }

    /// The positions of many offsets.
    func positions(of offsets: [Int]) -> [Position] {
        offsets.map(position(of:))
    }
}
