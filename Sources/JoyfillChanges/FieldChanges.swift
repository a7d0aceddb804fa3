import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The value changes of a list (`field.update` and the row changes), gathered per field over
/// one document's text: each field's ``FieldState``, in the order the fields were first
/// changed. ``edits()`` writes them all; ``ChangeApplier`` gathers a batch this way, and a
/// ``DocumentSession`` keeps one across its changes, so that a row change costs the rows it
/// touches, not the document.
///
/// A value type: a copy taken before a list is applied is what to go back to when one of its
/// changes fails (the rows of a field are shared until a change writes them).
package struct FieldChanges {
    /// The document the changes are over: every span and original value is in its text.
    package let document: JoyDoc
    private var states: [Int: FieldState] = [:]
    /// The changed fields' positions, in the order first changed.
    package private(set) var order: [Int] = []

    package init(document: JoyDoc) {
        self.document = document
    }

    /// Whether the field at `position` has changes gathered.
    package func contains(_ position: Int) -> Bool { states[position] != nil }

    /// The edits of the document's text that write every change gathered.
    package func edits() -> [JSONEdit] {
        order.flatMap { states[$0]!.edits() }
    }

    /// The edits of the document's text that write the changes of the field at `position`.
    package func edits(ofFieldAt position: Int) -> [JSONEdit] {
        states[position]?.edits() ?? []
    }

    /// The value of the field at `position` with its changes: its rows in stored order (a
    /// deleted row marked, new rows last).
    package func value(ofFieldAt position: Int) -> JSONValue? {
        guard let state = states[position] else { return document.fields[position].value }
        return state.current
    }

    /// The `rowOrder` the changes of the field at `position` write, as of the last
    /// ``settle()``; nil when they write none.
    package func settledOrder(ofFieldAt position: Int) -> [String]? {
        states[position]?.settledOrder
    }

    /// Ends a session's step: each field's `rowOrder` written so far is where the next step
    /// starts from, as if the text had been written and read again (``FieldState/settle()``).
    package mutating func settle() {
        for position in order { states[position]!.settle() }
    }

    /// The root rows of the field at `position` whose value a change rewrote since the last
    /// call, by index in its stored rows (so a reader of the rows shown needs to read only
    /// these again); nil when its value was replaced whole.
    package mutating func takeRewrittenRows(ofFieldAt position: Int) -> [Int]? {
        states[position]?.takeRewrittenRows()
    }

    /// The root rows of the field at `position` shown, by index in its stored rows, in the
    /// order shown, when a change since the last call moved, added or removed one; nil
    /// otherwise (they are where they were).
    package mutating func takeShownOrder(ofFieldAt position: Int) -> [Int]? {
        states[position]?.takeShownOrder()
    }

    /// Forgets the changes of the field at `position` (its value was replaced as a whole elsewhere).
    package mutating func forget(_ position: Int) {
        guard states.removeValue(forKey: position) != nil else { return }
        order.removeAll { $0 == position }
    }

    /// Gathers `change` (the `index`th of its list): a `field.update` replaces the field's
    /// value; a row change is checked against the field's rows as changed so far (the row is
    /// there and live, a new row's `_id` is free, a collection row's parent path leads to it)
    /// and applied to them. `newID` makes the `_id` of a new row that has none.
    package mutating func add(_ change: DocumentChange, at index: Int, newID: () -> String) throws(ChangeError) {
        func fail(_ message: String, suggestions: [String] = [], at value: JSONValue? = nil) -> ChangeError {
            ChangeError(index: index, field: change.fieldID, message: message, suggestions: suggestions,
                        span: (value ?? change.json).span)
        }
        guard let position = document.fieldIndex(change.fieldID) else {
            throw fail("no field has the _id '\(change.fieldID)'",
                       suggestions: Suggestions.closestTies(to: change.fieldID, in: document.fields.map(\.id)), at: change.json["fieldId"])
        }
        let field = document.fields[position]
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
