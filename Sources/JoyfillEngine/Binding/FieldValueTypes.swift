import JoyfillFormulas
import JoyfillModel

/// What can be known about a field's values before anything is evaluated: the types a
/// formula may read from it and the result types write-back can store in it. The checker
/// and the linter use these; they follow ``ValueConversion`` and ``WriteBack``.
public enum FieldValueTypes {
    /// The types a formula can read from `field` (§7.2–§7.5): the type its field type gives,
    /// plus the type of the value it holds now (a text field may hold a number).
    public static func read(_ field: Field) -> ValueTypes {
        var types: ValueTypes
        switch field.type {
        case .text, .textarea, .block, .richText, .signature: types = [.string, .null]
        case .number: types = [.number, .null]
        case .date: types = [.date, .null]
        case .dropdown: types = .string
        case .multiSelect, .table, .collection, .chart: return .array
        case .image, .file, .unknown: return .any
        }
        types.insert(ValueTypes(ValueConversion.value(of: field).type))
        return types
    }

    /// The array or object a text or textarea field reads as when it holds the text of one
    /// (`"[1, 2, 3]"`); nil for any other field or value.
    public static func jsonText(_ field: Field) -> Value? {
        guard field.type == .text || field.type == .textarea, let stored = field.value else { return nil }
        return ValueConversion.jsonText(stored)
    }

    /// The rows of a table, collection or chart field as ``ValueConversion`` makes them (§7.5): a
    /// table's columns; a collection's schemas reachable from its root, each once, with their
    /// children (a collection without a root schema has no rows and no columns); a chart's
    /// lines and their points. Nil for any other field.
    public static func rows(_ field: Field) -> RowShapes? {
        func level(_ owner: String, _ columns: [TableColumn], children: [String: Int]? = nil) -> RowShapes.Level {
            var options: [String: OptionChoices] = [:]
            for column in columns where column.type == .dropdown || column.type == .multiSelect {
                options[column.id] = choices("column '\(column.id)' of \(owner)", column.options, isMultiple: column.type == .multiSelect)
            }
            return RowShapes.Level(owner: owner, columns: columns.map(\.id), titles: columns.map(\.title), children: children,
                                   options: options)
        }
        switch field.type {
        case .table:
            return RowShapes(levels: [level("table '\(field.id)'", field.columns)])
        case .collection:
            guard let root = field.rootSchema else {
                return RowShapes(levels: [RowShapes.Level(owner: "collection '\(field.id)'", columns: [], children: [:])])
            }
            // Breadth first over schema keys, so that schemas naming each other cost one level each.
            var keys = [root.key]
            var positions = [root.key: 0]
            var levels: [RowShapes.Level] = []
            var next = 0
            while next < keys.count {
                let schema = field.schema[keys[next]]!
                var children: [String: Int] = [:]
                for child in schema.children where field.schema[child] != nil {
                    if positions[child] == nil {
                        positions[child] = keys.count
                        keys.append(child)
                    }
                    children[child] = positions[child]
                }
                let owner = schema.isRoot || next == 0 ? "collection '\(field.id)'" : "schema '\(schema.key)' of collection '\(field.id)'"
                levels.append(level(owner, schema.columns, children: children))
                next += 1
            }
            return RowShapes(levels: levels)
        case .chart:
            return RowShapes(levels: [
                RowShapes.Level(owner: "chart '\(field.id)'", noun: .chartLine, columns: ValueConversion.chartLineKeys,
                                arrays: ["points": 1]),
                RowShapes.Level(owner: "chart '\(field.id)'", noun: .chartPoint, columns: ValueConversion.chartPointKeys),
            ])
        default:
            return nil
        }
    }

    /// The texts a dropdown (or each element of a multiSelect) with `options` reads as
    /// (§7.2), for `unknown-option`: the options a field or column has, deleted ones too, since
    /// a value may still select one.
    public static func choices(_ owner: String, _ options: [FieldOption], isMultiple: Bool) -> OptionChoices {
        OptionChoices(owner: owner, texts: options.map(\.text), ids: options.map(\.id), isMultiple: isMultiple)
    }

    /// The number a number field stores for a text result (§8.2): the text without surrounding
    /// white space, read as a finite number; nil when it is not one (a `write-type-mismatch`).
    public static func number(fromText text: String) -> Double? {
        guard let number = Double(text.trimmingWhitespace()), number.isFinite else { return nil }
        return number
    }

    /// The result types that can ever be stored in a field of this type by `key: "value"`
    /// (§8.2). Null and undefined clear any writable field. A string fits a number field
    /// only when it reads as a number, so it is not listed here. Tables and collections
    /// cannot be written at all.
    public static func writable(_ type: FieldType) -> ValueTypes {
        switch type {
        case .number: return [.number, .date, .null, .undefined]   // a date as its epoch milliseconds
        case .date: return [.date, .number, .string, .null, .undefined]
        case .multiSelect, .chart: return [.array, .null, .undefined]
        case .table, .collection: return []
        case .text, .textarea, .block, .richText, .signature, .dropdown: return .any
        case .image, .file, .unknown: return ValueTypes.any.subtracting(.lambda)
        }
    }
}

extension Checker {
    /// Tells the checker what a document's fields hold before anything is evaluated: the
    /// types a formula can read from each (``FieldValueTypes/read(_:)``), the rows of its
    /// tables and collections (``FieldValueTypes/rows(_:)``), the options of its dropdowns and
    /// multiSelects, and their titles and identifiers (``idsByAlias``), for `jf lint` and the
    /// REPL.
    public mutating func learn(_ fields: [Field]) {
        nameTypes.reserveCapacity(nameTypes.count + fields.count)
        for field in fields {
            nameTypes[field.id] = FieldValueTypes.read(field)
            rowShapes[field.id] = FieldValueTypes.rows(field)
            if field.type == .dropdown || field.type == .multiSelect {
                optionChoices[field.id] = FieldValueTypes.choices("\(field.type.name) '\(field.id)'", field.options,
                                                                  isMultiple: field.type == .multiSelect)
            }
        }
        idsByAlias.merge(Suggestions.idsByLooseKey(fields.map(\.aliases))) { _, new in new }
    }
}

extension Field {
    /// The field's id with its title and identifier: what a person may call it in a formula.
    var aliases: (id: String, aliases: [String]) {
        (id, [title, json["identifier"]?.stringValue].compactMap { $0 })
    }
}
