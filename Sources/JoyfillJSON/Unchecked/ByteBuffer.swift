/// A growable block of bytes that ``JSONWriter`` writes into: copy-on-write like an array,
/// but each write is a capacity check and a store, where an array's append also checks
/// uniqueness and goes through a call. A JSON line of `jf eval` is a dozen small writes, and
/// with an array they cost as much as the rest of the line.
struct ByteBuffer {
    /// The block; its properties never change, so reading them needs no exclusivity check.
    private final class Storage {
        let pointer: UnsafeMutablePointer<UInt8>
        let capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            pointer = .allocate(capacity: capacity)
        }
        deinit { pointer.deallocate() }
    }

    private var storage: Storage
    /// The bytes written.
    private(set) var count = 0

    init(capacity: Int) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// Room for `extra` more bytes, in a block of its own.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = Storage(capacity: max(needed, storage.capacity * 2))
        larger.pointer.update(from: storage.pointer, count: count)
        storage = larger
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        storage.pointer[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage.pointer + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends `count` bytes that `body` writes at the pointer it is given: one capacity
    /// check for a piece made of several parts (a key with its quotes and colon).
    @inline(__always)
    mutating func append(count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(count)
        body(storage.pointer + self.count)
        self.count += count
    }

    /// Forgets the bytes, keeping the block.
    mutating func removeAll() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
        count = 0
    }

    /// Calls `body` with the bytes written.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.pointer, count: count)) }
    }

    /// A copy of the bytes.
    var array: [UInt8] { withBytes { Array($0) } }
}
