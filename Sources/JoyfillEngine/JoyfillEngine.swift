// JoyfillEngine: formulas × documents.
//
// DocumentEngine (Engine.swift) runs a JoyDoc's formulas: it parses each once, binds its
// names to field positions, orders the formula fields by the dependency graph, evaluates
// them, writes each result back by the field's type, and after a change recomputes only the
// fields that depend on it (CellChanges: a table cell's change merged into its field's).
// What a run reports: a FieldReport per formula field (its FieldStatus), a Finding per problem
// (placed in the file by a LineMap: LineMap+FileLocation); a change it cannot apply is an
// EngineError. FieldRenamer renames fields wherever a document names them.
//
// Binding/   DocumentContext (a field `_id` → its value), ValueConversion (JSON of a field,
//            cell or line → formula value, by field or column type), WriteBack (a result →
//            the JSON the field stores; WriteBack+Chart: a chart as the schema requires),
//            FieldValueTypes (what the checker may know of a field before evaluating),
//            ApplicationProblems (applied formulas that are missing or misapplied),
//            StoredValueCheck (stored values their type does not hold: lint's `invalid-value`,
//            and the notes of the failures they cause).
// Graph/     DependencyGraph: the fields each formula reads, the order to evaluate them in
//            (without recursion), cycles with their paths (named by CyclePath), what a change
//            affects.
//
// How documents bind to formulas is specified in docs/specification.md (§7–§10; a § in a
// comment is one of its sections) and described in docs/language.md ("Fields of a document").
