import JoyfillFormulas
import JoyfillModel

/// Which formula fields read which fields, in what order they must be evaluated, and which
/// of them sit on or after a cycle (decisions B8, B9, C1).
///
/// Nodes are the fields that have applied formulas. An edge `a → b` means a formula of `a`
/// reads `b` (lambda parameters and function names are not reads, B1). Everything is computed
/// without recursion, so a chain of a million fields needs no more call stack than one.
public struct DependencyGraph: Sendable {
    /// The formula fields, in document order; a node is an index into this array.
    public let nodes: [String]
    /// For each node, the nodes it reads (deduplicated, in first-read order).
    public let reads: [[Int]]
    /// For every field id read by some formula (formula fields and inputs alike), the nodes
    /// that read it: what must be recomputed when it changes.
    public let readers: [String: [Int]]
    /// Every node once, dependencies before dependents; the nodes of a cycle are adjacent.
    public let order: [Int]
    /// Each node's position in ``order``.
    public let rank: [Int]
    /// The cycle each node is on, as a path of field ids that starts and ends at the smallest id.
    public let cycles: [Int: [String]]
    /// Nodes that read a cycle, directly or through other fields.
    public let downstreamOfCycle: Set<Int>

    private let positions: [String: Int]

    /// Builds the graph from each formula field's references.
    /// - Parameter references: for each formula field, in document order, its id and the
    ///   names its formulas read.
    public init(_ references: [(field: String, reads: [String])]) {
        nodes = references.map(\.field)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(nodes.count)
        for (index, id) in nodes.enumerated() where positions[id] == nil { positions[id] = index }
        self.positions = positions

        var reads = [[Int]](repeating: [], count: nodes.count)
        var readers: [String: [Int]] = [:]
        for (index, entry) in references.enumerated() {
            var seen = Set<Int>()
            for name in entry.reads {
                if readers[name]?.last != index { readers[name, default: []].append(index) }
                if let target = positions[name], seen.insert(target).inserted { reads[index].append(target) }
            }
        }
        self.reads = reads
        self.readers = readers

        let (order, components) = DependencyGraph.stronglyConnectedComponents(reads)
        self.order = order
        var rank = [Int](repeating: 0, count: nodes.count)
        for (position, node) in order.enumerated() { rank[node] = position }
        self.rank = rank

        var cycles: [Int: [String]] = [:]
        for component in components {
            let isCycle = component.count > 1 || reads[component[0]].contains(component[0])
            guard isCycle else { continue }
            let path = DependencyGraph.cyclePath(in: component, reads: reads, nodes: nodes)
            for node in component { cycles[node] = path }
        }
        self.cycles = cycles

        var downstream = Set<Int>()
        for node in order where cycles[node] == nil {
            if reads[node].contains(where: { cycles[$0] != nil || downstream.contains($0) }) { downstream.insert(node) }
        }
        downstreamOfCycle = downstream
    }

    /// The node of a formula field.
    public func node(_ field: String) -> Int? { positions[field] }

    /// The nodes to recompute after `fields` change: everything that reads them, transitively,
    /// each once, in evaluation order. The cost is proportional to the affected part of the graph.
    public func affected(by fields: [String]) -> [Int] {
        var seen = Set<Int>()
        var queue: [Int] = []
        for field in fields { for reader in readers[field] ?? [] where seen.insert(reader).inserted { queue.append(reader) } }
        var index = 0
        while index < queue.count {
            let node = queue[index]
            index += 1
            for reader in readers[nodes[node]] ?? [] where seen.insert(reader).inserted { queue.append(reader) }
        }
        return queue.sorted { rank[$0] < rank[$1] }
    }

    /// Tarjan's algorithm with an explicit stack. Components come out dependencies first
    /// (a component is finished only after everything it reads); returns that node order too.
    static func stronglyConnectedComponents(_ reads: [[Int]]) -> (order: [Int], components: [[Int]]) {
        let count = reads.count
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var order: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0
        // Each frame: a node and how many of its edges have been followed.
        var frames: [(node: Int, edge: Int)] = []
        for start in 0..<count where index[start] < 0 {
            frames.append((start, 0))
            index[start] = nextIndex
            low[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack[start] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.edge < reads[node].count {
                    frames[frames.count - 1].edge += 1
                    let target = reads[node][frame.edge]
                    if index[target] < 0 {
                        index[target] = nextIndex
                        low[target] = nextIndex
                        nextIndex += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
                if low[node] == index[node] {
                    var component: [Int] = []
                    while true {
                        let member = stack.removeLast()
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    component.sort()
                    order.append(contentsOf: component)
                    components.append(component)
                }
            }
        }
        return (order, components)
    }

    /// The shortest cycle through the component's smallest field id, following reads (C1):
    /// `[a, b, c, a]` where `a` reads `b`.
    static func cyclePath(in component: [Int], reads: [[Int]], nodes: [String]) -> [String] {
        let members = Set(component)
        let start = component.min { nodes[$0] < nodes[$1] }!
        var previous: [Int: Int] = [:]
        var queue = [start]
        var index = 0
        var closing: Int?
        search: while index < queue.count {
            let node = queue[index]
            index += 1
            for target in reads[node] where members.contains(target) {
                if target == start {
                    closing = node
                    break search
                }
                if previous[target] == nil {
                    previous[target] = node
                    queue.append(target)
                }
            }
        }
        var path = [start]
        var node = closing ?? start
        var reversed: [Int] = []
        while node != start {
            reversed.append(node)
            node = previous[node] ?? start
        }
        path.append(contentsOf: reversed.reversed())
        path.append(start)
        return path.map { nodes[$0] }
    }
}
