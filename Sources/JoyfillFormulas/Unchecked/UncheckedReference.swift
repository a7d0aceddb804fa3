/// A reference that is neither retained nor released (invariant 3 of Unchecked.swift).
///
/// The evaluator calls function bodies, its context and itself through these: through a
/// stored reference, even an unowned one, each call would retain and release the object, two
/// atomic operations per reference read in a formula.
struct UncheckedReference<Object: AnyObject> {
    private let unmanaged: Unmanaged<Object>

    /// A reference to `object`, which the caller keeps alive while this is used.
    @inline(__always)
    init(_ object: Object) { unmanaged = .passUnretained(object) }

    /// The object, retained as any strong reference is from here on.
    @inline(__always)
    var object: Object { unmanaged.takeUnretainedValue() }

    /// Whether this refers to `other`.
    @inline(__always)
    func refers(to other: Object) -> Bool { unmanaged.toOpaque() == Unmanaged.passUnretained(other).toOpaque() }

    /// Runs `body` on the object where it lies, without retaining it. `_withUnsafeGuaranteedRef`
    /// rethrows untyped errors, so the one `body` can throw is recovered here.
    @inline(__always)
    func withObject<Result, Failure: Error>(_ body: (Object) throws(Failure) -> Result) throws(Failure) -> Result {
        do {
            return try unmanaged._withUnsafeGuaranteedRef { object throws in try body(object) }
        } catch let error as Failure {
            throw error
        } catch {
            preconditionFailure("only \(Failure.self) is thrown")
        }
    }
}
