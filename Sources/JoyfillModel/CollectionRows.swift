import JoyfillJSON

/// Where a row of a collection is stored: its root row (by index in the field's value), then,
/// for a row further down, at each level the child schema and the row's index among that
/// schema's stored rows (`children.SCHEMA.value`). A root row has no steps.
public struct RowPlace: Sendable {
    /// One level down: the child schema, and the row's index among its stored rows.
    public struct Step: Equatable, Sendable {
        public let schema: String
        public let index: Int
    }

    public let root: Int
    public var steps: [Step]

    public init(root: Int, steps: [Step] = []) {
        self.root = root
        self.steps = steps
    }

    /// The place of the row this one hangs under; nil for a root row.
    public var parent: RowPlace? {
        steps.isEmpty ? nil : RowPlace(root: root, steps: Array(steps.dropLast()))
    }
}

/// Reading and rebuilding a collection row's tree of child rows, for changes that name a row
/// below the root rows (the change API's entries, `jf run --set`). Rows are values; a change
/// builds the changed path anew and keeps every other part as the document's text, so
/// writing it rewrites only what changed (``JSONEdit/edits(rewriting:as:)``).
///
/// A row's children are stored as `children: {SCHEMA: {value: [rows], rowOrder?: [ids]}}`;
/// a bare array in place of `{value: …}` is read too, and kept bare until a `rowOrder` is needed.
public enum CollectionRows {
    /// Each child schema's stored rows under `row`, in the document's order. A schema listed
    /// twice in `children` counts once, as its last entry, the one formulas read.
    public static func children(of row: JSONValue) -> [(schema: String, rows: [JSONValue])] {
        var children: [(schema: String, rows: [JSONValue])] = []
        for member in row["children"]?.members ?? [] {
            children.removeAll { $0.schema == member.key }
            children.append((member.key, member.value["value"]?.arrayValue ?? member.value.arrayValue ?? []))
        }
        return children
    }

    /// What a walk over rows does after a row.
    public enum Walk {
        /// Goes on, into the row's children.
        case next
        /// Goes on past the row's children.
        case skipChildren
        case stop
    }

    /// Calls `body` with every row under `root` (not `root` itself) and its steps from it,
    /// depth first in the document's order, as `body` directs. The walk keeps its own stack,
    /// so deep nesting costs no call stack.
    public static func forEachRow(under root: JSONValue, _ body: (JSONValue, [RowPlace.Step]) -> Walk) {
        var pending: [(row: JSONValue, steps: [RowPlace.Step])] = [(root, [])]
        while let (row, steps) = pending.popLast() {
            if !steps.isEmpty {
                switch body(row, steps) {
                case .next: break
                case .skipChildren: continue
                case .stop: return
                }
            }
            for (schema, rows) in children(of: row).reversed() {
                for index in rows.indices.reversed() {
                    pending.append((rows[index], steps + [RowPlace.Step(schema: schema, index: index)]))
                }
            }
        }
    }

    /// The first row below the root rows `rows` (a collection's stored value) with this id,
    /// depth first in stored order, and whether it is live: neither it nor a row above it
    /// deleted.
    public static func find(_ id: String, in rows: [JSONValue]) -> (place: RowPlace, live: Bool)? {
        for (root, row) in rows.enumerated() {
            var found: RowPlace?
            forEachRow(under: row) { child, steps in
                guard child["_id"]?.stringValue == id else { return .next }
                found = RowPlace(root: root, steps: steps)
                return .stop
            }
            if let found {
                return (found, lineage(of: found.steps, under: row).allSatisfy { $0.row["deleted"]?.boolValue != true })
            }
        }
        return nil
    }

    /// The rows from `root` down to the one at `steps`, each with the schema it is stored in
    /// (nil for `root`).
    public static func lineage(of steps: [RowPlace.Step], under root: JSONValue) -> [(row: JSONValue, schema: String?)] {
        var row = root
        var lineage: [(row: JSONValue, schema: String?)] = [(row, nil)]
        for step in steps {
            guard let next = CollectionRows.row(at: [step], under: row) else { break }
            row = next
            lineage.append((row, step.schema))
        }
        return lineage
    }

    /// The ids of the live rows below the root rows `rows` (under live rows), for "did you mean".
    public static func liveIDs(under rows: [JSONValue]) -> [String] {
        var ids: [String] = []
        for row in rows where row["deleted"]?.boolValue != true {
            forEachRow(under: row) { child, _ in
                if child["deleted"]?.boolValue == true { return .skipChildren }
                if let id = child["_id"]?.stringValue, !id.isEmpty { ids.append(id) }
                return .next
            }
        }
        return ids
    }

    /// The row at `steps` under `root`.
    public static func row(at steps: [RowPlace.Step], under root: JSONValue) -> JSONValue? {
        var row = root
        for step in steps {
            guard let rows = children(of: row).first(where: { $0.schema == step.schema })?.rows,
                  step.index < rows.count else { return nil }
            row = rows[step.index]
        }
        return row
    }

    /// `root` with the row at `steps` replaced by what `body` makes of it. Each level is one
    /// call: as deep as the document nests, which its reader bounds (``JSONReader/maxDepth``).
    public static func updating(_ root: JSONValue, at steps: ArraySlice<RowPlace.Step>,
                                _ body: (JSONValue) -> JSONValue) -> JSONValue {
        guard let step = steps.first else { return body(root) }
        return updatingChildren(of: root, schema: step.schema) { rows, _ in
            rows[step.index] = updating(rows[step.index], at: steps.dropFirst(), body)
        }
    }

    /// `row` with the stored rows of its child schema `schema` (created when it has none yet)
    /// changed by `body`, which may also set the rows' `rowOrder` (nil leaves it as it is).
    public static func updatingChildren(of row: JSONValue, schema: String,
                                        _ body: (inout [JSONValue], inout [String]?) -> Void) -> JSONValue {
        let children = row["children"]
        let entry = children?[schema]
        var rows = entry?["value"]?.arrayValue ?? entry?.arrayValue ?? []
        var order: [String]?
        body(&rows, &order)
        var newEntry: JSONValue
        if let entry, entry.isObject {
            newEntry = JSONValue.setting("value", to: .array(rows), in: entry)
        } else if entry?.arrayValue != nil, order == nil {
            newEntry = .array(rows)
        } else {
            newEntry = .object([JSONMember("value", .array(rows))])
        }
        if let order { newEntry = JSONValue.setting("rowOrder", to: .array(order.map { .string($0) }), in: newEntry) }
        let newChildren = JSONValue.setting(schema, to: newEntry, in: children?.isObject == true ? children! : .object([]))
        return JSONValue.setting("children", to: newChildren, in: row)
    }

    /// The stored order of the rows shown under `row` in schema `schema` (deleted rows left
    /// out, `rowOrder` applied), by index among its stored rows.
    public static func shownOrder(under row: JSONValue, schema: String) -> (rows: [JSONValue], shown: [Int]) {
        let (rows, order) = Field.childRows(of: row, schema: schema)
        return (rows, Field.liveRowIndices(rows, order: order))
    }
}
