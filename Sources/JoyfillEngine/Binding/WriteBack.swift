import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A formula result as the stored JSON of a field (specification §8.2). A result that cannot
/// fit the field's type is a `write-type-mismatch` error, and the field keeps its value.
enum WriteBack {
    struct Mismatch: Error {
        var message: String
    }

    /// The JSON to store in `field`; a text longer than `textLimit` bytes is refused (see
    /// ``Value/text(limit:)``).
    static func json(_ value: Value, for field: Field, textLimit: Int) throws(Mismatch) -> JSONValue {
        switch (value, field.type) {
        case (.null, .table), (.null, .collection), (.undefined, .table), (.undefined, .collection):
            break   // refused below, as any value: clearing a table would drop its rows
        case (.null, _), (.undefined, _):
            return .null
        default:
            break
        }
        switch field.type {
        case .number:
            switch value {
            case .number(let number): return try finite(number)
            case .date(let instant): return .number(Double(instant.milliseconds))   // epoch milliseconds
            case .string(let text):
                guard let number = FieldValueTypes.number(fromText: text) else {
                    throw Mismatch(message: "the text \"\(abbreviated(text))\" is not a number, and '\(field.id)' is a number field")
                }
                return .number(number)
            default:
                throw Mismatch(message: "a \(value.type.rawValue) cannot be stored in the number field '\(field.id)'")
            }
        case .text, .textarea, .block, .richText, .signature:
            guard let text = value.text(limit: textLimit) else {
                throw Mismatch(message: "the \(value.type.rawValue) is longer than the limit of \(textLimit) bytes as text, for the text field '\(field.id)'")
            }
            return .string(text)
        case .date:
            switch value {
            case .date(let instant): return .number(Double(instant.milliseconds))
            case .number(let number): return try finite(number)
            case .string(let text):
                guard let instant = Instant(iso8601: text) else {
                    throw Mismatch(message: "the text \"\(abbreviated(text))\" is not an ISO-8601 date, and '\(field.id)' is a date field")
                }
                return .number(Double(instant.milliseconds))
            default:
                throw Mismatch(message: "a \(value.type.rawValue) cannot be stored in the date field '\(field.id)'")
            }
        case .dropdown:
            // "" clears the selection (stored as "", as the reference stores it).
            if case .string("") = value { return .string("") }
            // A text past the limit is no option's (nil matches none).
            let text = value.text(limit: textLimit)
            guard let option = field.options.first(where: { !$0.deleted && $0.text == text }) else {
                throw Mismatch(message: "\"\(abbreviated(text ?? "…"))\" is not an option of the dropdown '\(field.id)'")
            }
            return .string(option.id)
        case .multiSelect:
            guard case .array(let elements) = value else {
                throw Mismatch(message: "a multiSelect takes an array of option texts, not a \(value.type.rawValue)")
            }
            var ids: [JSONValue] = []
            for element in elements {
                let text = element.text(limit: textLimit)
                guard let option = field.options.first(where: { !$0.deleted && $0.text == text }) else {
                    throw Mismatch(message: "\"\(abbreviated(text ?? "…"))\" is not an option of the multiSelect '\(field.id)'")
                }
                ids.append(.string(option.id))
            }
            return .array(ids)
        case .chart:
            guard case .array(let lines) = value else {
                throw Mismatch(message: "a chart takes an array of lines, not a \(value.type.rawValue)")
            }
            _ = try plain(value, for: field, limit: textLimit)   // the size limit, as for any value
            return try chart(lines, for: field, textLimit: textLimit)
        case .table, .collection:
            throw Mismatch(message: "formulas cannot write \(field.type.name) fields")
        case .image, .file, .unknown:
            return try plain(value, for: field, limit: textLimit)
        }
    }

    /// `value` as plain JSON (dates become epoch milliseconds), refused when it would take more
    /// than `limit` bytes: a formula can put one long string in an array a million times
    /// (shared, it costs the formula little), and the document written would not fit anywhere.
    private static func plain(_ value: Value, for field: Field, limit: Int) throws(Mismatch) -> JSONValue {
        var budget = limit
        guard let json = try plain(value, budget: &budget) else {
            throw Mismatch(message: "the \(value.type.rawValue) is larger than the limit of \(limit) bytes as JSON, for the \(field.type.name) field '\(field.id)'")
        }
        return json
    }

    /// `value` as plain JSON, or nil once it has taken more than `budget` bytes. The size
    /// counted is the strings' and keys' UTF-8 with their quotes, and a byte for each other
    /// value and separator: never more than the JSON written, so nothing under the limit is
    /// refused.
    static func plain(_ value: Value, budget: inout Int) throws(Mismatch) -> JSONValue? {
        budget -= 1
        switch value {
        case .number(let number): return try finite(number)
        case .string(let text):
            budget -= text.utf8.count + 1
            return budget >= 0 ? .string(text) : nil
        case .boolean(let flag): return .bool(flag)
        case .date(let instant): return .number(Double(instant.milliseconds))
        case .null, .undefined: return .null
        case .array(let elements):
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard budget >= 0, let json = try plain(element, budget: &budget) else { return nil }
                result.append(json)
            }
            return budget >= 0 ? .array(result) : nil
        case .object(let object):
            var members: [JSONMember] = []
            members.reserveCapacity(object.count)
            for (key, element) in object {
                budget -= key.utf8.count + 3
                guard budget >= 0, let json = try plain(element, budget: &budget) else { return nil }
                members.append(JSONMember(key, json))
            }
            return budget >= 0 ? .object(members) : nil
        case .lambda:
            throw Mismatch(message: "a lambda cannot be stored in a document")
        }
    }

    static func finite(_ number: Double) throws(Mismatch) -> JSONValue {
        guard number.isFinite else { throw Mismatch(message: "\(Value.number(number).text) cannot be stored: JSON has no such number") }
        return .number(number)
    }

    static func abbreviated(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

extension String {
    /// The text without the white space (by Unicode's property) at its two ends.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
