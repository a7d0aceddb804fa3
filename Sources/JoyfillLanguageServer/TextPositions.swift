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
/// A line ends at `\n`, `\r\n` or a lone `\r`, as the protocol says. A minified JoyDoc is one
/// line of megabytes, so a position's character is not counted from its line's start: the
/// number of UTF-16 units before every ``checkpointStride`` bytes is kept, and a conversion
/// counts at most that many bytes past the nearest one. Placing every field of a one-line
/// template (an outline, a hint per formula) is then linear in the template's size.
struct TextLines {
    let bytes: [UInt8]
    let encoding: PositionEncoding
    /// The byte offset where each line starts.
    private let starts: [Int]
    /// For UTF-16, the units in the bytes before `k * checkpointStride`, at `k`. Both kinds of
    /// byte counted (a character's first, a 4-byte sequence's first) add up over any split, so
    /// a checkpoint may fall inside a character.
    private let checkpoints: [Int]
    private static let checkpointStride = 1024

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        var checkpoints = [0]
        var units = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte & 0xC0 != 0x80 { units += 1 }        // a character starts here
            if byte >= 0xF0 { units += 1 }               // outside the BMP: a surrogate pair
            if index % Self.checkpointStride == 0 && encoding == .utf16 { checkpoints.append(units) }
            if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) {
                starts.append(index)
            }
        }
        self.starts = starts
        self.checkpoints = checkpoints
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
        return Position(line: line, character: unitsBefore(offset) - unitsBefore(starts[line]))
    }

    /// The byte offset of `position`; a character past the line's end is its end, a line
    /// past the last is the end of the text.
    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        let lineStart = starts[position.line]
        var offset = lineStart
        if encoding == .utf8 {
            // A character inside a sequence is the end of that sequence.
            offset = min(lineStart + position.character, end)
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        }
        // Start from the last checkpoint in the line not past the position, at a character's start.
        let target = unitsBefore(lineStart) + position.character
        var low = lineStart / Self.checkpointStride + 1, high = end / Self.checkpointStride
        while low <= high {
            let middle = (low + high) / 2
            if checkpoints[middle] <= target { offset = middle * Self.checkpointStride; low = middle + 1 } else { high = middle - 1 }
        }
        while offset > lineStart, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        var counted = unitsBefore(offset) - unitsBefore(lineStart)
        while offset < end, counted < position.character {
            let length = Self.sequenceLength(bytes[offset])
            counted += length == 4 ? 2 : 1
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The positions of many offsets.
    func positions(of offsets: [Int]) -> [Position] {
        offsets.map(position(of:))
    }

    /// How many characters, in the session's encoding, the bytes before `offset` hold.
    private func unitsBefore(_ offset: Int) -> Int {
        if encoding == .utf8 { return offset }
        let checkpoint = offset / Self.checkpointStride
        var count = checkpoints[checkpoint]
        for index in checkpoint * Self.checkpointStride..<offset {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { count += 1 }
            if byte >= 0xF0 { count += 1 }
        }
        return count
    }

    /// Where line `line`'s text ends, before its line break.
    private func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > starts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > starts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
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
