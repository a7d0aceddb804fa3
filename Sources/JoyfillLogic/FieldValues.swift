import JoyfillJSON
import JoyfillEngine
import JoyfillModel

/// Each field's stored value and `hidden` flag: the document's, or after a formula run the
/// engine's (read in place, so the document's text is not written and read again).
public struct FieldValues {
    public let document: JoyDoc
    private let engine: DocumentEngine?

    public init(document: JoyDoc, engine: DocumentEngine? = nil) {
        self.document = document
        self.engine = engine
    }

    /// The stored value of the field at `position` in ``JoyDoc/fields`` (nil: no `value` key).
    public func value(at position: Int) -> JSONValue? {
        engine?.storedValue(ofFieldAt: position) ?? document.fields[position].value
    }

    /// Whether the field at `position` has `hidden: true`.
    public func isHidden(at position: Int) -> Bool {
        engine?.isHidden(fieldAt: position) ?? document.fields[position].isHidden
    }
}
