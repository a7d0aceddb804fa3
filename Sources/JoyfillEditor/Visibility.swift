import JoyfillJSON
import JoyfillModel

/// Which fields and pages of a document are shown: each item's `hidden` flag, moved by its
/// conditional logic (``Logic``) evaluated on the document's stored values.
///
/// A condition reads a field's value whether or not that field is shown (as the Joyfill SDKs
/// do), so visibility never chains and is computed in one pass: each item's logic once.
public struct Visibility: Sendable {
    private let hiddenFields: Set<String>
    private let hiddenPages: Set<String>
    /// Logic that could not be used as written (each names its field or page).
    public let issues: [DocumentIssue]

    public init(_ values: FieldValues) {
        let document = values.document
        let logic = DocumentLogic(document)
        var hiddenFields: Set<String> = []
        for (position, field) in document.fields.enumerated() {
            let hidden = values.isHidden(at: position)
            if !(logic.fields[position]?.shows(startingHidden: hidden, in: values) ?? !hidden) { hiddenFields.insert(field.id) }
        }
        var hiddenPages: Set<String> = []
        for (page, pageLogic) in logic.pages where !(pageLogic?.shows(startingHidden: page.hidden, in: values) ?? !page.hidden) {
            hiddenPages.insert(page.id)
        }
        self.hiddenFields = hiddenFields
        self.hiddenPages = hiddenPages
        issues = logic.issues
    }

    /// Whether the field is shown (wherever it is placed; its pages are asked separately).
    public func shows(field id: String) -> Bool { !hiddenFields.contains(id) }

    /// Whether the page is shown.
    public func shows(page id: String) -> Bool { !hiddenPages.contains(id) }
}
