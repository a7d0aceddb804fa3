import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A JoyDoc as the Joyfill SDKs' `DocumentEditor` holds it: its formulas evaluated first (so a
/// formula's result counts as the field's value, and a `hidden` formula hides its field), then
/// visibility and validation over the result.
public final class DocumentEditor {
    /// The document as it was given.
    public let original: JoyDoc
    /// The document with its formulas' results written in.
    public let document: JoyDoc
    /// What the formulas reported (a failed formula keeps its field's stored value, B7).
    public let formulaDiagnostics: [EngineDiagnostic]
    /// Which fields and pages are shown.
    public let visibility: Visibility

    public init(document: JoyDoc, registry: FunctionRegistry = .standard, options: EvaluationOptions = EvaluationOptions()) {
        original = document
        let engine = DocumentEngine(document: document, registry: registry, options: options)
        engine.evaluateAll()
        formulaDiagnostics = engine.diagnostics
        // The results are written in by text edits, so the document reads back as the engine
        // wrote it; a document the engine wrote is a JoyDoc again.
        self.document = engine.updatedBytes.flatMap { try? JoyDoc(bytes: $0) } ?? document
        visibility = Visibility(document: self.document)
    }

    /// Validates the shown fields of the document (`path` ""), of one page ("pageId"), or one
    /// field ("pageId/fieldPositionId"; a field `_id` placed on the page also does). Spaces
    /// around the path and its `/` are ignored.
    public func validate(path: String = "") throws(ValidationPathError) -> Validation {
        try Validator.validate(document, visibility: visibility, path: path)
    }
}
