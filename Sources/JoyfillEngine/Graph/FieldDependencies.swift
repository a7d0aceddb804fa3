/// One field's place in the dependency graph, as `jf repl`'s `:deps` and `jf serve`'s
/// playground show it: what its formulas read, directly and through other formulas, what
/// reads it, and what a change of it recomputes.
public struct FieldDependencies: Sendable, Equatable {
    public let field: String
    /// Whether the field has a formula (a node of the graph).
    public let hasFormula: Bool
    /// The names its formulas read, in the graph's order.
    public let reads: [String]
    /// Everything it needs, through other formulas too: dependencies first; without the
    /// field itself.
    public let dependsOn: [String]
    /// The formula fields that read it directly.
    public let readBy: [String]
    /// The other formula fields a change of it recomputes, transitively, in evaluation order
    /// (its own formula, when it has one, runs again too).
    public let recomputes: [String]
    /// The cycle it is on, as a path of field ids; empty when none.
    public let cycle: [String]
    /// Whether it reads a cycle, directly or through other fields.
    public let dependsOnCycle: Bool

    public init(_ field: String, in graph: DependencyGraph) {
        self.field = field
        let node = graph.node(field)
        hasFormula = node != nil
        if let node {
            let readsByNode = graph.readNamesByNode()
            reads = readsByNode[node]
            var seen: Set = [field]
            dependsOn = graph.upstream(of: [field]).flatMap { readsByNode[$0] }.filter { seen.insert($0).inserted }
            cycle = graph.cycles[node] ?? []
            dependsOnCycle = graph.downstreamOfCycle.contains(node)
        } else {
            reads = []
            dependsOn = []
            cycle = []
            dependsOnCycle = false
        }
        readBy = graph.readers(of: field).map { graph.nodes[$0] }
        recomputes = graph.affected(by: [field]).map { graph.nodes[$0] }.filter { $0 != field }
    }
}
