import JoyfillFormulas
import JoyfillModel

/// Which formula fields read which fields, in what order they must be evaluated, and which
/// of them sit on or after a cycle (specification §9.1, §9.2).
///
/// Nodes are the fields that have applied formulas. An edge `a → b` means a formula of `a`
/// reads `b` (lambda parameters and function names are not reads, §7.1). Everything is computed
/// without recursion, so a chain of a million fields needs no more call stack than one.
///
/// Internally names are integers and every table is a flat array indexed by them (adjacency
/// in compressed rows), so building the graph costs no hashing when the caller has already
/// numbered its names (the document engine numbers fields by their position) and a million
/// fields cost a few arrays of integers rather than a million dictionary entries.
public struct DependencyGraph: Sendable {
    /// The formula fields, in document order; a node is an index into this array.
    public let nodes: [String]
    /// Every name some formula reads (formula fields and inputs alike), each once, in order of first read.
    public let readNames: [String]
    /// The nodes each node reads, as compressed rows: node `n`'s are `readTargets[readStart[n]..<readStart[n + 1]]`.
    private let readStart: [Int32]
    private let readTargets: [Int32]
    /// The readers of each read name, as compressed rows indexed like ``readNames``.
    private let readerStart: [Int32]
    private let readerNodes: [Int32]
    /// For each of the caller's name ids, its index in ``readNames`` (-1: never read).
    private let readIndexOfName: [Int32]
    /// For each of the caller's name ids, the node it names (-1: not a formula field).
    private let nodeOfName: [Int32]
    /// Each node's own index in ``readNames`` (-1: no formula reads it).
    private let readIndexOfNode: [Int32]
    /// The caller's name id of a name, for the string-keyed queries.
    private let nameID: @Sendable (String) -> Int?
    /// Every node once, dependencies before dependents; the nodes of a cycle are adjacent.
    public let order: [Int]
    /// Each node's position in ``order``.
    public let rank: [Int]
    /// The cycle each node is on, as a path of field ids that starts and ends at the smallest id.
    public let cycles: [Int: [String]]
    /// Nodes that read a cycle, directly or through other fields.
    public let downstreamOfCycle: Set<Int>

    /// Builds the graph from each formula field's references.
    /// - Parameter references: for each formula field, in document order, its id and the
    ///   names its formulas read.
    public init(_ references: [(field: String, reads: [String])]) {
        var ids: [String: Int32] = [:]
        var names: [String] = []
        func intern(_ name: String) -> Int32 {
            if let id = ids[name] { return id }
            let id = Int32(names.count)
            ids[name] = id
            names.append(name)
            return id
        }
        var nodeNames: [Int32] = []
        var readStart: [Int32] = [0]
        var readIDs: [Int32] = []
        for entry in references {
            nodeNames.append(intern(entry.field))
            for name in entry.reads { readIDs.append(intern(name)) }
            readStart.append(Int32(readIDs.count))
        }
        let table = ids
        self.init(names: names, nodeNames: nodeNames, readStart: readStart, readIDs: readIDs,
                  nameID: { table[$0].map(Int.init) })
    }

    /// Builds the graph from numbered names.
    /// - Parameters:
    ///   - names: the text of each name id (`names[id]`); ids are `0..<names.count`.
    ///   - nodeNames: each formula field's name id, in document order (the first of a repeated id is its node).
    ///   - readStart: compressed rows over `readIDs`: node `n` reads `readIDs[readStart[n]..<readStart[n + 1]]`
    ///     (repeats are allowed and ignored).
    ///   - nameID: the id of a name, for ``node(_:)``, ``readers(of:)`` and ``affected(by:)``.
    public init(names: [String], nodeNames: [Int32], readStart: [Int32], readIDs: [Int32],
                nameID: @escaping @Sendable (String) -> Int?) {
        let nodeCount = nodeNames.count
        nodes = nodeNames.map { names[Int($0)] }
        self.nameID = nameID
        var nodeOfName = [Int32](repeating: -1, count: names.count)
        for (node, id) in nodeNames.enumerated() where nodeOfName[Int(id)] < 0 { nodeOfName[Int(id)] = Int32(node) }
        self.nodeOfName = nodeOfName

        // Number the names that are read densely, and record each node's reads without
        // duplicates: `lastReader` remembers the last node that read a name, so a repeat within
        // one node's list is found in constant time whatever the list's length.
        var readIndexOfName = [Int32](repeating: -1, count: names.count)
        var readNames: [String] = []
        var lastReader: [Int32] = []
        var nodeReads: [Int32] = []            // per node, its read indices (compressed by nodeReadStart)
        var nodeReadStart: [Int32] = [0]
        var readStartOut: [Int32] = [0]
        var readTargets: [Int32] = []
        nodeReadStart.reserveCapacity(nodeCount + 1)
        readStartOut.reserveCapacity(nodeCount + 1)
        nodeReads.reserveCapacity(readIDs.count)
        readTargets.reserveCapacity(readIDs.count)
        for node in 0..<nodeCount {
            for position in Int(readStart[node])..<Int(readStart[node + 1]) {
                let id = Int(readIDs[position])
                var index = readIndexOfName[id]
                if index < 0 {
                    index = Int32(readNames.count)
                    readIndexOfName[id] = index
                    readNames.append(names[id])
                    lastReader.append(-1)
                }
                if lastReader[Int(index)] == Int32(node) { continue }
                lastReader[Int(index)] = Int32(node)
                nodeReads.append(index)
                let target = nodeOfName[id]
                if target >= 0 { readTargets.append(target) }
            }
            nodeReadStart.append(Int32(nodeReads.count))
            readStartOut.append(Int32(readTargets.count))
        }
        self.readNames = readNames
        self.readIndexOfName = readIndexOfName
        self.readIndexOfNode = nodeNames.map { readIndexOfName[Int($0)] }
        self.readStart = readStartOut
        self.readTargets = readTargets

        // Readers of each read name: a counting pass, then a filling pass.
        var readerStart = [Int32](repeating: 0, count: readNames.count + 1)
        for index in nodeReads { readerStart[Int(index) + 1] += 1 }
        for index in 0..<readNames.count { readerStart[index + 1] += readerStart[index] }
        var fill = readerStart
        var readerNodes = [Int32](repeating: 0, count: nodeReads.count)
        for node in 0..<nodeCount {
            for position in Int(nodeReadStart[node])..<Int(nodeReadStart[node + 1]) {
                let index = Int(nodeReads[position])
                readerNodes[Int(fill[index])] = Int32(node)
                fill[index] += 1
            }
        }
        self.readerStart = readerStart
        self.readerNodes = readerNodes

        let targets = readTargets, starts = readStartOut
        let (order, components) = DependencyGraph.stronglyConnectedComponents(
            count: nodeCount, reads: { node in targets[Int(starts[node])..<Int(starts[node + 1])] })
        self.order = order
        var rank = [Int](repeating: 0, count: nodeCount)
        for (position, node) in order.enumerated() { rank[node] = position }
        self.rank = rank

        var cycles: [Int: [String]] = [:]
        for component in components {
            let first = component[0]
            let isCycle = component.count > 1 || targets[Int(starts[first])..<Int(starts[first + 1])].contains(Int32(first))
            guard isCycle else { continue }
            let path = DependencyGraph.cyclePath(in: component, nodes: nodes) { node in
                targets[Int(starts[node])..<Int(starts[node + 1])]
            }
            for node in component { cycles[node] = path }
        }
        self.cycles = cycles

        var downstream = Set<Int>()
        if !cycles.isEmpty {
            for node in order where cycles[node] == nil {
                let reads = targets[Int(starts[node])..<Int(starts[node + 1])]
                if reads.contains(where: { cycles[Int($0)] != nil || downstream.contains(Int($0)) }) { downstream.insert(node) }
            }
        }
        downstreamOfCycle = downstream
    }

    /// The nodes a node reads.
    public func reads(of node: Int) -> [Int] {
        readTargets[Int(readStart[node])..<Int(readStart[node + 1])].map(Int.init)
    }

    /// The first node `node` reads for which `predicate` holds, without building the list.
    @inline(__always)
    public func firstRead(of node: Int, where predicate: (Int) -> Bool) -> Int? {
        for index in Int(readStart[node])..<Int(readStart[node + 1]) where predicate(Int(readTargets[index])) {
            return Int(readTargets[index])
        }
        return nil
    }

    /// The nodes that read `name`.
    public func readers(of name: String) -> [Int] {
        guard let id = nameID(name) else { return [] }
        return readers(ofNameID: id).map(Int.init)
    }

    private func readers(ofNameID id: Int) -> ArraySlice<Int32> {
        guard id >= 0, id < readIndexOfName.count else { return [] }
        return readers(ofReadIndex: Int(readIndexOfName[id]))
    }

    private func readers(ofReadIndex index: Int) -> ArraySlice<Int32> {
        guard index >= 0 else { return [] }
        return readerNodes[Int(readerStart[index])..<Int(readerStart[index + 1])]
    }

    /// For each node, every name it reads (in the order of ``readNames``).
    public func readNamesByNode() -> [[String]] {
        var result = [[String]](repeating: [], count: nodes.count)
        for (index, name) in readNames.enumerated() {
            for node in readers(ofReadIndex: index) { result[Int(node)].append(name) }
        }
        return result
    }

    /// The node of a formula field.
    public func node(_ field: String) -> Int? {
        guard let id = nameID(field), id >= 0, id < nodeOfName.count, nodeOfName[id] >= 0 else { return nil }
        return Int(nodeOfName[id])
    }

    /// The nodes to recompute after `fields` change: those of them that are formula fields (a
    /// formula field's value is its formula's: a value written there is computed again) and
    /// everything that reads them, transitively, each once, in evaluation order. The cost is
    /// proportional to the affected part of the graph.
    public func affected(by fields: [String]) -> [Int] {
        affected(byNameIDs: fields.compactMap(nameID))
    }

    /// ``affected(by:)`` for names given by id (as numbered when the graph was built).
    public func affected(byNameIDs ids: [Int]) -> [Int] {
        var seen = Set<Int32>()
        var queue: [Int32] = []
        for id in ids {
            if id >= 0, id < nodeOfName.count, nodeOfName[id] >= 0, seen.insert(nodeOfName[id]).inserted { queue.append(nodeOfName[id]) }
            for reader in readers(ofNameID: id) where seen.insert(reader).inserted { queue.append(reader) }
        }
        var index = 0
        while index < queue.count {
            let node = Int(queue[index])
            index += 1
            for reader in readers(ofReadIndex: Int(readIndexOfNode[node])) where seen.insert(reader).inserted { queue.append(reader) }
        }
        return queue.map(Int.init).sorted { rank[$0] < rank[$1] }
    }

    /// The nodes that `fields` need: the nodes of those that are formula fields and every
    /// node they read, transitively, each once, in evaluation order. The cost is proportional
    /// to that part of the graph.
    public func upstream(of fields: [String]) -> [Int] {
        var seen = [Bool](repeating: false, count: nodes.count)
        var queue: [Int32] = []
        for node in fields.compactMap(node) where !seen[node] {
            seen[node] = true
            queue.append(Int32(node))
        }
        var index = 0
        while index < queue.count {
            let node = Int(queue[index])
            index += 1
            for target in readTargets[Int(readStart[node])..<Int(readStart[node + 1])] where !seen[Int(target)] {
                seen[Int(target)] = true
                queue.append(target)
            }
        }
        return queue.map(Int.init).sorted { rank[$0] < rank[$1] }
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

    /// The shortest cycle through the component's smallest field id, following reads (§9.2):
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
