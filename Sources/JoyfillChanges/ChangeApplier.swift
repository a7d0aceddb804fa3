import JoyfillDecorators
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Applies changes to a document's text, all or none: the result is the text with each
/// changed value rewritten in place (an untouched row, field or byte keeps its text), or the
/// first change that cannot be applied. Formulas are not run here; ``DocumentSession`` runs them
/// on the result.
///
/// Changes are gathered per field in memory first, so any number of them costs one pass over
/// the document: within a table's changed rows only what changed is rewritten (a cell, a
/// collection row's child rows), new rows are added at the end of its `value`, and its
/// `rowOrder` is written when a row's place was given or a new row joins one. Decorator
/// changes are gathered the same way, by ``DecoratorEditor``, and written as edits of the
/// members they change. Changes to different fields commute, so both kinds share one pass; only
/// when one field gets a decorator change after a value change (or the other way round) is the
/// text written so far read again before going on.
public enum ChangeApplier {
    public static func apply(_ changes: [DocumentChange], to document: JoyDoc,
                             newID: () -> String = ObjectID.make) throws(ChangeError) -> [UInt8] {
        var changelogs: [Int: [JSONValue]] = [:]
        return try apply(changes, to: document, newID: newID, createdOn: 0, pageChangelogs: &changelogs)
    }

    /// ``apply(_:to:newID:)``, with the changelogs of each page deletion or duplication by the
    /// change's index.
    package static func apply(_ changes: [DocumentChange], to document: JoyDoc, newID: () -> String, createdOn: Double,
                      pageChangelogs: inout [Int: [JSONValue]]) throws(ChangeError) -> [UInt8] {
        var batch = Batch(document: document)
        for (index, change) in changes.enumerated() {
            switch change.operation {
            case .pageDelete, .pageDuplicate:
                // Structure, not values: what was gathered is written first, and the result read again.
                try batch.flush(at: index)
                let made: (edits: [JSONEdit], changelogs: [JSONValue])
                do throws(PageDeletion.Refusal) {
                    if case .pageDuplicate(let page, let withValues) = change.operation {
                        made = try PageDuplication.duplicate(page, withValues: withValues, in: batch.document, newID: newID,
                                                                 createdOn: createdOn)
                    } else if case .pageDelete(let page) = change.operation {
                        made = try PageDeletion.delete(page, in: batch.document, createdOn: createdOn)
                    } else {
                        preconditionFailure("a page change")
                    }
                } catch {
                    throw ChangeError(index: index, field: nil, message: error.summary, suggestions: error.suggestions,
                                      span: (change.json["change"]?["pageId"] ?? change.json).span)
                }
                // Each entry on its own: one that shared the document's tape would keep every
                // version of the document alive, its memory growing with the square of the changes.
                pageChangelogs[index] = made.changelogs.map(\.detached)
                try batch.replace(with: JSONEdit.apply(made.edits, to: batch.document.bytes), at: index)
                continue
            default:
                break
            }
            if change.target.isDecoratorChange {
                if let field = DecoratorScope.fieldIndex(ofPath: change.path ?? "", in: batch.document, lookup: batch.decorators.lookup),
                   batch.valueFields.contains(field) {
                    try batch.flush(at: index)
                }
                try batch.addDecoratorChange(change, at: index)
            } else {
                if let field = batch.document.fieldIndex(change.fieldID), batch.decoratorFields.contains(field) {
                    try batch.flush(at: index)
                }
                try batch.addValueChange(change, at: index, newID: newID)
            }
        }
        return batch.written
    }

    /// The changes gathered since the document was last read.
    private struct Batch {
        private(set) var document: JoyDoc
        private var states: [Int: FieldState] = [:]
        private var order: [Int] = []
        private(set) var decorators: DecoratorEditor
        private(set) var valueFields: Set<Int> = []
        private(set) var decoratorFields: Set<Int> = []

        init(document: JoyDoc) {
            self.document = document
            decorators = DecoratorEditor(document: document)
        }

        /// The document's text with the changes gathered written in.
        var written: [UInt8] {
            if states.isEmpty && decoratorFields.isEmpty { return Array(document.bytes) }
            var edits = decorators.edits
            for position in order { edits += states[position]!.edits() }
            return JSONEdit.apply(edits, to: document.bytes)
        }

        /// Writes the changes gathered and reads the result, to go on from there.
        mutating func flush(at index: Int) throws(ChangeError) {
            guard !states.isEmpty || !decoratorFields.isEmpty else { return }
            try replace(with: written, at: index)
        }

        /// Goes on from the document `bytes`.
        mutating func replace(with bytes: [UInt8], at index: Int) throws(ChangeError) {
            do {
                self = Batch(document: try JoyDoc(bytes: bytes))
            } catch {
                throw ChangeError(index: index, field: nil, message: "the document changed so far does not read: \(error)")
            }
        }

        mutating func addDecoratorChange(_ change: DocumentChange, at index: Int) throws(ChangeError) {
            do throws(DecoratorError) {
                switch change.operation {
                case .decoratorsAdd(let path, let list): decoratorFields.insert(try decorators.add(list.map(\.json), at: path))
                case .decoratorsUpdate(let path, let action, let decorator):
                    decoratorFields.insert(try decorators.update(action: action, with: decorator.json, at: path))
                case .decoratorsRemove(let path, let action): decoratorFields.insert(try decorators.remove(action: action, at: path))
                default: preconditionFailure("only decorator changes come here")
                }
            } catch {
                throw ChangeError(index: index, field: nil, message: error.summary, suggestions: error.suggestions,
                                  span: change.json["path"]?.span ?? change.json.span)
            }
        }

        mutating func addValueChange(_ change: DocumentChange, at index: Int, newID: () -> String) throws(ChangeError) {
            func fail(_ message: String, suggestions: [String] = [], at value: JSONValue? = nil) -> ChangeError {
                ChangeError(index: index, field: change.fieldID, message: message, suggestions: suggestions,
                            span: (value ?? change.json).span)
            }
            guard let position = document.fieldIndex(change.fieldID) else {
                throw fail("no field has the _id '\(change.fieldID)'",
                           suggestions: Suggestions.closestTies(to: change.fieldID, in: document.fields.map(\.id)), at: change.json["fieldId"])
            }
            let field = document.fields[position]
            valueFields.insert(position)
            if states[position] == nil {
                states[position] = FieldState(field)
                order.append(position)
            }
            if case .fieldUpdate(let value) = change.operation {
                states[position]!.replace(value)
                return
            }
            guard field.type == .table || field.type == .collection else {
                throw fail("\(change.target.rawValue) changes the rows of a table or collection, and '\(field.id)' is a \(field.type.name) field")
            }
            let kind = field.type.name
            states[position]!.loadRows()
            let rowID: DocumentChange.RowID
            switch change.operation {
            case .rowCreate(let row, let targetIndex, let parentPath, let schemaID):
                // Where it goes: a collection row names the row it goes under (see ``childParent``).
                let parent = field.type == .collection
                    ? try childParent(path: parentPath, schema: schemaID, in: position, fail) : nil
                var id = row["_id"]?.stringValue ?? ""
                var created = row
                if id.isEmpty {
                    id = newID()
                    // A new `_id` goes first, where Joyfill writes it (or replaces an empty one).
                    created = row["_id"] == nil ? .object([JSONMember("_id", .string(id))] + (row.members ?? []))
                        : JSONValue.setting("_id", to: .string(id), in: row)
                } else if field.type == .collection ? states[position]!.containsAtAnyDepth(id) : states[position]!.contains(id) {
                    throw fail("the \(kind) already has a row with the _id '\(id)'", at: row["_id"])
                }
                if let (place, schema) = parent {
                    states[position]!.createChild(created, id: id, under: place, schema: schema, at: targetIndex)
                } else {
                    states[position]!.create(created, id: id, at: targetIndex)
                }
                return
            case .rowUpdate(let id, _, _), .rowDelete(let id), .rowMove(let id, _):
                rowID = id
            case .fieldUpdate, .decoratorsAdd, .decoratorsUpdate, .decoratorsRemove, .pageDelete, .pageDuplicate:
                preconditionFailure("not a row change")
            }
            var child: RowPlace?
            if !states[position]!.containsLive(rowID.id) {
                // In a collection, a row below the root rows (its `rowId` is enough to find it).
                guard field.type == .collection, let (place, live) = states[position]!.childRow(rowID.id) else {
                    throw fail("the \(kind) has no row with the _id '\(rowID.id)' (deleted rows cannot be changed)",
                               suggestions: Suggestions.closestTies(to: rowID.id, in: field.type == .collection
                                                                   ? states[position]!.rowIDsAtAnyDepth : states[position]!.liveIDs),
                               at: rowID.json)
                }
                guard live else {
                    throw fail("the row '\(rowID.id)' is deleted, or under a deleted row (deleted rows cannot be changed)", at: rowID.json)
                }
                child = place
            }
            switch change.operation {
            case .rowUpdate(_, let cells, let cleared):
                if let child {
                    states[position]!.updateChild(at: child, cells: cells, clearing: cleared)
                } else {
                    states[position]!.update(rowID.id, cells: cells, clearing: cleared)
                }
            case .rowDelete:
                if let child { states[position]!.deleteChild(at: child) } else { states[position]!.delete(rowID.id) }
            case .rowMove(_, let targetIndex):
                if let child { states[position]!.moveChild(at: child, to: targetIndex) } else { states[position]!.move(rowID.id, to: targetIndex) }
            case .fieldUpdate, .rowCreate, .decoratorsAdd, .decoratorsUpdate, .decoratorsRemove, .pageDelete, .pageDuplicate:
                break
            }
        }

        /// The row a collection's `rowCreate` puts its row under, and the child schema it goes in;
        /// nil for a root row (no `parentPath`, or an empty one).
        ///
        /// `parentPath` names the parent row: its `_id`, or the path down to it in the form of
        /// decorator paths, row ids and schema keys (`site_1/schemas/checks/c1`), which may end
        /// with the schema (`site_1/schemas/checks`). Otherwise `schemaId` names the schema, and
        /// may be left out when the parent's schema has only one child schema.
        private mutating func childParent(path pathJSON: JSONValue?, schema schemaJSON: JSONValue?, in position: Int,
                                          _ fail: (String, [String], JSONValue?) -> ChangeError) throws(ChangeError) -> (RowPlace, String)? {
            let field = document.fields[position]
            guard let pathJSON, !pathJSON.isNull, pathJSON.stringValue?.isEmpty != true else {
                if let schemaJSON, let key = schemaJSON.stringValue, let root = field.rootSchema, key != root.key {
                    throw fail("the schema '\(key)' is not the collection's root schema ('\(root.key)'): "
                               + "a row of a child schema needs the \"parentPath\" of the row it goes under", [], schemaJSON)
                }
                return nil
            }
            let path = pathJSON.stringValue ?? ""   // a string: the decoder checked it
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let shape = "a row's _id, or ROW/schemas/SCHEMA/ROW…, optionally ending in /schemas/SCHEMA"
            guard segments.count % 3 != 2, segments.indices.allSatisfy({ $0 % 3 != 1 || segments[$0] == "schemas" }),
                  !segments.contains(where: \.isEmpty) else {
                throw fail("\"parentPath\" '\(path)' is not a path of rows: give \(shape)", [], pathJSON)
            }
            let endsWithSchema = segments.count % 3 == 0
            let parentID = segments[endsWithSchema ? segments.count - 3 : segments.count - 1]
            guard let parent = states[position]!.liveRow(parentID) else {
                throw fail("the collection has no row with the _id '\(parentID)' (deleted rows cannot be changed)",
                           Suggestions.closestTies(to: parentID, in: states[position]!.rowIDsAtAnyDepth), pathJSON)
            }
            let lineage = states[position]!.lineage(of: parent)
            let written = zip(lineage.map(\.schema).dropFirst(), lineage.map { $0.row["_id"]?.stringValue ?? "" })
                .map { "\($1)/schemas/\($0!)" }.joined(separator: "/")
            let actual = (written.isEmpty ? "" : written + "/") + parentID
            let given = endsWithSchema ? segments.dropLast(2).joined(separator: "/") : path
            if segments.count > (endsWithSchema ? 3 : 1), given != actual {
                throw fail("\"parentPath\" '\(path)' does not lead to the row '\(parentID)', which is at '\(actual)'", [], pathJSON)
            }
            let parentSchemaKey = lineage.last!.schema ?? field.rootSchema?.key ?? ""
            let allowed = field.schema[parentSchemaKey]?.children ?? []
            var schema = endsWithSchema ? segments.last! : nil
            if let named = schemaJSON?.stringValue {
                if let schema, schema != named {
                    throw fail("\"schemaId\" '\(named)' is not the schema '\(schema)' that \"parentPath\" ends with", [], schemaJSON)
                }
                schema = named
            }
            guard let schema else {
                guard allowed.count == 1 else {
                    throw fail(allowed.isEmpty ? "the row '\(parentID)' (schema '\(parentSchemaKey)') can have no child rows: its schema lists no children"
                                : "name the child schema with \"schemaId\": the row '\(parentID)' can have rows of \(allowed.map { "'\($0)'" }.joined(separator: ", "))",
                               [], pathJSON)
                }
                return (parent, allowed[0])
            }
            guard allowed.contains(schema) else {
                let children = allowed.isEmpty ? "none" : allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw fail("the schema '\(schema)' is not a child schema of '\(parentSchemaKey)', the schema of the row '\(parentID)' (its children: \(children))",
                           Suggestions.closestTies(to: schema, in: allowed), schemaJSON ?? pathJSON)
            }
            return (parent, schema)
        }
    }
}

/// One field's value while changes are applied: the whole value (after a `field.update`), or a
/// table's or collection's root rows, each still the document's text until a change touches it
/// (a change below a collection's root row changes that root row's value, and writing it
/// rewrites only what changed in it). The rows are read only when a row change needs them (a
/// `field.update` of a large table reads none).
private struct FieldState {
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
        rows[place.root].changed = true
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
        let order = Field.liveRowIndices(rows.map(\.json), order: field.rowOrder)
        shown = order
        return order
    }

    mutating func replace(_ newValue: JSONValue) {
        replaced = true
        value = newValue
        rowsLoaded = false
        rows = []
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
            if field.json["rowOrder"] != nil { rowOrderChanged = true }
        }
        shown = order
        remember(id, at: index)
        rows.append((row, id, nil, true))
    }

    mutating func update(_ id: String, cells: JSONValue, clearing cleared: [String]) {
        let index = row(id)!
        rows[index].json = FieldState.merging(cells, clearing: cleared, into: rows[index].json)
        rows[index].changed = true
    }

    mutating func delete(_ id: String) {
        let index = row(id)!
        rows[index].json = JSONValue.setting("deleted", to: .bool(true), in: rows[index].json)
        rows[index].changed = true
        if let place = shown?.firstIndex(of: index) { shown?.remove(at: place) }
    }

    mutating func move(_ id: String, to target: Int) {
        let index = row(id)!
        var order = shownOrder()
        if let place = order.firstIndex(of: index) { order.remove(at: place) }
        order.insert(index, at: min(target, order.count))
        shown = order
        rowOrderChanged = true
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
            for row in rows where row.changed {
                if let original = row.original { edits += JSONEdit.edits(rewriting: original, as: row.json) ?? [] }
            }
            let added = rows.filter { $0.original == nil }
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
        if rowOrderChanged, let shown {
            let orderJSON = JSONValue.array(shown.map { rows[$0].id }.filter { !$0.isEmpty }.map { .string($0) })
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
