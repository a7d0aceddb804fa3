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
    /// The formulas' edits of the original text, in order: where each starts in the original
    /// and in ``document``'s text, and how much longer it made the text.
    private let edits: [(original: Range<Int>, updatedStart: Int, growth: Int)]

    public init(document: JoyDoc, registry: FunctionRegistry = .standard, options: EvaluationOptions = EvaluationOptions()) {
        original = document
        let engine = DocumentEngine(document: document, registry: registry, options: options)
        engine.evaluateAll()
        formulaDiagnostics = engine.diagnostics
        // The results are written in by text edits; a document the engine wrote is a JoyDoc again.
        var edits: [(original: Range<Int>, updatedStart: Int, growth: Int)] = []
        var growth = 0
        for edit in engine.edits.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) {
            let added = edit.replacement.utf8.count - edit.span.count
            edits.append((edit.span, edit.span.lowerBound + growth, added))
            growth += added
        }
        self.edits = edits
        self.document = engine.updatedBytes.flatMap { try? JoyDoc(bytes: $0) } ?? document
        visibility = Visibility(document: self.document)
    }

    /// Maps a byte offset in ``document``'s text to the same place in ``original``'s (an offset
    /// inside a value a formula rewrote maps to that value's start), so that findings point
    /// into the file as it is on disk.
    public func originalOffset(_ offset: Int) -> Int {
        // The last edit starting at or before the offset, found by bisection.
        var (low, high) = (0, edits.count)
        while low < high {
            let middle = (low + high) / 2
            if edits[middle].updatedStart <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offset }
        let edit = edits[low - 1]
        let rewrittenEnd = edit.updatedStart + edit.original.count + edit.growth
        if offset < rewrittenEnd { return edit.original.lowerBound }
        return offset - (edit.updatedStart - edit.original.lowerBound) - edit.growth
    }

    /// Validates the shown fields of the document (`path` ""), of one page ("pageId"), or one
    /// field ("pageId/fieldPositionId"; a field `_id` placed on the page also does). Spaces
    /// around the path and its `/` are ignored.
    public func validate(path: String = "") throws(ValidationPathError) -> Validation {
        try Validator.validate(document, visibility: visibility, path: path)
    }
}
