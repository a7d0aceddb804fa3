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
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        func hex4(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 << 4 | hexValue(bytes[at + $1]) }
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex else {
                buffer.append(byte)
                index += 1
                continue
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
                guard index + 4 <= bytes.endIndex else { return String(decoding: buffer, as: UTF8.self) }
                var scalar = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= bytes.endIndex,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let low = hex4(index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                buffer.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
            default:
                buffer.append(escape)   // \" \\ \/
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}

extension JSONText {
    /// Where byte `offset` of a string's decoded text sits in its raw JSON literal.
    ///
    /// `literal` is the literal as it appears in the document, quotes included; the result is
    /// an index into it (so `literal.startIndex + 1` for offset 0). Escapes are walked, so a
    /// position inside `"a\"b"` or after a `\u00e9` lands on the right raw byte. Offsets past
    /// the end map to the closing quote.
    public static func rawOffset<Bytes: RandomAccessCollection<UInt8>>(ofDecoded offset: Int, inLiteral literal: Bytes) -> Int
    where Bytes.Index == Int {
        var raw = literal.startIndex + 1
        let end = max(raw, literal.endIndex - 1)
        var decoded = 0
        while raw < end && decoded < offset {
            guard literal[raw] == UInt8(ascii: "\\"), raw + 1 < end else {
                raw += 1
                decoded += 1
                continue
            }
            guard literal[raw + 1] == UInt8(ascii: "u"), raw + 6 <= end else {
                raw += 2
                decoded += 1
                continue
            }
            // A \uXXXX escape (or a surrogate pair of two) decodes to the scalar's UTF-8 bytes.
            let decodedText = JSONStrings.decode(literal[raw..<min(raw + 12, end)])
            let scalar = decodedText.unicodeScalars.first.map { $0.value } ?? 0xFFFD
            let pair = scalar >= 0x10000
            raw += pair ? 12 : 6
            decoded += scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
        }
        return min(raw, end)
    }
}
