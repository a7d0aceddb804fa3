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
        appendWithinCapacity(element)
    }

    /// Appends when there is room (checked by the caller; see ``PairedStack``).
    @inline(__always)
    mutating func appendWithinCapacity(_ element: Element) {
        (base + count).initialize(to: element)
        count += 1
    }

    /// Makes room for one more element, when there is room, and returns its place,
    /// uninitialized: the caller must initialize it before the stack is read or shrunk.
    @inline(__always)
    mutating func appendUninitializedWithinCapacity() -> UnsafeMutableRawPointer {
        count += 1
        return UnsafeMutableRawPointer(base + count - 1)
    }

    /// Puts the bits of `element` in slot `position` without retaining what it refers to,
    /// over what is there without releasing it: a loan. The lender keeps the element alive
    /// until the loan ends (``endLoan(at:leaving:)``), which must come before the slot is
    /// truncated away or overwritten by anything but another loan. (The slot's address is
    /// taken anew each time: the stack moves when it grows.)
    @inline(__always)
    func lend(_ element: UnsafePointer<Element>, to position: Int) {
        UnsafeMutableRawPointer(base + position).copyMemory(from: element, byteCount: MemoryLayout<Element>.size)
    }

    /// Ends the loan in slot `position`: `empty` (a value that holds no reference) replaces
    /// the borrowed bits, without releasing them.
    @inline(__always)
    func endLoan(at position: Int, leaving empty: Element) {
        UnsafeMutableRawPointer(base + position).initializeMemory(as: Element.self, to: empty)
    }

    @inline(never)
    fileprivate mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
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

/// A ``RawStack`` of firsts with a parallel buffer of seconds (a node and its span, a name and
/// its hint): the firsts' count and capacity serve both, so that appending a pair costs one
/// capacity check and one count update.
struct PairedStack<First, Second> {
    private(set) var firsts = RawStack<First>()
    /// As many initialized as there are firsts, with room for as many as the firsts have.
    private(set) var seconds: UnsafeMutablePointer<Second>

    init() {
        seconds = .allocate(capacity: firsts.capacity)
    }

    var count: Int { firsts.count }
    var capacity: Int { firsts.capacity }

    @inline(__always)
    mutating func append(_ first: First, _ second: Second) {
        if firsts.count == firsts.capacity { grow() }
        (seconds + firsts.count).initialize(to: second)
        firsts.appendWithinCapacity(first)
    }

    /// Makes room for one more pair and returns the first's place, uninitialized, after
    /// storing the second: the caller must initialize the first before the stack is read or
    /// shrunk.
    @inline(__always)
    mutating func appendUninitialized(second: Second) -> UnsafeMutableRawPointer {
        if firsts.count == firsts.capacity { grow() }
        (seconds + firsts.count).initialize(to: second)
        return firsts.appendUninitializedWithinCapacity()
    }

    @inline(never)
    private mutating func grow() {
        firsts.grow()
        let larger = UnsafeMutablePointer<Second>.allocate(capacity: firsts.capacity)
        larger.moveInitialize(from: seconds, count: firsts.count)
        seconds.deallocate()
        seconds = larger
    }

    mutating func truncate(to newCount: Int) {
        guard firsts.count > newCount else { return }
        (seconds + newCount).deinitialize(count: firsts.count - newCount)
        firsts.truncate(to: newCount)
    }

    mutating func removeAll() { truncate(to: 0) }

    /// Moves the firsts and the seconds to raw memory (see ``RawStack/move(to:)``).
    mutating func move(firstsTo firstsDestination: UnsafeMutableRawPointer, secondsTo secondsDestination: UnsafeMutableRawPointer) {
        secondsDestination.bindMemory(to: Second.self, capacity: firsts.count).moveInitialize(from: seconds, count: firsts.count)
        firsts.move(to: firstsDestination)
    }

    /// Frees the buffers; the stack must not be used again.
    func release() {
        seconds.deinitialize(count: firsts.count)
        seconds.deallocate()
        firsts.release()
    }
}
