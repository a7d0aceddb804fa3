/// What the ``Checker`` knows, before anything is evaluated, of the rows a name holds: the
/// keys of every row of a table or collection field, or of every line and point of a chart,
/// level by level. With it the checker
/// reports `items.prise`, and `row.prise` in `map(items, (row) -> row.prise * row.qty)`,
/// which would fail at run time (`unknown-column`).
///
/// Levels refer to each other by position, not by nesting, so that a collection's schemas
/// (which may even name each other in a cycle) cost one level each, however deep their rows.
public struct RowShapes: Sendable {
    /// What a level's rows and keys are called in messages.
    public struct Noun: Sendable {
        /// One row and several: `row`, `rows`; `line`, `lines`.
        public var row: String
        public var rows: String
        /// One key of a row: `column`, `property`.
        public var key: String
        /// A key as a path from the field names it: `column`; `line property`.
        public var pathKey: String
        /// What lists the keys: `its columns are`.
        public var listing: String

        public init(row: String, rows: String, key: String, pathKey: String, listing: String) {
            self.row = row
            self.rows = rows
            self.key = key
            self.pathKey = pathKey
            self.listing = listing
        }

        /// A table's or a collection's rows and their columns.
        public static let tableRow = Noun(row: "row", rows: "rows", key: "column", pathKey: "column", listing: "its columns are")
        /// A chart's lines and their properties.
        public static let chartLine = Noun(row: "line", rows: "lines", key: "property", pathKey: "line property",
                                           listing: "its lines' properties are")
        /// A chart line's points and their properties.
        public static let chartPoint = Noun(row: "point", rows: "points", key: "property", pathKey: "point property",
                                            listing: "its points' properties are")
    }

    /// One kind of row: a table's rows, the rows of one schema of a collection, a chart's
    /// lines or their points.
    public struct Level: Sendable {
        /// What the rows belong to, in messages: `table 'items'`, `schema 'checks' of
        /// collection 'sites'`, `chart 'sales'`.
        public var owner: String
        /// What the rows and their keys are called.
        public var noun: Noun
        /// The column ids: every row's keys.
        public var columns: [String]
        /// Each column's title (nil where it has none), in the order of ``columns``: a path
        /// from the field itself may use it instead of the id, ignoring case (`items.Quantity`,
        /// specification §7.4), and messages show it beside the id.
        public var titles: [String?]
        /// A collection level's child schemas, by schema key, as positions in
        /// ``RowShapes/levels``; its rows then also have the key `children`, an object of
        /// one array of rows per child schema. Nil for a table.
        public var children: [String: Int]?
        /// The columns that hold an array of rows of another level (a chart line's `points`),
        /// by position in ``RowShapes/levels``.
        public var arrays: [String: Int]
        /// The dropdown columns' options, by column id (for `unknown-option`).
        public var options: [String: OptionChoices]

        public init(owner: String, noun: Noun = .tableRow, columns: [String], titles: [String?] = [],
                    children: [String: Int]? = nil, arrays: [String: Int] = [:], options: [String: OptionChoices] = [:]) {
            self.owner = owner
            self.noun = noun
            self.columns = columns
            self.titles = titles
            self.children = children
            self.arrays = arrays
            self.options = options
        }

        /// The keys each row of this level has.
        var keys: [String] { children == nil ? columns : columns + ["children"] }
    }

    /// The levels; the first is the field's own rows.
    public var levels: [Level]

    public init(levels: [Level]) {
        precondition(!levels.isEmpty, "the field's own rows are the first level")
        self.levels = levels
    }
}
