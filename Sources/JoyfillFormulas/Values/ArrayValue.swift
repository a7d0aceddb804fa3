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
