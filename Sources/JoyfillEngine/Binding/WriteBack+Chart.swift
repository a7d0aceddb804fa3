import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A chart result as a chart field stores it: the lines and points the schema requires, so
/// that a written document reads in every SDK (specification, "Write-back").
///
/// - Every line and point has an `_id`: the result's own, else that of the stored line or point
///   at the same place, else a new one, made from the field's id and the place, so writing the
///   same result again changes nothing.
/// - A line has `deleted: false`, its `title` (and `description`, when it has one) as text, and
///   its `points`; a point has its `label` as text and `x` and `y` as numbers (null, or none,
///   is 0; a text that reads as a number is that number).
/// - Keys come in the order the stored line or point has them, then `_id`, `title`,
///   `description`, `deleted`, `points` (`_id`, `label`, `x`, `y` for a point); other keys of
///   the result are kept as they are.
extension WriteBack {
    static func chart(_ lines: ArrayValue, for field: Field, textLimit: Int) throws(Mismatch) -> JSONValue {
        // The stored lines as formulas see them, by place: what the result's lines replace.
        let stored = (field.value?.arrayValue ?? []).filter { $0["deleted"]?.boolValue != true }
        var written: [JSONValue] = []
        written.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            guard case .object(let members) = line else {
                throw Mismatch(message: "line \(index + 1) of the chart is a \(line.type.rawValue), not an object with \"points\"")
            }
            let storedLine = index < stored.count ? stored[index] : nil
            let storedPoints = storedLine?["points"]?.arrayValue ?? []
            var points: [JSONValue] = []
            switch members["points"] ?? .null {
            case .array(let elements):
                for (place, point) in elements.enumerated() {
                    guard case .object(let pointMembers) = point else {
                        throw Mismatch(message: "point \(place + 1) of line \(index + 1) is a \(point.type.rawValue), not an object with x and y")
                    }
                    let storedPoint = place < storedPoints.count ? storedPoints[place] : nil
                    var known: [String: JSONValue] = [
                        "_id": .string(id(pointMembers["_id"], stored: storedPoint, field: field, place: [index, place])),
                        "label": .string(try text(pointMembers["label"], limit: textLimit)),
                    ]
                    for axis in ["x", "y"] {
                        known[axis] = try number(pointMembers[axis], axis: axis, point: place, line: index)
                    }
                    points.append(try object(pointMembers, known: known, order: ["_id", "label", "x", "y"], stored: storedPoint, limit: textLimit))
                }
            case .null, .undefined:
                break
            case let other:
                throw Mismatch(message: "the points of line \(index + 1) are a \(other.type.rawValue), not an array")
            }
            var known: [String: JSONValue] = [
                "_id": .string(id(members["_id"], stored: storedLine, field: field, place: [index])),
                "title": .string(try text(members["title"], limit: textLimit)),
                "deleted": .bool(false),
                "points": .array(points),
            ]
            if let description = members["description"], description.type != .null, description.type != .undefined {
                known["description"] = .string(try text(description, limit: textLimit))
            }
            written.append(try object(members, known: known, order: ["_id", "title", "description", "deleted", "points"],
                                      stored: storedLine, limit: textLimit))
        }
        return .array(written)
    }

    /// An object of `known` members and the result's other ones (as plain JSON), in the order
    /// of `stored`'s keys, then `order`, then the result's.
    private static func object(_ members: ObjectValue, known: [String: JSONValue], order: [String], stored: JSONValue?,
                               limit: Int) throws(Mismatch) -> JSONValue {
        var keys: [String] = []
        var seen = Set<String>()
        for key in (stored?.members ?? []).map(\.key) + order + members.map(\.0) where seen.insert(key).inserted {
            if known[key] != nil || (members[key] != nil && !order.contains(key)) { keys.append(key) }
        }
        var result: [JSONMember] = []
        for key in keys {
            if let value = known[key] {
                result.append(JSONMember(key, value))
            } else if let value = members[key] {
                var budget = limit
                guard let json = try plain(value, budget: &budget) else {
                    throw Mismatch(message: "the chart's '\(key)' is larger than the limit of \(limit) bytes as JSON")
                }
                result.append(JSONMember(key, json))
            }
        }
        return .object(result)
    }

    /// The `_id` of a line or point: the result's own, the stored one's, or one made from the
    /// field and the place (`[line]` or `[line, point]`): 24 hex digits, as Joyfill's ids are.
    static func id(_ own: Value?, stored: JSONValue?, field: Field, place: [Int]) -> String {
        if case .string(let text)? = own, !text.isEmpty { return text }
        if let text = stored?["_id"]?.stringValue, !text.isEmpty { return text }
        let key = Array(([field.id] + place.map(String.init)).joined(separator: "/").utf8)
        // FNV-1a, twice with different offsets: 96 bits of a stable hash, not a random id.
        func hash(_ offset: UInt64) -> UInt64 {
            key.reduce(offset) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        }
        let high = String(hash(0xcbf29ce484222325), radix: 16), low = String(hash(0x84222325cbf29ce4) >> 32, radix: 16)
        return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 8 - low.count) + low
    }

    /// A title or label as text: null or none is "".
    private static func text(_ value: Value?, limit: Int) throws(Mismatch) -> String {
        guard let value, value.type != .null, value.type != .undefined else { return "" }
        guard let text = value.text(limit: limit) else {
            throw Mismatch(message: "a chart's text is longer than the limit of \(limit) bytes")
        }
        return text
    }

    /// A point's x or y as a number: null or none is 0, a text that reads as a number is it.
    private static func number(_ value: Value?, axis: String, point: Int, line: Int) throws(Mismatch) -> JSONValue {
        switch value {
        case nil, .null?, .undefined?: return .number(0)
        case .number(let number)?: return try finite(number)
        case .string(let text)?:
            if let number = FieldValueTypes.number(fromText: text) { return .number(number) }
            throw Mismatch(message: "\(axis) of point \(point + 1) of line \(line + 1) is the text \"\(abbreviated(text))\", not a number")
        case let other?:
            throw Mismatch(message: "\(axis) of point \(point + 1) of line \(line + 1) is a \(other.type.rawValue), not a number")
        }
    }
}
