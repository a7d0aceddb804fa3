/// The one block of memory that holds a ``SyntaxTree``'s tables: nodes, names, spans,
/// children and the names' function hints, back to back (``Layout``).
///
/// Invariants: the block is filled once, by ``init(moving:)``, and never written after, so
/// every thread may read it (hence `@unchecked Sendable`); it lives exactly as long as its
/// tree, whose `deinit` calls ``free()``; every read is through an id the parser made, within
/// the counts (invariant 4 of Unchecked.swift).
struct TreeBlock: @unchecked Sendable {
    let storage: UnsafeMutableRawPointer
    let nodeCount: Int
    let nameCount: Int
    let childCount: Int
    /// Where the spans start in ``storage`` (read for every error and by every pass).
    private let spanOffset: Int32
    /// True when every name is a small string, so that freeing the block need not visit them
    /// (most formulas: their names are field ids, function names and short literals).
    private let namesAreInline: Bool

    /// Names of up to this many UTF-8 bytes, made by `String(decoding:as:)` as every name is,
    /// are stored inside the `String` value (a small string) and hold no reference: 15 on
    /// 64-bit platforms; elsewhere no name is assumed to be.
    static var inlineNameLength: Int { MemoryLayout<Int>.size == 8 ? 15 : -1 }

    /// A block with a finished builder's tables, moved out of the builder, which is left empty.
    init(moving builder: borrowing TreeBuilder) {
        nodeCount = builder.nodes.count
        nameCount = builder.names.count
        childCount = builder.children.count
        let layout = Layout(nodes: nodeCount, names: nameCount, children: childCount)
        let block = UnsafeMutableRawPointer.allocate(byteCount: max(layout.bytes, 1), alignment: Layout.alignment)
        storage = block
        spanOffset = Int32(truncatingIfNeeded: layout.spans)
        namesAreInline = builder.longestName <= Self.inlineNameLength
        builder.nodes.move(firstsTo: block + layout.nodes, secondsTo: block + layout.spans)
        builder.names.move(firstsTo: block + layout.names, secondsTo: block + layout.hints)
        builder.children.move(to: block + layout.children)
    }

    /// Releases the names and the block; called once, by the tree's `deinit`.
    func free() {
        // Nodes, spans and children are plain data; only the names may need releasing.
        if !namesAreInline { nameBase.deinitialize(count: nameCount) }
        storage.deallocate()
    }

    /// Where each table starts, in bytes from the start of the block. Nodes and names need
    /// 8-byte alignment and come first; spans and children need 4, the names' function hints 2.
    struct Layout {
        /// The alignment of the block: that of its most aligned table.
        static let alignment = max(MemoryLayout<Node>.alignment, MemoryLayout<String>.alignment)
        let nodes = 0
        let names: Int
        let spans: Int
        let children: Int
        let hints: Int
        let bytes: Int
        init(nodes nodeCount: Int, names nameCount: Int, children childCount: Int) {
            names = nodeCount * MemoryLayout<Node>.stride
            spans = names + nameCount * MemoryLayout<String>.stride
            children = spans + nodeCount * MemoryLayout<SourceSpan>.stride
            hints = children + childCount * MemoryLayout<NodeID>.stride
            bytes = hints + nameCount * MemoryLayout<Int16>.stride
        }
    }

    private var layout: Layout { Layout(nodes: nodeCount, names: nameCount, children: childCount) }

    @inline(__always) var nodeBase: UnsafeMutablePointer<Node> {
        storage.assumingMemoryBound(to: Node.self)
    }
    @inline(__always) var nameBase: UnsafeMutablePointer<String> {
        (storage + layout.names).assumingMemoryBound(to: String.self)
    }
    @inline(__always) var spanBase: UnsafeMutablePointer<SourceSpan> {
        (storage + Int(spanOffset)).assumingMemoryBound(to: SourceSpan.self)
    }
    @inline(__always) var childBase: UnsafeMutablePointer<NodeID> {
        (storage + layout.children).assumingMemoryBound(to: NodeID.self)
    }

    /// The tables the evaluator reads, with the layout computed once for all four; `hints`
    /// holds, for each called name, its position among the standard functions, else -1
    /// (see ``TreeBuilder/internCall(_:)``).
    var evaluationTables: EvaluationTables {
        let layout = self.layout
        return (nodeBase, (storage + layout.names).assumingMemoryBound(to: String.self),
                (storage + layout.children).assumingMemoryBound(to: NodeID.self),
                (storage + layout.hints).assumingMemoryBound(to: Int16.self), spanBase)
    }
}

/// The tables of a tree that an evaluator reads (``SyntaxTree/evaluationTables``).
typealias EvaluationTables = (nodes: UnsafeMutablePointer<Node>, names: UnsafeMutablePointer<String>,
                              children: UnsafeMutablePointer<NodeID>, hints: UnsafeMutablePointer<Int16>,
                              spans: UnsafeMutablePointer<SourceSpan>)
