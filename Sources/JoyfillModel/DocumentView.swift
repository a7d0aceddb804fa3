import JoyfillJSON

/// The layout of a document that is read for what a person sees: which pages, and which
/// fields and columns are hidden for the view (docs/validation.md, "Views").
///
/// The Joyfill Swift SDK always reads the mobile view: a field or column whose `hiddenViews`
/// holds `"mobile"` is hidden whatever its logic says, and when the first file has `views`,
/// the first view's pages replace the file's own. The desktop view reads the first file's own
/// pages and hides what `hiddenViews` marks `"desktop"`.
public enum DocumentView: String, Sendable, CaseIterable {
    case mobile, desktop

    /// Whether `json`'s `hiddenViews` hides it in this view. Only an array of strings is read:
    /// any other value (`["mobile", 5]` included) hides nothing, as docs/validation.md says.
    public func hides(_ json: JSONValue) -> Bool {
        guard let views = json["hiddenViews"]?.arrayValue, views.allSatisfy({ $0.stringValue != nil }) else { return false }
        return views.contains { $0.stringValue == rawValue }
    }
}

extension JoyDoc {
    /// The pages of `view`, in the first file's `pageOrder` (pages it does not list follow,
    /// in document order): the mobile view's are the first file's first view's pages when it
    /// has views, else, as the desktop view's, the first file's own pages. Other files are not
    /// read, as the SDK reads none.
    public func pages(in view: DocumentView) -> [Page] {
        guard let file = json["files"]?.arrayValue?.first else { return [] }
        let order = file["pageOrder"]?.arrayValue?.compactMap(\.stringValue)
        var pages = file["pages"]
        if view == .mobile, let views = file["views"]?.arrayValue, let first = views.first {
            pages = first["pages"]
        }
        return Page.list(pages?.arrayValue ?? [], fileID: file["_id"]?.stringValue, order: order)
    }
}
