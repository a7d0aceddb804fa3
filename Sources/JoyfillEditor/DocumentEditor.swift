import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A JoyDoc as the Joyfill SDKs' `DocumentEditor` holds it: its formulas evaluated first (so a
/// formula's result counts as the field's value, and a `hidden` formula hides its field), then
/// visibility and validation over the result.
public final class DocumentEditor {
    /// The document as it was given (spans point into its text).
    public let document: JoyDoc
    /// The fields' values and `hidden` flags after the formulas ran.
    public let values: FieldValues
    /// Which fields and pages are shown.
    public let visibility: Visibility
    private let engine: DocumentEngine

    public convenience init(document: JoyDoc, registry: FunctionRegistry = .standard,
                            options: EvaluationOptions = EvaluationOptions()) {
        let engine = DocumentEngine(document: document, registry: registry, options: options)
        engine.evaluateAll()
        self.init(evaluated: engine)
    }

    /// The editor of `document` after `changes` (the change API: `field.update` and table row
    /// changes), applied all or none, with every formula run on the result: what the SDKs'
    /// `change(changes:)` leaves, and what `jf apply` writes (``updatedBytes``, or the changed
    /// ``document``'s text when the formulas changed nothing further).
    public convenience init(document: JoyDoc, applying changes: [DocumentChange], registry: FunctionRegistry = .standard,
                            options: EvaluationOptions = EvaluationOptions()) throws(ChangeError) {
        let bytes = try ChangeApplier.apply(changes, to: document)
        let changed: JoyDoc
        do {
            changed = try JoyDoc(bytes: bytes)
        } catch {
            // The applier sets values, rows and orders only, which keeps a JoyDoc a JoyDoc.
            throw ChangeError(index: max(changes.count - 1, 0), field: nil, message: "the changed document does not read: \(error)")
        }
        self.init(document: changed, registry: registry, options: options)
    }

    /// An editor over an engine that has already run (and perhaps applied changes since, as
    /// the REPL's `:set` does): its values are read as they are now.
    public init(evaluated engine: DocumentEngine) {
        self.engine = engine
        document = engine.document
        values = FieldValues(document: document, engine: engine)
        visibility = Visibility(values)
    }

    /// What the formulas reported (a failed formula keeps its field's stored value, B7).
    public var formulaDiagnostics: [EngineDiagnostic] { engine.diagnostics }

    /// The document's text with the formulas' results written in; nil when they changed nothing.
    public var updatedBytes: [UInt8]? { engine.updatedBytes }

    /// Validates the shown fields of the document (`path` ""), of one page ("pageId"), or one
    /// field ("pageId/fieldPositionId"; a field `_id` placed on the page also does). Spaces
    /// around the path and its `/` are ignored.
    public func validate(path: String = "") throws(ValidationPathError) -> Validation {
        try Validator.validate(values, visibility: visibility, path: path)
    }
}

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
