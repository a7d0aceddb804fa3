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

/// The lines of a document's UTF-8 text, to turn byte offsets into positions and back.
///
/// A line ends at `\n`, `\r\n` or a lone `\r`, as the protocol says. A conversion walks the
/// line it is in, up to the position: a minified JoyDoc is one line of megabytes, so a
/// document's findings are placed together by ``positions(of:)``, which walks it once.
struct TextLines {
    let bytes: [UInt8]
    let encoding: PositionEncoding
    /// The byte offset where each line starts.
    private let starts: [Int]

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) {
                starts.append(index)
            }
        }
        self.starts = starts
    }

    /// The line holding byte `offset` (0-based).
    func line(containing offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The position of byte `offset` (clamped to the text).
    func position(of offset: Int) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(containing: offset)
        return Position(line: line, character: units(from: starts[line], to: offset))
    }

    /// The byte offset of `position`; a character past the line's end is its end, a line
    /// past the last is the end of the text.
    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var offset = starts[position.line]
        var counted = 0
        while offset < end, counted < position.character {
            let length = Self.sequenceLength(bytes[offset])
            counted += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The positions of many offsets, counting each line's characters once however many
    /// offsets it holds.
    func positions(of offsets: [Int]) -> [Position] {
        var result = [Position](repeating: Position(line: 0, character: 0), count: offsets.count)
        var last: (line: Int, offset: Int, character: Int) = (-1, 0, 0)
        for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            let offset = min(max(offsets[index], 0), bytes.count)
            let line = line(containing: offset)
            if line != last.line { last = (line, starts[line], 0) }
            last.character += units(from: last.offset, to: offset)
            last.offset = offset
            result[index] = Position(line: line, character: last.character)
        }
        return result
    }

    /// Where line `line`'s text ends, before its line break.
    private func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > starts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > starts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// How many characters, in the session's encoding, the bytes `start..<end` hold.
    private func units(from start: Int, to end: Int) -> Int {
        if encoding == .utf8 { return end - start }
        var count = 0
        for index in start..<end {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { count += 1 }        // a character starts here
            if byte >= 0xF0 { count += 1 }               // outside the BMP: a surrogate pair
        }
        return count
    }

    /// The length of the UTF-8 sequence a byte starts (1 for a stray continuation byte).
    private static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}
