/// Decoding JSON string contents that the reader has already checked.
enum JSONStrings {
    static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    private static func hexValue(_ byte: UInt8) -> UInt32 {
        byte &- 0x30 < 10 ? UInt32(byte - 0x30) : UInt32((byte | 0x20) - 0x61 + 10)
    }

    /// The text of a string's contents (without its quotes), with escapes resolved. A lone
    /// UTF-16 surrogate cannot be held in a Swift string and reads as U+FFFD; the document's
    /// bytes are kept, so it is only replaced if this string is rewritten.
    static func decode<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> String where Bytes.Index == Int {
        if let text = bytes.withContiguousStorageIfAvailable(decode(contiguous:)) { return text }
        return Array(bytes).withUnsafeBufferPointer(decode(contiguous:))
    }

    private static func decode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bytes.count)
        let end = bytes.count
        var index = 0
        func hex4(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 << 4 | hexValue(bytes[at + $1]) }
        }
        while index < end {
            // The text up to the next escape is copied as it is, in one piece.
            let escapeStart = bytes[index...].firstIndex(of: UInt8(ascii: "\\")) ?? end
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<escapeStart]))
            index = escapeStart
            guard index + 1 < end else {
                if index < end { buffer.append(bytes[index]) }
                break
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= end else { return String(decoding: buffer, as: UTF8.self) }
                var scalar = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= end,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let low = hex4(index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                buffer.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default:
                buffer.append(escape)   // \" \\ \/
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}

extension JSONText {
    /// Where each byte of a string's decoded text sits in its raw JSON literal: element `d` is
    /// the index in `literal` of decoded byte `d`, and the last element, one past the decoded
    /// text, is the closing quote (use it for offsets past the end).
    ///
    /// `literal` is the literal as it appears in the document, quotes included (so the first
    /// element is `literal.startIndex + 1`). Escapes are walked, so a position inside `"a\"b"`
    /// or after a `\u00e9` lands on the right raw byte; a position inside the bytes one escape
    /// decodes to maps to the end of the escape. One pass, for all the spans of a formula.
    public static func rawOffsets<Bytes: RandomAccessCollection<UInt8>>(inLiteral literal: Bytes) -> [Int]
    where Bytes.Index == Int {
        var raw = literal.startIndex + 1
        let end = max(raw, literal.endIndex - 1)
        var offsets = [raw]
        offsets.reserveCapacity(end - raw + 1)
        while raw < end {
            var width = 1
            if literal[raw] != UInt8(ascii: "\\") || raw + 1 >= end {
                raw += 1
            } else if literal[raw + 1] != UInt8(ascii: "u") || raw + 6 > end {
                raw += 2
            } else {
                // A \uXXXX escape (or a surrogate pair of two) decodes to the scalar's UTF-8 bytes.
                let decodedText = JSONStrings.decode(literal[raw..<min(raw + 12, end)])
                let scalar = decodedText.unicodeScalars.first.map { $0.value } ?? 0xFFFD
                raw += scalar >= 0x10000 ? 12 : 6
                width = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
            }
            for _ in 0..<width { offsets.append(min(raw, end)) }
        }
        return offsets
    }
}
