/// What the ``Checker`` knows, before anything is evaluated, of the rows a name holds: the
/// keys of every row of a table or collection field, level by level. With it the checker
/// reports `items.prise`, and `row.prise` in `map(items, (row) -> row.prise * row.qty)`,
/// which would fail at run time (`unknown-column`).
///
/// Levels refer to each other by position, not by nesting, so that a collection's schemas
/// (which may even name each other in a cycle) cost one level each, however deep their rows.
public struct RowShapes: Sendable {
    /// One kind of row: a table's rows, or the rows of one schema of a collection.
    public struct Level: Sendable {
        /// What the rows are, in messages: `table 'items'`, `schema 'checks' of collection 'sites'`.
        public var owner: String
        /// The column ids: every row's keys.
        public var columns: [String]
        /// The column titles, which a path from the field itself may use instead of an id,
        /// ignoring case (`items.Quantity`, decision B4).
        public var titles: [String]
        /// A collection level's child schemas, by schema key, as positions in
        /// ``RowShapes/levels``; its rows then also have the key `children`, an object of
        /// one array of rows per child schema. Nil for a table.
        public var children: [String: Int]?

        public init(owner: String, columns: [String], titles: [String] = [], children: [String: Int]? = nil) {
            self.owner = owner
            self.columns = columns
            self.titles = titles
            self.children = children
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
