import JoyfillJSON

/// A JoyDoc field: typed access to the keys formulas use, over the field's JSON object.
public struct Field: Sendable {
    /// The field's `_id`: the name formulas use to reference it.
    public let id: String
    public let type: FieldType
    public let title: String?
    /// The field's JSON object, with spans into the document's text.
    public let json: JSONValue
    /// The formulas applied to the field, in order.
    public let appliedFormulas: [AppliedFormula]
    /// Options of a dropdown or multiSelect (entries without an `_id` are skipped and reported).
    public let options: [FieldOption]
    /// Columns of a table, in `tableColumnOrder` when the field has one.
    public let columns: [TableColumn]
    /// Collection schemas by key.
    public let schema: [String: CollectionSchema]

    init(json: JSONValue, id: String, bytes: SourceBytes, issues: inout [DocumentIssue]) {
        self.id = id
        self.json = json
        // One pass over the members (the last of a key wins, as a lookup's would), rather than
        // a lookup a key, each walking them all.
        var typeJSON: JSONValue?, titleJSON: JSONValue?, formulasJSON: JSONValue?, optionsJSON: JSONValue?
        var columnsJSON: JSONValue?, columnOrderJSON: JSONValue?, schemaJSON: JSONValue?
        json.forEachMember { key, value in
            switch key {
            case "type": typeJSON = value
            case "title": titleJSON = value
            case "formulas": formulasJSON = value
            case "options": optionsJSON = value
            case "tableColumns": columnsJSON = value
            case "tableColumnOrder": columnOrderJSON = value
            case "schema": schemaJSON = value
            default: break
            }
        }
        type = FieldType(typeJSON?.stringValue ?? "")
        title = titleJSON?.stringValue
        func issue(_ message: String, _ value: JSONValue?) {
            issues.append(DocumentIssue(message: message, field: id, offset: value?.span?.lowerBound ?? json.span?.lowerBound, in: bytes))
        }
        if typeJSON?.stringValue == nil {
            issue("field \"\(id)\" has no \"type\" string; it is read as an unknown type", json)
        }

        var applied: [AppliedFormula] = []
        if let list = formulasJSON?.arrayValue {
            for element in list {
                guard let formula = element["formula"]?.stringValue else {
                    issue("field \"\(id)\": an applied formula has no \"formula\" id and is ignored", element)
                    continue
                }
                applied.append(AppliedFormula(id: element["_id"]?.stringValue ?? "", formula: formula,
                                              key: element["key"]?.stringValue ?? "value", json: element))
            }
        }
        appliedFormulas = applied
        options = FieldOption.list(optionsJSON, owner: "field \"\(id)\"", issue: issue)

        let columns = TableColumn.list(columnsJSON, owner: "field \"\(id)\"", issue: issue)
        self.columns = ordered(columns, by: columnOrderJSON?.arrayValue?.compactMap(\.stringValue)) { $0.id }

        var schema: [String: CollectionSchema] = [:]
        for member in schemaJSON?.members ?? [] {
            schema[member.key] = CollectionSchema(key: member.key, json: member.value, owner: "field \"\(id)\"", issue: issue)
        }
        self.schema = schema
    }

    /// `required: true`: the form is not complete until the field has a value.
    public var isRequired: Bool { json["required"]?.boolValue ?? false }

    /// `hidden: true`: the field starts hidden (its `logic` may show it).
    public var isHidden: Bool { json["hidden"]?.boolValue ?? false }

    /// The stored `value`; nil when the key is absent (which differs from JSON null).
    public var value: JSONValue? { json["value"] }

    /// The field's `rowOrder` (tables, a collection's root rows), when present: the one a
    /// session's change in place gave it (``JoyDoc/setRowOrder(_:ofFieldAt:)``), else the text's.
    public var rowOrder: [String]? { movedRowOrder ?? json["rowOrder"]?.arrayValue?.compactMap(\.stringValue) }
    /// The `rowOrder` a change in place wrote since the text was read (nil: the text's holds).
    var movedRowOrder: [String]?

    /// Table or collection rows without the deleted ones, in `rowOrder` where there is one
    /// (rows it does not list follow, in document order): the rows a person sees.
    public static func liveRows(_ rows: [JSONValue], order: [String]?) -> [JSONValue] {
        liveRowIndices(rows, order: order).map { rows[$0] }
    }

    /// The same rows, by their index in `rows`.
    public static func liveRowIndices(_ rows: [JSONValue], order: [String]?) -> [Int] {
        ordered(rows.indices.filter { rows[$0]["deleted"]?.boolValue != true }, by: order) { rows[$0]["_id"]?.stringValue }
    }

    /// The rows of child schema `key` under a collection row (`children.KEY.value`, or a bare
    /// array where a document stores one), with their `rowOrder`, when present.
    public static func childRows(of row: JSONValue, schema key: String) -> (rows: [JSONValue], order: [String]?) {
        let entry = row["children"]?[key]
        return (entry?["value"]?.arrayValue ?? entry?.arrayValue ?? [], entry?["rowOrder"]?.arrayValue?.compactMap(\.stringValue))
    }

    /// The places among the rows shown (``liveRows(_:order:)``) of some of `rows`, given by
    /// index: for a caller that looks at rows in stored order and needs the shown order only
    /// for the few it reports (ordering a million rows costs a million id lookups).
    public static func shownIndices(of indices: [Int], in rows: [JSONValue], order: [String]?) -> [Int: Int] {
        guard !indices.isEmpty else { return [:] }
        let shown = liveRowIndices(rows, order: order)
        let wanted = Set(indices)
        var places: [Int: Int] = [:]
        for (place, index) in shown.enumerated() where wanted.contains(index) { places[index] = place }
        return places
    }

    /// True when some applied formula writes the value.
    public var hasValueFormula: Bool { appliedFormulas.contains { $0.key == "value" } }

    /// The root schema of a collection (`root: true`, or the only schema).
    public var rootSchema: CollectionSchema? {
        schema.values.first { $0.isRoot } ?? (schema.count == 1 ? schema.values.first : nil)
    }

    /// The schemas whose rows the rows of schema `key` can hang under, nearest first: those
    /// that list it among their children (in the document's order), then theirs, and so on,
    /// each once. A schema that lists itself, directly or not, is not above itself.
    public func schemas(above key: String) -> [CollectionSchema] {
        var parents: [String: [String]] = [:]
        for member in json["schema"]?.members ?? [] {
            for child in schema[member.key]?.children ?? [] { parents[child, default: []].append(member.key) }
        }
        var found: [CollectionSchema] = []
        var seen: Set<String> = [key]
        var next = 0
        var keys = [key]
        while next < keys.count {
            for parent in parents[keys[next]] ?? [] where seen.insert(parent).inserted {
                keys.append(parent)
                if let schema = schema[parent] { found.append(schema) }
            }
            next += 1
        }
        return found
    }
}

/// `elements` in the order `order` lists their ids (`rowOrder`, `tableColumnOrder`,
/// `pageOrder`); elements it does not list, or without an id, follow in their own order.
func ordered<Element>(_ elements: [Element], by order: [String]?, id: (Element) -> String?) -> [Element] {
    guard let order, !order.isEmpty else { return elements }
    // Ids numbered by first appearance in `order` (a StringIndex: a table can have a million
    // rows, and SipHash over a million strings costs more than the rest of the work).
    var rank = StringIndex(capacity: order.count)
    var repeats = false
    for name in order where !rank.insert(name).inserted { repeats = true }
    // Each element's place is looked up once; the sort then compares integers. Without
    // repeated ids in the order, an element whose id is the order's at its own index has that
    // index as its rank, with no lookup: the usual case, rows stored in the order they are shown.
    let keys = elements.indices.map { index -> Int in
        guard let name = id(elements[index]) else { return order.count + index }
        if !repeats, index < order.count, order[index] == name { return index }
        return rank.position(of: name) ?? order.count + index
    }
    if zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { return elements }
    return elements.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { elements[$0] }
}
