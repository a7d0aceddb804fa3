import JoyfillJSON

/// A decorator: a tappable indicator (an icon and a label) that a Joyfill SDK shows on a field,
/// a table or collection row, a column or a cell, and whose `action` it reports when tapped.
///
/// Where decorators are stored (each a JSON array of decorator objects):
///
/// | scope | key |
/// |---|---|
/// | a field | the field's `decorators` |
/// | every row of a table | the field's `rowDecorators` |
/// | every row of a collection schema | the schema entry's `rowDecorators` |
/// | every cell of a column | the column's `decorators` (`tableColumns`, or a schema's) |
/// | one row | the row's `decorators.all` |
/// | one cell | the row's `decorators.cells.COLUMN_ID` |
///
/// A table or collection schema with row decorators shows a column for them when its
/// `decorate` flag is true; the editor keeps that flag in step.
public struct Decorator: Sendable {
    /// The decorator's JSON object as stored (keys other than the four below are kept).
    public let json: JSONValue

    public init(json: JSONValue) { self.json = json }

    /// What a tap reports: required, non-empty, and unique among the decorators of one scope.
    public var action: String? { json["action"]?.stringValue }
    /// An icon name (`circle-info`, `camera` …, see ``supportedIcons``).
    public var icon: String? { json["icon"]?.stringValue }
    public var label: String? { json["label"]?.stringValue }
    /// `#RRGGBB`, when set.
    public var color: String? { json["color"]?.stringValue }

    /// A decorator is shown only with a non-empty icon or label; one with an action alone is
    /// kept but not displayed.
    public var isDisplayed: Bool { !(icon ?? "").isEmpty || !(label ?? "").isEmpty }

    /// The decorators of a stored array (nil or anything but an array: none).
    public static func list(_ json: JSONValue?) -> [Decorator] {
        (json?.arrayValue ?? []).map(Decorator.init(json:))
    }

    /// Why this decorator cannot be stored, or nil: what the SDKs reject when one is added or
    /// updated (a missing or empty `action`, a `color` that is not `#RRGGBB`, a decorator that
    /// is not an object). Phrased to follow "the decorator": "has an empty \"action\"".
    public var problem: String? {
        guard json.isObject else { return "is \(json.typeName), not an object" }
        guard let actionJSON = json["action"] else { return "has no \"action\" (every decorator needs one)" }
        guard let action = actionJSON.stringValue else { return "has an \"action\" that is \(actionJSON.typeName), not a string" }
        if action.isEmpty { return "has an empty \"action\"" }
        for key in ["icon", "label", "color"] {
            if let value = json[key], !value.isNull, value.stringValue == nil {
                return "has an \"\(key)\" that is \(value.typeName), not a string"
            }
        }
        if let color, !color.isEmpty, !Decorator.isHexColor(color) {
            return "has the color \"\(color)\", which is not of the form #RRGGBB (e.g. #3B82F6)"
        }
        return nil
    }

    /// `#` and six hexadecimal digits.
    public static func isHexColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy {
            ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102)
        }
    }

    /// The icon names the SDKs draw; any other name falls back to a default symbol.
    public static let supportedIcons: [String] = [
        "camera", "import", "paperclip", "image", "file", "comment", "comments", "upload", "download", "rotate",
        "cloud", "filter", "share", "paper-plane", "folder", "folder-open", "magnet", "eye", "circle-info", "add",
        "plus", "print", "flag",
    ]
}
