/// Remembered argument values of *wide calls*, so that evaluating the same tree again after a
/// few of its inputs changed costs work in proportion to the change, not to the call's width.
///
/// A wide call is a call with at least ``CallMemo/minimumWidth`` arguments that are all free
/// names resolved to context slots: `sum(f0, f1, …, f99999)`, the shape of a form's grand
/// total. On the first evaluation the memo keeps each argument's value and the result. On later
/// evaluations it asks the context which slots changed since then
/// (``EvaluationContext/changedSlots(since:)``) and reads only those arguments again. When the
/// function has an ``IntegerDelta`` rule and every argument is an exact small integer, the new
/// result comes from the old one in constant time per changed argument (for `sum`: add the
/// difference); otherwise the function runs again over the remembered values.
///
/// The integer condition keeps the shortcut exact: with every argument a whole number of
/// magnitude at most 2^53 / width, every partial sum is exactly representable, so any order
/// of addition gives the same double as the left-to-right sum a full evaluation computes.
///
/// A memo belongs to one tree evaluated in one context; the caller (the document engine)
/// keeps one per formula. It is not thread-safe.
public final class CallMemo {
    /// Calls narrower than this are evaluated normally.
    public static let minimumWidth = 64

    final class Entry {
        var values: [Value]
        /// The argument position reading each slot, and the further positions of slots that
        /// are read more than once (rare; kept apart so the common case allocates nothing per slot).
        var positions: [Int32: Int32] = [:]
        var repeated: [Int32: [Int32]] = [:]
        var result: Value
        /// The context's change version when the values were read.
        var version: UInt64
        /// How many arguments are not exact small integers (see the type's documentation).
        var inexact = 0
        let exactLimit: Double

        init(values: [Value], slots: [Int32], result: Value, version: UInt64) {
            self.values = values
            self.result = result
            self.version = version
            exactLimit = 9_007_199_254_740_992 / Double(values.count)
            positions.reserveCapacity(slots.count)
            for (position, slot) in slots.enumerated() {
                if positions[slot] == nil {
                    positions[slot] = Int32(position)
                } else {
                    repeated[slot, default: []].append(Int32(position))
                }
            }
            for value in values where !isExact(value) { inexact += 1 }
        }

        /// Every argument position that reads `slot`.
        func positions(of slot: Int32) -> [Int32] {
            guard let first = positions[slot] else { return [] }
            return [first] + (repeated[slot] ?? [])
        }

        @inline(__always) func isExact(_ value: Value) -> Bool {
            switch value {
            case .null: return true
            case .number(let number): return number == number.rounded(.towardZero) && abs(number) <= exactLimit
            default: return false
            }
        }
    }

    /// Per call node: its entry, or nil when the call is not wide (decided once).
    var entries: [Int32: Entry?] = [:]

    public init() {}

    /// True when `tree` has a call wide enough to be remembered (so that callers keep memos
    /// only for the formulas that can use one).
    public static func isUseful(for tree: SyntaxTree) -> Bool {
        tree.nodes.contains { node in
            guard case .call(_, let range) = node, range.indices.count >= minimumWidth else { return false }
            return tree.children(range).allSatisfy { if case .reference = tree[$0] { true } else { false } }
        }
    }
}

/// How a function's result changes when one argument changes, valid when every argument is an
/// exact small integer (see ``CallMemo``): given the previous result and the argument's old and
/// new values, the new result, or nil to run the function again.
public typealias IntegerDelta = @Sendable (_ previous: Value, _ old: Value, _ new: Value) -> Value?
