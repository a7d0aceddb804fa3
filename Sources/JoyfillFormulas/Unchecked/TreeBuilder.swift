#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tables a ``Parser`` fills before copying them into a ``SyntaxTree``, and its stacks.
///
/// Each thread keeps one between parses (``take()`` and ``giveBack()``), so that parsing a
/// formula allocates only the finished tree. The tables are ``RawStack``s rather than arrays:
/// a parse appends a few dozen entries, and an array append's uniqueness and capacity checks
/// cost more than the entry.
final class TreeBuilder {
    /// The nodes, each with its span.
    @exclusivity(unchecked) var nodes = PairedStack<Node, SourceSpan>()
    /// The names, each with its function hint (see ``internCall(_:)``).
    @exclusivity(unchecked) var names = PairedStack<String, Int16>()
    /// The UTF-8 length of the longest name so far that is not a small string (see
    /// ``TreeBlock/inlineNameLength``); small strings, which hold no reference, are not counted.
    @exclusivity(unchecked) var longestName = 0
    @exclusivity(unchecked) var children = RawStack<NodeID>()
    @exclusivity(unchecked) var root: NodeID?
    @exclusivity(unchecked) var diagnostics: [Diagnostic] = []
    @exclusivity(unchecked) var extensions: [SyntaxExtension] = []
    /// The children of the lists being parsed (arguments, elements; each list uses the top).
    @exclusivity(unchecked) var pending = RawStack<NodeID>()
    /// The keys of the object literals being parsed (the spans of their text).
    @exclusivity(unchecked) var keys = RawStack<SourceSpan>()
    /// The lambda parameters in scope, innermost last.
    @exclusivity(unchecked) var scope = RawStack<String>()
    /// This thread's strings for long names already seen.
    let cache = NameCache()
    /// ``SmallString/isSupported``, read once.
    private let makesSmallStrings = SmallString.isSupported
    /// The standard functions' positions by folded name, for call hints.
    private let callHints = CallHints(FunctionRegistry.standard.foldedNames)
    /// True while a parse on this thread uses the builder.
    @exclusivity(unchecked) fileprivate var inUse = false

    deinit {
        nodes.release()
        names.release()
        children.release()
        pending.release()
        scope.release()
        keys.release()
        callHints.release()
    }

    subscript(id: NodeID) -> Node { nodes.firsts[id.index] }
    func span(of id: NodeID) -> SourceSpan { nodes.seconds[id.index] }
    func name(_ id: NameID) -> String { names.firsts[id.index] }

    @inline(__always)
    func append(_ node: Node, _ span: SourceSpan) -> NodeID {
        nodes.append(node, span)
        return NodeID(nodes.count - 1)
    }

    /// Gives node `id` the span `span` (a group's: its parentheses included).
    func respan(_ id: NodeID, _ span: SourceSpan) {
        nodes.seconds[id.index] = span
    }

    /// Puts `node` and `span` in place of node `id`.
    func replace(_ id: NodeID, with node: Node, _ span: SourceSpan) {
        nodes.firsts[id.index] = node
        nodes.seconds[id.index] = span
    }

    /// Adds the name or string literal spelled by `bytes`.
    ///
    /// A short one is packed into its `String` directly; a long one comes from ``cache``,
    /// so that trees share its storage (which lets ``NameSlotCache`` recognise it).
    @inline(__always)
    func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> NameID { add(bytes, isCall: false) }

    /// Adds a called function's name, with its hint: its position among the standard
    /// functions (see ``FunctionRegistry/hintedFunctions``), or -1.
    func internCall(_ bytes: UnsafeBufferPointer<UInt8>) -> NameID { add(bytes, isCall: true) }

    /// ``intern(_:)``, with the hint of a call's name: a short name's bytes are loaded once,
    /// for its small `String` and its hint alike.
    @inline(__always)
    private func add(_ bytes: UnsafeBufferPointer<UInt8>, isCall: Bool) -> NameID {
        let count = bytes.count
        if count <= SmallString.capacity && makesSmallStrings {
            let (low, high) = SmallString.load(bytes)
            let hint = isCall && count > 0 ? callHints.position(low: low, high: high, count: count) : -1
            // The small string's words are stored as they are: a small string holds no
            // reference, but a `String` copied in would still go through two runtime calls
            // to retain nothing.
            names.appendUninitialized(second: hint)
                .storeBytes(of: SmallString.words(low: low, high: high, count: count), as: (UInt64, UInt64).self)
            return NameID(names.count - 1)
        }
        return addLong(bytes, isCall: isCall)
    }

    /// ``add(_:isCall:)`` for a name longer than a small string, out of line so that the
    /// common case is small enough to be inlined where names are read.
    @inline(never)
    private func addLong(_ bytes: UnsafeBufferPointer<UInt8>, isCall: Bool) -> NameID {
        let hint = isCall ? callHints.position(bytes) : -1
        names.append(cache.lookup(bytes), hint)
        longestName = max(longestName, bytes.count)
        return NameID(names.count - 1)
    }

    /// The local slot of the innermost lambda parameter in scope called `name`, if any.
    func slot(of name: String) -> Int? {
        var index = scope.count - 1
        while index >= 0 {
            if scope[index] == name { return index }
            index -= 1
        }
        return nil
    }

    /// Moves the pending children from `base` on into the children table.
    func moveChildren(from base: Int) -> TableRange {
        let start = children.count
        children.append(from: pending, base..<pending.count)
        pending.truncate(to: base)
        return TableRange(start: start, count: children.count - start)
    }

    /// Empties every table for a parse.
    private func reset() {
        root = nil
        longestName = 0
        nodes.removeAll()
        names.removeAll()
        children.removeAll()
        pending.removeAll()
        scope.removeAll()
        keys.removeAll()
        if !diagnostics.isEmpty { diagnostics = [] }
        if !extensions.isEmpty { extensions = [] }
    }

    /// Tables larger than this (a formula of tens of thousands of nodes) are dropped after the
    /// parse instead of kept for the next one, so that a thread does not hold on to them.
    static let keptCapacity = 1 << 14

    /// This thread's builder, emptied; a new one when a parse on this thread is already using it.
    static func take() -> TreeBuilder {
        // Two returns rather than one of either builder: a value that may be one of two
        // references would be retained once more.
        let builder = ThreadBuilders.current
        if builder.inUse {
            let fresh = TreeBuilder()
            fresh.inUse = true
            return fresh
        }
        builder.inUse = true
        builder.reset()
        return builder
    }

    /// Ends a parse with this builder: the thread keeps it for the next one.
    func giveBack() {
        inUse = false
        if max(nodes.capacity, names.capacity, children.capacity, pending.capacity, scope.capacity, keys.capacity) > TreeBuilder.keptCapacity {
            ThreadBuilders.replace(self)
        }
    }
}

/// Each thread's ``TreeBuilder``, in thread-local storage.
enum ThreadBuilders {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // The thread is ending: release its builder.
            guard let pointer = pointer as UnsafeMutableRawPointer? else { return }
            Unmanaged<TreeBuilder>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed")
        return key
    }()

    /// This thread's builder.
    static var current: TreeBuilder {
        if let pointer = pthread_getspecific(key) { return Unmanaged<TreeBuilder>.fromOpaque(pointer).takeUnretainedValue() }
        let builder = TreeBuilder()
        pthread_setspecific(key, Unmanaged.passRetained(builder).toOpaque())
        return builder
    }

    /// Gives this thread a fresh builder in place of `builder` when `builder` is its own
    /// (which has grown too large to keep).
    static func replace(_ builder: TreeBuilder) {
        guard let pointer = pthread_getspecific(key),
              Unmanaged<TreeBuilder>.fromOpaque(pointer).takeUnretainedValue() === builder else { return }
        pthread_setspecific(key, Unmanaged.passRetained(TreeBuilder()).toOpaque())
        Unmanaged<TreeBuilder>.fromOpaque(pointer).release()
    }
}
