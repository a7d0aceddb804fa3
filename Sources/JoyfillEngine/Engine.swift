import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Evaluates a document's formulas: all of them in dependency order (``evaluateAll()``), then
/// only what a change affects (``apply(_:)``). Results are written back by field type;
/// a failure keeps the field's previous value and becomes a diagnostic (specification §8, §9).
///
/// Everything per field or formula is kept in arrays indexed by position (fields by their
/// position in the document, formulas by theirs), resolved once when the engine is made, so
/// evaluating a formula hashes no names and a million fields cost a few flat arrays.
public final class DocumentEngine {
    public private(set) var document: JoyDoc
    public let graph: DependencyGraph
    public let context: DocumentContext
    private let evaluator: Evaluator
    /// Each graph node's field, by position in the document.
    private let nodeFields: [Int32]
    /// Each node's applied formulas, as compressed rows: node `n`'s are
    /// `applications[applicationStart[n]..<applicationStart[n + 1]]`, in the field's order.
    private let applicationStart: [Int32]
    private let applications: [Application]
    /// Document formulas parsed once, by position in ``JoyDoc/formulas`` (nil when applied nowhere).
    private let trees: [SyntaxTree?]
    /// Each parsed formula's free names resolved to the context's slots (field positions).
    private let slotTables: [[Int32]]
    /// Memos of wide calls (`sum(f0, …, f99999)`), for the formulas that have one, so that an
    /// update reads again only the inputs that changed.
    private let memos: [CallMemo?]
    /// Stored values that differ from the document's, by field position (JSON null clears).
    private var values: [JSONValue?]
    private var hidden: [Bool?]
    /// Positions of the fields whose value or `hidden` was set (inputs changed by `apply` too).
    private var touched: [Bool]
    /// The edits that write the stored value of a field whose text a change rewrote itself
    /// (``apply(rewritten:)``), by field position; such a field's value is not written whole.
    private var rewritten: [Int: [JSONEdit]] = [:]
    /// Edits of a field's object that change nothing formulas read (its decorators), by field
    /// position: written with the results, for a field whose value is the document's own.
    private var textEdits: [[JSONEdit]?]
    /// For a table or collection whose rows were rewritten in place: each stored root row's
    /// place among the rows formulas see (-1 when not shown), kept while no row moves, comes
    /// or goes, so that a rewritten row is converted again alone.
    private var shownPlaces: [Int: [Int32]] = [:]
    private var statuses: [FieldStatus]
    /// Each formula field's findings, by node.
    private var nodeFindings: [[Finding]]
    /// For a node that waits on a failure, the node whose own formula failed.
    private var failureCause: [Int: Int]
    /// Per field position, the first stored value its type does not hold, as a note for the
    /// formulas that fail reading it (found on the first failure that reads the field).
    private var storedValueNotes: [Int: String?] = [:]
    /// The document's formula ids, indexed for "did you mean" on the first missing formula.
    private lazy var formulaIDs = Suggestions.Index(document.formulas.map(\.id))

    /// One applied formula, resolved: the document formula's position (-1 when it names none)
    /// and what its result sets.
    private struct Application {
        enum Target { case value, hidden, invalid }
        let formula: Int32
        let target: Target
    }

    public init(document: JoyDoc, registry: FunctionRegistry = .standard, options: EvaluationOptions = EvaluationOptions()) {
        self.document = document
        context = DocumentContext(document: document)
        evaluator = Evaluator(registry: registry, options: options)
        let fieldCount = document.fields.count
        var trees = [SyntaxTree?](repeating: nil, count: document.formulas.count)
        var slotTables = [[Int32]](repeating: [], count: document.formulas.count)
        var memos = [CallMemo?](repeating: nil, count: document.formulas.count)
        // Names: fields are numbered by position; names that are no field come after them.
        var unknownNames: [String: Int32] = [:]
        var extraNames: [String] = []
        var nodeFields: [Int32] = []
        var applicationStart: [Int32] = [0]
        var applications: [Application] = []
        var readStart: [Int32] = [0]
        var readIDs: [Int32] = []
        for (position, field) in document.fields.enumerated() where !field.appliedFormulas.isEmpty {
            for applied in field.appliedFormulas {
                let target: Application.Target = applied.key == "value" ? .value : applied.key == "hidden" ? .hidden : .invalid
                guard let formula = document.formulaIndex(applied.formula) else {
                    applications.append(Application(formula: -1, target: target))
                    continue
                }
                applications.append(Application(formula: Int32(formula), target: target))
                if trees[formula] == nil {
                    let tree = Parser.parse(document.formulas[formula].expression)
                    trees[formula] = tree
                    slotTables[formula] = DocumentEngine.slots(of: tree, in: document)
                    if CallMemo.isUseful(for: tree) { memos[formula] = CallMemo() }
                }
                let tree = trees[formula]!, slots = slotTables[formula]
                for node in tree.nodes {
                    guard case .reference(let name) = node else { continue }
                    let slot = slots[name.index]
                    if slot >= 0 {
                        readIDs.append(slot)
                    } else {
                        let text = tree.name(name)
                        if let id = unknownNames[text] {
                            readIDs.append(id)
                        } else {
                            let id = Int32(fieldCount + extraNames.count)
                            unknownNames[text] = id
                            extraNames.append(text)
                            readIDs.append(id)
                        }
                    }
                }
            }
            nodeFields.append(Int32(position))
            applicationStart.append(Int32(applications.count))
            readStart.append(Int32(readIDs.count))
        }
        let names = document.fields.map(\.id) + extraNames
        let unknown = unknownNames
        graph = DependencyGraph(names: names, nodeNames: nodeFields, readStart: readStart, readIDs: readIDs,
                                nameID: { [document] name in document.fieldIndex(name) ?? unknown[name].map(Int.init) })
        self.trees = trees
        self.slotTables = slotTables
        self.memos = memos
        self.nodeFields = nodeFields
        self.applicationStart = applicationStart
        self.applications = applications
        values = [JSONValue?](repeating: nil, count: fieldCount)
        hidden = [Bool?](repeating: nil, count: fieldCount)
        touched = [Bool](repeating: false, count: fieldCount)
        textEdits = [[JSONEdit]?](repeating: nil, count: fieldCount)
        statuses = [FieldStatus](repeating: .ok, count: nodeFields.count)
        nodeFindings = [[Finding]](repeating: [], count: nodeFields.count)
        failureCause = [Int: Int]()
    }

    /// A tree's free names resolved to field positions (-1: no such field); other names
    /// (members, string literals) are never looked up by slot and stay -1.
    private static func slots(of tree: SyntaxTree, in document: JoyDoc) -> [Int32] {
        var slots = [Int32](repeating: -1, count: tree.names.count)
        for node in tree.nodes {
            if case .reference(let name) = node, let position = document.fieldIndex(tree.name(name)) {
                slots[name.index] = Int32(position)
            }
        }
        return slots
    }

    /// Evaluates every formula once, in dependency order.
    public func evaluateAll() {
        for node in graph.order { evaluate(node) }
    }

    /// Sets fields' stored values (a `field.update` change), then re-evaluates those of them
    /// that are formula fields (their formula's result replaces the value written) and their
    /// transitive dependents, each once, in order. Returns the fields recomputed. The changes
    /// are applied together or not at all: one that names no field changes nothing.
    @discardableResult
    public func apply(_ changes: [(field: String, value: JSONValue)]) throws(EngineError) -> [String] {
        var positions: [Int] = []
        for change in changes {
            guard let position = document.fieldIndex(change.field) else {
                throw EngineError(message: "no field has the _id '\(change.field)'", suggestion: context.suggestion(for: change.field),
                                  field: change.field)
            }
            positions.append(position)
        }
        for (change, position) in zip(changes, positions) {
            store(change.value, at: position)
            storedValueNotes[position] = nil
        }
        let affected = graph.affected(byNameIDs: positions)
        for node in affected { evaluate(node) }
        return affected.map { graph.nodes[$0] }
    }

    /// Sets the stored values of fields whose text the caller rewrites itself, each with the
    /// edits of the document's text that write it (a table's rows changed in place: only
    /// those rows are written again), then re-evaluates their transitive dependents, each once,
    /// in order. Returns the fields recomputed. The fields must have no applied formula.
    ///
    /// `rows`, for a table or collection, are the stored root rows the change rewrote, and
    /// `shown`, when rows moved, came or went, the stored root rows shown, in order: formulas
    /// then see the rows they saw, in that order, with only the rewritten and new ones converted
    /// again. `rows` nil converts every row.
    ///
    /// Returns the fields recomputed, and the formula writes among them: each value formula
    /// that ran without failing and moved its field's value, with the new value, in document
    /// order (what the SDKs report as the changes' `field.update`s).
    @discardableResult
    public func apply(rewritten changes: [(position: Int, value: JSONValue, edits: [JSONEdit], rows: [Int]?, shown: [Int]?)])
        -> (recomputed: [String], writes: [(field: String, value: JSONValue)]) {
        for change in changes {
            precondition(document.fields[change.position].appliedFormulas.isEmpty, "a formula writes this field's value")
            assert(textEdits[change.position] == nil, "a field whose object the caller edits is not rewritten")
            if change.shown != nil { keepPlaces(ofFieldAt: change.position) }
            touched[change.position] = true
            values[change.position] = change.value
            rewritten[change.position] = change.edits
            storedValueNotes[change.position] = nil
            context.override(at: change.position, with: converted(change.value, at: change.position, rewrittenRows: change.rows, shown: change.shown))
        }
        let affected = graph.affected(byNameIDs: changes.map(\.position))
        let before = affected.map { storedValue(ofFieldAt: Int(nodeFields[$0])) }
        for node in affected { evaluate(node) }
        // Nodes are numbered in document order.
        let writes = zip(affected, before).sorted { $0.0 < $1.0 }.compactMap { node, old -> (field: String, value: JSONValue)? in
            let position = Int(nodeFields[node])
            let new = storedValue(ofFieldAt: position)
            guard document.fields[position].hasValueFormula, statuses[node] == .ok, !JSONValue.sameStored(new, old) else { return nil }
            return (graph.nodes[node], new ?? .null)
        }
        return (affected.map { graph.nodes[$0] }, writes)
    }

    /// Takes the `rowOrder` a change in place gave the field at `position` (the caller's edits
    /// write it into the text): from the next ``apply(rewritten:)`` of the field (which gives
    /// the rows shown), formulas see its rows in that order.
    public func setRowOrder(_ order: [String], ofFieldAt position: Int) {
        keepPlaces(ofFieldAt: position)
        document.setRowOrder(order, ofFieldAt: position)
    }

    /// Works out, unless known, where formulas see each stored root row of the field at
    /// `position` now (before a change moves them), so that the rows can be found there.
    private func keepPlaces(ofFieldAt position: Int) {
        guard shownPlaces[position] == nil, let stored = storedValue(ofFieldAt: position)?.arrayValue else { return }
        shownPlaces[position] = places(of: stored, order: document.fields[position].rowOrder)
    }

    /// Each of `stored` root rows' place among the rows shown in `order` (-1: not shown).
    private func places(of stored: [JSONValue], order: [String]?) -> [Int32] {
        var places = [Int32](repeating: -1, count: stored.count)
        for (place, index) in Field.liveRowIndices(stored, order: order).enumerated() { places[index] = Int32(place) }
        return places
    }

    /// Takes `edits` of the object of the field at `position` that change nothing formulas read
    /// (its decorators, in order, not overlapping), written with the results. The field's value
    /// must be the document's own (``touches(fieldAt:)`` false), and stays so.
    public func setTextEdits(_ edits: [JSONEdit], ofFieldAt position: Int) {
        precondition(!touched[position], "the field's value is written whole")
        textEdits[position] = edits
    }

    /// Whether the field at `position` has a value or a `hidden` flag of the run's or a
    /// change's, rather than the document's own.
    public func touches(fieldAt position: Int) -> Bool { touched[position] }

    /// What formulas see of the field at `position`, whose stored value is now `value`: the rows
    /// they saw with the `rewrittenRows` converted again when those are given (in the order
    /// `shown` when the rows moved, came or went; new rows converted), else all of it.
    private func converted(_ value: JSONValue, at position: Int, rewrittenRows: [Int]?, shown: [Int]?) -> Value {
        let field = document.fields[position]
        if let rewrittenRows, let stored = value.arrayValue, let convert = ValueConversion.rowConverter(for: field),
           case .array(let seen)? = context.value(atSlot: position) {
            if let shown, let old = shownPlaces[position] {
                let rewritten = Set(rewrittenRows)
                var places = [Int32](repeating: -1, count: stored.count)
                var elements: [Value] = []
                elements.reserveCapacity(shown.count)
                for (place, index) in shown.enumerated() {
                    places[index] = Int32(place)
                    if index < old.count, old[index] >= 0, Int(old[index]) < seen.elements.count, !rewritten.contains(index) {
                        elements.append(seen.elements[Int(old[index])])
                    } else {
                        elements.append(convert(stored[index]))
                    }
                }
                shownPlaces[position] = places
                return .array(ArrayValue(elements))
            }
            var places = shownPlaces[position] ?? []
            if places.count != stored.count {
                places = self.places(of: stored, order: field.rowOrder)
                shownPlaces[position] = places
            }
            var elements = seen.elements
            for index in rewrittenRows where places[index] >= 0 && Int(places[index]) < elements.count {
                elements[Int(places[index])] = convert(stored[index])
            }
            return .array(ArrayValue(elements))
        }
        shownPlaces[position] = nil
        return ValueConversion.value(of: field, stored: .some(value))
    }

    /// Whether the field at `position` holds a value set as a whole (by a change or a
    /// formula), not one rewritten in place (``apply(rewritten:)``).
    public func holdsWholeValue(ofFieldAt position: Int) -> Bool {
        values[position] != nil && rewritten[position] == nil
    }

    // MARK: - Results

    /// The number of fields with applied formulas.
    public var formulaFieldCount: Int { nodeFields.count }

    /// Every field with an applied formula: its status and stored value after the run.
    public var fieldReports: [FieldReport] { fieldReports(first: nodeFields.count) }

    /// The reports of the first `count` formula fields, in document order.
    public func fieldReports(first count: Int) -> [FieldReport] {
        nodeFields.prefix(count).enumerated().map { node, position in
            let field = document.fields[Int(position)]
            return FieldReport(field: field.id, type: field.type, status: statuses[node], value: values[Int(position)] ?? field.value,
                               cause: failureCause[node].map { graph.nodes[$0] })
        }
    }

    /// The stored value of the field at `position` after the run: a formula's result, a
    /// change's value, or the document's (nil when the field has no `value` key).
    public func storedValue(ofFieldAt position: Int) -> JSONValue? {
        values[position] ?? document.fields[position].value
    }

    /// The field's `hidden` flag after the run (a `hidden` formula sets it, §8.1).
    public func isHidden(fieldAt position: Int) -> Bool {
        hidden[position] ?? document.fields[position].isHidden
    }

    /// Whether writing the results would change the document; stops at the first change.
    public var hasChanges: Bool {
        if textEdits.contains(where: { $0?.isEmpty == false }) { return true }
        for position in touched.indices where touched[position] {
            let field = document.fields[position]
            if let edits = rewritten[position] {
                if !edits.isEmpty { return true }
                continue
            }
            if let value = values[position], field.json["value"].map({ $0 != value }) ?? true { return true }
            if let flag = hidden[position], field.json["hidden"]?.boolValue ?? false != flag { return true }
        }
        return false
    }

    /// Problems, by field in document order.
    public var findings: [Finding] { nodeFindings.flatMap { $0 } }

    /// The text edits that write the results into the document; empty when nothing changed.
    public var edits: [JSONEdit] {
        var edits: [JSONEdit] = []
        forEachEdit { span, replacement in edits.append(JSONEdit(span: span, replacement: replacement)) }
        return edits
    }

    /// The document with the results written in, or nil when no stored value changed (an
    /// unchanged document is not rewritten at all, §10).
    public var updatedBytes: [UInt8]? {
        let edits = edits
        return edits.isEmpty ? nil : JSONEdit.apply(edits, to: document.bytes)
    }

    /// Hands the document with the results written in to `sink`, piece by piece and in order
    /// (runs of the original text and new values), without building the edits or the whole
    /// text in memory: how a large document is written to a file.
    public func writeUpdated(into sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let raw = UnsafeRawBufferPointer(document.bytes.buffer)
        var copied = 0
        try forEachEdit { span, replacement in
            try sink(UnsafeRawBufferPointer(rebasing: raw[copied..<span.lowerBound]))
            try replacement.withUTF8 { try sink(UnsafeRawBufferPointer($0)) }
            copied = span.upperBound
        }
        try sink(UnsafeRawBufferPointer(rebasing: raw[copied...]))
    }

    /// Calls `body` with each edit, in document order: the bytes replaced and the new text.
    private func forEachEdit(_ body: (Range<Int>, inout String) throws -> Void) rethrows {
        for position in touched.indices where touched[position] || textEdits[position] != nil {
            if let edits = textEdits[position] {
                for edit in edits {
                    var replacement = edit.replacement
                    try body(edit.span, &replacement)
                }
                continue
            }
            if let edits = rewritten[position] {
                // In order, an edit overlapping one before it left out, as ``JSONEdit/apply(_:to:)`` does.
                let ordered = zip(edits, edits.dropFirst()).allSatisfy { $0.span.lowerBound <= $1.span.lowerBound }
                var end = 0
                for edit in ordered ? edits : edits.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) where edit.span.lowerBound >= end {
                    var replacement = edit.replacement
                    try body(edit.span, &replacement)
                    end = edit.span.upperBound
                }
                continue
            }
            let value = values[position]
            let flag = hidden[position]
            if value == nil && flag == nil { continue }
            let json = document.fields[position].json
            // Members the field does not have yet, added after its last one.
            var added: [JSONMember] = []
            if let value {
                if let old = json["value"], let span = old.span {
                    if old != value {
                        var replacement = ""
                        value.write(to: &replacement)
                        try body(span, &replacement)
                    }
                } else {
                    added.append(JSONMember("value", value))
                }
            }
            if let flag {
                if let old = json["hidden"], let span = old.span {
                    if old.boolValue != flag {
                        var replacement = flag ? "true" : "false"
                        try body(span, &replacement)
                    }
                } else if flag {
                    added.append(JSONMember("hidden", .bool(true)))   // an absent `hidden` already means visible
                }
            }
            if var edit = JSONEdit(adding: added, to: json) {
                try body(edit.span, &edit.replacement)
            }
        }
    }

    // MARK: - Evaluation

    private func store(_ json: JSONValue, at position: Int) {
        assert(textEdits[position] == nil, "a field whose object the caller edits is not written whole")
        touched[position] = true
        rewritten[position] = nil
        shownPlaces[position] = nil
        let field = document.fields[position]
        // A result equal to what the document holds keeps the document's text (`10.0` stays).
        if let original = field.value, original == json {
            values[position] = original
        } else {
            values[position] = json
        }
        context.override(at: position, with: ValueConversion.value(of: field, stored: .some(json)))
    }

    private func evaluate(_ node: Int) {
        let position = Int(nodeFields[node])
        let field = document.fields[position]
        if !nodeFindings[node].isEmpty { nodeFindings[node].removeAll() }
        if let cycle = graph.cycles[node] {
            statuses[node] = .circular
            let next = graph.nodes[graph.reads(of: node).first { graph.cycles[$0] != nil } ?? node]
            // Long cycles are named in full once, on the field where the path starts (CyclePath).
            let message = "circular reference: " + CyclePath.text(cycle, on: field.id)
            report(node, .circular, .circularReference, message, formula: formula(of: field, reading: next),
                   cycle: CyclePath.isWhole(cycle, on: field.id) ? cycle : nil)
            return
        }
        if graph.downstreamOfCycle.contains(node) {
            statuses[node] = .dependsOnCircular
            let source = graph.reads(of: node).first { graph.cycles[$0] != nil || graph.downstreamOfCycle.contains($0) }.map { graph.nodes[$0] } ?? ""
            report(node, .circular, .dependsOnCircular, "depends on '\(source)', which is on or after a circular reference; the value is kept",
                   formula: formula(of: field, reading: source))
            return
        }
        // A formula that reads a failed field is not evaluated: computed from the failed field's
        // kept value it would look current and be wrong. It keeps its own value and names the
        // failure it waits on (the first formula field that failed on the way).
        if let source = graph.firstRead(of: node, where: { statuses[$0] == .error || statuses[$0] == .dependsOnFailure }) {
            statuses[node] = .dependsOnFailure
            let cause = failureCause[source] ?? source
            failureCause[node] = cause
            let error = nodeFindings[cause].first?.message ?? "an error"
            let through = cause == source ? "" : " (through '\(graph.nodes[source])')"
            report(node, .other, .dependsOnFailure,
                   "depends on '\(graph.nodes[cause])', whose formula failed\(through): \(error); the value is kept",
                   formula: formula(of: field, reading: graph.nodes[source]),
                   notes: ["fix '\(graph.nodes[cause])' and this field is computed again"])
            return
        }
        failureCause[node] = nil
        statuses[node] = .ok
        let first = Int(applicationStart[node])
        for index in first..<Int(applicationStart[node + 1]) {
            let application = applications[index]
            guard application.formula >= 0, let tree = trees[Int(application.formula)] else {
                let applied = field.appliedFormulas[index - first]
                let (message, notes) = ApplicationProblems.missingFormula(applied, of: field, in: document) { formulaIDs }
                fail(node, .reference, .missingFormula, message, formula: nil, notes: notes, at: applied.json["formula"] ?? applied.json)
                continue
            }
            let definition = document.formulas[Int(application.formula)]
            let value: Value
            do throws(Diagnostic) {
                value = try evaluator.evaluate(tree, in: context, slots: slotTables[Int(application.formula)],
                                               memo: memos[Int(application.formula)])
            } catch {
                fail(node, error.kind, error.identifier, error.message, formula: (definition, error.span),
                     notes: error.notes + notes(onValuesReadBy: tree, within: error), fix: error.fix)
                continue
            }
            switch application.target {
            case .value:
                do throws(WriteBack.Mismatch) {
                    store(try WriteBack.json(value, for: field, textLimit: evaluator.options.maxStringLength), at: position)
                } catch {
                    fail(node, .type, .writeTypeMismatch, error.message, formula: (definition, tree.root.map(tree.span) ?? SourceSpan(start: 0, end: 0)))
                }
            case .hidden:
                guard case .boolean(let flag) = value else {
                    fail(node, .type, .writeTypeMismatch, "a 'hidden' formula must give a boolean, not \(value.type.rawValue)",
                         formula: (definition, tree.root.map(tree.span) ?? SourceSpan(start: 0, end: 0)))
                    continue
                }
                hidden[position] = flag
                touched[position] = true
            case .invalid:
                let applied = field.appliedFormulas[index - first]
                let (message, notes) = ApplicationProblems.invalidKey(applied)
                fail(node, .other, .invalidKey, message, formula: nil, notes: notes, at: applied.json["key"] ?? applied.json)
            }
        }
    }

    /// For a type or argument error: the stored values that the failing part of `tree` reads
    /// (or, when it reads no field itself, as in a callback over a table's rows, the whole
    /// formula) and that their field's type does not hold (`invalid-value`), which are often
    /// why it failed (`qty * 2` on a number field that holds the text "12").
    private func notes(onValuesReadBy tree: SyntaxTree, within error: Diagnostic) -> [String] {
        guard error.kind == .type || error.kind == .arguments else { return [] }
        var inside: [Int] = [], all: [Int] = []
        for (index, node) in tree.nodes.enumerated() {
            guard case .reference(let name) = node, let position = document.fieldIndex(tree.name(name)) else { continue }
            all.append(position)
            if tree.spans[index].start >= error.span.start, tree.spans[index].end <= error.span.end { inside.append(position) }
        }
        var notes: [String] = []
        for position in inside.isEmpty ? all : inside {
            if storedValueNotes[position] == nil {
                let field = document.fields[position]
                let issues = field.hasValueFormula ? [] : StoredValueCheck.issues(in: field, value: storedValue(ofFieldAt: position))
                storedValueNotes[position] = issues.first.map { first in
                    first.message + (issues.count > 1 ? " (and more like it: jf lint reports them as invalid-value)"
                                                      : " (jf lint reports it as invalid-value)")
                }
            }
            if let note = storedValueNotes[position] ?? nil, !notes.contains(note) { notes.append(note) }
        }
        return notes
    }

    /// The formula of `field` that reads `name`, with the span of that read.
    private func formula(of field: Field, reading name: String) -> (FormulaDefinition, SourceSpan)? {
        for applied in field.appliedFormulas {
            guard let index = document.formulaIndex(applied.formula), let tree = trees[index] else { continue }
            let definition = document.formulas[index]
            for (index, node) in tree.nodes.enumerated() {
                if case .reference(let id) = node, tree.name(id) == name { return (definition, tree.spans[index]) }
            }
        }
        return nil
    }

    private func fail(_ node: Int, _ kind: Diagnostic.Kind, _ code: DiagnosticCode, _ message: String, formula: (FormulaDefinition, SourceSpan)?,
                      notes: [String] = [], fix: Fix? = nil, at json: JSONValue? = nil) {
        statuses[node] = .error
        report(node, kind, code, message, formula: formula, notes: notes, fix: fix, at: json)
    }

    /// Records a diagnostic of `node`'s field: about a span of one of its formulas, or else
    /// about a JSON value of the document (`json`, by default the field).
    private func report(_ node: Int, _ kind: Diagnostic.Kind, _ code: DiagnosticCode, _ message: String,
                        formula: (FormulaDefinition, SourceSpan)?, cycle: [String]? = nil,
                        notes: [String] = [], fix: Fix? = nil, at json: JSONValue? = nil) {
        let placed: Range<Int>?
        if let (definition, span) = formula {
            let offset = document.textOffsets(of: definition)
            placed = offset(span.start)..<max(offset(span.start), offset(span.end))
        } else {
            placed = (json ?? document.fields[Int(nodeFields[node])].json).span
        }
        nodeFindings[node].append(Finding(
            code: code, kind: kind, severity: .error, message: message, notes: notes, fix: fix, field: graph.nodes[node],
            formula: formula?.0.id, expression: formula?.0.expression, span: formula?.1, cycle: cycle, range: placed))
    }
}
