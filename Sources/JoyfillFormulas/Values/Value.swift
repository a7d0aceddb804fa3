/// A formula value (specification §3.1).
///
/// Arrays and objects record their nesting depth when they are built, so that values nested
/// deeper than ``Value/maxDepth`` are refused where they are made (a `reduce` that wraps its
/// accumulator a million times would otherwise overflow the stack when printed or freed).
public enum Value: Sendable {
    case number(Double)
    case string(String)
    case boolean(Bool)
    case date(Instant)
    case array(ArrayValue)
    case object(ObjectValue)
    case null
    case undefined
    case lambda(Lambda)

    /// The deepest nesting of arrays and objects a value may have.
    public static let maxDepth = 512

    /// The error message for a value nested deeper than ``maxDepth``.
    static var tooDeepMessage: String { "value nested more than \(maxDepth) levels deep" }

    /// The error message and notes for an array (or object: `kind`) of `count` elements and
    /// `totalCount` values in all, past the collection limit `limit`.
    static func tooLarge(_ kind: ValueType, count: Int, totalCount: Int, limit: Int) -> (message: String, notes: [String]) {
        if count > limit { return ("\(kind) larger than the limit of \(limit) elements", []) }
        return ("\(kind) larger than the limit of \(limit) elements, counting nested ones",
                ["nested arrays and objects count with all their elements, each time they appear (\(totalCount < ArrayValue.maxTotalCount ? String(totalCount) : "over 2^48") in all)"])
    }

    /// The value's type.
    @inlinable
    public var type: ValueType {
        switch self {
        case .number: return .number
        case .string: return .string
        case .boolean: return .boolean
        case .date: return .date
        case .array: return .array
        case .object: return .object
        case .null: return .null
        case .undefined: return .undefined
        case .lambda: return .lambda
        }
    }

    /// Nesting depth: 0 for scalars, 1 + the deepest element for arrays and objects.
    @inlinable
    public var depth: Int {
        switch self {
        case .array(let array): return Int(array.depth)
        case .object(let object): return object.depth
        default: return 0
        }
    }

    /// Convenience for building arrays from Swift.
    public static func array(_ elements: consuming [Value]) -> Value { .array(ArrayValue(elements)) }

    /// Whether the value is or may contain a lambda: a lambda, an array or an object.
    var mayHoldLambda: Bool {
        switch self {
        case .lambda, .array, .object: return true
        default: return false
        }
    }
}
