/// One of a ``SyntaxTree``'s tables: a read-only collection that keeps its tree alive, so
/// that `base`, a pointer into the tree's ``TreeBlock``, stays valid while it is used; every
/// read is checked against `count`.
public struct TreeTable<Element>: RandomAccessCollection {
    let owner: SyntaxTree
    let base: UnsafePointer<Element>
    public let count: Int

    init(owner: SyntaxTree, base: UnsafeMutablePointer<Element>, count: Int) {
        self.owner = owner
        self.base = UnsafePointer(base)
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return withExtendedLifetime(owner) { base[position] }
    }
}
