// JoyfillEngine: formulas × documents.
//
// Binding/   DocumentContext (a field `_id` → its value, decision B1), ValueConversion (JSON
//            of a field, cell or line → formula value, by field or column type: B2–B4, C8),
//            StoredValueCheck (stored values their type does not hold: lint's `invalid-value`,
//            and the notes of the failures they cause).
//
// The dependency graph, ordering, write-back and incremental recalculation build on these.
