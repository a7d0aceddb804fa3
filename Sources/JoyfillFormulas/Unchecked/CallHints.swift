/// The standard functions' positions by folded name, for ``TreeBuilder/internCall(_:)``.
///
/// The same keys as ``FoldedNameTable`` (up to 16 bytes packed in two words, with bit 0x20
/// set in each byte, so that letter case does not matter), in a table of plain words that
/// the parser probes in line: the name's bytes are loaded once, for its small `String` and
/// its hint alike. Every key has a nonzero first byte, so an all-zero slot is empty; and a
/// key's bytes are all nonzero, so the two words alone tell names of different lengths apart.
///
/// Invariants: the tables are filled by `init` and only read after; a probe's index is masked
/// to the table's size, and a quarter-full table always has an empty slot to stop at; the
/// builder that owns it (one per thread) frees it once, with ``release()``.
struct CallHints {
    private let keys: UnsafeMutablePointer<(UInt64, UInt64)>
    private let positions: UnsafeMutablePointer<Int16>
    private let mask: Int
    private let shift: UInt64

    init(_ table: FoldedNameTable) {
        let names = table.packedNames
        // At most a quarter full, so that most names are found in their first slot.
        var bits = 4
        while 1 << bits < names.count * 4 { bits += 1 }
        let size = 1 << bits
        mask = size - 1
        shift = UInt64(64 - bits)
        keys = .allocate(capacity: size)
        keys.initialize(repeating: (0, 0), count: size)
        positions = .allocate(capacity: size)
        positions.initialize(repeating: -1, count: size)
        for name in names {
            var index = CallHints.bucket(name.low, name.high, shift)
            while keys[index] != (0, 0) { index = (index + 1) & mask }
            keys[index] = (name.low, name.high)
            positions[index] = Int16(truncatingIfNeeded: name.position)
        }
    }

    /// Frees the table; it must not be used again.
    func release() {
        keys.deallocate()
        positions.deallocate()
    }

    /// The position of the function spelled by `bytes` in any letter case, or -1.
    func position(_ bytes: UnsafeBufferPointer<UInt8>) -> Int16 {
        guard bytes.count <= 16 else { return -1 }
        let (low, high) = SmallString.load(bytes)
        return position(low: low, high: high, count: bytes.count)
    }

    /// ``position(_:)`` for a name of `count` bytes (1 to 16) already loaded as words.
    @inline(__always)
    func position(low: UInt64, high: UInt64, count: Int) -> Int16 {
        let (foldedLow, foldedHigh) = FoldedNameTable.folded(low: low, high: high, count: count)
        var index = CallHints.bucket(foldedLow, foldedHigh, shift)
        while true {
            let key = keys[index]
            if key.0 == foldedLow && key.1 == foldedHigh { return positions[index] }
            if key.0 == 0 { return -1 }
            index = (index + 1) & mask
        }
    }

    @inline(__always)
    private static func bucket(_ low: UInt64, _ high: UInt64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: PackedWordsHash.mix(low, high) >> shift)
    }
}
