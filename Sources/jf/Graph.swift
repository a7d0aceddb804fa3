import ArgumentParser
import Foundation
import JoyfillEngine
import JoyfillJSON
import JoyfillModel

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a document's formula dependencies.",
        discussion: """
            Prints which fields each formula field reads, in evaluation order, with cycles and the \
            fields downstream of them marked. --format dot is for Graphviz \
            (jf graph doc.json --format dot | dot -Tsvg > graph.svg): an arrow a -> b means a's \
            formula reads b; cycles are red, fields that depend on them orange.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, dot, json
    }

    @Option(help: "Output format: text, dot or json.")
    var format: Format = .text

    @Argument(help: "A JoyDoc.")
    var document: String

    func run() throws {
        if document != "-" { HugePages.enableIfLarge([document]) }
        let doc: JoyDoc
        do {
            doc = try JoyDoc(source: try Input.source(document))
        } catch let error as DocumentError {
            throw Failure.usage("\(document): \(error)")
        }
        let graph = DocumentEngine(document: doc).graph
        let output = Terminal.standardOutput
        switch format {
        case .json: output.write(json(graph, doc) + "\n")
        case .dot: output.write(dot(graph, doc))
        case .text: output.write(text(graph, doc))
        }
        output.flush()
        if !graph.cycles.isEmpty { throw Failure.problems }
    }

    /// Every name each node reads (fields with formulas and inputs alike), sorted; one pass
    /// over the edges.
    private func readsByNode(_ graph: DependencyGraph) -> [[String]] {
        graph.readNamesByNode().map { $0.sorted() }
    }

    /// Each cycle once (a cycle's path starts at its smallest id, so that id names it).
    private func distinctCycles(_ graph: DependencyGraph) -> [[String]] {
        var seen = Set<String>()
        return graph.order.compactMap { graph.cycles[$0] }.filter { seen.insert($0[0]).inserted }
    }

    private func json(_ graph: DependencyGraph, _ doc: JoyDoc) -> String {
        let readsByNode = readsByNode(graph)
        let nodes = graph.order.map { node -> String in
            var entry = "{\"field\":\(JSONText.string(graph.nodes[node])),\"reads\":["
            entry += readsByNode[node].map(JSONText.string).joined(separator: ",") + "]"
            let unknown = readsByNode[node].filter { doc.field($0) == nil }
            if !unknown.isEmpty { entry += ",\"unknown\":[" + unknown.map(JSONText.string).joined(separator: ",") + "]" }
            if let cycle = graph.cycles[node] { entry += ",\"cycle\":[" + cycle.map(JSONText.string).joined(separator: ",") + "]" }
            if graph.downstreamOfCycle.contains(node) { entry += ",\"dependsOnCircular\":true" }
            return entry + "}"
        }
        let cycles = distinctCycles(graph)
        return "{\"order\":[" + nodes.joined(separator: ",") + "],\"cycles\":["
            + cycles.map { "[" + $0.map(JSONText.string).joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
    }

    private func dot(_ graph: DependencyGraph, _ doc: JoyDoc) -> String {
        func quoted(_ id: String) -> String { JSONText.string(id) }
        var text = "digraph formulas {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
        let formulaFields = Set(graph.nodes)
        var inputs = Set<String>()
        for name in graph.readNames where !formulaFields.contains(name) { inputs.insert(name) }
        for input in inputs.sorted() {
            let known = doc.field(input) != nil
            text += "  \(quoted(input)) [style=\(known ? "dashed" : "\"dashed,filled\", fillcolor=\"#eeeeee\", label=\(quoted(input + " (unknown)"))")];\n"
        }
        for node in graph.order {
            var attributes = ""
            if graph.cycles[node] != nil { attributes = " [color=red, fontcolor=red]" }
            else if graph.downstreamOfCycle.contains(node) { attributes = " [color=orange]" }
            text += "  \(quoted(graph.nodes[node]))\(attributes);\n"
        }
        let readsByNode = readsByNode(graph)
        for node in graph.order {
            for name in readsByNode[node] {
                let onCycle = graph.cycles[node] != nil && graph.node(name).map { graph.cycles[$0] != nil } == true
                text += "  \(quoted(graph.nodes[node])) -> \(quoted(name))\(onCycle ? " [color=red]" : "");\n"
            }
        }
        return text + "}\n"
    }

    private func text(_ graph: DependencyGraph, _ doc: JoyDoc) -> String {
        var text = ""
        let readsByNode = readsByNode(graph)
        for node in graph.order {
            var line = graph.nodes[node]
            let names = readsByNode[node].map { doc.field($0) == nil ? $0 + " (unknown)" : $0 }
            line += names.isEmpty ? "  (reads nothing)" : "  reads " + names.joined(separator: ", ")
            if let cycle = graph.cycles[node] { line += "  [circular: " + cycle.joined(separator: " → ") + "]" }
            else if graph.downstreamOfCycle.contains(node) { line += "  [depends on a cycle]" }
            text += line + "\n"
        }
        return text
    }
}
