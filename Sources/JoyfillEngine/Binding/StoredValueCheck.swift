import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Stored values that their field's or column's type does not hold: a number field holding
/// text, a dropdown holding an option's text instead of its `_id`, a date in seconds, a cell
/// keyed by no column. Formulas read such a value differently from what the document seems to
/// say (``ValueConversion`` tells how), so `jf lint` reports them (`invalid-value`).
///
/// An empty text (`""`) is how the Joyfill SDKs store an empty value of any type, so it is
/// never reported; nor is null or a missing value. Deleted rows are not read, so not checked.
/// The check is linear in the field's JSON and never recurses: collection levels are walked
/// with a work list.
public enum StoredValueCheck {
    /// One stored value that its type does not hold.
    public struct Issue: Sendable {
        public var message: String
        public var notes: [String]
        /// The value's bytes in the document (nil for a value set in code, by a change).
        public var span: Range<Int>?
        /// JSON text that would store what was most likely meant.
        public var replacement: String?
        /// The bytes the replacement takes the place of, when they are not the value's (an id
        /// added to a `rowOrder`).
        public var replacing: Range<Int>?
        /// What the replacement does ("store the number 12"), for the fix's message.
        public var fix: String?
        /// Whether the replacement leaves what formulas read as it is; most change it (that is
        /// their point), which makes them suggestions.
        public var isSafe = false
    }

    /// At most this many issues are reported for one field; one more says how many were left out
    /// (a million-row table with one bad column would otherwise bury the report).
    public static let issuesPerField = 100

    /// The issues of one field's stored value (`value`, or the document's), in document order.
    public static func issues(in field: Field, value: JSONValue? = nil) -> [Issue] {
        guard let value = value ?? field.value else { return [] }
        var check = FieldCheck(field: field)
        let whole = Slot(type: field.type, options: field.options, field: field.id)
        switch field.type {
        case .table:
            check.rows(value, of: "table '\(field.id)'", columns: field.columns, order: field.json["rowOrder"], schema: nil)
        case .collection:
            check.collection(value)
        case .chart:
            check.chart(value)
        default:
            check.slot(value, whole)
        }
        return check.finished()
    }
}

extension DocumentEngine {
    /// What ``StoredValueCheck`` finds in the value a change set on field `id`, as the engine
    /// holds it now: said at once by `jf eval --set` and the REPL's `:set`. Tables and
    /// collections are not checked here: their other rows' findings would bury the change's.
    public func storedValueIssues(ofChangedField id: String) -> [StoredValueCheck.Issue] {
        guard let position = document.fieldIndex(id) else { return [] }
        let field = document.fields[position]
        guard field.type != .table, field.type != .collection else { return [] }
        return StoredValueCheck.issues(in: field, value: storedValue(ofFieldAt: position))
    }
}

/// A place that holds one value: a field, or a cell of a column.
private struct Slot {
    let type: FieldType
    let options: [FieldOption]
    /// The field (`cell` nil), or the cell's column id, row and owner ("table 'items'").
    let field: String
    var cell: (column: String, row: Row, owner: String, schema: String?)?

    /// How messages name it: "number field 'qty'", "number cell 'qty' of row 'r1' in table 'items'"
    /// (made only for a report: a table has millions of cells).
    var place: String {
        guard let cell else { return "\(type.name) field '\(field)'" }
        return "\(type.name) cell '\(cell.column)' of \(cell.row) in \(cell.owner)" + (cell.schema.map { " (schema '\($0)')" } ?? "")
    }
}

/// A row, as messages name it: by its `_id`, or by its index when it has none.
private enum Row: CustomStringConvertible {
    case id(String)
    case index(Int)

    var description: String {
        switch self {
        case .id(let id): return "row '\(id)'"
        case .index(let index): return "row \(index)"
        }
    }
}

/// The issues of one field, capped at ``StoredValueCheck/issuesPerField``.
private struct FieldCheck {
    typealias Issue = StoredValueCheck.Issue
    let field: Field
    var issues: [Issue] = []
    var leftOut = 0
    /// Where the first value left out is: the issue that counts them goes there.
    var firstLeftOut: Int?

    init(field: Field) {
        self.field = field
    }

    /// Records an issue of `value`. The texts are made only for the issues reported: past the
    /// cap, a table of a million bad cells costs a count each.
    mutating func report(_ value: JSONValue, _ message: @autoclosure () -> String, notes: @autoclosure () -> [String] = [],
                         replacement: @autoclosure () -> String? = nil, fix: @autoclosure () -> String? = nil,
                         replacing: Range<Int>? = nil, isSafe: Bool = false) {
        let span = value.span
        guard issues.count < StoredValueCheck.issuesPerField else {
            if leftOut == 0 { firstLeftOut = span?.lowerBound }
            leftOut += 1
            return
        }
        issues.append(Issue(message: message(), notes: notes(), span: span, replacement: replacement(), replacing: replacing,
                            fix: fix(), isSafe: isSafe))
    }

    func finished() -> [Issue] {
        guard leftOut > 0 else { return issues }
        let more = Issue(message: "\(leftOut) more value\(leftOut == 1 ? "" : "s") of the \(field.type.name) field '\(field.id)' "
                            + "that \(leftOut == 1 ? "its type does" : "their types do") not hold (only the first "
                            + "\(StoredValueCheck.issuesPerField) are reported)",
                         notes: [], span: firstLeftOut.map { $0..<$0 + 1 })
        return issues + [more]
    }

    // MARK: One value

    /// Checks a field's value or a cell against its type.
    mutating func slot(_ value: JSONValue, _ slot: Slot) {
        // Values of the right type are told by their token, without decoding them.
        let type = value.type
        if type == .null || value.isEmptyString { return }
        switch slot.type {
        case .text, .textarea, .block, .richText, .signature:
            if type == .string { return }
            switch value.kind {
            case .number(let text):
                report(value, "\(slot.place) holds the number \(text); formulas read a number, not text",
                       replacement: JSONText.string(text), fix: "store it as the text \"\(text)\"")
            case .bool(let flag):
                report(value, "\(slot.place) holds \(flag); formulas read a boolean, not text",
                       replacement: JSONText.string("\(flag)"), fix: "store it as the text \"\(flag)\"")
            default:
                report(value, "\(slot.place) holds \(Self.describe(value)); formulas read it as it is, not as text")
            }
        case .number:
            if type == .number { return }
            switch value.kind {
            case .string(let text):
                if let number = FieldValueTypes.number(fromText: text) {
                    let json = JSONValue.number(number).text
                    report(value, "\(slot.place) holds the text \(Self.quoted(text)); formulas read text, not the number \(json)",
                           notes: ["arithmetic on text is a type error"], replacement: json, fix: "store the number \(json)")
                } else {
                    report(value, "\(slot.place) holds the text \(Self.quoted(text)), which is no number; formulas read text",
                           notes: ["arithmetic on text is a type error"])
                }
            default:
                report(value, "\(slot.place) holds \(Self.describe(value)); formulas read it as it is, not as a number")
            }
        case .date:
            date(value, slot)
        case .dropdown:
            dropdown(value, slot)
        case .multiSelect:
            multiSelect(value, slot)
        case .image, .file:
            guard let elements = value.arrayValue else {
                report(value, "\(slot.place) holds \(Self.describe(value)), not an array of files ({\"_id\", \"url\"})")
                return
            }
            for element in elements where !element.isObject {
                report(element, "\(slot.place) holds \(Self.describe(element)) among its files, where each is an object ({\"_id\", \"url\"})")
            }
        case .table, .collection, .chart, .unknown:
            return
        }
    }

    /// A date: epoch milliseconds. Seconds (numbers from 1e9 to 1e10: 2001 to 2286 as seconds,
    /// the first months of 1970 as milliseconds), numbers stored as text and ISO-8601 text are
    /// reported with the milliseconds they stand for.
    mutating func date(_ value: JSONValue, _ slot: Slot) {
        let number: Double
        var text: String?
        var shown = ""
        switch value.kind {
        case .number(let written):
            guard let parsed = Double(written) else { return }
            (number, shown) = (parsed, written)
        case .string(let written):
            if let parsed = FieldValueTypes.number(fromText: written) {
                (number, text) = (parsed, written)
            } else if let instant = Instant(iso8601: written) {
                let json = JSONValue.number(Double(instant.milliseconds)).text
                report(value, "\(slot.place) holds the text \(Self.quoted(written)), where dates are stored as epoch milliseconds",
                       notes: ["jf reads it as \(instant.iso8601); the Joyfill SDKs read only yyyy-MM-dd text as a date"],
                       replacement: json, fix: "store \(json), the milliseconds of \(instant.iso8601)")
                return
            } else {
                report(value, "\(slot.place) holds the text \(Self.quoted(written)), which is no date; formulas read text")
                return
            }
        default:
            report(value, "\(slot.place) holds \(Self.describe(value)); formulas read it as it is, not as a date")
            return
        }
        let asSeconds = number >= 1e9 && number < 1e10 ? Instant(milliseconds: number * 1000) : nil
        // A number of milliseconds is what date fields hold: the usual case, settled before any text is made.
        guard text != nil || asSeconds != nil, let asMilliseconds = Instant(milliseconds: number) else { return }
        let meant = asSeconds ?? asMilliseconds
        let json = JSONValue.number(Double(meant.milliseconds)).text
        var notes: [String] = []
        if let asSeconds { notes.append("as seconds it is \(asSeconds.iso8601); the Joyfill SDKs guess seconds for numbers this small") }
        if let text {
            report(value, "\(slot.place) holds the text \(Self.quoted(text)), where dates are stored as a number of milliseconds",
                   notes: ["jf reads it as text; the Joyfill SDKs read it as a date"] + notes,
                   replacement: json, fix: "store \(json), the milliseconds of \(meant.iso8601)")
        } else if asSeconds != nil {
            report(value, "\(slot.place) holds \(shown), which date fields read as milliseconds: \(asMilliseconds.iso8601)",
                   notes: notes, replacement: json, fix: "store \(json), the milliseconds of \(meant.iso8601)")
        }
    }

    /// A dropdown: the selected option's `_id`. Its text instead, or an unknown id, reads as "".
    mutating func dropdown(_ value: JSONValue, _ slot: Slot) {
        let selected: String
        switch value.kind {
        case .string(let text): selected = text
        case .number(let text): selected = text
        default:
            report(value, "\(slot.place) holds \(Self.describe(value)), not an option's _id; formulas read \"\"")
            return
        }
        selection(value, selected, slot, "formulas read \"\"")
    }

    /// One selected option of a dropdown or multiSelect, `id`: reported when no option has it,
    /// with the option it most likely means (the one with that text, or a close one).
    mutating func selection(_ value: JSONValue, _ id: String, _ slot: Slot, _ consequence: String) {
        if slot.options.contains(where: { $0.id == id }) { return }
        if let option = Self.option(named: id, in: slot.options) {
            report(value, "\(slot.place) holds the option text \(Self.quoted(id)) instead of its _id; \(consequence)",
                   replacement: JSONText.string(option.id), fix: "select the option by its _id, \"\(option.id)\"")
        } else {
            let guess = Self.closestOption(to: id, in: slot.options)
            report(value, "\(slot.place) holds \(Self.quoted(id)), which is no option's _id; \(consequence)",
                   notes: Self.optionNotes(slot.options), replacement: guess.map { JSONText.string($0.id) },
                   fix: guess.map { "did you mean the option \(Self.quoted($0.text)), _id \"\($0.id)\"?" })
        }
    }

    /// A multiSelect: an array of option `_id`s. Unknown ones are left out by formulas.
    mutating func multiSelect(_ value: JSONValue, _ slot: Slot) {
        guard let elements = value.arrayValue else {
            if let text = value.stringValue ?? value.numberText {
                let option = slot.options.first { $0.id == text } ?? Self.option(named: text, in: slot.options)
                report(value, "\(slot.place) holds \(Self.quoted(text)), not an array of option _ids; formulas read []",
                       replacement: option.map { JSONValue.strings([$0.id]).text },
                       fix: option.map { "store the array [\"\($0.id)\"]" })
            } else {
                report(value, "\(slot.place) holds \(Self.describe(value)), not an array of option _ids; formulas read []")
            }
            return
        }
        for element in elements {
            guard let text = element.stringValue ?? element.numberText else {
                report(element, "\(slot.place) holds \(Self.describe(element)) among its options; formulas leave it out")
                continue
            }
            selection(element, text, slot, "formulas leave it out")
        }
    }

    // MARK: Rows

    /// The rows of a table, or of one collection level: each row an object with an `_id` and
    /// `cells` keyed by column `_id`; live rows listed in a non-empty `rowOrder`. Returns the
    /// live rows (for a collection's children).
    @discardableResult
    mutating func rows(_ value: JSONValue, of owner: String, columns: [TableColumn], order: JSONValue?,
                       schema: String?) -> [JSONValue] {
        guard let rows = value.arrayValue else {
            if value.isNull || value.isEmptyString { return [] }
            report(value, "\(owner) holds \(Self.describe(value)), not an array of rows; formulas read []")
            return []
        }
        // StringIndex rather than Set: a table can have a million rows.
        var seen = StringIndex(capacity: rows.count)
        var live: [JSONValue] = []
        var ids: [(id: String, json: JSONValue)] = []
        let shape = schema.map { " (schema '\($0)')" } ?? ""
        for (index, row) in rows.enumerated() {
            guard row.isObject else {
                report(row, "row \(index) of \(owner) is \(Self.describe(row)), not an object; formulas read a row of empty cells")
                continue
            }
            if row["deleted"]?.boolValue == true { continue }
            live.append(row)
            let name: Row
            if let id = row["_id"]?.stringValue {
                name = .id(id)
                if !seen.insert(id).inserted {
                    report(row["_id"]!, "a second row of \(owner) has the _id \"\(id)\"; changes and rowOrder cannot tell the two apart")
                }
                ids.append((id, row["_id"]!))
            } else {
                name = .index(index)
                report(row, "row \(index) of \(owner) has no \"_id\", so rowOrder and changes cannot name it")
            }
            guard let cells = row["cells"] else { continue }
            guard cells.isObject else {
                if !cells.isNull { report(cells, "the cells of \(name) in \(owner) are \(Self.describe(cells)), not an object; formulas read empty cells") }
                continue
            }
            // Columns are looked up in the cells (no allocation); the members are listed only
            // when there are more cells than columns found, to name the unknown ones.
            var found = 0
            for column in columns {
                guard let cell = cells[column.id] else { continue }
                found += 1
                slot(cell, Slot(type: column.type, options: column.options, field: field.id, cell: (column.id, name, owner, schema)))
            }
            if found < cells.count ?? 0 {
                let known = Set(columns.map(\.id))
                for member in cells.members ?? [] where !known.contains(member.key) {
                    let guess = Suggestions.closest(to: member.key, in: columns.map(\.id))
                        ?? columns.first { $0.title?.lowercased() == member.key.lowercased() }?.id
                    report(member.value, "\(name) of \(owner) has a cell '\(member.key)', which is no column\(shape); formulas do not read it",
                           notes: guess.map { ["did you mean the column '\($0)'?"] } ?? [])
                }
            }
        }
        unlisted(ids, in: order, of: owner)
        return live
    }

    /// Reports the live rows a non-empty `rowOrder` does not list, each with the safe fix of
    /// adding its id at the end, where jf shows it already (the fixes of one list apply in
    /// the rows' order).
    mutating func unlisted(_ rows: [(id: String, json: JSONValue)], in orderJSON: JSONValue?, of owner: String) {
        guard let orderJSON, let order = orderJSON.arrayValue?.compactMap(\.stringValue), !order.isEmpty else { return }
        // Most documents list their rows in the order they store them: then nothing is looked up.
        if order.count == rows.count, zip(order, rows).allSatisfy({ $0 == $1.id }) { return }
        var listed = StringIndex(capacity: order.count)
        for id in order { _ = listed.insert(id) }
        for (id, json) in rows where listed.position(of: id) == nil {
            let added = JSONEdit(appending: [.string(id)], to: orderJSON)
            report(json, "row '\(id)' of \(owner) is not in its rowOrder; jf shows it after the rows listed, "
                         + "the Joyfill SDKs in no set place",
                   notes: ["add \"\(id)\" to the rowOrder where the row belongs"],
                   replacement: added?.replacement, fix: "add \"\(id)\" at the end of the rowOrder, where jf shows it",
                   replacing: added?.span, isSafe: true)
        }
    }

    /// A collection: the root schema's rows, then each live row's children by child schema,
    /// level by level.
    mutating func collection(_ value: JSONValue) {
        guard let root = field.rootSchema else { return }
        let owner = "collection '\(field.id)'"
        var pending: [(rows: [JSONValue], schema: CollectionSchema)] = []
        let live = rows(value, of: owner, columns: root.columns, order: field.json["rowOrder"], schema: nil)
        pending.append((live, root))
        while let (parents, schema) = pending.popLast() {
            for parent in parents {
                guard let children = parent["children"], let members = children.members else { continue }
                for member in members {
                    guard schema.children.contains(member.key), let childSchema = field.schema[member.key] else {
                        let row = parent["_id"]?.stringValue.map { "row '\($0)'" } ?? "a row"
                        report(member.value, "\(row) of \(owner) has children of schema '\(member.key)', which its schema '\(schema.key)' "
                                             + "does not list; formulas do not read them",
                               notes: schema.children.isEmpty ? [] : ["its child schemas: " + schema.children.joined(separator: ", ")])
                        continue
                    }
                    // `children.KEY` is `{"value": [rows], "rowOrder"?}`, or the rows themselves.
                    let entry = member.value
                    guard let list = entry.isObject ? entry["value"] : entry else { continue }
                    let live = rows(list, of: owner, columns: childSchema.columns, order: entry.isObject ? entry["rowOrder"] : nil,
                                    schema: member.key)
                    pending.append((live, childSchema))
                }
            }
        }
    }

    /// A chart: an array of line objects, each with `points` whose `x` and `y` are numbers.
    mutating func chart(_ value: JSONValue) {
        let owner = "chart '\(field.id)'"
        if value.isNull || value.isEmptyString { return }
        guard let lines = value.arrayValue else {
            report(value, "\(owner) holds \(Self.describe(value)), not an array of lines; formulas read []")
            return
        }
        for line in lines {
            guard line.isObject else {
                report(line, "\(owner) holds \(Self.describe(line)) among its lines, where each is an object")
                continue
            }
            if line["deleted"]?.boolValue == true { continue }
            guard let points = line["points"], !points.isNull else { continue }
            guard let list = points.arrayValue else {
                report(points, "the points of a line of \(owner) are \(Self.describe(points)), not an array; formulas read []")
                continue
            }
            for point in list {
                guard point.isObject else {
                    report(point, "a line of \(owner) holds \(Self.describe(point)) among its points, where each is an object")
                    continue
                }
                for axis in ["x", "y"] {
                    guard let coordinate = point[axis], !coordinate.isNull, coordinate.numberText == nil else { continue }
                    let name = point["_id"]?.stringValue.map { "point '\($0)'" } ?? "a point"
                    report(coordinate, "\(name) of \(owner) has \(Self.describe(coordinate)) as \(axis), not a number; formulas read it as it is")
                }
            }
        }
    }

    // MARK: Words

    /// The option whose text is `text`: the first one not deleted, else the first.
    static func option(named text: String, in options: [FieldOption]) -> FieldOption? {
        options.first { !$0.deleted && $0.text == text } ?? options.first { $0.text == text }
    }

    /// The option whose id or text is a likely misspelling of `text` (not a deleted one).
    static func closestOption(to text: String, in options: [FieldOption]) -> FieldOption? {
        let live = options.filter { !$0.deleted }
        guard let word = Suggestions.closest(to: text, in: live.map(\.text) + live.map(\.id)) else { return nil }
        return live.first { $0.text == word || $0.id == word }
    }

    /// The options a dropdown or multiSelect has, for a note (the first few).
    static func optionNotes(_ options: [FieldOption]) -> [String] {
        guard !options.isEmpty else { return ["it has no options"] }
        let shown = options.prefix(5).map { "\"\($0.id)\" (\(quoted($0.text)))" }.joined(separator: ", ")
        return ["its options: " + shown + (options.count > 5 ? ", …" : "")]
    }

    /// A value for a message: "the number 5", "an array", "true".
    static func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number(let text): return "the number \(text)"
        case .string(let text): return "the text \(quoted(text))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A stored text in quotes, cut after 40 characters.
    static func quoted(_ text: String) -> String {
        text.count <= 40 ? "\"\(text)\"" : "\"\(text.prefix(40))…\""
    }
}
