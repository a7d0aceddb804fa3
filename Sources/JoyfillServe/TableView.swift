/// How the form shows one table's (or collection's) root rows: which page of them, sorted by
/// which column, and narrowed to those a search finds. A view only: the document's rows and
/// their order are not changed, and each row keeps its number (its place in the document's
/// order), so that "Quantity, row 4" names the same cell whatever the view.
struct TableView: Equatable, Sendable {
    /// The page of rows shown (``FormRenderer/rowsPerPage`` a page), from 0.
    var page = 0
    var sort: Sort?
    /// Rows whose cells hold this text, any case; empty: every row.
    var search = ""
    /// The column the search looks in; nil: every shown column.
    var searchColumn: String?

    struct Sort: Equatable, Sendable {
        /// The column's `_id`.
        var column: String
        var descending: Bool
    }

    /// The longest search taken, in characters.
    static let maximumSearch = 500

    /// Whether the rows are shown in another order, or fewer of them, than the document has:
    /// moving a row up or down then means nothing on screen, and is not offered.
    var reorders: Bool { sort != nil || !search.isEmpty }
}
