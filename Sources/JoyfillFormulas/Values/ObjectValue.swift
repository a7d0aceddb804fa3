/// The keys of an object, shared by every object of the same shape (all rows of a table).
public final class ObjectKeys: Sendable {
    public let names: [String]
    private let positions: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        if names.count > 8 {
            for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
        }
        self.positions = positions
    }

    /// The position of `key`, by linear search for small shapes and a hash table for large ones.
    ///
    /// The search first compares representations (a `String`'s two words): a key and the name
    /// that reads it are usually bit for bit the same (short names are held in those words),
    /// and equal words always mean equal text. Only when no representation matches are the
    /// texts compared.
    @inlinable
    public func position(of key: String) -> Int? {
        if names.count > 8 { return lookup(key) }
        return identicalPosition(of: key) ?? names.firstIndex(of: key)
    }

    @usableFromInline func lookup(_ key: String) -> Int? { positions[key] }

    /// The position of the key whose representation is `key`'s, if any (see ``position(of:)``).
    @inlinable @inline(__always)
    public func identicalPosition(of key: String) -> Int? {
        guard let wanted = Unchecked.words(of: key) else { return nil }
        return Unchecked.position(ofWords: wanted, in: names)
    }
}

/// An insertion-ordered object value (specification §3.1). Keys are unique.
public struct ObjectValue: Sendable, Sequence {
    final class Storage: Sendable {
        let keys: ObjectKeys
        let values: [Value]
        /// As ``ArrayValue``'s: an object nests, and counts, like an array of its values.
        let shape: UInt64
        init(keys: ObjectKeys, values: [Value]) {
            self.keys = keys
            self.values = values
            shape = ArrayValue.shape(of: values)
        }
    }

    let storage: Storage

    /// Builds an object from a key shape and values in the same order.
    public init(keys: ObjectKeys, values: consuming [Value]) {
        precondition(keys.names.count == values.count, "an object needs one value per key")
        storage = Storage(keys: keys, values: values)
    }

    /// Builds an object from pairs; a repeated key keeps its first position and its last value.
    public init(_ pairs: [(String, Value)]) {
        var names: [String] = []
        var values: [Value] = []
        names.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        // Small objects (formula literals) find repeats by a scan; large ones with a table.
        var positions: [String: Int]? = pairs.count > 16 ? [:] : nil
        for (key, value) in pairs {
            let existing = positions != nil ? positions![key] : names.firstIndex(of: key)
            if let existing {
                values[existing] = value
            } else {
                positions?[key] = names.count
                names.append(key)
                values.append(value)
            }
        }
        self.init(keys: ObjectKeys(names), values: values)
    }

    public var count: Int { storage.values.count }
    public var depth: Int { Int(ArrayValue.depth(ofShape: storage.shape)) }
    /// The number of values the object holds, counting those inside nested arrays and objects
    /// each time they appear (see ``ArrayValue/totalCount``).
    public var totalCount: Int { ArrayValue.totalCount(ofShape: storage.shape) }
    public var keys: [String] { storage.keys.names }
    public var values: [Value] { storage.values }

    /// The value for `key`, or nil.
    public subscript(key: String) -> Value? {
        guard let index = storage.keys.position(of: key) else { return nil }
        return storage.values[index]
    }

    public func makeIterator() -> Zip2Sequence<[String], [Value]>.Iterator {
        zip(storage.keys.names, storage.values).makeIterator()
    }
}
