/// The lines of a text, and positions in it: the one place where a byte offset becomes a line
/// and a column and back (the role of Go's `token.File`). Every tool goes through it: the
/// readers' errors, the linter's findings, the formula renderer's carets, the language
/// server's positions.
///
/// Lines are numbered from 1. They end at `\n` (a `\r` before it belongs to the break), or
/// with ``Breaks/anyNewline`` also at a lone `\r`, as the language server protocol counts them.
/// A column is counted in one of three ``Unit``s. Look-ups are binary searches over the line
/// starts, found once; a column does not count from its line's start either: the characters
/// and UTF-16 units before every ``stride`` bytes are kept (for a text that is not ASCII), and
/// a column counts at most that many bytes past the nearest. A minified JoyDoc is one line of
/// megabytes, and placing each of its thousands of findings stays linear in its size.
public struct LineMap: Sendable {
    /// What a column counts.
    public enum Unit: Sendable {
        /// UTF-8 bytes (formula diagnostics, like Go's `go/token`; the protocol's `utf-8`).
        case byte
        /// Unicode scalars: what an editor shows as characters (files' findings and errors).
        case character
        /// UTF-16 code units (the language server protocol's default).
        case utf16
    }

    /// Which bytes end a line.
    public enum Breaks: Sendable {
        /// `\n`, with a `\r` before it: JSON, formulas, and editors' `file:line:column`.
        case lineFeed
        /// `\n`, `\r\n` and a lone `\r`, as the language server protocol says.
        case anyNewline
    }

    private enum Storage: Sendable {
        case array([UInt8])
        case shared(SourceBytes)
    }

    private let storage: Storage
    /// The byte offset at which each line starts.
    public let lineStarts: [Int]
    /// The characters and the UTF-16 units in the bytes before `k * stride`, at `k`; empty for
    /// ASCII text, where both are the byte count. A checkpoint may fall inside a character:
    /// the counts are kept per byte (a character's first byte, a 4-byte sequence's first).
    private let characters: [Int]
    private let utf16: [Int]
    /// How many bytes apart the checkpoints are.
    public static let stride = 1024

    /// The map of `bytes` (kept, not copied).
    public init(_ bytes: [UInt8], breaks: Breaks = .lineFeed) {
        storage = .array(bytes)
        (lineStarts, characters, utf16) = bytes.withUnsafeBufferPointer { Self.scan($0, breaks: breaks) }
    }

    /// The map of a document's bytes (shared, not copied).
    public init(_ bytes: SourceBytes, breaks: Breaks = .lineFeed) {
        storage = .shared(bytes)
        (lineStarts, characters, utf16) = Self.scan(bytes.buffer, breaks: breaks)
    }

    /// The map of `text`'s UTF-8 bytes.
    public init(_ text: String, breaks: Breaks = .lineFeed) {
        self.init(Array(text.utf8), breaks: breaks)
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, breaks: Breaks) -> ([Int], [Int], [Int]) {
        var starts = [0]
        var characters: [Int] = []
        var utf16: [Int] = []
        let isASCII = !bytes.contains { $0 >= 0x80 }
        var scalars = 0, units = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if !isASCII {
                if index % stride == 0 {
                    characters.append(scalars)
                    utf16.append(units)
                }
                if byte & 0xC0 != 0x80 { scalars += 1; units += 1 }   // a character starts here
                if byte >= 0xF0 { units += 1 }                          // outside the BMP: a surrogate pair
            }
            if byte == 0x0A || (breaks == .anyNewline && byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
        }
        return (starts, characters, utf16)
    }

    /// The bytes of the text.
    @inline(__always) private func byte(_ index: Int) -> UInt8 {
        switch storage {
        case .array(let bytes): return bytes[index]
        case .shared(let bytes): return bytes.buffer[index]
        }
    }

    /// The number of bytes of the text.
    public var byteCount: Int {
        switch storage {
        case .array(let bytes): return bytes.count
        case .shared(let bytes): return bytes.count
        }
    }

    // MARK: Lines

    /// The number of lines (a final line break does not start another).
    public var count: Int {
        byteCount > 0 && lineStarts.last == byteCount ? lineStarts.count - 1 : lineStarts.count
    }

    /// The line holding byte `offset` (offsets past the end are on the last line).
    public func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {   // the last line starting at or before `offset`
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The byte offset where line `line` starts.
    public func start(ofLine line: Int) -> Int { lineStarts[line - 1] }

    /// One past the last byte of line `line`, its line break included.
    public func end(ofLine line: Int) -> Int {
        line < lineStarts.count ? lineStarts[line] : byteCount
    }

    /// The bytes of line `line` without its line break.
    public func range(ofLine line: Int) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = self.end(ofLine: line)
        if end > start, byte(end - 1) == 0x0A { end -= 1 }
        if end > start, byte(end - 1) == 0x0D { end -= 1 }
        return start..<end
    }

    /// The bytes in `range` (copied only from a shared document's bytes).
    public func bytes(in range: Range<Int>) -> ArraySlice<UInt8> {
        switch storage {
        case .array(let bytes): return bytes[range]
        case .shared(let bytes): return Array(bytes.buffer[range])[...]
        }
    }

    /// The text of line `line`, without its line break.
    public func text(ofLine line: Int) -> String {
        let range = range(ofLine: line)
        switch storage {
        case .array(let bytes): return String(decoding: bytes[range], as: UTF8.self)
        case .shared(let bytes): return String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[range]), as: UTF8.self)
        }
    }

    // MARK: Positions

    /// The line and column (both from 1) of byte `offset`, clamped to the text.
    public func location(of offset: Int, in unit: Unit = .character) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), byteCount)
        let line = line(containing: offset)
        return (line, units(before: offset, unit) - units(before: lineStarts[line - 1], unit) + 1)
    }

    /// The byte offset of a line and column (both from 1): a column past the line's end is its
    /// end, a line past the last is the end of the text, and a column inside a character is
    /// the end of that character.
    public func offset(line: Int, column: Int, in unit: Unit = .character) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return byteCount }
        let wanted = max(column - 1, 0)
        let range = range(ofLine: line)
        let (lineStart, end) = (range.lowerBound, range.upperBound)
        if unit == .byte || characters.isEmpty {
            var offset = min(lineStart + wanted, end)
            while offset < end, byte(offset) & 0xC0 == 0x80 { offset += 1 }
            return offset
        }
        // From the last checkpoint in the line not past the column, at a character's start.
        let target = units(before: lineStart, unit) + wanted
        let table = unit == .utf16 ? utf16 : characters
        var offset = lineStart
        var low = lineStart / Self.stride + 1, high = min(end / Self.stride, table.count - 1)
        while low <= high {
            let middle = (low + high) / 2
            if table[middle] <= target { offset = middle * Self.stride; low = middle + 1 } else { high = middle - 1 }
        }
        while offset > lineStart, offset < byteCount, byte(offset) & 0xC0 == 0x80 { offset -= 1 }
        var counted = units(before: offset, unit) - units(before: lineStart, unit)
        while offset < end, counted < wanted {
            let length = Self.sequenceLength(byte(offset))
            counted += unit == .utf16 && length == 4 ? 2 : 1
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The units of `unit` in the bytes before `offset`.
    private func units(before offset: Int, _ unit: Unit) -> Int {
        if unit == .byte || characters.isEmpty { return offset }
        let checkpoint = min(offset / Self.stride, characters.count - 1)
        var count = unit == .utf16 ? utf16[checkpoint] : characters[checkpoint]
        for index in checkpoint * Self.stride..<offset {
            let byte = byte(index)
            if byte & 0xC0 != 0x80 { count += 1 }
            if unit == .utf16 && byte >= 0xF0 { count += 1 }
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
