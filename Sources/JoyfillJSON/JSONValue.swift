/// JSON read and written losslessly (specification §10), for documents that must survive a
/// round trip byte for byte.
///
/// A value read from text is a view into a ``JSONTape``: the document's bytes plus one flat
/// array of token entries. Nothing is decoded until asked for, so a large document costs
/// about one entry per token rather than a tree of small objects. Every such value knows its
/// byte range (``span``), objects keep their members in order (duplicates included), and
/// numbers keep their text, so `1.50` stays `1.50`. Values built in code (results to write
/// back) are plain ``Kind``s. A changed document is written by replacing only the spans of
/// the values that changed (``JSONEdit``).
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        /// The number as written (valid JSON number syntax).
        case number(String)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    enum Storage: Sendable {
        case tape(JSONTape, Int)
        case built(Kind)
    }

    let storage: Storage

    /// A value built in code.
    public init(_ kind: Kind) {
        storage = .built(kind)
    }

    init(tape: JSONTape, index: Int) {
        storage = .tape(tape, index)
    }

    public static let null = JSONValue(.null)
    public static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    public static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    public static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
    public static func object(_ members: [JSONMember]) -> JSONValue { JSONValue(.object(members)) }
    /// An object of the members whose value is not nil, in the order given: output written in
    /// code, where a member is present only sometimes.
    public static func object(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        JSONValue(.object(members.compactMap { key, value in value.map { JSONMember(key, $0) } }))
    }
    /// A whole number.
    public static func integer(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }
    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// A number; integers are written without a fraction, others in the shortest form that
    /// reads back as the same double. Non-finite numbers are not JSON and become null.
    public static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return JSONValue(.number(String(Int64(value))))
        }
        return JSONValue(.number(value.description.replacingExponentMarker()))
    }

    // MARK: Reading

    /// The value, decoded (containers hold views of their elements).
    public var kind: Kind {
        switch storage {
        case .built(let kind): return kind
        case .tape(let tape, let index):
            switch tape.entries[index].type {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .number: return .number(tape.text(index))
            case .string: return .string(tape.string(index))
            case .array: return .array(tape.children(index).map { JSONValue(tape: tape, index: $0) })
            case .object: return .object(tape.members(index))
            }
        }
    }

    /// The value's bytes in the text it was read from; nil for values built in code.
    public var span: Range<Int>? {
        guard case .tape(let tape, let index) = storage else { return nil }
        return tape.start(index)..<tape.end(index)
    }

    /// True when both values are the same value of the same text read (not merely equal).
    func isSameRead(as other: JSONValue) -> Bool {
        guard case .tape(let tape, let index) = storage, case .tape(let otherTape, let otherIndex) = other.storage else { return false }
        return tape === otherTape && index == otherIndex
    }

    /// Where the last element of an array, or the last member of an object, ends in the text
    /// the value was read from: where an element or member added at the end goes. Nil for an
    /// empty container, a scalar, or a value built in code.
    public var endOfLastElement: Int? {
        guard case .tape(let tape, let index) = storage else { return nil }
        return tape.endOfLastElement(index)
    }

    /// Where the numbers beyond a double's range (such as `1e999`, which reads as Infinity)
    /// start in the text the value was read from, in order; for the whole text, not only
    /// this value. Empty for values built in code.
    public var outOfRangeNumbers: [Int] {
        guard case .tape(let tape, _) = storage else { return [] }
        return tape.outOfRangeNumbers
    }

    /// Where each member's key starts in the text an object was read from, in order; nil for
    /// anything else, or an object built in code.
    public var keyStarts: [Int]? {
        guard case .tape(let tape, let index) = storage, tape.entries[index].type == .object else { return nil }
        var starts: [Int] = []
        var key = index + 1
        let end = tape.next(index)
        while key < end {
            starts.append(tape.start(key))
            key = tape.next(key + 1)
        }
        return starts
    }

    /// The text the value was read from; nil for values built in code.
    public var source: SourceBytes? {
        guard case .tape(let tape, _) = storage else { return nil }
        return tape.bytes
    }

    /// The value's JSON type (without decoding anything).
    public var type: JSONType {
        switch storage {
        case .tape(let tape, let index):
            switch tape.entries[index].type {
            case .null: return .null
            case .true, .false: return .bool
            case .number: return .number
            case .string: return .string
            case .array: return .array
            case .object: return .object
            }
        case .built(let kind):
            switch kind {
            case .null: return .null
            case .bool: return .bool
            case .number: return .number
            case .string: return .string
            case .array: return .array
            case .object: return .object
            }
        }
    }

    /// True for the empty string `""` (without decoding anything).
    public var isEmptyString: Bool {
        switch storage {
        case .tape(let tape, let index): return tape.entries[index].type == .string && tape.entries[index].payload == 2
        case .built(let kind): if case .string(let text) = kind { return text.isEmpty } else { return false }
        }
    }

    /// True for objects (without decoding anything).
    public var isObject: Bool { type == .object }

    /// True for arrays (without decoding anything).
    public var isArray: Bool { type == .array }

    /// The number of elements of an array or members of an object; nil for other values.
    public var count: Int? {
        switch storage {
        case .tape(let tape, let index):
            return tape.entries[index].isContainer ? tape.count(index) : nil
        case .built(let kind):
            switch kind {
            case .array(let values): return values.count
            case .object(let members): return members.count
            default: return nil
            }
        }
    }

    public var isNull: Bool { type == .null }

    public var boolValue: Bool? {
        switch storage {
        case .tape(let tape, let index):
            let type = tape.entries[index].type
            return type == .true ? true : type == .false ? false : nil
        case .built(let kind): if case .bool(let value) = kind { return value } else { return nil }
        }
    }

    public var stringValue: String? {
        switch storage {
        case .tape(let tape, let index): return tape.entries[index].type == .string ? tape.string(index) : nil
        case .built(let kind): if case .string(let value) = kind { return value } else { return nil }
        }
    }

    /// The number as a double (nil for non-numbers).
    public var numberValue: Double? { numberText.flatMap { Double($0) } }

    /// The number as an `Int`, when it is a whole number an `Int` holds (not `1.5`, `1e300`
    /// or `2^63`); what a reader of a count, an index or a version asks for.
    public var integerValue: Int? { numberValue.flatMap { Int(exactly: $0) } }

    /// The number's text as written.
    public var numberText: String? {
        switch storage {
        case .tape(let tape, let index): return tape.entries[index].type == .number ? tape.text(index) : nil
        case .built(let kind): if case .number(let text) = kind { return text } else { return nil }
        }
    }

    public var arrayValue: [JSONValue]? {
        switch storage {
        case .tape(let tape, let index):
            guard tape.entries[index].type == .array else { return nil }
            return tape.children(index).map { JSONValue(tape: tape, index: $0) }
        case .built(let kind): if case .array(let values) = kind { return values } else { return nil }
        }
    }

    public var members: [JSONMember]? {
        switch storage {
        case .tape(let tape, let index): return tape.entries[index].type == .object ? tape.members(index) : nil
        case .built(let kind): if case .object(let members) = kind { return members } else { return nil }
        }
    }

    /// `object` with `key` set to `value`: the member of that key replaced (with duplicate
    /// keys, the last one, which is the one read), or a member added at the end.
    public static func setting(_ key: String, to value: JSONValue, in object: JSONValue) -> JSONValue {
        var members = object.members ?? []
        if let index = members.lastIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return .object(members)
    }

    /// The value of `key` in an object; with duplicate keys, the last one (as JavaScript reads JSON).
    public subscript(key: String) -> JSONValue? {
        switch storage {
        case .tape(let tape, let index):
            guard tape.entries[index].type == .object, let found = tape.lookup(key, in: index) else { return nil }
            return JSONValue(tape: tape, index: found)
        case .built(let kind):
            guard case .object(let members) = kind else { return nil }
            return members.last { $0.key == key }?.value
        }
    }

    /// The name of the value's JSON type, for messages.
    public var typeName: String {
        switch type {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// The types of JSON values.
public enum JSONType: Sendable {
    case null, bool, number, string, array, object
}

/// One member of an object.
public struct JSONMember: Sendable {
    public var key: String
    public var value: JSONValue
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue: Equatable {
    /// Equality of content: spans are ignored, numbers compare by value (`1.0 == 1`),
    /// object members compare in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b || Double(a) == Double(b)
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

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

    /// The value of the last member named `key`, compared on the raw bytes when the key has
    /// no escapes.
    func lookup(_ key: String, in index: Int) -> Int? {
        var found: Int?
        var member = index + 1
        let end = next(index)
        let buffer = bytes.buffer
        var target = key
        target.withUTF8 { wanted in
            while member < end {
                let entry = entries[member]
                let start = Int(entry.start) + 1
                let length = entry.payload - 2
                if entry.needsDecoding {
                    if string(member) == key { found = member + 1 }
                } else if length == wanted.count {
                    var equal = true
                    for offset in 0..<length where buffer[start + offset] != wanted[offset] {
                        equal = false
                        break
                    }
                    if equal { found = member + 1 }
                }
                member = next(member + 1)
            }
        }
        return found
    }
}

private extension String {
    /// Swift writes `1e-07`; JSON allows it, but `1e-7` is the common spelling.
    func replacingExponentMarker() -> String {
        guard let e = firstIndex(of: "e") else { return self }
        var exponent = self[index(after: e)...]
        var sign = ""
        if exponent.first == "-" || exponent.first == "+" {
            sign = exponent.first == "-" ? "-" : "+"
            exponent = exponent.dropFirst()
        }
        while exponent.count > 1 && exponent.first == "0" { exponent = exponent.dropFirst() }
        return self[..<e] + "e" + sign + exponent
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self.init(.string(value)) }
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    public init(integerLiteral value: Int) { self.init(.number(String(value))) }
}
