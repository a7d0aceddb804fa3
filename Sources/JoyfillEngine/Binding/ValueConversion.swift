import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Field and cell values as formulas see them (specification §7.2–§7.5). Conversion follows the
/// field or column type; there are no magnitude or string-sniffing heuristics.
enum ValueConversion {
    /// A field's value as formulas see it; `stored` replaces the document's value when given
    /// (a result already written back).
    static func value(of field: Field, stored replacement: JSONValue?? = nil) -> Value {
        let stored = replacement ?? field.value
        switch field.type {
        case .text, .textarea:
            guard let stored else { return .string("") }
            return jsonText(stored) ?? plain(stored)
        case .block, .richText, .signature:
            guard let stored else { return .string("") }
            return plain(stored)
        case .number:
            guard let stored else { return .number(0) }
            return plain(stored)
        case .date:
            return date(stored)
        case .dropdown:
            return .string(optionText(stored, in: field.options))
        case .multiSelect:
            return optionTexts(stored, in: field.options)
        case .table:
            return .array(tableRows(field, stored))
        case .collection:
            return .array(collectionRows(field, stored))
        case .chart:
            return .array(chartLines(stored))
        case .image, .file, .unknown:
            return stored.map(plain) ?? .null
        }
    }

    /// The array or object a text holds as JSON text (`"[1, 2, 3]"`, `{"name": "Ada"}`, spaces
    /// around it allowed), which a text or textarea field reads as, as the reference does
    /// (specification, "Field values"); nil for any other value, and for text that is not a
    /// whole JSON array or object. Numbers and dates in text are never read so.
    static func jsonText(_ stored: JSONValue) -> Value? {
        guard let text = stored.stringValue else { return nil }
        let trimmed = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = trimmed.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"),
              let json = try? JSONReader.read(Array(trimmed)), json.isArray || json.isObject else { return nil }
        return plain(json)
    }

    /// JSON as a plain formula value: objects keep their key order.
    static func plain(_ json: JSONValue) -> Value {
        switch json.kind {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .number(let text): return .number(Double(text) ?? .nan)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(ArrayValue(elements.map(plain)))
        case .object(let members): return .object(ObjectValue(members.map { ($0.key, plain($0.value)) }))
        }
    }

    /// A date field or cell: epoch milliseconds, or ISO-8601 text; empty is null.
    static func date(_ json: JSONValue?) -> Value {
        guard let json else { return .null }
        switch json.kind {
        case .number(let text):
            return Double(text).flatMap { Instant(milliseconds: $0) }.map(Value.date) ?? .null
        case .string(let text):
            if text.isEmpty { return .null }
            return Instant(iso8601: text).map(Value.date) ?? .string(text)
        case .null: return .null
        default: return plain(json)
        }
    }

    /// A dropdown's selected option text; nothing selected or an unknown id reads as "" (§7.2).
    static func optionText(_ json: JSONValue?, in options: [FieldOption]) -> String {
        guard let id = json?.stringValue else { return "" }
        return options.first { $0.id == id }?.text ?? ""
    }

    /// A multiSelect's selected option texts, in the options' order (§7.2); unknown ids are dropped.
    static func optionTexts(_ json: JSONValue?, in options: [FieldOption]) -> Value {
        guard let selected = json?.arrayValue else { return .array(ArrayValue([])) }
        let ids = Set(selected.compactMap(\.stringValue))
        return .array(ArrayValue(options.filter { ids.contains($0.id) }.map { .string($0.text) }))
    }

    /// A cell by its column's type; a missing cell is the column type's default (§7.2).
    static func cell(_ json: JSONValue?, column: TableColumn) -> Value {
        switch column.type {
        case .number:
            guard let json else { return .number(0) }
            return plain(json)
        case .date: return date(json)
        case .dropdown: return .string(optionText(json, in: column.options))
        case .multiSelect: return optionTexts(json, in: column.options)
        case .signature, .image:
            guard let json else { return .null }
            return plain(json)
        default:
            guard let json else { return .string("") }
            return plain(json)
        }
    }

    /// A table's rows as objects keyed by column `_id` (§7.4), sharing one key shape.
    static func tableRows(_ field: Field, _ stored: JSONValue?) -> [Value] {
        Field.liveRows(stored?.arrayValue ?? [], order: field.rowOrder).map(tableRow(of: field))
    }

    /// A table's row as formulas see it: its cells by the table's columns.
    private static func tableRow(of field: Field) -> (JSONValue) -> Value {
        let keys = ObjectKeys(field.columns.map(\.id))
        return { row in
            let cells = row["cells"]
            return .object(ObjectValue(keys: keys, values: field.columns.map { cell(cells?[$0.id], column: $0) }))
        }
    }

    /// A collection's root rows (§7.5): cells by the level's columns, plus `children`: one array
    /// of rows per child schema of that level, converted the same way at every level.
    static func collectionRows(_ field: Field, _ stored: JSONValue?) -> [Value] {
        guard let root = field.rootSchema else { return [] }
        return Field.liveRows(stored?.arrayValue ?? [], order: field.rowOrder).map(collectionRow(of: field, schema: root))
    }

    /// A collection's row of level `schema` as formulas see it, with the rows shown below it.
    /// Collections nest at most as deep as their JSON, which the reader bounds.
    private static func collectionRow(of field: Field, schema: CollectionSchema) -> (JSONValue) -> Value {
        let keys = ObjectKeys(schema.columns.map(\.id) + ["children"])
        return { row in
            let cells = row["cells"]
            var values = schema.columns.map { cell(cells?[$0.id], column: $0) }
            var children: [(String, Value)] = []
            for childKey in schema.children {
                guard let childSchema = field.schema[childKey] else { continue }
                let (childRows, childOrder) = Field.childRows(of: row, schema: childKey)
                let shown = Field.liveRows(childRows, order: childOrder).map(collectionRow(of: field, schema: childSchema))
                children.append((childKey, .array(ArrayValue(shown))))
            }
            values.append(.object(ObjectValue(children)))
            return .object(ObjectValue(keys: keys, values: values))
        }
    }

    /// How one stored root row of table or collection `field` is seen by formulas, as
    /// ``value(of:stored:)`` sees each of the rows shown; nil for other fields.
    static func rowConverter(for field: Field) -> ((JSONValue) -> Value)? {
        switch field.type {
        case .table: return tableRow(of: field)
        case .collection: return field.rootSchema.map { collectionRow(of: field, schema: $0) }
        default: return nil
        }
    }

    /// The keys of every line of a chart, and of every point of a line, in their order.
    static let chartLineKeys = ["_id", "title", "description", "points"]
    static let chartPointKeys = ["_id", "label", "x", "y"]

    /// A chart's lines without the deleted ones (§7.5): `{_id, title, description, points}` with
    /// points `{_id, label, x, y}` (x and y default to 0).
    static func chartLines(_ json: JSONValue?) -> [Value] {
        let lineKeys = ObjectKeys(chartLineKeys)
        let pointKeys = ObjectKeys(chartPointKeys)
        return (json?.arrayValue ?? []).filter { $0["deleted"]?.boolValue != true }.map { line in
            let points: [Value] = (line["points"]?.arrayValue ?? []).map { point in
                .object(ObjectValue(keys: pointKeys, values: [
                    point["_id"].map(plain) ?? .null, point["label"].map(plain) ?? .null,
                    point["x"].map(plain) ?? .number(0), point["y"].map(plain) ?? .number(0),
                ]))
            }
            return .object(ObjectValue(keys: lineKeys, values: [
                line["_id"].map(plain) ?? .null, line["title"].map(plain) ?? .null,
                line["description"].map(plain) ?? .null, .array(ArrayValue(points)),
            ]))
        }
    }
}
