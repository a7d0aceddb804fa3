import JoyfillJSON

/// Functions by name, case-insensitively for ASCII names: an open-addressing table keyed by an
/// FNV-1a hash of the name's case-folded UTF-8 bytes. Names with non-ASCII letters are not
/// found here (``FunctionRegistry/lookup(_:)`` falls back to its dictionary for them).
struct FoldedNameTable: Sendable {
    /// One slot per power-of-two bucket: the folded name packed into 16 bytes (names longer
    /// than 16 bytes are not stored: no function name is that long) and the function.
    private struct Slot: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0
        var position = 0
        var function: RegisteredFunction?
    }
    private var slots: [Slot] = []
    private var count = 0

    mutating func insert(_ name: String, _ function: RegisteredFunction, at position: Int) {
        let bytes = Array(name.utf8)
        // Names that a formula can call: ASCII letters, digits and `_` (see ``pack(_:)``).
        guard bytes.count <= 16, bytes.allSatisfy({ ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x5F }) else { return }
        if (count + 1) * 2 > slots.count { grow() }
        let (low, high) = bytes.withUnsafeBufferPointer(FoldedNameTable.pack)
        let mask = slots.count - 1
        var index = FoldedNameTable.hash(low, high, bytes.count) & mask
        while slots[index].function != nil {
            if slots[index].low == low, slots[index].high == high, slots[index].length == bytes.count { break }
            index = (index + 1) & mask
        }
        if slots[index].function == nil { count += 1 }
        slots[index] = Slot(low: low, high: high, length: bytes.count, position: position, function: function)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: max(64, slots.count * 2))
        let mask = slots.count - 1
        for slot in old where slot.function != nil {
            var index = FoldedNameTable.hash(slot.low, slot.high, slot.length) & mask
            while slots[index].function != nil { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Every name in the table, folded and packed as ``pack(_:)`` does, with its position.
    var packedNames: [(low: UInt64, high: UInt64, position: Int)] {
        slots.filter { $0.function != nil }.map { ($0.low, $0.high, $0.position) }
    }

    func lookup(_ name: String) -> RegisteredFunction? {
        name.utf8.withContiguousStorageIfAvailable { slot(for: $0)?.function } ?? nil
    }

    func position(_ name: String) -> Int? {
        name.utf8.withContiguousStorageIfAvailable { slot(for: $0)?.position } ?? nil
    }

    private func slot(for bytes: UnsafeBufferPointer<UInt8>) -> Slot? { index(of: bytes).map { slots[$0] } }

    private func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard count > 0, bytes.count <= 16 else { return nil }
        let (low, high) = FoldedNameTable.pack(bytes)
        let mask = slots.count - 1
        var index = FoldedNameTable.hash(low, high, bytes.count) & mask
        while slots[index].function != nil {
            if slots[index].low == low, slots[index].high == high, slots[index].length == bytes.count { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The bytes (at most 16) packed little-endian into two words, with bit 0x20 set in each:
    /// ASCII letters fold to lower case, digits stay, and `_` becomes 0x7F, which no other
    /// name byte does; so names of letters, digits and `_` (the only ones inserted) match
    /// exactly when they are equal up to letter case. A byte from outside the ASCII range
    /// stays outside it and matches no inserted name.
    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let (low, high) = SmallString.load(bytes)
        return folded(low: low, high: high, count: bytes.count)
    }

    /// ``pack(_:)`` for the bytes of a name of 1 to 16 bytes already loaded as two
    /// little-endian words: bit 0x20 set in each of its bytes.
    @inline(__always)
    static func folded(low: UInt64, high: UInt64, count: Int) -> (UInt64, UInt64) {
        (low | caseBits(min(count, 8)), count > 8 ? high | caseBits(count - 8) : 0)
    }

    /// 0x20 in each of the low `count` bytes (1 to 8).
    @inline(__always)
    private static func caseBits(_ count: Int) -> UInt64 {
        0x2020_2020_2020_2020 >> UInt64((8 - count) * 8)
    }

    @inline(__always)
    private static func hash(_ low: UInt64, _ high: UInt64, _ length: Int) -> Int {
        var hash = (low ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ high ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
