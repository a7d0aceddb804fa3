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
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
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
