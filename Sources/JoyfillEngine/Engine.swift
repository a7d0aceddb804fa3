import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Evaluates a document's formulas: all of them in dependency order (``evaluateAll()``), then
/// only what a change affects (``apply(_:)``). Results are written back by field type;
/// a failure keeps the field's previous value and becomes a diagnostic (B5–B9, C9–C11).
public final class DocumentEngine {
    public let document: JoyDoc
    public let graph: DependencyGraph
    public let context: DocumentContext
    private let evaluator: Evaluator
    /// Parsed document formulas by id (each formula is parsed once).
    private var trees: [String: SyntaxTree] = [:]
    /// Each formula's names resolved to the context's slots, by formula id (made on first use).
    private var slotTables: [String: [Int32]] = [:]
    private var formulaFields: [Field] = []
    /// Stored values that differ from the document's (field id → value; JSON null clears).
    private var values: [String: JSONValue] = [:]
    private var hidden: [String: Bool] = [:]
    /// Positions of the fields whose value or `hidden` was set (inputs changed by `apply` too).
    private var touched = Set<Int>()
    private var statuses: [FieldStatus]
    private var findings: [[EngineDiagnostic]]

    /// Cycles longer than this are named in full only on the field where the path starts.
    public static let longestPathShown = 100

    public init(document: JoyDoc, registry: FunctionRegistry = .standard, options: EvaluationOptions = EvaluationOptions()) {
        self.document = document
        context = DocumentContext(document: document)
        evaluator = Evaluator(registry: registry, options: options)
        var references: [(field: String, reads: [String])] = []
        for field in document.fields where !field.appliedFormulas.isEmpty {
            var reads: [String] = []
            for applied in field.appliedFormulas {
                guard let definition = document.formula(applied.formula) else { continue }
                let tree = trees[definition.id] ?? Parser.parse(definition.expression)
                trees[definition.id] = tree
                reads.append(contentsOf: tree.references)
            }
            formulaFields.append(field)
            references.append((field.id, reads))
        }
        graph = DependencyGraph(references)
        statuses = [FieldStatus](repeating: .ok, count: formulaFields.count)
        findings = [[EngineDiagnostic]](repeating: [], count: formulaFields.count)
    }

    /// Evaluates every formula once, in dependency order.
    public func evaluateAll() {
        for node in graph.order { evaluate(node) }
    }

    /// Sets fields' stored values (a `field.update` change), then re-evaluates only their
    /// transitive dependents, each once, in order. Returns the fields recomputed.
    @discardableResult
    public func apply(_ changes: [(field: String, value: JSONValue)]) throws(EngineError) -> [String] {
        for change in changes {
            guard let field = document.field(change.field) else {
                throw EngineError(message: "no field has the _id '\(change.field)'", suggestion: Suggestions.closest(to: change.field, in: document.fields.map(\.id)))
            }
            store(change.value, in: field)
        }
        let affected = graph.affected(by: changes.map(\.field))
        for node in affected { evaluate(node) }
        return affected.map { graph.nodes[$0] }
    }

    // MARK: - Results

    /// The number of fields with applied formulas.
    public var formulaFieldCount: Int { formulaFields.count }

    /// Every field with an applied formula: its status and stored value after the run.
    public var fieldReports: [FieldReport] { fieldReports(first: formulaFields.count) }

    /// The reports of the first `count` formula fields, in document order.
    public func fieldReports(first count: Int) -> [FieldReport] {
        formulaFields.prefix(count).enumerated().map { index, field in
            FieldReport(field: field.id, type: field.type, status: statuses[index], value: values[field.id] ?? field.value)
        }
    }

    /// Whether writing the results would change the document; stops at the first change.
    public var hasChanges: Bool {
        for field in touched.sorted().map({ document.fields[$0] }) {
            if let value = values[field.id], field.json["value"].map({ $0 != value }) ?? true { return true }
            if let flag = hidden[field.id], field.json["hidden"]?.boolValue ?? false != flag { return true }
        }
        return false
    }

    /// Problems, by field in document order.
    public var diagnostics: [EngineDiagnostic] { findings.flatMap { $0 } }

    /// The text edits that write the results into the document; empty when nothing changed.
    public var edits: [JSONEdit] {
        var edits: [JSONEdit] = []
        for field in touched.sorted().map({ document.fields[$0] }) {
            let value = values[field.id]
            let flag = hidden[field.id]
            if value == nil && flag == nil { continue }
            var inserted = ""
            for (key, newValue) in [("value", value), ("hidden", flag.map(JSONValue.bool))] {
                guard let newValue else { continue }
                if let old = field.json[key] {
                    if old != newValue, let edit = JSONEdit(replacing: old, with: newValue) { edits.append(edit) }
                } else if key == "hidden" && newValue == .bool(false) {
                    continue   // an absent `hidden` already means visible
                } else {
                    if !inserted.isEmpty { inserted += ", " }
                    inserted += "\"\(key)\": "
                    newValue.write(to: &inserted)
                }
            }
            if !inserted.isEmpty, let span = field.json.span {
                let separator = (field.json.count ?? 0) == 0 ? "" : ", "
                edits.append(JSONEdit(span: (span.upperBound - 1)..<(span.upperBound - 1), replacement: separator + inserted))
            }
        }
        return edits
    }

    /// The document with the results written in, or nil when no stored value changed (an
    /// unchanged document is not rewritten at all, B10).
    public var updatedBytes: [UInt8]? {
        let edits = edits
        return edits.isEmpty ? nil : JSONEdit.apply(edits, to: document.bytes)
    }

    // MARK: - Evaluation

    private func store(_ json: JSONValue, in field: Field) {
        if let index = document.fieldIndex(field.id) { touched.insert(index) }
        // A result equal to what the document holds keeps the document's text (`10.0` stays).
        if let original = field.value, original == json {
            values[field.id] = original
        } else {
            values[field.id] = json
        }
        context.override(field.id, with: ValueConversion.value(of: field, stored: .some(json)))
    }

    private func evaluate(_ node: Int) {
        let field = formulaFields[node]
        findings[node].removeAll()
        if let cycle = graph.cycles[node] {
            statuses[node] = .circular
            let next = graph.nodes[graph.reads(of: node).first { graph.cycles[$0] != nil } ?? node]
            // Long cycles are named in full once, on the field where the path starts; the
            // other fields get a shortened path, so reports stay linear in the document's size.
            let full = cycle.count <= DocumentEngine.longestPathShown || cycle[0] == field.id
            let shown = full ? cycle : Array(cycle.prefix(10)) + ["…"] + Array(cycle.suffix(10))
            var message = "circular reference: " + shown.joined(separator: " → ")
            if !full { message += " (\(cycle.count - 1) fields; the whole path is on '\(cycle[0])')" }
            report(node, .circular, "circular-reference", message, formula: formula(of: field, reading: next),
                   cycle: full ? cycle : nil)
            return
        }
        if graph.downstreamOfCycle.contains(node) {
            statuses[node] = .dependsOnCircular
            let source = graph.reads(of: node).first { graph.cycles[$0] != nil || graph.downstreamOfCycle.contains($0) }.map { graph.nodes[$0] } ?? ""
            report(node, .circular, "depends-on-circular", "depends on '\(source)', which is on or after a circular reference; the value is kept",
                   formula: formula(of: field, reading: source))
            return
        }
        statuses[node] = .ok
        for applied in field.appliedFormulas {
            guard let definition = document.formula(applied.formula), let tree = trees[definition.id] else {
                fail(node, .reference, "missing-formula", "the applied formula '\(applied.formula)' names no document formula", formula: nil)
                continue
            }
            let value: Value
            let slots = slotTables[definition.id] ?? Evaluator.slots(of: tree, in: context)
            slotTables[definition.id] = slots
            do throws(Diagnostic) {
                value = try evaluator.evaluate(tree, in: context, slots: slots)
            } catch {
                fail(node, error.kind, error.code ?? defaultCode(error.kind), error.message, formula: (definition, error.span))
                continue
            }
            switch applied.key {
            case "value":
                do throws(WriteBack.Mismatch) {
                    store(try WriteBack.json(value, for: field), in: field)
                } catch {
                    fail(node, .type, "write-type-mismatch", error.message, formula: (definition, tree.root.map(tree.span) ?? SourceSpan(start: 0, end: 0)))
                }
            case "hidden":
                guard case .boolean(let flag) = value else {
                    fail(node, .type, "type-mismatch", "a 'hidden' formula must give a boolean, not \(value.type.rawValue)",
                         formula: (definition, tree.root.map(tree.span) ?? SourceSpan(start: 0, end: 0)))
                    continue
                }
                hidden[field.id] = flag
                if let index = document.fieldIndex(field.id) { touched.insert(index) }
            default:
                fail(node, .other, "invalid-key", "applied formulas set 'value' or 'hidden', not '\(applied.key)'", formula: nil)
            }
        }
    }

    private func defaultCode(_ kind: Diagnostic.Kind) -> String {
        switch kind {
        case .syntax: return "syntax-error"
        case .divisionByZero: return "division-by-zero"
        case .circular: return "circular-reference"
        default: return "evaluation-error"
        }
    }

    /// The formula of `field` that reads `name`, with the span of that read.
    private func formula(of field: Field, reading name: String) -> (FormulaDefinition, SourceSpan)? {
        for applied in field.appliedFormulas {
            guard let definition = document.formula(applied.formula), let tree = trees[definition.id] else { continue }
            for (index, node) in tree.nodes.enumerated() {
                if case .reference(let id) = node, tree.name(id) == name { return (definition, tree.spans[index]) }
            }
        }
        return nil
    }

    private func fail(_ node: Int, _ kind: Diagnostic.Kind, _ code: String, _ message: String, formula: (FormulaDefinition, SourceSpan)?) {
        statuses[node] = .error
        report(node, kind, code, message, formula: formula)
    }

    private func report(_ node: Int, _ kind: Diagnostic.Kind, _ code: String, _ message: String,
                        formula: (FormulaDefinition, SourceSpan)?, cycle: [String]? = nil) {
        findings[node].append(EngineDiagnostic(
            kind: kind, code: code, field: graph.nodes[node], formula: formula?.0.id, message: message,
            span: formula?.1, expression: formula?.0.expression, cycle: cycle))
    }
}

/// How a formula field fared.
public enum FieldStatus: String, Sendable {
    case ok, error, circular, dependsOnCircular
}

/// A formula field after a run: its status and its stored value (nil when absent).
public struct FieldReport: Sendable {
    public let field: String
    public let type: FieldType
    public let status: FieldStatus
    public let value: JSONValue?
}

/// A problem with one field's formulas.
public struct EngineDiagnostic: Sendable {
    public let kind: Diagnostic.Kind
    /// A lint rule name where one fits: `circular-reference`, `write-type-mismatch` …
    public let code: String
    public let field: String
    /// The document formula involved, if any.
    public let formula: String?
    public let message: String
    /// Where in the formula's expression, if known.
    public let span: SourceSpan?
    /// The expression the span points into.
    public let expression: String?
    /// The cycle, for circular references.
    public let cycle: [String]?
}

/// A change the engine cannot apply.
public struct EngineError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let suggestion: String?
    public var description: String { message + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") }
}
