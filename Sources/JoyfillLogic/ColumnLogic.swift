import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The logic of one table or collection column: `logic` and `requiredLogic`, whose
/// conditions read fields, and `cellRequiredLogic` and `cellVisibilityLogic`, whose conditions
/// read the cells of the row (or fields).
public struct ColumnLogic: Sendable {
    public let shows: Logic?
    public let requires: Logic?
    public let cellRequires: Logic?
    public let cellShows: Logic?

    /// The keys of a column that hold logic.
    static let keys = LogicSlots.keys

    var isEmpty: Bool { shows == nil && requires == nil && cellRequires == nil && cellShows == nil }
}
