import JoyfillJSON
import JoyfillModel

/// Each field's stored value and `hidden` flag: the document's, or after a formula run what
/// the run holds (read in place, so the document's text is not written and read again). The
/// run is given as two functions of a field's position, so that logic needs nothing of the
/// engine that made it: the session, which owns the engine, gives them.
public struct FieldValues {
    public let document: JoyDoc
    private let storedValue: ((Int) -> JSONValue?)?
    private let hiddenFlag: ((Int) -> Bool)?

    /// The document's own values and flags.
    public init(document: JoyDoc) {
        self.document = document
        storedValue = nil
        hiddenFlag = nil
    }

    /// The values and flags of a run over `document`: `storedValue(position)` (nil: no `value`
    /// key) and `isHidden(position)` of the field at each position in ``JoyDoc/fields``.
    public init(document: JoyDoc, storedValue: @escaping (Int) -> JSONValue?, isHidden: @escaping (Int) -> Bool) {
        self.document = document
        self.storedValue = storedValue
        hiddenFlag = isHidden
    }

    /// The stored value of the field at `position` in ``JoyDoc/fields`` (nil: no `value` key).
    public func value(at position: Int) -> JSONValue? {
        storedValue.map { $0(position) } ?? document.fields[position].value
    }

    /// Whether the field at `position` has `hidden: true`.
    public func isHidden(at position: Int) -> Bool {
        hiddenFlag.map { $0(position) } ?? document.fields[position].isHidden
    }
}
