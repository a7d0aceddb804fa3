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

    /// Where the value of an object's first member starts in the text it was read from; nil
    /// for an empty object, anything else, or an object built in code.
    var firstMemberValueStart: Int? {
        guard case .tape(let tape, let index) = storage, tape.entries[index].type == .object,
              tape.count(index) > 0 else { return nil }
        return tape.start(index + 2)
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

    /// Whether two stored values are the same, an absent value (nil) being the same as null:
    /// what a field holds, whether or not its `value` key is there.
    public static func sameStored(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        if let a, let b { return a == b }
        return (a?.isNull ?? true) && (b?.isNull ?? true)
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

    /// Calls `body` with each member of an object, in order (duplicates included): its key,
    /// lent for the call, and its value; nothing for anything else. One pass reads the members
    /// a caller wants where a lookup of each would walk them once a key, and no key becomes a
    /// string unless asked for (``JSONMemberKey/text``).
    public func forEachMember(_ body: (JSONMemberKey, JSONValue) throws -> Void) rethrows {
        switch storage {
        case .tape(let tape, let index):
            guard tape.entries[index].type == .object else { return }
            try tape.forEachMember(in: index) { key, value in try body(key, JSONValue(tape: tape, index: value)) }
        case .built(let kind):
            guard case .object(let members) = kind else { return }
            for member in members {
                var key = member.key
                try key.withUTF8 { try body(JSONMemberKey(bytes: $0), member.value) }
            }
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
