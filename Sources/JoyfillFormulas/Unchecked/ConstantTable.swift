/// A lookup table built once and never written after: the lexer's byte classes, the parser's
/// operator table, the powers of ten (statics, never freed), a function's parameter types (freed
/// with the function). A read is one load, without the bounds check and the reference
/// counting of an array; the lexer and the parser read one for every byte and token, the
/// evaluator one for every argument.
///
/// Invariants: ``init(count:repeating:_:)`` fills every entry before the table is seen by
/// anyone (a static is initialised once, under the runtime's lock; an object's table in its
/// `init`), nothing writes it after, so every thread may read it (hence `@unchecked
/// Sendable`); callers index it with values they know to be below its count (a byte, a token
/// kind, an exponent or a parameter position they checked); a table that is freed is freed
/// once, by the object that made it, in its `deinit` (``deallocate()``).
struct ConstantTable<Element: BitwiseCopyable>: @unchecked Sendable {
    private let base: UnsafePointer<Element>
    let count: Int

    /// A table of `count` entries, each `initial` until `fill` sets it.
    init(count: Int, repeating initial: Element, _ fill: (UnsafeMutableBufferPointer<Element>) -> Void) {
        let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: count)
        table.initialize(repeating: initial)
        fill(table)
        base = UnsafePointer(table.baseAddress!)
        self.count = count
    }

    /// A table of `elements`, in order.
    init(_ elements: some Collection<Element>) {
        let table = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = table.initialize(from: elements)
        base = UnsafePointer(table.baseAddress!)
        count = elements.count
    }

    /// Frees the table: the last use of it.
    func deallocate() {
        base.deallocate()
    }

    @inline(__always) subscript(index: Int) -> Element {
        assert(index >= 0 && index < count, "index \(index) outside a table of \(count)")
        return base[index]
    }
}
