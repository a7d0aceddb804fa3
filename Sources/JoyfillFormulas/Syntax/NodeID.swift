/// The index of a node in a ``SyntaxTree``.
public struct NodeID: Hashable, Sendable {
    @usableFromInline let raw: Int32
    /// The node at position `index` of ``SyntaxTree/nodes``.
    @inlinable public init(_ index: Int) { self.raw = Int32(truncatingIfNeeded: index) }
    /// The node's position in ``SyntaxTree/nodes`` (children always come before parents).
    @inlinable public var index: Int { Int(raw) }
}

/// The index of a name or string literal in ``SyntaxTree/names``.
public struct NameID: Hashable, Sendable {
    @usableFromInline let raw: Int32
    @inlinable init(_ raw: Int) { self.raw = Int32(truncatingIfNeeded: raw) }
    @inlinable public var index: Int { Int(raw) }
}

/// A contiguous run of entries in one of the tree's side tables.
public struct TableRange: Hashable, Sendable {
    @usableFromInline let start: Int32
    @usableFromInline let count: Int32
    @inlinable init(start: Int, count: Int) {
        self.start = Int32(truncatingIfNeeded: start)
        self.count = Int32(truncatingIfNeeded: count)
    }
    @inlinable public var indices: Range<Int> { Int(start)..<Int(start + count) }
}
