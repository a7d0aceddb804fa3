import JoyfillJSON
import JoyfillModel

/// Which fields, pages, columns and collection schemas of a document are shown in a view
/// (``DocumentView``): a field or column the view's `hiddenViews` names is hidden, whatever
/// its logic; otherwise each item's `hidden` flag, moved by its conditional logic (``Logic``)
/// evaluated on the document's stored values. The pages are the view's.
///
/// A condition reads a field's value whether or not that field is shown (as the Joyfill SDKs
/// do), so visibility never chains and is computed in one pass: each item's logic once. A
/// collection schema's visibility depends on the row its rows hang under, so it is asked for
/// row by row (``shows(schema:in:under:)``).
public struct Visibility: Sendable {
    /// The view read.
    public let view: DocumentView
    private var hiddenFields: Set<String> = []
    private var hiddenPages: Set<String> = []
    /// The fields whose `required`, moved by their `requiredLogic`, is true, and what made it.
    private var requiredFields: [String: Requirement] = [:]
    /// Whether a column with `logic` is shown, and whether one with `requiredLogic` is
    /// required: by the field's `_id`, `|`, and ``DocumentLogic/columnKey(schema:column:)``.
    private var columnShown: [String: Bool] = [:]
    private var columnRequired: [String: Requirement?] = [:]
    /// The cell logic of columns that have it (same keys), its conditions on fields already
    /// decided, read row by row.
    private var cellLogic: [String: (requires: CellLogic?, shows: CellLogic?)] = [:]
    /// The usable logic of collection schemas, by the collection's `_id` and the schema's key.
    private let schemaLogic: [String: [String: Logic]]
    /// Logic that could not be used as written (each names its field or page).
    public let issues: [LogicIssue]
    /// The logic read, and the items whose logic reads each field: what a change of that
    /// field's value can move, besides the field itself (``refresh(after:in:)``).
    private let logic: DocumentLogic
    private var readers: [String: [Item]]?

    /// The pages of ``view``, as the logic read them (their positions shared, not read again).
    package var pages: [Page] { logic.pages.map(\.page) }

    /// One decision the logic makes from fields' values.
    private enum Item: Hashable {
        /// Whether the field at this position in ``JoyDoc/fields`` is shown.
        case field(Int)
        /// Whether the page at this place in ``DocumentLogic/pages`` is shown.
        case page(Int)
        /// Whether the field at this position is required.
        case required(Int)
        /// A column's logic, requiredLogic and cell logic: the field's position and the column's key.
        case column(Int, String)
    }

    /// A row on the way down a collection: its schema's key and the row.
    public typealias Ancestor = (schema: String, row: JSONValue)

    public init(_ values: FieldValues, view: DocumentView = .mobile) {
        let document = values.document
        let logic = DocumentLogic(document, view: view)
        self.view = view
        self.logic = logic
        issues = logic.issues
        var schemaLogic: [String: [String: Logic]] = [:]
        for (position, schemas) in logic.schemas { schemaLogic[document.fields[position].id] = schemas }
        self.schemaLogic = schemaLogic
        for position in document.fields.indices {
            recompute(.field(position), values)
            recompute(.required(position), values)
        }
        for index in logic.pages.indices { recompute(.page(index), values) }
        for (position, columns) in logic.columns {
            for key in columns.keys { recompute(.column(position, key), values) }
        }
    }

    /// The items with logic, under each field their logic reads; made on the first
    /// ``refresh(after:in:)`` (a command that decides once never pays for it).
    private func readersOfFields(in document: JoyDoc) -> [String: [Item]] {
        var readers: [String: [Item]] = [:]
        func remember(_ item: Item, reading read: Logic?...) {
            for logic in read {
                for condition in logic?.conditions ?? [] {
                    guard let name = condition.fieldRead, readers[name]?.last != item else { continue }
                    readers[name, default: []].append(item)
                }
            }
        }
        for position in document.fields.indices {
            remember(.field(position), reading: logic.fields[position])
            remember(.required(position), reading: logic.required[position])
        }
        for index in logic.pages.indices { remember(.page(index), reading: logic.pages[index].logic) }
        for (position, columns) in logic.columns {
            for (key, column) in columns {
                remember(.column(position, key), reading: column.shows, column.requires, column.cellRequires, column.cellShows)
            }
        }
        return readers
    }

    /// Brings the decisions up to date after the values of the fields `changed` moved (a
    /// change, and the formulas it ran again): only the items whose logic reads one of them, or
    /// whose own value it is, are decided again. The result is what a new ``init(_:view:)`` on
    /// the same values gives. Returns how many decisions were made again.
    @discardableResult
    public mutating func refresh(after changed: some Sequence<String>, in values: FieldValues) -> Int {
        if readers == nil { readers = readersOfFields(in: values.document) }
        var seen = Set<Item>()
        for name in changed {
            // The field itself: its `hidden` may be a formula's.
            let own = values.document.fieldIndex(name).map { [Item.field($0)] } ?? []
            for item in own + (readers?[name] ?? []) where seen.insert(item).inserted { recompute(item, values) }
        }
        return seen.count
    }

    /// Decides one item from the values.
    private mutating func recompute(_ item: Item, _ values: FieldValues) {
        let document = values.document
        switch item {
        case .field(let position):
            let field = document.fields[position]
            // Hidden for the view before logic is read: logic cannot show it.
            let hidden = values.isHidden(at: position)
            if view.hides(field.json) || !(fieldLogic(at: position, in: document)?.shows(startingHidden: hidden, in: values) ?? !hidden) {
                hiddenFields.insert(field.id)
            } else {
                hiddenFields.remove(field.id)
            }
        case .page(let index):
            // No page logic or `hidden` flag is read in a view of one page: a lone page is always shown.
            let (page, pageLogic) = logic.pages[index]
            if logic.pages.count > 1 && !(pageLogic?.shows(startingHidden: page.hidden, in: values) ?? !page.hidden) {
                hiddenPages.insert(page.id)
            } else {
                hiddenPages.remove(page.id)
            }
        case .required(let position):
            // requiredLogic moves a field's `required`.
            let field = document.fields[position]
            requiredFields[field.id] = Requirement.of(base: field.isRequired, logic: logic.required[position], holds: { $0.holds(in: values) })
        case .column(let position, let key):
            // A column's logic moves its `hidden`, its requiredLogic its `required`.
            let field = document.fields[position]
            guard let columnLogic = logic.columns[position]?[key], let column = Visibility.column(key, of: field) else { return }
            let name = field.id + "|" + key
            if let shows = columnLogic.shows { columnShown[name] = shows.shows(startingHidden: column.hidden, in: values) }
            if let requires = columnLogic.requires {
                columnRequired[name] = .some(Requirement.of(base: column.required, logic: requires, holds: { $0.holds(in: values) }))
            }
            if columnLogic.cellRequires != nil || columnLogic.cellShows != nil {
                cellLogic[name] = (columnLogic.cellRequires.map { CellLogic($0, values) }, columnLogic.cellShows.map { CellLogic($0, values) })
            }
        }
    }

    /// Why the field at `position` in `document`'s fields is hidden; nil when it is shown.
    public func hiddenBy(field position: Int, in document: JoyDoc) -> HiddenBy? {
        let field = document.fields[position]
        guard hiddenFields.contains(field.id) else { return nil }
        if view.hides(field.json) { return .hiddenViews }
        return fieldLogic(at: position, in: document) != nil ? .logic : .hidden
    }

    /// The logic of the field at `position` that the SDKs read: none in a document of one field.
    private func fieldLogic(at position: Int, in document: JoyDoc) -> Logic? {
        document.fields.count > 1 ? logic.fields[position] : nil
    }

    /// Why the page is hidden; nil when it is shown.
    public func hiddenBy(page id: String) -> HiddenBy? {
        guard hiddenPages.contains(id) else { return nil }
        return logic.pages.first { $0.page.id == id }?.logic != nil ? .logic : .hidden
    }

    /// Why a column of `field` (of its collection schema `schema`, or of the table) is hidden;
    /// nil when it is shown.
    public func hiddenBy(column: TableColumn, schema: String? = nil, in field: Field) -> HiddenBy? {
        if column.deleted { return .deleted }
        if view.hides(column.json) { return .hiddenViews }
        guard !shows(column: column, schema: schema, in: field) else { return nil }
        return columnShown[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)] != nil ? .logic : .hidden
    }

    /// Why the cell of `column` in `row` is hidden; nil when it is shown.
    public func hiddenBy(cell column: TableColumn, schema: String? = nil, in field: Field, row: JSONValue,
                         columns: [TableColumn]) -> HiddenBy? {
        guard !shows(cell: column, schema: schema, in: field, row: row, columns: columns) else { return nil }
        return cellLogic[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)]?.shows != nil
            ? .cellVisibilityLogic : .cellsHidden
    }

    /// Whether the field is shown (wherever it is placed; its pages are asked separately).
    public func shows(field id: String) -> Bool { !hiddenFields.contains(id) }

    /// Whether the page is shown.
    public func shows(page id: String) -> Bool { !hiddenPages.contains(id) }

    /// Whether the field is required: its `required`, moved by its `requiredLogic`.
    public func requires(field: Field) -> Bool { requiredFields[field.id] != nil }

    /// What makes the field required, if it is.
    public func requirement(of field: Field) -> Requirement? { requiredFields[field.id] }

    /// Whether a column of `field` (of its collection schema `schema`, or of the table) is
    /// shown: not hidden for the view, nor by its `hidden` flag moved by its `logic`, nor
    /// deleted.
    public func shows(column: TableColumn, schema: String? = nil, in field: Field) -> Bool {
        guard !view.hides(column.json), !column.deleted else { return false }
        return columnShown[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)] ?? !column.hidden
    }

    /// Whether every row needs a value in the column: its `required`, moved by its
    /// `requiredLogic`.
    public func requires(column: TableColumn, schema: String? = nil, in field: Field) -> Bool {
        requirement(of: column, schema: schema, in: field) != nil
    }

    /// What makes every row need a value in the column, if anything does.
    public func requirement(of column: TableColumn, schema: String? = nil, in field: Field) -> Requirement? {
        columnRequired[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)] ?? (column.required ? .required : nil)
    }

    /// Whether the cell of `column` in `row` (of `field`'s collection schema `schema`, or of
    /// the table; `columns` are the row's) is shown: by the column's `cellVisibilityLogic` when
    /// it has one (`hide`: hidden where the conditions hold; another action: shown only there;
    /// `cellsHidden` is then not read), else unless `cellsHidden` is true.
    public func shows(cell column: TableColumn, schema: String? = nil, in field: Field, row: JSONValue,
                      columns: [TableColumn]) -> Bool {
        if let logic = cellLogic[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)]?.shows {
            let holds = logic.holds(row: row, columns: columns)
            return logic.logic.action == .hide ? !holds : holds
        }
        return column.json["cellsHidden"]?.boolValue != true
    }

    /// Whether the cell of `column` in `row` needs a value: the column's requiredness
    /// (``requires(column:schema:in:)``), moved by its `cellRequiredLogic` on the row's cells.
    public func requires(cell column: TableColumn, schema: String? = nil, in field: Field, row: JSONValue,
                         columns: [TableColumn]) -> Bool {
        requirement(of: column, schema: schema, in: field, row: row, columns: columns) != nil
    }

    /// What makes the cell of `column` in `row` need a value, if anything does.
    public func requirement(of column: TableColumn, schema: String? = nil, in field: Field, row: JSONValue,
                            columns: [TableColumn]) -> Requirement? {
        let base = requirement(of: column, schema: schema, in: field)
        guard let logic = cellLogic[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)]?.requires,
              logic.holds(row: row, columns: columns) else { return base }
        return logic.logic.action == .enforce ? .cellRequiredLogic : nil
    }

    /// Whether a column of `field` has cell logic, so that its cells are decided row by row.
    func hasCellLogic(_ column: TableColumn, schema: String?, in field: Field) -> Bool {
        cellLogic[field.id + "|" + DocumentLogic.columnKey(schema: schema, column: column.id)] != nil
            || column.json["cellsHidden"]?.boolValue == true
    }

    /// The column of `field` that a ``DocumentLogic/columnKey(schema:column:)`` names.
    private static func column(_ key: String, of field: Field) -> TableColumn? {
        let (schema, id) = (String(key.prefix { $0 != "/" }), String(key.drop { $0 != "/" }.dropFirst()))
        let columns = schema.isEmpty ? field.columns : field.schema[schema]?.columns ?? []
        return columns.first { $0.id == id }
    }

    /// Whether the rows of `schema`, a child schema of collection `field`, are shown under the
    /// row that is last in `ancestors` (the rows above it before it, from the root): the
    /// schema's `hidden` flag, moved by its logic on the cells of that parent row. The rows above
    /// are taken to be shown; asking level by level from the root, as validation does, makes
    /// a schema hidden under a row hide everything below it too.
    public func shows(schema: CollectionSchema, in field: Field, under ancestors: [Ancestor]) -> Bool {
        // The SDKs answer for the keys a row's `children` holds (or, when it holds none, for its
        // schema's children): a child schema missing from a row's non-empty `children` gets no
        // answer there, which reads as shown, hidden flag and logic notwithstanding.
        if let children = ancestors.last?.row["children"]?.members, !children.isEmpty,
           !children.contains(where: { $0.key == schema.key }) {
            return true
        }
        guard let logic = schemaLogic[field.id]?[schema.key] else { return !schema.hidden }
        return logic.shows(startingHidden: schema.hidden) { condition in
            // The parent row's cell; the schema the condition names gives only its type.
            guard case .cell(let named, let column) = condition.subject, let parent = ancestors.last else { return false }
            let type = named.flatMap { field.schema[$0]?.columns.first { $0.id == column && !$0.deleted }?.type } ?? .text
            return condition.holds(on: parent.row["cells"]?[column], type: type)
        }
    }

    /// Whether `schema` of collection `field` can be shown under some row: it is not hidden,
    /// or it has logic that may show it.
    func mayShow(schema: CollectionSchema, in field: Field) -> Bool {
        !schema.hidden || schemaLogic[field.id]?[schema.key] != nil
    }
}
