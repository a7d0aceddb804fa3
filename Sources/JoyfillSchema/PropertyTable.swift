/// A node's `properties` by name, for the lookup made for every member of every object
/// checked: open addressing over an FNV-1a hash of the name's bytes. Document keys are short,
/// and for them this costs a fraction of `Dictionary`'s seeded SipHash (measured: the check of
/// a 5,000-field document makes one lookup per member, and hashing was a quarter of its time).
/// The table is built once, when the schema is compiled, and never changes.
struct PropertyTable: Sendable {
    private let keys: [String?]
    private let nodes: [Node?]
    private let mask: Int

    init(_ properties: [String: Node]) {
        var size = 4
        while size < properties.count * 2 { size *= 2 }
        var keys = [String?](repeating: nil, count: size)
        var nodes = [Node?](repeating: nil, count: size)
        for (key, node) in properties {
            var slot = Self.hash(key) & (size - 1)
            while keys[slot] != nil { slot = (slot + 1) & (size - 1) }
            keys[slot] = key
            nodes[slot] = node
        }
        self.keys = keys
        self.nodes = nodes
        mask = size - 1
        count = properties.count
    }

    /// How many properties there are.
    let count: Int
    var isEmpty: Bool { count == 0 }

    subscript(key: String) -> Node? {
        var slot = Self.hash(key) & mask
        while let candidate = keys[slot] {
            if candidate == key { return nodes[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ key: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
