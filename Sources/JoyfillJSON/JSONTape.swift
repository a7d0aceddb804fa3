/// A parsed document: its bytes and one entry per JSON token, in document order. A container's
/// entry is followed by its children (an object's as key, value, key, value …).
///
/// An entry is 8 bytes (a large document has about one token per 8 bytes of text, so the tape
/// is about the size of the text): the token's start, its type, and either its length
/// (scalars) or the index of its row in ``containers`` (arrays and objects), which holds the
/// closing position, the index of the entry after the whole subtree, and the element count.
final class JSONTape: Sendable {
    enum TokenType: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// The longest scalar token (a string or number) a tape can hold: 2^28 - 1 bytes.
    static let maxScalarLength = (1 << 28) - 1

    struct Entry: Sendable {
        /// The token's first byte (strings include their quotes, containers their brackets).
        let start: UInt32
        /// Bits 0–2: the type; bit 3: the string holds escapes or non-ASCII and must be decoded;
        /// bits 4–31: a scalar's length in bytes, or a container's row in ``JSONTape/containers``.
        let info: UInt32

        init(type: TokenType, needsDecoding: Bool = false, start: Int, payload: Int) {
            self.start = UInt32(truncatingIfNeeded: start)
            info = UInt32(type.rawValue) | (needsDecoding ? 8 : 0) | UInt32(truncatingIfNeeded: payload) << 4
        }

        @inline(__always) var type: TokenType { TokenType(rawValue: UInt8(truncatingIfNeeded: info & 7)).unsafelyUnwrapped }
        @inline(__always) var needsDecoding: Bool { info & 8 != 0 }
        @inline(__always) var payload: Int { Int(info >> 4) }
        @inline(__always) var isContainer: Bool { info & 7 >= TokenType.array.rawValue }
    }

    /// What a container's entry does not hold.
    struct Container: Sendable {
        /// The position after the closing bracket.
        var end: UInt32
        /// The index of the entry after the container and everything inside it.
        var next: UInt32
        /// The number of elements (objects: members).
        var count: UInt32
    }

    let bytes: SourceBytes
    let entries: [Entry]
    let containers: [Container]
    /// Where numbers beyond a double's range start, in order.
    let outOfRangeNumbers: [Int]

    init(bytes: SourceBytes, entries: [Entry], containers: [Container], outOfRangeNumbers: [Int] = []) {
        self.bytes = bytes
        self.entries = entries
        self.containers = containers
        self.outOfRangeNumbers = outOfRangeNumbers
    }

    @inline(__always) func start(_ index: Int) -> Int { Int(entries[index].start) }

    /// The position after the token's last byte.
    @inline(__always) func end(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(containers[entry.payload].end) : Int(entry.start) + entry.payload
    }

    /// The index of the entry after this value and everything inside it.
    @inline(__always) func next(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(containers[entry.payload].next) : index + 1
    }

    /// A container's number of elements (objects: members); 0 for scalars.
    @inline(__always) func count(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(containers[entry.payload].count) : 0
    }

    /// The raw text of a token.
    func text(_ index: Int) -> String {
        let range = start(index)..<end(index)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[range]), as: UTF8.self)
    }

    /// A string token's value, decoded.
    func string(_ index: Int) -> String {
        let inner = (start(index) + 1)..<(end(index) - 1)
        if !entries[index].needsDecoding {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[inner]), as: UTF8.self)
        }
        return JSONStrings.decode(UnsafeBufferPointer(rebasing: bytes.buffer[inner]))
    }

    /// The position after a container's last element (for objects, its last member's value);
    /// nil for an empty container or a scalar. Steps over the elements without decoding them.
    func endOfLastElement(_ index: Int) -> Int? {
        guard entries[index].isContainer else { return nil }
        var child = index + 1, last: Int?
        let isObject = entries[index].type == .object
        let end = next(index)
        while child < end {
            if isObject { child += 1 }   // skip the key
            last = child
            child = next(child)
        }
        return last.map { self.end($0) }
    }

    /// The entry indices of a container's elements (for objects, of the values).
    func children(_ index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count(index))
        var child = index + 1
        let isObject = entries[index].type == .object
        let end = next(index)
        while child < end {
            if isObject { child += 1 }   // skip the key
            result.append(child)
            child = next(child)
        }
        return result
    }

    func members(_ index: Int) -> [JSONMember] {
        var result: [JSONMember] = []
        result.reserveCapacity(count(index))
        var key = index + 1
        let end = next(index)
        while key < end {
            result.append(JSONMember(string(key), JSONValue(tape: self, index: key + 1)))
            key = next(key + 1)
        }
        return result
    }

    /// Calls `body` with each member of the object at `index`, in order: its key and the
    /// index of its value. A key without escapes is lent straight from the document's bytes.
    func forEachMember(in index: Int, _ body: (JSONMemberKey, Int) throws -> Void) rethrows {
        var key = index + 1
        let end = next(index)
        while key < end {
            let entry = entries[key]
            if entry.needsDecoding {
                var text = string(key)
                try text.withUTF8 { try body(JSONMemberKey(bytes: $0), key + 1) }
            } else {
                let start = Int(entry.start) + 1
                try body(JSONMemberKey(bytes: UnsafeBufferPointer(rebasing: bytes.buffer[start..<(start + entry.payload - 2)])), key + 1)
            }
            key = next(key + 1)
        }
    }

    /// The value of the last member named `key`, its bytes compared with each key's.
    func lookup(_ key: String, in index: Int) -> Int? {
        var found: Int?
        var target = key
        target.withUTF8 { wanted in
            forEachMember(in: index) { member, value in
                if member.equals(wanted) { found = value }
            }
        }
        return found
    }
}
