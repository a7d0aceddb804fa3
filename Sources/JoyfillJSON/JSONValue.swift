/// JSON read and written losslessly (decision B10), for documents that must survive a
/// round trip byte for byte.
///
/// Every value read from text remembers its byte range (``JSONValue/span``), objects keep
/// their members in order (duplicates included), and numbers keep their text, so `1.50`
/// stays `1.50`. A changed document is written by replacing only the spans of the values
/// that changed (``JSONEdit``); everything else keeps its original bytes.
///
/// This module knows nothing about JoyDocs or formulas.
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

    public var kind: Kind
    /// The value's bytes in the text it was read from; nil for values built in code.
    public var span: Range<Int>?

    public init(_ kind: Kind, span: Range<Int>? = nil) {
        self.kind = kind
        self.span = span
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

    public var isNull: Bool { if case .null = kind { return true } else { return false } }

    public var boolValue: Bool? { if case .bool(let value) = kind { return value } else { return nil } }

    public var stringValue: String? { if case .string(let value) = kind { return value } else { return nil } }

    /// The number as a double (nil for non-numbers).
    public var numberValue: Double? { if case .number(let text) = kind { return Double(text) } else { return nil } }

    /// The number's text as written.
    public var numberText: String? { if case .number(let text) = kind { return text } else { return nil } }

    public var arrayValue: [JSONValue]? { if case .array(let values) = kind { return values } else { return nil } }

    public var members: [JSONMember]? { if case .object(let members) = kind { return members } else { return nil } }

    /// The value of `key` in an object; with duplicate keys, the last one (as JavaScript reads JSON).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The name of the value's JSON type, for messages.
    public var typeName: String {
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
