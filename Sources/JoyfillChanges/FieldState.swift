import JoyfillJSON
import JoyfillModel

/// One field's value while changes are applied: the whole value (after a `field.update`), or a
/// table's or collection's root rows, each still the document's text until a change touches it
/// (a change below a collection's root row changes that root row's value, and writing it
/// rewrites only what changed in it). The rows are read only when a row change needs them (a
/// `field.update` of a large table reads none).
struct FieldState {
    let field: Field
    /// The field's value replaced as a whole: written as one value.
    private var replaced = false
    private var value: JSONValue?
    /// Table rows (collection root rows) in stored order; `original`: the row as the document
    /// has it, in its text (nil for a new row, or any row after a `field.update`).
    private var rows: [(json: JSONValue, id: String, original: JSONValue?, changed: Bool)] = []
    private var rowsLoaded = false
    /// Row ids, each with the index in ``rows`` of the first row that has it.
    private var ids = StringIndex()
    private var rowOfID: [Int] = []
    private var rowOrderChanged = false
    /// The `rowOrder` the text holds as of the last ``settle()`` (at first the document's),
    /// whether it holds one, and whether a settled one is still to be written.
    private var baseOrder: [String]?
    private var hasBaseOrder: Bool
    private var orderSettled = false
    /// The rows read from the text that a change rewrote, and the new rows, by index in
    /// ``rows``, each once: what writing the changes visits, whatever the table's size.
    private var changedRows: [Int] = []
    private var addedRows: [Int] = []
    /// The root rows whose value a change rewrote since ``takeRewrittenRows()``, or nil when
    /// the value was replaced whole; and whether a change since ``takeShownOrder()`` moved,
    /// added or removed a root row among those shown.
    private var rewrittenRows: [Int]? = []
    private var shownMoved = false
    /// The rows shown, by index in ``rows``, in the order shown: worked out when a change first
    /// needs it, then kept up to date by each change (integers, so a batch of moves in a large
    /// table compares and shifts words, not ids).
    private var shown: [Int]?
    /// A collection's rows below the root rows: each id with the index in ``rows`` of the root
    /// row it is under (the first such row), made when a change first names such a row.
    private var rootOfChild: [String: Int]?

    init(_ field: Field) {
        self.field = field
        value = field.value
        baseOrder = field.rowOrder
        hasBaseOrder = field.json["rowOrder"] != nil
    }

    /// The field's value with the changes: its rows in stored order, once a row change read them.
    var current: JSONValue? {
        guard rowsLoaded, value?.arrayValue != nil || !rows.isEmpty else { return value }
        return .array(rows.map(\.json))
    }

    /// The `rowOrder` the changes write, as of the last ``settle()``; nil when they write none.
    var settledOrder: [String]? { orderSettled ? baseOrder : nil }

    /// Ends a step of a session (a list of changes applied): a `rowOrder` the step wrote
    /// becomes the order the next step starts from, as when the text is written and read
    /// again between steps (a row deleted after it stays listed, as in the text; the rows
    /// shown are worked out from it again).
    mutating func settle() {
        guard rowOrderChanged, let shown else { return }
        baseOrder = shown.map { rows[$0].id }.filter { !$0.isEmpty }
        hasBaseOrder = true
        orderSettled = true
        rowOrderChanged = false
        self.shown = nil
    }

    /// Reads the rows of the current value, once.
    mutating func loadRows() {
        guard !rowsLoaded else { return }
        rowsLoaded = true
        shown = nil
        rootOfChild = nil
        rows = (value?.arrayValue ?? []).map { ($0, $0["_id"]?.stringValue ?? "", replaced ? nil : $0, false) }
        ids = StringIndex(capacity: rows.count)
        rowOfID = []
        for (index, row) in rows.enumerated() where !row.id.isEmpty { remember(row.id, at: index) }
    }

    private mutating func remember(_ id: String, at row: Int) {
        if ids.insert(id).inserted { rowOfID.append(row) }
    }

    /// The index in ``rows`` of the first row with this id.
    private func row(_ id: String) -> Int? { ids.position(of: id).map { rowOfID[$0] } }

    func contains(_ id: String) -> Bool { row(id) != nil }

    func containsLive(_ id: String) -> Bool {
        row(id).map { rows[$0].json["deleted"]?.boolValue != true } ?? false
    }

    // MARK: Rows below a collection's root rows

    /// Where the first row below the root rows with this id is, and whether it is live: neither
    /// it nor a row above it deleted.
    mutating func childRow(_ id: String) -> (place: RowPlace, live: Bool)? {
        if rootOfChild == nil {
            var index: [String: Int] = [:]
            for (root, row) in rows.enumerated() {
                CollectionRows.forEachRow(under: row.json) { child, _ in
                    if let childID = child["_id"]?.stringValue, !childID.isEmpty, index[childID] == nil { index[childID] = root }
                    return .next
                }
            }
            rootOfChild = index
        }
        guard let root = rootOfChild?[id] else { return nil }
        guard let (place, live) = CollectionRows.find(id, in: [rows[root].json]) else { return nil }
        return (RowPlace(root: root, steps: place.steps), live)
    }

    /// The rows from the root row down to the one at `place`, each with the schema it is stored
    /// in (nil for the root row).
    func lineage(of place: RowPlace) -> [(row: JSONValue, schema: String?)] {
        CollectionRows.lineage(of: place.steps, under: rows[place.root].json)
    }

    /// The ids of the live rows at any depth, for "did you mean".
    var rowIDsAtAnyDepth: [String] {
        liveIDs + CollectionRows.liveIDs(under: rows.map(\.json))
    }

    /// Whether any row, at any depth, has this id.
    mutating func containsAtAnyDepth(_ id: String) -> Bool {
        contains(id) || childRow(id) != nil
    }

    /// The place of a live row at any depth.
    mutating func liveRow(_ id: String) -> RowPlace? {
        if let root = row(id), rows[root].json["deleted"]?.boolValue != true { return RowPlace(root: root) }
        guard let (place, live) = childRow(id), live else { return nil }
        return place
    }

    /// Replaces the row at `place` (below the root) with what `body` makes of it.
    private mutating func changeChild(at place: RowPlace, _ body: (JSONValue) -> JSONValue) {
        rows[place.root].json = CollectionRows.updating(rows[place.root].json, at: place.steps[...], body)
        markChanged(place.root)
    }

    /// Changes the stored rows of child schema `schema` under the row at `parent`.
    private mutating func changeChildren(of parent: RowPlace, schema: String,
                                         _ body: (inout [JSONValue], inout [String]?) -> Void) {
        changeChild(at: parent) { CollectionRows.updatingChildren(of: $0, schema: schema, body) }
    }

    /// Adds `row` under the row at `parent`, in child schema `schema`, at place `target` among
    /// the rows shown there (the end by default).
    mutating func createChild(_ row: JSONValue, id: String, under parent: RowPlace, schema: String, at target: Int?) {
        let parentRow = lineage(of: parent).last!.row
        let shown = CollectionRows.shownOrder(under: parentRow, schema: schema)
        // A rowOrder the level has gets the new row's id, as the SDKs' insertRow gives it one
        // (a row missing from a rowOrder has no defined place); elsewhere a row added at a
        // place keeps it by writing the order shown, as for root rows.
        let hasOrder = parentRow["children"]?[schema]?["rowOrder"] != nil
        changeChildren(of: parent, schema: schema) { stored, order in
            stored.append(row)
            var ids = shown.shown.map { shown.rows[$0]["_id"]?.stringValue ?? "" }
            if let target, target < shown.shown.count {
                ids.insert(id, at: target)
                order = ids.filter { !$0.isEmpty }
            } else if hasOrder {
                ids.append(id)
                order = ids.filter { !$0.isEmpty }
            }
        }
        rootOfChild?[id] = parent.root
    }

    /// Moves the row at `place` (below the root) to place `target` among the rows shown beside it.
    mutating func moveChild(at place: RowPlace, to target: Int) {
        let step = place.steps.last!
        let parent = place.parent!
        let (stored, shown) = CollectionRows.shownOrder(under: lineage(of: parent).last!.row, schema: step.schema)
        var moved = shown.filter { $0 != step.index }
        moved.insert(step.index, at: min(target, moved.count))
        changeChildren(of: parent, schema: step.schema) { _, order in
            order = moved.compactMap { stored[$0]["_id"]?.stringValue }.filter { !$0.isEmpty }
        }
    }

    mutating func updateChild(at place: RowPlace, cells: JSONValue, clearing cleared: [String]) {
        changeChild(at: place) { FieldState.merging(cells, clearing: cleared, into: $0) }
    }

    mutating func deleteChild(at place: RowPlace) {
        changeChild(at: place) { JSONValue.setting("deleted", to: .bool(true), in: $0) }
    }

    /// `row` with the given cells set on its `cells` and the `cleared` ones removed, the others kept.
    private static func merging(_ cells: JSONValue, clearing cleared: [String], into row: JSONValue) -> JSONValue {
        var merged = row["cells"] ?? .object([])
        if !merged.isObject { merged = .object([]) }
        for member in cells.members ?? [] { merged = JSONValue.setting(member.key, to: member.value, in: merged) }
        if !cleared.isEmpty, let members = merged.members {
            merged = .object(members.filter { !cleared.contains($0.key) })
        }
        return JSONValue.setting("cells", to: merged, in: row)
    }

    /// The ids of the rows a change can name (a row without an `_id`, or with an empty one, cannot be).
    var liveIDs: [String] { rows.filter { $0.json["deleted"]?.boolValue != true && !$0.id.isEmpty }.map(\.id) }

    private mutating func shownOrder() -> [Int] {
        if let shown { return shown }
        let order = Field.liveRowIndices(rows.map(\.json), order: baseOrder)
        shown = order
        return order
    }

    /// Notes that the row at `index` (read from the text) was rewritten.
    private mutating func markChanged(_ index: Int) {
        if !rows[index].changed, rows[index].original != nil { changedRows.append(index) }
        rows[index].changed = true
        rewrittenRows?.append(index)
    }

    /// The root rows rewritten since the last call, by index in ``current``'s stored order;
    /// nil when the value was replaced whole.
    mutating func takeRewrittenRows() -> [Int]? {
        defer { rewrittenRows = [] }
        return rewrittenRows
    }

    /// The root rows shown, by index in ``current``'s stored order, in the order shown, when a
    /// change since the last call moved, added or removed one of them; nil otherwise.
    mutating func takeShownOrder() -> [Int]? {
        guard shownMoved, rowsLoaded else { return nil }
        shownMoved = false
        return shownOrder()
    }

    mutating func replace(_ newValue: JSONValue) {
        replaced = true
        value = newValue
        rowsLoaded = false
        rows = []
        changedRows = []
        addedRows = []
        rewrittenRows = nil
        shownMoved = false
        shown = nil
        rootOfChild = nil
    }

    mutating func create(_ row: JSONValue, id: String, at target: Int?) {
        // A new row is stored after the others. A rowOrder the table has gets its id (the
        // SDKs' insertRow appends it; a row missing from a rowOrder has no defined place);
        // without one, a row added at a place keeps it by writing the order shown.
        let index = rows.count
        var order = shownOrder()
        if let target, target < order.count {
            order.insert(index, at: target)
            rowOrderChanged = true
        } else {
            order.append(index)
            if hasBaseOrder { rowOrderChanged = true }
        }
        shown = order
        remember(id, at: index)
        addedRows.append(rows.count)
        rows.append((row, id, nil, true))
        shownMoved = true
    }

    mutating func update(_ id: String, cells: JSONValue, clearing cleared: [String]) {
        let index = row(id)!
        rows[index].json = FieldState.merging(cells, clearing: cleared, into: rows[index].json)
        markChanged(index)
    }

    mutating func delete(_ id: String) {
        let index = row(id)!
        rows[index].json = JSONValue.setting("deleted", to: .bool(true), in: rows[index].json)
        markChanged(index)
        shownMoved = true
        if let place = shown?.firstIndex(of: index) { shown?.remove(at: place) }
    }

    mutating func move(_ id: String, to target: Int) {
        let index = row(id)!
        var order = shownOrder()
        if let place = order.firstIndex(of: index) { order.remove(at: place) }
        order.insert(index, at: min(target, order.count))
        shown = order
        rowOrderChanged = true
        shownMoved = true
    }

    /// The edits of the document's text that write this field's changes.
    func edits() -> [JSONEdit] {
        guard field.json.span != nil else { return [] }
        var edits: [JSONEdit] = []
        var members: [JSONMember] = []   // new members of the field object
        if replaced {
            // A field.update replaced the value; row changes after it were made on the new one.
            let written = rowsLoaded && (value?.arrayValue != nil || !rows.isEmpty) ? JSONValue.array(rows.map(\.json)) : (value ?? .null)
            if let old = field.json["value"], let oldSpan = old.span {
                edits.append(JSONEdit(span: oldSpan, replacement: written.text))
            } else {
                members.append(JSONMember("value", written))
            }
        } else {
            for index in changedRows.sorted() {
                edits += JSONEdit.edits(rewriting: rows[index].original!, as: rows[index].json) ?? []
            }
            let added = addedRows.map { rows[$0] }
            if !added.isEmpty {
                if let array = field.json["value"], array.isArray,
                   let appended = JSONEdit(appending: added.map(\.json), to: array) {
                    edits.append(appended)
                } else if let old = field.json["value"], let oldSpan = old.span {
                    edits.append(JSONEdit(span: oldSpan, replacement: JSONValue.array(added.map(\.json)).text))
                } else {
                    members.append(JSONMember("value", .array(added.map(\.json))))
                }
            }
        }
        let written = rowOrderChanged ? shown.map { $0.map { rows[$0].id }.filter { !$0.isEmpty } } : orderSettled ? baseOrder : nil
        if let written {
            let orderJSON = JSONValue.array(written.map { .string($0) })
            if let old = field.json["rowOrder"], let oldSpan = old.span {
                edits.append(JSONEdit(span: oldSpan, replacement: orderJSON.text))
            } else {
                members.append(JSONMember("rowOrder", orderJSON))
            }
        }
        if let added = JSONEdit(adding: members, to: field.json) { edits.append(added) }
        return edits
    }
}
