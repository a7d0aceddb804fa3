/// A growable buffer without copy-on-write: appends check only the capacity, reads check
/// nothing. For the parser's tables and the evaluator's stacks, which take a few dozen pushes
/// and pops per formula, where an array's uniqueness and bounds checks cost more than the
/// element. Its owner (a class) frees it with ``release()``; a copy shares the same memory.
struct RawStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    subscript(position: Int) -> Element {
        get { base[position] }
        nonmutating set { base[position] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Makes room for one more element and returns it, uninitialized: the caller must
    /// initialize it before the stack is read or shrunk.
    @inline(__always)
    mutating func appendUninitialized() -> UnsafeMutableRawPointer {
        if count == capacity { grow() }
        count += 1
        return UnsafeMutableRawPointer(base + count - 1)
    }

    /// Appends `other[range]` with one copy (for plain-data elements).
    @inline(__always)
    mutating func append(from other: RawStack<Element>, _ range: Range<Int>) {
        while count + range.count > capacity { grow() }
        (base + count).initialize(from: other.base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Drops the elements from `count` on.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        // One element at a time: stacks drop a few, and a single deinitialization is inlined
        // where a counted one goes through the runtime.
        while count > newCount {
            count -= 1
            (base + count).deinitialize(count: 1)
        }
    }

    mutating func removeAll() { truncate(to: 0) }

    /// Moves the elements to raw memory (which they are bound to), for a finished tree; the
    /// stack is left empty.
    mutating func move(to destination: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        destination.bindMemory(to: Element.self, capacity: count).moveInitialize(from: base, count: count)
        count = 0
    }

    /// Frees the buffer; the stack must not be used again.
    func release() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

extension RawStack {
    /// Appends every element of `elements`.
    mutating func append(contentsOf elements: some Collection<Element>) {
        for element in elements { append(element) }
    }

    /// The elements from `start` on, as an array.
    func suffix(from start: Int) -> [Element] {
        Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }
}

extension RawStack where Element == Value {
    /// Drops the values from `count` on, deinitializing only those that hold a reference:
    /// most are numbers and booleans, and the general destroy of a `Value` is an outlined
    /// call through its value witness.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        while count > newCount {
            count -= 1
            switch base[count] {
            case .number, .boolean, .date, .null, .undefined: continue
            case .string, .array, .object, .lambda: (base + count).deinitialize(count: 1)
            }
        }
    }
}
