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
    private let hiddenFields: Set<String>
    private let hiddenPages: Set<String>
    /// The fields whose `required`, moved by their `requiredLogic`, is true, and what made it.
    private let requiredFields: [String: Requirement]
    /// Whether a column with `logic` is shown, and whether one with `requiredLogic` is
    /// required: by the field's `_id`, `|`, and ``DocumentLogic/columnKey(schema:column:)``.
    private let columnShown: [String: Bool]
    private let columnRequired: [String: Requirement?]
    /// The cell logic of columns that have it (same keys), its conditions on fields already
    /// decided, read row by row.
    private let cellLogic: [String: (requires: CellLogic?, shows: CellLogic?)]
    /// The usable logic of collection schemas, by the collection's `_id` and the schema's key.
    private let schemaLogic: [String: [String: Logic]]
    /// Logic that could not be used as written (each names its field or page).
    public let issues: [LogicIssue]

    /// A row on the way down a collection: its schema's key and the row.
    public typealias Ancestor = (schema: String, row: JSONValue)

    public init(_ values: FieldValues, view: DocumentView = .mobile) {
        let document = values.document
        let logic = DocumentLogic(document, view: view)
        var hiddenFields: Set<String> = []
        // The SDKs read no field logic in a document of one field, and no page logic or
        // `hidden` flag in a view of one page: a lone page is always shown.
        let readsFieldLogic = document.fields.count > 1
        let readsPageLogic = logic.pages.count > 1
        for (position, field) in document.fields.enumerated() {
            // Hidden for the view before logic is read: logic cannot show it.
            if view.hides(field.json) {
                hiddenFields.insert(field.id)
                continue
            }
            let hidden = values.isHidden(at: position)
            let fieldLogic = readsFieldLogic ? logic.fields[position] : nil
            if !(fieldLogic?.shows(startingHidden: hidden, in: values) ?? !hidden) { hiddenFields.insert(field.id) }
        }
        var hiddenPages: Set<String> = []
        for (page, pageLogic) in logic.pages
        where readsPageLogic && !(pageLogic?.shows(startingHidden: page.hidden, in: values) ?? !page.hidden) {
            hiddenPages.insert(page.id)
        }
        var schemaLogic: [String: [String: Logic]] = [:]
        for (position, schemas) in logic.schemas { schemaLogic[document.fields[position].id] = schemas }
        // requiredLogic moves a field's or a column's `required`; column logic its `hidden`.
        var requiredFields: [String: Requirement] = [:]
        for (position, field) in document.fields.enumerated() {
            if let requirement = Requirement.of(base: field.isRequired, logic: logic.required[position], holds: { $0.holds(in: values) }) {
                requiredFields[field.id] = requirement
            }
        }
        var columnShown: [String: Bool] = [:]
        var columnRequired: [String: Requirement?] = [:]
        var cellLogic: [String: (requires: CellLogic?, shows: CellLogic?)] = [:]
        for (position, columns) in logic.columns {
            let field = document.fields[position]
            for (key, columnLogic) in columns {
                guard let column = Visibility.column(key, of: field) else { continue }
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
        self.requiredFields = requiredFields
        self.columnShown = columnShown
        self.cellLogic = cellLogic
        self.columnRequired = columnRequired
        self.view = view
        self.hiddenFields = hiddenFields
        self.hiddenPages = hiddenPages
        self.schemaLogic = schemaLogic
        issues = logic.issues
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

/// A column's cell logic, its conditions on fields decided once (they read the same fields in
/// every row) and those on the row's cells read row by row.
struct CellLogic: Sendable {
    let logic: Logic
    /// For each condition, its outcome when it reads a field; nil when it reads a cell.
    private let fieldOutcomes: [Bool?]

    init(_ logic: Logic, _ values: FieldValues) {
        self.logic = logic
        fieldOutcomes = logic.conditions.map { condition in
            if case .field = condition.subject { return condition.holds(in: values) }
            return nil
        }
    }

    /// Whether the logic holds on `row` (`columns` are the row's: a condition on a column the
    /// row's schema does not have reads it as absent).
    func holds(row: JSONValue, columns: [TableColumn]) -> Bool {
        var index = 0
        return logic.holds { condition in
            defer { index += 1 }
            if let outcome = fieldOutcomes[index] { return outcome }
            guard case .cell(_, let column) = condition.subject else { return false }
            let type = columns.first { $0.id == column && !$0.deleted }?.type ?? .text
            return condition.holds(on: row["cells"]?[column], type: type)
        }
    }
}

/// What makes a field, a column or a cell need a value: its `required` flag, its
/// `requiredLogic`, or (a cell) its column's `cellRequiredLogic`. `jf validate --json` names
/// it, so a person can see why a value is asked for.
public enum Requirement: String, Sendable {
    case required, requiredLogic, cellRequiredLogic

    /// What `logic` (required logic; `holds` tests it) makes of a value whose `required` is
    /// `base`: `enforce` requires it while its conditions hold, `unenforce` releases it.
    static func of(base: Bool, logic: Logic?, holds: (Logic) -> Bool) -> Requirement? {
        if let logic, holds(logic) {
            switch logic.action {
            case .enforce: return .requiredLogic
            case .unenforce: return nil
            case .show, .hide: break
            }
        }
        return base ? .required : nil
    }
}
