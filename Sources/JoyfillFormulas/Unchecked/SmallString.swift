import JoyfillJSON

/// Builds the `String` of up to 15 UTF-8 bytes directly in its *small* form: the bytes packed
/// in the value's two words, with the length and an ASCII flag in the top byte.
///
/// Most names in a formula are that short (function names, field ids, keys, short literals).
/// `String(decoding:as:)` makes the same value after validating the bytes and choosing a
/// representation; the parser's bytes are already valid UTF-8 (they are a slice of a
/// `String` cut at ASCII boundaries), so packing them is all that is left.
///
/// The form is the standard library's on 64-bit platforms. It is checked once against
/// `String(decoding:as:)`; where it does not match, ``isSupported`` is false and callers make
/// strings the ordinary way.
enum SmallString {
    /// The longest text held in the small form.
    static let capacity = 15

    /// True when ``words(_:)`` are exactly those of what `String(decoding:as:)` makes on this
    /// platform.
    static let isSupported: Bool = {
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return false }
        let samples = ["", "a", "sum", "price", "countIf", "12345678", "0123456789abcde", "é", "prix unité", "日本"]
        return samples.allSatisfy { sample in
            var text = sample
            return text.withUTF8 { bytes in
                // Compared as words: a wrong form is never used as a string.
                words(bytes) == unsafeBitCast(String(decoding: bytes, as: UTF8.self), to: (UInt64, UInt64).self)
            }
        }
    }()

    /// The two words of the small `String` spelled by `bytes`: at most ``capacity`` bytes of
    /// valid UTF-8. Only when ``isSupported``.
    @inline(__always)
    static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let (low, high) = load(bytes)
        return words(low: low, high: high, count: bytes.count)
    }

    /// Up to 16 bytes as two little-endian words, zero past the end.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return (0, 0) }
        let count = bytes.count
        return (StringIndex.word(base, count: min(count, 8)), count > 8 ? StringIndex.word(base + 8, count: min(count, 16) - 8) : 0)
    }

    /// ``words(_:)`` from the bytes already loaded (little-endian, zero past the end).
    @inline(__always)
    static func words(low: UInt64, high: UInt64, count: Int) -> (UInt64, UInt64) {
        // The top byte: 0xE0 (small, ASCII) or 0xA0 (small) with the length in the low nibble.
        let flags: UInt64 = (low | high) & 0x8080_8080_8080_8080 == 0 ? 0xE0 : 0xA0
        return (low, high | (flags | UInt64(count)) << 56)
    }
}

/// The hash of a name packed in two words (a small `String`'s, or a folded name's) for the
/// parser's and the evaluator's open tables: a multiply–xor mix whose top bits pick the slot.
enum PackedWordsHash {
    /// The mix; take its top bits (`>> (64 - bits)`) as the slot of a table of 2^bits.
    @inline(__always)
    static func mix(_ low: UInt64, _ high: UInt64) -> UInt64 {
        (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    }
}
