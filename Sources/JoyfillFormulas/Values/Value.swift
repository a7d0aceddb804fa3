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
public struct ValueTypes: OptionSet, Sendable, Hashable, CustomStringConvertible {
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

/// An array value with its nesting depth and total size, both worked out when it is built.
///
/// The total size counts the elements of nested arrays and objects every time they appear:
/// values are shared, so `reduce(r, (acc, v) -> [acc, acc], 1)` makes an array of a few
/// hundred bytes whose text form and flattening have 2^n elements. The evaluator refuses
/// values whose total size passes its collection limit where they are made, so that nothing
/// that walks a value (printing, `flat`, comparisons) can be made to do exponential work.
public struct ArrayValue: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    public let elements: [Value]
    /// The depth in the low 16 bits, the total size above them (both saturating): one word,
    /// so that an array fits in a ``Value`` as a string does.
    private let shape: UInt64

    /// Takes `elements` over: an array built for a result is moved in, not copied.
    public init(_ elements: consuming [Value]) {
        shape = ArrayValue.shape(of: elements)
        self.elements = elements
    }

    /// 1 + the deepest nesting among the elements.
    public var depth: Int32 { ArrayValue.depth(ofShape: shape) }

    /// The number of values the array holds, counting those inside nested arrays and objects
    /// each time they appear (saturating at 2^48).
    public var totalCount: Int { ArrayValue.totalCount(ofShape: shape) }

    static func depth(ofShape shape: UInt64) -> Int32 { Int32(truncatingIfNeeded: shape & 0xFFFF) }
    static func totalCount(ofShape shape: UInt64) -> Int { Int(truncatingIfNeeded: shape >> 16) }

    static let maxTotalCount = 1 << 48 - 1

    /// The ``depth`` and ``totalCount`` of an array of `elements`, packed as in ``shape``.
    static func shape(of elements: borrowing [Value]) -> UInt64 {
        var deepest = 0
        var total = elements.count
        for index in elements.indices {
            switch elements[index] {
            case .array(let array):
                deepest = Swift.max(deepest, Int(array.depth))
                total = Swift.min(total &+ array.totalCount, maxTotalCount)
            case .object(let object):
                deepest = Swift.max(deepest, object.depth)
                total = Swift.min(total &+ object.totalCount, maxTotalCount)
            default: continue
            }
        }
        return UInt64(Swift.min(deepest + 1, 0xFFFF)) | UInt64(Swift.min(total, maxTotalCount)) << 16
    }

    public init(arrayLiteral elements: Value...) { self.init(elements) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public subscript(position: Int) -> Value { elements[position] }
}

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
        return names.withUnsafeBytes { raw in
            for index in 0..<(raw.count / MemoryLayout<String>.stride)
            where raw.load(fromByteOffset: index * MemoryLayout<String>.stride, as: (UInt64, UInt64).self) == wanted {
                return index
            }
            return nil
        }
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

/// A lambda value: the parameters and body in the tree that defined it, and the values of
/// the enclosing lambdas' parameters it closes over. Immutable, so it can be shared freely.
public final class Lambda: Sendable {
    /// The tree that defines the lambda; the lambda keeps it alive.
    public let tree: SyntaxTree
    /// The lambda's node in ``tree``.
    public let node: NodeID
    /// The body's node in ``tree``.
    let body: NodeID
    /// Number of declared parameters.
    public let parameterCount: Int
    /// The values of the enclosing lambdas' parameters, in their slot order.
    let captured: [Value]

    init(tree: SyntaxTree, node: NodeID, body: NodeID, parameterCount: Int, captured: [Value]) {
        self.tree = tree
        self.node = node
        self.body = body
        self.parameterCount = parameterCount
        self.captured = captured
    }

    /// The parameter names.
    public var parameters: [String] {
        guard case .lambda(let params, _, _) = tree[node] else { return [] }
        return params.indices.map { tree.names[$0] }
    }

    /// The lambda's source text as written (specification §3.3).
    public var sourceText: String { String(tree.text(of: node)) }
}
