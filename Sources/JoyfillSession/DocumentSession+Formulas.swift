import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON

extension DocumentSession {
    /// The number of fields with applied formulas.
    public var formulaFieldCount: Int { engine.formulaFieldCount }

    /// The reports of the first `count` formula fields, in document order.
    public func fieldReports(first count: Int) -> [FieldReport] { engine.fieldReports(first: count) }

    /// Which formula fields read which, in what order they run, and their cycles.
    public var graph: DependencyGraph { engine.graph }

    /// What field `id` reads and what reads it, transitively, through the formulas.
    public func dependencies(of id: String) -> FieldDependencies { FieldDependencies(id, in: engine.graph) }

    /// The names a formula over the document sees: its fields, with their values after the
    /// run and the changes since, as the formulas read them.
    public var evaluationContext: any EvaluationContext { engine.context }

    /// A field id like `name` (a misspelling, another case), for a "did you mean" hint.
    public func suggestion(forField name: String) -> String? { engine.context.suggestion(for: name) }

    /// The stored value of the field at `position` now: a formula's result, a change's value,
    /// or the document's (nil when the field has no `value` key).
    public func storedValue(ofFieldAt position: Int) -> JSONValue? { engine.storedValue(ofFieldAt: position) }

    /// Whether the formulas and the changes moved any stored value or `hidden` flag: whether
    /// writing the document out would change its text.
    public var hasChanges: Bool { engine.hasChanges }

    /// Hands ``currentBytes`` to `sink` piece by piece, in order, without making the whole text
    /// in memory: how a large document is written to a file.
    public func writeCurrent(into sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try engine.writeUpdated(into: sink)
    }

    /// Changes named by path (a field id, or a cell: `items.0.qty`, `items.r1.qty`), turned into
    /// the whole-field changes ``set(_:)`` takes; cells of one field merge into one value.
    public func fieldChanges(_ changes: [(path: String, value: JSONValue)]) throws(EngineError) -> [(field: String, value: JSONValue)] {
        try engine.fieldChanges(changes)
    }

    /// What the value field `id` holds now does not fit its type in (a number field holding
    /// text …): said at once of a value a change set. Tables and collections are not checked.
    public func storedValueIssues(ofChangedField id: String) -> [StoredValueCheck.Issue] {
        engine.storedValueIssues(ofChangedField: id)
    }
}
