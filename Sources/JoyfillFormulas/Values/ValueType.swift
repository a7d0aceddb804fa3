/// The types of ``Value``; the raw values are the names used in the JSON contract.
public enum ValueType: String, Sendable, CaseIterable {
    case number, string, boolean, date, array, object, null, undefined, lambda

    /// The position in declaration order (the bit in ``ValueTypes``).
    @inlinable
    public var ordinal: UInt16 {
        switch self {
        case .number: return 0
        case .string: return 1
        case .boolean: return 2
        case .date: return 3
        case .array: return 4
        case .object: return 5
        case .null: return 6
        case .undefined: return 7
        case .lambda: return 8
        }
    }
}

/// A set of ``ValueType``s, used by function signatures and the static checker.
public struct ValueTypes: OptionSet, Sendable, Hashable, BitwiseCopyable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    @inlinable
    public init(_ type: ValueType) {
        self.init(rawValue: 1 << type.ordinal)
    }

    public static let number = ValueTypes(.number)
    public static let string = ValueTypes(.string)
    public static let boolean = ValueTypes(.boolean)
    public static let date = ValueTypes(.date)
    public static let array = ValueTypes(.array)
    public static let object = ValueTypes(.object)
    public static let null = ValueTypes(.null)
    public static let undefined = ValueTypes(.undefined)
    public static let lambda = ValueTypes(.lambda)
    public static let any: ValueTypes = [.number, .string, .boolean, .date, .array, .object, .null, .undefined, .lambda]

    @inlinable
    public func contains(_ type: ValueType) -> Bool { rawValue & (1 << type.ordinal) != 0 }

    /// Whether the type of `value` is in the set. A number (most arguments) is recognised by
    /// one compare of its case, without the jump through ``Value/type``'s switch.
    @inlinable
    public func admits(_ value: Value) -> Bool {
        if case .number = value { return rawValue & 1 != 0 }
        return contains(value.type)
    }

    /// The member types, in declaration order.
    public var types: [ValueType] { ValueType.allCases.filter { contains($0) } }

    /// `number`, `string or array`, `any`.
    public var description: String {
        if self == .any { return "any" }
        let names = types.map(\.rawValue)
        switch names.count {
        case 0: return "nothing"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
    }

    /// The signature spelling: `number|string`.
    public var signature: String {
        if self == .any { return "any" }
        var text = ""
        for type in ValueType.allCases where contains(type) {
            if !text.isEmpty { text += "|" }
            text += type.rawValue
        }
        return text
    }
}
