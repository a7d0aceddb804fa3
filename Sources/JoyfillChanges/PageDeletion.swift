import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The SDKs' `deletePage(pageID:)`, on a document's text (docs/cli.md, `jf apply`, the
/// `page.delete` entry): the page leaves the first file's pages, its `pageOrder` and every
/// view, and the fields it placed that no other position places leave `fields`. Every other
/// byte stays as it was.
enum PageDeletion {
    /// Why a page cannot be deleted.
    struct Refusal: SuggestingError {
        let summary: String
        let suggestion: String?
    }

    /// The edits that delete page `id`, and the changelogs an SDK reports for it
    /// (`field.delete` per field removed, then `page.delete`, the view's first).
    static func delete(_ id: String, in document: JoyDoc, createdOn: Double) throws(Refusal) -> (edits: [JSONEdit], changelogs: [JSONValue]) {
        guard let file = document.json["files"]?.arrayValue?.first, let pages = file["pages"], let list = pages.arrayValue,
              list.count >= 2 else {
            throw Refusal(summary: "the first file has fewer than two pages, and a form keeps at least one", suggestion: nil)
        }
        let ids = list.map { $0["_id"]?.stringValue ?? "" }
        guard let index = ids.firstIndex(of: id) else {
            throw Refusal(summary: "no page of the first file has the _id '\(id)'", suggestion: Suggestions.closest(to: id, in: ids))
        }
        let page = list[index]
        // A `deletable` that is not a boolean counts as true.
        guard page["deletable"]?.boolValue != false else {
            throw Refusal(summary: "the page '\(id)' is not deletable (\"deletable\": false)", suggestion: nil)
        }
        var edits = JSONEdit.removing([index], from: pages)
        if let order = file["pageOrder"], let orderIDs = order.arrayValue?.map({ $0.stringValue }) {
            edits += JSONEdit.removing(Set(orderIDs.indices.filter { orderIDs[$0] == id }), from: order)
        }
        // The page in the views, and what remains placed.
        var placedElsewhere = Set<String>()
        var inFirstView: (viewID: String?, page: JSONValue)?
        for (viewIndex, view) in (file["views"]?.arrayValue ?? []).enumerated() {
            let viewPages = view["pages"]?.arrayValue ?? []
            let removed = Set(viewPages.indices.filter { viewPages[$0]["_id"]?.stringValue == id })
            if let viewPagesJSON = view["pages"] { edits += JSONEdit.removing(removed, from: viewPagesJSON) }
            if let order = view["pageOrder"], let orderIDs = order.arrayValue?.map({ $0.stringValue }) {
                edits += JSONEdit.removing(Set(orderIDs.indices.filter { orderIDs[$0] == id }), from: order)
            }
            if viewIndex == 0, let first = removed.min() { inFirstView = (view["_id"]?.stringValue, viewPages[first]) }
            for (position, other) in viewPages.enumerated() where !removed.contains(position) {
                placedElsewhere.formUnion(Self.fields(placedOn: other))
            }
        }
        for (position, other) in list.enumerated() where position != index {
            placedElsewhere.formUnion(Self.fields(placedOn: other))
        }
        let onPage = Self.fields(placedOn: page) + (inFirstView.map { Self.fields(placedOn: $0.page) } ?? [])
        var removedFields: [Int] = []
        for field in onPage where !placedElsewhere.contains(field) {
            if let position = document.fieldIndex(field), !removedFields.contains(position) { removedFields.append(position) }
        }
        if let fields = document.json["fields"] { edits += JSONEdit.removing(Set(removedFields), from: fields) }

        // Changelogs, as the SDKs make them; none for a document without `_id`.
        var changelogs: [JSONValue] = []
        if let log = PageChangelog(document: document, file: file, createdOn: createdOn) {
            for position in removedFields {
                let field = document.fields[position]
                var members = [JSONMember("pageId", .string(id)), JSONMember("fieldId", .string(field.id))]
                if let identifier = field.json["identifier"]?.stringValue { members.append(JSONMember("fieldIdentifier", .string(identifier))) }
                if let placed = (page["fieldPositions"]?.arrayValue ?? []).first(where: { $0["field"]?.stringValue == field.id }),
                   let positionID = placed["_id"]?.stringValue {
                    members.append(JSONMember("fieldPositionId", .string(positionID)))
                }
                changelogs.append(log.entry("field.delete", members, change: [JSONMember("fieldId", .string(field.id))]))
            }
            if let viewID = inFirstView?.viewID {
                changelogs.append(log.entry("page.delete", [JSONMember("view", "mobile"), JSONMember("viewId", .string(viewID))],
                                            change: [JSONMember("pageId", .string(id))]))
            }
            changelogs.append(log.entry("page.delete", [], change: [JSONMember("pageId", .string(id))]))
        }
        return (edits, changelogs)
    }

    /// The `_id`s of the fields a page's positions place.
    private static func fields(placedOn page: JSONValue) -> [String] {
        (page["fieldPositions"]?.arrayValue ?? []).compactMap { $0["field"]?.stringValue }
    }
}
