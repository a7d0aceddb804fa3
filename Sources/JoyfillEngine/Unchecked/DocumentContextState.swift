// Unchecked/: the one construct of this module that Swift cannot check, kept here as the
// formula module keeps its own (JoyfillFormulas/Unchecked/Unchecked.swift states the
// invariants). Tests: Tests/JoyfillEngineTests/DocumentContextStateTests.swift.
import JoyfillFormulas

/// The tables of a ``DocumentContext``, declared in its superclass so that they go without
/// Swift's dynamic exclusivity checks, about a twentieth of an evaluation's instructions
/// (5,466 → 5,753 instructions an evaluation with the checks on). A context belongs to one engine and is
/// used by one thread at a time, and no access to these tables is held across a call that
/// could touch them. They are `final`, so the context reads them as its own stored properties.
/// Nothing of it is public but the name.
public class DocumentContextState {
    /// Each field's current value by position: converted on first use, or overridden.
    @exclusivity(unchecked) final var values: [Value?]
    @exclusivity(unchecked) final var overridden: [Bool]
    /// Every override's slot, in order; its length is the change version.
    @exclusivity(unchecked) final var changes: [Int32] = []
    /// Column projections already built (`items.price`), per field position, until the field
    /// is overridden: a projection allocates an array, and formulas repeat them.
    @exclusivity(unchecked) final var projections: [[(column: String, value: Value)]]

    /// Empty tables for a document of `fieldCount` fields.
    init(fieldCount: Int) {
        values = [Value?](repeating: nil, count: fieldCount)
        overridden = [Bool](repeating: false, count: fieldCount)
        projections = Array(repeating: [], count: fieldCount)
    }
}
