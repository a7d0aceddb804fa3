/// How a person may use the form, as the SDKs' `DocumentEditorConfig.mode` says: fill it in,
/// or only read it.
///
/// The SDKs enforce it in their screens only; jf's session enforces it where changes arrive
/// (``DocumentSession/apply(_:createdOn:step:onError:)``): in readonly mode every change is refused
/// with an error.
public enum SessionMode: String, Sendable, CaseIterable {
    case fill, readonly
}
