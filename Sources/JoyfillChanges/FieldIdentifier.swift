import JoyfillModel

/// Everything that places a field in its document, as the change API's entries carry it: the
/// SDKs' `FieldIdentifier`, from `getFieldIdentifier(for:)`.
public struct FieldIdentifier: Sendable, Equatable {
    /// The field's `_id`.
    public let fieldID: String
    /// The first page (in file and page order) that places the field, and the position there.
    public let pageID: String?
    public let fieldPositionID: String?
    /// The `_id` of the file the field belongs to (its `file`, or the placing page's file).
    public let fileID: String?
    /// The field's own `identifier`.
    public let fieldIdentifier: String?
    /// The document's `_id` and `identifier`.
    public let documentID: String?
    public let documentIdentifier: String?
}

extension FieldIdentifier {
    /// What places field `id` in `document`; nil when there is no such field.
    public init?(field id: String, in document: JoyDoc) {
        guard let field = document.field(id) else { return nil }
        var placed: (page: Page, position: FieldPosition)?
        for page in document.pages {
            if let position = page.positions.first(where: { $0.field == id }) {
                placed = (page, position)
                break
            }
        }
        self.init(fieldID: id, pageID: placed?.page.id, fieldPositionID: placed?.position.id,
                  fileID: field.json["file"]?.stringValue ?? placed?.page.fileID,
                  fieldIdentifier: field.json["identifier"]?.stringValue,
                  documentID: document.json["_id"]?.stringValue,
                  documentIdentifier: document.json["identifier"]?.stringValue)
    }
}
