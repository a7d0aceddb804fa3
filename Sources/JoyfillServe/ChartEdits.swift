import JoyfillChanges
import JoyfillJSON
import JoyfillModel

/// A chart's points edited in the table beside it: the page sends `setPoint`, `addPoint` and
/// `removePoint`, and each becomes a `field.update` of the chart's whole new value (its lines,
/// `[{_id, title, points: [{_id, label, x, y}]}]`), so it goes through the session's one door.
/// Lines and points are named by `_id`.
enum ChartEdits {
    static let operations = ["setPoint", "addPoint", "removePoint"]

    /// The `field.update` entries of operation `name` on chart `field`, whose value is now
    /// `current`, from `request`: `{"line", "point", "key": "label"|"x"|"y", "value"}` for
    /// `setPoint` (a number for x and y, null to empty it; text for a label), `{"line"}` for
    /// `addPoint` (a point after the last, one further along x), `{"line", "point"}` for
    /// `removePoint`.
    static func entries(_ name: String, on field: Field, current: JSONValue?, _ request: JSONValue,
                        newID: () -> String = ObjectID.make) throws(ServeError) -> JSONValue {
        guard field.type == .chart else { throw ServeError("'\(field.id)' is a \(field.type.name) field, not a chart") }
        guard let lineID = request["line"]?.stringValue else { throw ServeError("give the chart's \"line\", by its _id") }
        var lines = current?.arrayValue ?? []
        guard let line = lines.firstIndex(where: { $0["_id"]?.stringValue == lineID && $0["deleted"]?.boolValue != true }) else {
            throw ServeError("the chart '\(field.id)' has no line with the _id '\(lineID)'")
        }
        var points = lines[line]["points"]?.arrayValue ?? []
        func point() throws(ServeError) -> Int {
            guard let id = request["point"]?.stringValue, let index = points.firstIndex(where: { $0["_id"]?.stringValue == id }) else {
                throw ServeError("the line '\(lineID)' has no point with the _id '\(request["point"]?.stringValue ?? "")'")
            }
            return index
        }
        switch name {
        case "setPoint":
            let index = try point()
            guard let key = request["key"]?.stringValue, ["label", "x", "y"].contains(key) else {
                throw ServeError("give the point's \"key\": label, x or y")
            }
            let value = request["value"] ?? .null
            if key == "label" {
                guard value.stringValue != nil else { throw ServeError("a point's label is text") }
            } else if !value.isNull && value.numberValue == nil {
                throw ServeError("a point's \(key) is a number")
            }
            points[index] = JSONValue.setting(key, to: value, in: points[index])
        case "addPoint":
            let x = (points.compactMap { $0["x"]?.numberValue }.max() ?? 0) + (points.isEmpty ? 0 : 1)
            points.append(.object([JSONMember("_id", .string(newID())), JSONMember("label", ""), JSONMember("x", .number(x)),
                                   JSONMember("y", .number(0))]))
        default:
            points.remove(at: try point())
        }
        lines[line] = JSONValue.setting("points", to: .array(points), in: lines[line])
        return .array([.object([JSONMember("target", .string(DocumentChange.Target.fieldUpdate.rawValue)),
                                JSONMember("fieldId", .string(field.id)), JSONMember("change", .object([JSONMember("value", .array(lines))]))])])
    }
}
