import ArgumentParser
import Foundation
import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillSession

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Show a document's formula dependencies.",
        discussion: """
            Prints which fields each formula field reads, in evaluation order, with cycles and the \
            fields downstream of them marked. --format dot is for Graphviz \
            (jf graph doc.json --format dot | dot -Tsvg > graph.svg), --format mermaid for Mermaid \
            (in a ```mermaid block of Markdown, GitHub draws it): an arrow a -> b means a's \
            formula reads b; cycles are red, fields that depend on them orange, fields without \
            a formula dashed. \
            --upstream FIELD shows only what FIELD depends on; --downstream FIELD only what a \
            change to FIELD recomputes (jf graph doc.json --downstream tax_rate). Exits 1 when a \
            field shown is on a cycle.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, dot, mermaid, json
    }

    @Option(help: "Output format: text, dot, mermaid or json.")
    var format: Format = .text

    @Option(name: .customLong("upstream"), help: ArgumentHelp(
        "Show only FIELD and what it reads, transitively (repeatable).", valueName: "FIELD"))
    var upstreamFields: [String] = []

    @Option(name: .customLong("downstream"), help: ArgumentHelp(
        "Show only FIELD and the formulas that read it, transitively: what a change to it recomputes (repeatable).",
        valueName: "FIELD"))
    var downstreamFields: [String] = []

    @Argument(help: "A JoyDoc.", completion: .documents)
    var document: String

    func run() throws {
        let doc: JoyDoc
        do {
            doc = try JoyDoc(source: try Input.source(document, json: true))
        } catch let error as DocumentError {
            throw Failure.usage("\(document): \(error)")
        }
        // The formulas run, so that a failed field and what waits on it are marked: a graph that
        // showed them as plain fields would hide why their values are stale.
        let session = DocumentSession(document: doc)
        for (option, field) in upstreamFields.map({ ("--upstream", $0) }) + downstreamFields.map({ ("--downstream", $0) })
        where doc.field(field) == nil {
            let hint = Suggestions.afterMessage(session.suggestion(forField: field))
            throw Failure.usage("\(option): no field has the _id '\(field)'\(hint)")
        }
        let graph = session.graph
        let reports = session.fieldReports
        var selection = Selection(graph, upstream: upstreamFields, downstream: downstreamFields)
        selection.statuses = reports.map(\.status)
        selection.causes = reports.map(\.cause)
        let output = Terminal.standardOutput
        switch format {
        case .json: output.write(json(graph, selection, doc) + "\n")
        case .dot: output.write(Drawing(graph, selection, doc).dot)
        case .mermaid: output.write(Drawing(graph, selection, doc).mermaid)
        case .text: output.write(text(graph, selection, doc))
        }
        output.flush()
        if selection.nodes.contains(where: { graph.cycles[$0] != nil }) { throw Failure.problems }
    }

    /// The part of the graph shown: every node, or those `--upstream` and `--downstream` reach.
    private struct Selection {
        /// The formula fields shown, in evaluation order.
        var nodes: [Int]
        /// Every name each node reads (fields with formulas and inputs alike), sorted.
        var reads: [[String]]
        /// The names the drawings draw edges to (nil: every name read).
        var names: Set<String>?
        /// Each node's status after a run, and for one waiting on a failure, the failed field.
        var statuses: [FieldStatus] = []
        var causes: [String?] = []

        func failed(_ node: Int) -> Bool { node < statuses.count && statuses[node] == .error }
        func waitsOnFailure(_ node: Int) -> String? {
            node < statuses.count && statuses[node] == .dependsOnFailure ? causes[node] : nil
        }

        init(_ graph: DependencyGraph, upstream: [String], downstream: [String]) {
            reads = graph.readNamesByNode().map { $0.sorted() }
            guard !upstream.isEmpty || !downstream.isEmpty else {
                nodes = graph.order
                return
            }
            let above = graph.upstream(of: upstream)
            let below = graph.affected(by: downstream)   // the selected formula fields among them
            nodes = Set(above + below).sorted { graph.rank[$0] < graph.rank[$1] }
            // Upstream nodes bring every name they read; downstream ones only what is selected.
            var names = Set(upstream + downstream + nodes.map { graph.nodes[$0] })
            for node in above { names.formUnion(reads[node]) }
            self.names = names
        }
    }

    /// Each cycle once (a cycle's path starts at its smallest id, so that id names it).
    private func distinctCycles(_ graph: DependencyGraph, _ nodes: [Int]) -> [[String]] {
        var seen = Set<String>()
        return nodes.compactMap { graph.cycles[$0] }.filter { seen.insert($0[0]).inserted }
    }

    private func json(_ graph: DependencyGraph, _ selection: Selection, _ doc: JoyDoc) -> String {
        let readsByNode = selection.reads
        let nodes = selection.nodes.map { node -> JSONValue in
            let unknown = readsByNode[node].filter { doc.field($0) == nil }
            var cycle: JSONValue?, onCycle: JSONValue?
            if let path = graph.cycles[node] {
                if CyclePath.isWhole(path, on: graph.nodes[node]) { cycle = .strings(path) } else { onCycle = .string(path[0]) }
            }
            return .object([
                "field": .string(graph.nodes[node]),
                "reads": .strings(readsByNode[node]),
                "unknown": unknown.isEmpty ? nil : .strings(unknown),
                "cycle": cycle,
                "onCycle": onCycle,
                "dependsOnCircular": graph.downstreamOfCycle.contains(node) ? true : nil,
                "failed": selection.failed(node) ? true : nil,
                "dependsOnFailure": selection.waitsOnFailure(node).map(JSONValue.string),
            ])
        }
        let cycles = distinctCycles(graph, selection.nodes).map(JSONValue.strings)
        return JSONValue.object(["order": .array(nodes), "cycles": .array(cycles)]).text
    }

    /// The graph as `--format dot` and `--format mermaid` draw it: boxes for the formula
    /// fields shown and the fields they read, arrows from a formula field to what it reads.
    private struct Drawing {
        enum Style { case plain, onCycle, belowCycle, failed, belowFailure, input, unknownInput }
        /// Every box, inputs first (sorted), then the formula fields in evaluation order.
        var boxes: [(name: String, style: Style)] = []
        /// Arrows by box index, and whether the arrow is part of a cycle.
        var arrows: [(from: Int, to: Int, onCycle: Bool)] = []

        init(_ graph: DependencyGraph, _ selection: Selection, _ doc: JoyDoc) {
            let formulaFields = Set(graph.nodes)
            var inputs = Set<String>()
            for name in graph.readNames where !formulaFields.contains(name) && selection.names?.contains(name) != false {
                inputs.insert(name)
            }
            boxes = inputs.sorted().map { ($0, doc.field($0) == nil ? .unknownInput : .input) }
            boxes += selection.nodes.map { node in
                let style: Style = graph.cycles[node] != nil ? .onCycle : graph.downstreamOfCycle.contains(node) ? .belowCycle
                    : selection.failed(node) ? .failed : selection.waitsOnFailure(node) != nil ? .belowFailure : .plain
                return (graph.nodes[node], style)
            }
            let index = Dictionary(boxes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            for node in selection.nodes {
                for name in selection.reads[node] where selection.names?.contains(name) != false {
                    guard let from = index[graph.nodes[node]], let to = index[name] else { continue }
                    let onCycle = graph.cycles[node] != nil && graph.node(name).map { graph.cycles[$0] != nil } == true
                    arrows.append((from, to, onCycle))
                }
            }
        }

        /// Graphviz's language; ids are quoted as JSON strings, which dot reads alike.
        var dot: String {
            func quoted(_ id: String) -> String { JSONText.string(id) }
            var text = "digraph formulas {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n"
            for (name, style) in boxes {
                let attributes = switch style {
                case .plain: ""
                case .onCycle: " [color=red, fontcolor=red]"
                case .belowCycle: " [color=orange]"
                case .failed: " [color=red, style=bold, label=\(quoted(name + " (failed)"))]"
                case .belowFailure: " [color=orange, style=bold, label=\(quoted(name + " (stale)"))]"
                case .input: " [style=dashed]"
                case .unknownInput: " [style=\"dashed,filled\", fillcolor=\"#eeeeee\", label=\(quoted(name + " (unknown)"))]"
                }
                text += "  \(quoted(name))\(attributes);\n"
            }
            for arrow in arrows {
                text += "  \(quoted(boxes[arrow.from].name)) -> \(quoted(boxes[arrow.to].name))\(arrow.onCycle ? " [color=red]" : "");\n"
            }
            return text + "}\n"
        }

        /// Mermaid's flowchart. A field id may hold any character, so boxes are named by number
        /// (`f0`, `f1` …) and labelled with the id, its `"`, `#`, `<`, `>` and `&` written as
        /// Mermaid's entity codes.
        var mermaid: String {
            func label(_ name: String) -> String {
                var text = ""
                for character in name {
                    switch character {
                    case "\"", "#", "<", ">", "&": text += "#\(character.unicodeScalars.first!.value);"
                    case "\n", "\r", "\t": text += " "
                    default: text.append(character)
                    }
                }
                return "\"" + text + "\""
            }
            var text = "flowchart LR\n"
            text += "  classDef input stroke-dasharray: 5 5\n"
            text += "  classDef unknown stroke-dasharray: 5 5, fill:#eeeeee\n"
            text += "  classDef cycle stroke:red, color:red\n"
            text += "  classDef belowCycle stroke:orange\n"
            text += "  classDef failed stroke:red, stroke-width:3px\n"
            text += "  classDef belowFailure stroke:orange, stroke-width:3px\n"
            for (number, (name, style)) in boxes.enumerated() {
                let shown = style == .unknownInput ? name + " (unknown)" : style == .failed ? name + " (failed)"
                    : style == .belowFailure ? name + " (stale)" : name
                let type = switch style {
                case .plain: ""
                case .onCycle: ":::cycle"
                case .belowCycle: ":::belowCycle"
                case .failed: ":::failed"
                case .belowFailure: ":::belowFailure"
                case .input: ":::input"
                case .unknownInput: ":::unknown"
                }
                text += "  f\(number)[\(label(shown))]\(type)\n"
            }
            for arrow in arrows {
                text += "  f\(arrow.from) --> f\(arrow.to)\n"
            }
            let red = arrows.indices.filter { arrows[$0].onCycle }
            if !red.isEmpty {
                text += "  linkStyle " + red.map(String.init).joined(separator: ",") + " stroke:red\n"
            }
            return text
        }
    }

    private func text(_ graph: DependencyGraph, _ selection: Selection, _ doc: JoyDoc) -> String {
        var text = ""
        let readsByNode = selection.reads
        // Names in a column, as `jf run` lists fields (a very long name does not widen it).
        let width = min(24, selection.nodes.map { graph.nodes[$0].count }.max() ?? 0)
        for node in selection.nodes {
            let name = graph.nodes[node]
            var line = name + String(repeating: " ", count: max(width - name.count, 0))
            let names = readsByNode[node].map { doc.field($0) == nil ? $0 + " (unknown)" : $0 }
            line += names.isEmpty ? "  (reads nothing)" : "  reads " + names.joined(separator: ", ")
            if let cycle = graph.cycles[node] {
                line += CyclePath.isWhole(cycle, on: name) ? "  [circular: " + cycle.joined(separator: " → ") + "]"
                    : "  [circular: a cycle of \(cycle.count - 1) fields, whose path is shown on '\(cycle[0])']"
            }
            else if graph.downstreamOfCycle.contains(node) { line += "  [depends on a cycle]" }
            else if selection.failed(node) { line += "  [failed]" }
            else if let cause = selection.waitsOnFailure(node) { line += "  [depends on a failure: '\(cause)']" }
            text += line + "\n"
        }
        return text
    }
}
