#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import JoyfillJSON

/// The long names and string literals (over ``SmallString/capacity`` bytes, or any where
/// ``SmallString`` is not supported) one thread's parser has already turned into `String`s.
///
/// Making a `String` from bytes validates and copies them, and a long one allocates; finding
/// the bytes here costs a hash and a compare. Trees that share a name also share its storage,
/// so that ``NameSlotCache`` recognises it by its representation.
///
/// The cache is bounded: when it holds ``capacity`` names it starts again empty, so a thread
/// that parses millions of distinct names keeps only the latest few hundred.
final class NameCache {
    /// One name: names of up to 16 bytes are compared by their bytes packed in two words,
    /// longer ones through the string.
    struct Entry {
        var low: UInt64
        var high: UInt64
        var count: Int
        var name: String
    }

    static let capacity = 1024
    /// Entry position + 1 per slot (0: empty); twice as many slots as entries at most.
    private let slots: UnsafeMutablePointer<Int32>
    private static let mask = 2 * capacity - 1
    /// The process's hash seed, read once.
    private let seed = StringIndex.seed
    @exclusivity(unchecked) private var entries = RawStack<Entry>(capacity: NameCache.capacity)

    init() {
        slots = .allocate(capacity: 2 * NameCache.capacity)
        slots.initialize(repeating: 0, count: 2 * NameCache.capacity)
    }

    deinit {
        slots.deallocate()
        entries.release()
    }

    /// The string for `bytes` (which must be valid UTF-8: they come from a `String`).
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        var low: UInt64 = 0, high: UInt64 = 0
        let hash: UInt64
        if count <= 16, let base = bytes.baseAddress {
            low = StringIndex.word(base, count: min(count, 8))
            if count > 8 { high = StringIndex.word(base + 8, count: count - 8) }
            hash = StringIndex.hash(low: low, high: high, count: count, seed: seed)
        } else {
            hash = StringIndex.hash(bytes: UnsafeRawBufferPointer(bytes), seed: seed)
        }
        var index = Int(truncatingIfNeeded: hash) & NameCache.mask
        while case let slot = slots[index], slot != 0 {
            let entry = entries.base + Int(slot) - 1
            if entry.pointee.low == low, entry.pointee.high == high, entry.pointee.count == count,
               count <= 16 || NameCache.equal(entry.pointee.name, bytes) {
                return entry.pointee.name
            }
            index = (index + 1) & NameCache.mask
        }
        if entries.count == NameCache.capacity {
            entries.removeAll()
            slots.update(repeating: 0, count: 2 * NameCache.capacity)
            return lookup(bytes)
        }
        let name = String(decoding: bytes, as: UTF8.self)
        entries.append(Entry(low: low, high: high, count: count, name: name))
        slots[index] = Int32(entries.count)
        return name
    }

    private static func equal(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = name
        return name.withUTF8 { stored in
            stored.count == bytes.count && memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
    }
}
