import JoyfillJSON

/// A page of a JoyDoc file: `files[].pages[]`, with the positions that place fields on it.
///
/// Formulas ignore pages (specification §7.1 reads fields from the flat `fields` list); pages matter
/// to what a person filling the form sees: conditional logic, validation, navigation.
public struct Page: Sendable {
    public let id: String
    /// The `_id` of the file the page belongs to, when it has one.
    public let fileID: String?
    public let name: String?
    /// `hidden: true`: the page starts hidden (its `logic` may show it).
    public let hidden: Bool
    /// The page's JSON object (its `logic` is read by the document editor).
    public let json: JSONValue
    /// The fields placed on the page, in the page's order.
    public let positions: [FieldPosition]

    /// Every page of every file, file by file, each file's in its `pageOrder` (pages it does
    /// not list follow, in document order). Entries without an `_id` string are passed over,
    /// as are positions without a `field` id: neither can be named or shown.
    public static func list(in document: JSONValue) -> [Page] {
        var pages: [Page] = []
        for file in document["files"]?.arrayValue ?? [] {
            pages += list(file["pages"]?.arrayValue ?? [], fileID: file["_id"]?.stringValue,
                          order: file["pageOrder"]?.arrayValue?.compactMap(\.stringValue))
        }
        return pages
    }

    /// The pages of one `pages` array, in `order` (pages it does not list follow).
    static func list(_ json: [JSONValue], fileID: String?, order: [String]?) -> [Page] {
        ordered(json, by: order, id: { $0["_id"]?.stringValue }).compactMap { page -> Page? in
            guard let id = page["_id"]?.stringValue else { return nil }
            // Made to size: a page of many positions grown by doubling held two buffers at once.
            let elements = page["fieldPositions"]?.arrayValue ?? []
            var positions: [FieldPosition] = []
            positions.reserveCapacity(elements.count)
            for position in elements {
                guard let field = position["field"]?.stringValue else { continue }
                positions.append(FieldPosition(id: position["_id"]?.stringValue ?? "", field: field, json: position))
            }
            return Page(id: id, fileID: fileID, name: page["name"]?.stringValue,
                        hidden: page["hidden"]?.boolValue ?? false, json: page, positions: positions)
        }
    }
}

/// A field's place on a page: `{_id, field}` (layout keys, `x`, `y`, `width`, `height`, are
/// the renderer's business, in ``json``).
public struct FieldPosition: Sendable {
    /// The position's `_id` (empty when it has none).
    public let id: String
    /// The `_id` of the field placed.
    public let field: String
    /// The position's JSON object.
    public let json: JSONValue
}

extension JoyDoc {
    /// The document's pages, read from `files[].pages[]` each time it is asked for (the
    /// formula engine never needs them, so reading a document does not pay for them).
    public var pages: [Page] { Page.list(in: json) }
}
