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
    /// Every name some formula reads (formula fields and inputs alike), each once.
    public let readNames: [String]
    /// The nodes each node reads, as compressed rows: node `n`'s are `readTargets[readStart[n]..<readStart[n + 1]]`.
    private let readStart: [Int32]
    private let readTargets: [Int32]
    /// The readers of each read name, as compressed rows indexed like ``readNames``.
    private let readerStart: [Int32]
    private let readerNodes: [Int32]
    private let nameIDs: [String: Int32]
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

        // Intern the read names, and record each node's reads (names and nodes) without duplicates.
        var nameIDs: [String: Int32] = [:]
        var readNames: [String] = []
        var nodeNames: [Int32] = []            // per node, its read name ids (compressed by nameStart)
        var nameStart: [Int32] = [0]
        var readStart: [Int32] = [0]
        var readTargets: [Int32] = []
        nameStart.reserveCapacity(nodes.count + 1)
        readStart.reserveCapacity(nodes.count + 1)
        for entry in references {
            let firstName = nodeNames.count
            // Short read lists are de-duplicated by a scan; long ones (a sum of 100,000 fields) with a set.
            var seen: Set<Int32>? = entry.reads.count > 16 ? [] : nil
            for name in entry.reads {
                let id: Int32
                if let known = nameIDs[name] {
                    id = known
                } else {
                    id = Int32(readNames.count)
                    nameIDs[name] = id
                    readNames.append(name)
                }
                if seen != nil {
                    if !seen!.insert(id).inserted { continue }
                } else if nodeNames[firstName...].contains(id) {
                    continue
                }
                nodeNames.append(id)
                if let target = positions[name] { readTargets.append(Int32(target)) }
            }
            nameStart.append(Int32(nodeNames.count))
            readStart.append(Int32(readTargets.count))
        }
        // Readers of each name: a counting pass, then a filling pass.
        var readerStart = [Int32](repeating: 0, count: readNames.count + 1)
        for id in nodeNames { readerStart[Int(id) + 1] += 1 }
        for index in 0..<readNames.count { readerStart[index + 1] += readerStart[index] }
        var fill = readerStart
        var readerNodes = [Int32](repeating: 0, count: nodeNames.count)
        for node in 0..<nodes.count {
            for position in Int(nameStart[node])..<Int(nameStart[node + 1]) {
                let id = Int(nodeNames[position])
                readerNodes[Int(fill[id])] = Int32(node)
                fill[id] += 1
            }
        }
        self.readNames = readNames
        self.nameIDs = nameIDs
        self.readStart = readStart
        self.readTargets = readTargets
        self.readerStart = readerStart
        self.readerNodes = readerNodes

        let (order, components) = DependencyGraph.stronglyConnectedComponents(
            count: nodes.count, reads: { node in readTargets[Int(readStart[node])..<Int(readStart[node + 1])] })
        self.order = order
        var rank = [Int](repeating: 0, count: nodes.count)
        for (position, node) in order.enumerated() { rank[node] = position }
        self.rank = rank

        var cycles: [Int: [String]] = [:]
        for component in components {
            let first = component[0]
            let isCycle = component.count > 1
                || readTargets[Int(readStart[first])..<Int(readStart[first + 1])].contains(Int32(first))
            guard isCycle else { continue }
            let path = DependencyGraph.cyclePath(in: component, nodes: nodes) { node in
                readTargets[Int(readStart[node])..<Int(readStart[node + 1])]
            }
            for node in component { cycles[node] = path }
        }
        self.cycles = cycles

        var downstream = Set<Int>()
        if !cycles.isEmpty {
            for node in order where cycles[node] == nil {
                let reads = readTargets[Int(readStart[node])..<Int(readStart[node + 1])]
                if reads.contains(where: { cycles[Int($0)] != nil || downstream.contains(Int($0)) }) { downstream.insert(node) }
            }
        }
        downstreamOfCycle = downstream
    }

    /// The nodes a node reads.
    public func reads(of node: Int) -> [Int] {
        readTargets[Int(readStart[node])..<Int(readStart[node + 1])].map(Int.init)
    }

    /// The nodes that read `name`.
    public func readers(of name: String) -> [Int] {
        guard let id = nameIDs[name] else { return [] }
        return readerNodes[Int(readerStart[Int(id)])..<Int(readerStart[Int(id) + 1])].map(Int.init)
    }

    /// For each node, every name it reads (in the order of ``readNames``).
    public func readNamesByNode() -> [[String]] {
        var result = [[String]](repeating: [], count: nodes.count)
        for (id, name) in readNames.enumerated() {
            for position in Int(readerStart[id])..<Int(readerStart[id + 1]) { result[Int(readerNodes[position])].append(name) }
        }
        return result
    }

    /// The node of a formula field.
    public func node(_ field: String) -> Int? { positions[field] }

    /// The nodes to recompute after `fields` change: everything that reads them, transitively,
    /// each once, in evaluation order. The cost is proportional to the affected part of the graph.
    public func affected(by fields: [String]) -> [Int] {
        var seen = Set<Int>()
        var queue: [Int] = []
        for field in fields { for reader in readers(of: field) where seen.insert(reader).inserted { queue.append(reader) } }
        var index = 0
        while index < queue.count {
            let node = queue[index]
            index += 1
            for reader in readers(of: nodes[node]) where seen.insert(reader).inserted { queue.append(reader) }
        }
        return queue.sorted { rank[$0] < rank[$1] }
    }

    /// Tarjan's algorithm with an explicit stack. Components come out dependencies first
    /// (a component is finished only after everything it reads); returns that node order too.
    static func stronglyConnectedComponents(count: Int, reads: (Int) -> ArraySlice<Int32>) -> (order: [Int], components: [[Int]]) {
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
                let targets = reads(node)
                if frame.edge < targets.count {
                    frames[frames.count - 1].edge += 1
                    let target = Int(targets[targets.startIndex + frame.edge])
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
    static func cyclePath(in component: [Int], nodes: [String], reads: (Int) -> ArraySlice<Int32>) -> [String] {
        let members = Set(component)
        let start = component.min { nodes[$0] < nodes[$1] }!
        var previous: [Int: Int] = [:]
        var queue = [start]
        var index = 0
        var closing: Int?
        search: while index < queue.count {
            let node = queue[index]
            index += 1
            for target in reads(node).map(Int.init) where members.contains(target) {
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
