/// JSON read and written losslessly (decision B10), for documents that must survive a
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
        let entry = tape.entries[index]
        return Int(entry.start)..<Int(entry.end)
    }

    /// True for objects (without decoding anything).
    public var isObject: Bool {
        switch storage {
        case .tape(let tape, let index): return tape.entries[index].type == .object
        case .built(let kind): if case .object = kind { return true } else { return false }
        }
    }

    /// The number of elements of an array or members of an object; nil for other values.
    public var count: Int? {
        switch storage {
        case .tape(let tape, let index):
            let entry = tape.entries[index]
            return entry.type == .array || entry.type == .object ? Int(entry.count) : nil
        case .built(let kind):
            switch kind {
            case .array(let values): return values.count
            case .object(let members): return members.count
            default: return nil
            }
        }
    }

    public var isNull: Bool {
        switch storage {
        case .tape(let tape, let index): return tape.entries[index].type == .null
        case .built(let kind): if case .null = kind { return true } else { return false }
        }
    }

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
        switch storage {
        case .tape(let tape, let index):
            switch tape.entries[index].type {
            case .null: return "null"
            case .true, .false: return "boolean"
            case .number: return "number"
            case .string: return "string"
            case .array: return "array"
            case .object: return "object"
            }
        case .built(let kind):
            switch kind {
            case .null: return "null"
            case .bool: return "boolean"
            case .number: return "number"
            case .string: return "string"
            case .array: return "array"
            case .object: return "object"
            }
        }
    }
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
/// entry is followed by its children (an object's as key, value, key, value …); `next` skips a
/// whole subtree.
final class JSONTape: Sendable {
    enum TokenType: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    struct Entry: Sendable {
        var type: TokenType
        /// Strings: whether the text holds escape sequences (or non-ASCII) and must be decoded.
        var needsDecoding: Bool
        /// The token's bytes (strings include their quotes, containers their brackets).
        var start: UInt32
        var end: UInt32
        /// The index of the entry after this value and everything inside it.
        var next: UInt32
        /// Containers: the number of elements (objects: members).
        var count: UInt32
    }

    let bytes: [UInt8]
    let entries: [Entry]

    init(bytes: [UInt8], entries: [Entry]) {
        self.bytes = bytes
        self.entries = entries
    }

    /// The raw text of a token.
    func text(_ index: Int) -> String {
        let entry = entries[index]
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
        }
    }

    /// A string token's value, decoded.
    func string(_ index: Int) -> String {
        let entry = entries[index]
        let inner = (Int(entry.start) + 1)..<(Int(entry.end) - 1)
        if !entry.needsDecoding {
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[inner]), as: UTF8.self) }
        }
        return JSONStrings.decode(bytes[inner])
    }

    /// The entry indices of a container's elements (for objects, of the values).
    func children(_ index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(entries[index].count))
        var child = index + 1
        let isObject = entries[index].type == .object
        let end = Int(entries[index].next)
        while child < end {
            if isObject { child += 1 }   // skip the key
            result.append(child)
            child = Int(entries[child].next)
        }
        return result
    }

    func members(_ index: Int) -> [JSONMember] {
        var result: [JSONMember] = []
        result.reserveCapacity(Int(entries[index].count))
        var key = index + 1
        let end = Int(entries[index].next)
        while key < end {
            result.append(JSONMember(string(key), JSONValue(tape: self, index: key + 1)))
            key = Int(entries[key + 1].next)
        }
        return result
    }

    /// The value of the last member named `key`, compared on the raw bytes when the key has
    /// no escapes.
    func lookup(_ key: String, in index: Int) -> Int? {
        var found: Int?
        var member = index + 1
        let end = Int(entries[index].next)
        var target = key
        target.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                while member < end {
                    let entry = entries[member]
                    let start = Int(entry.start) + 1
                    let length = Int(entry.end) - 1 - start
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
                    member = Int(entries[member + 1].next)
                }
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
