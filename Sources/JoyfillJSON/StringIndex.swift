/// Positions of distinct strings: the table behind every lookup by name on a hot path (a
/// document's fields by `_id`, formula names).
///
/// Swift's `Dictionary<String, Int>` hashes each key with SipHash through the generic
/// `Hasher`, a few hundred instructions for a short name; a formula reads a dozen names. This
/// table hashes the key's UTF-8 bytes eight at a time with a multiply–xor mix, probes an
/// open-addressing array of 8-byte slots, and compares the key only on a matching tag, for a
/// few tens of instructions.
///
/// The mix is seeded once per process from the system's random source, so that a document
/// cannot be crafted to make every key collide (which would make building the table quadratic).
///
/// Keys are positions `0..<count` in insertion order; inserting a present key returns its
/// first position.
public struct StringIndex: Sendable {
    /// Per slot: the upper 32 bits of the key's hash and position + 1 (0 marks an empty slot).
    private var slots: [UInt64]
    private var keys: [String]
    /// ``seed``, read once: every read of a `static let` goes through its lazy initialisation.
    private let seed = StringIndex.seed

    /// An empty index with room for `capacity` keys before it grows.
    public init(capacity: Int = 0) {
        slots = [UInt64](repeating: 0, count: StringIndex.slotCount(for: capacity))
        keys = []
        keys.reserveCapacity(capacity)
    }

    /// The number of keys.
    public var count: Int { keys.count }

    /// The key at `position`.
    public subscript(position: Int) -> String { keys[position] }

    /// The position of `key`, or nil.
    public func position(of key: String) -> Int? {
        position(of: key, hash: StringIndex.hash(key, seed: seed))
    }

    private func position(of key: String, hash: UInt64) -> Int? {
        let tag = hash >> 32
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let slot = slots[index]
                if slot == 0 { return nil }
                if slot >> 32 == tag {
                    let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                    if keys[position] == key { return position }
                }
                index = (index + 1) & mask
            }
        }
    }

    /// Adds `key` unless present; returns its position and whether it was added.
    @discardableResult
    public mutating func insert(_ key: String) -> (inserted: Bool, position: Int) {
        let hash = StringIndex.hash(key, seed: seed)
        if let position = position(of: key, hash: hash) { return (false, position) }
        if (keys.count + 1) * 4 > slots.count * 3 { grow() }
        let position = keys.count
        keys.append(key)
        place(hash, position)
        return (true, position)
    }

    private mutating func place(_ hash: UInt64, _ position: Int) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = (hash >> 32) << 32 | UInt64(position + 1)
    }

    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: StringIndex.slotCount(for: keys.count * 2 + 1))
        for (position, key) in keys.enumerated() { place(StringIndex.hash(key, seed: seed), position) }
    }

    /// A power of two with room for `count` keys at a load of at most three quarters.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots * 3 < count * 4 { slots *= 2 }
        return slots
    }

    /// The process's hash seed.
    public static let seed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next() | 1
    }()

    /// A 64-bit hash of the key's UTF-8 bytes.
    @inline(__always)
    public static func hash(_ key: String, seed: UInt64 = StringIndex.seed) -> UInt64 {
        if let hash = key.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0), seed: seed) }) {
            return hash
        }
        var copy = key
        return copy.withUTF8 { hash(bytes: UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// A 64-bit hash of `bytes`, seeded per process. Callers on a hot path pass ``seed``, read once.
    @inlinable
    public static func hash(bytes: UnsafeRawBufferPointer, seed: UInt64 = StringIndex.seed) -> UInt64 {
        var state = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress else { return mix(state) }
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            state = mix(state ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            state = mix(state ^ word(base + offset, count: count - offset))
        }
        return mix(state)
    }

    /// Hashes a key of at most 16 bytes already packed by ``word(_:count:)``: the same value as
    /// ``hash(bytes:)`` gives for those bytes. Callers on a hot path pass ``seed``, read once.
    @inlinable @inline(__always)
    public static func hash(low: UInt64, high: UInt64, count: Int, seed: UInt64 = StringIndex.seed) -> UInt64 {
        var state = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        if count > 0 { state = mix(state ^ low) }
        if count > 8 { state = mix(state ^ high) }
        return mix(state)
    }

    /// Up to eight bytes at `base` as a little-endian word, with as few loads as possible:
    /// overlapping loads put the same byte at the same position, so the result is exact.
    @inlinable @inline(__always)
    public static func word(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
        switch count {
        case 8...:
            return base.loadUnaligned(as: UInt64.self)
        case 4...7:
            let low = UInt64(base.loadUnaligned(as: UInt32.self))
            let high = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return low | high << (UInt64(count - 4) &* 8)
        case 1...3:
            let first = UInt64(base.load(as: UInt8.self))
            let middle = UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self))
            let last = UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self))
            return first | middle << (UInt64(count >> 1) &* 8) | last << (UInt64(count - 1) &* 8)
        default:
            return 0
        }
    }

    @inlinable @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}
