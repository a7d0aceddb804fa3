import JoyfillChanges
import JoyfillDecorators
import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillLogic
import JoyfillModel
import JoyfillSchema

/// A JoyDoc being filled in, as the Joyfill SDKs' `DocumentEditor` holds it: its formulas
/// evaluated first (so a formula's result counts as the field's value, and a `hidden` formula
/// hides its field), then logic, visibility and validation over the result, and changes
/// applied through one door (``apply(_:createdOn:step:onError:)``), where the form's policy is
/// kept: read-only mode, the licence, disabled fields.
///
/// What a front end does not ask for is not built: a batch run that only writes the formulas'
/// results never decides logic (``visibility`` is built on first use) nor validates.
public final class DocumentSession {
    /// The document the values are over: as it was given, or as the last change that reshaped
    /// it (rows, pages, decorators) left it. Spans point into its text.
    public internal(set) var document: JoyDoc
    /// The fields' values and `hidden` flags after the formulas ran.
    public internal(set) var values: FieldValues
    /// The view read (its pages, and `hiddenViews`).
    public let view: DocumentView
    /// How a person may use the form: in `readonly` mode every change is refused.
    public var mode: SessionMode
    /// What the licence unlocks: without collections, they are left out of validation and
    /// their changes are refused (``Licensing``).
    public let licensing: Licensing
    /// Changes applied that the app would not have let a person make (to a disabled field),
    /// oldest first.
    public internal(set) var changeWarnings: [ChangeWarning] = []
    /// The changelogs the SDKs would report for the changes applied (``Changelog``), oldest first.
    public internal(set) var changelogs: [JSONValue] = []
    /// Tells the document's states apart: each change makes a new one, and an undo or redo
    /// gives back the one of the state it restores, so a front end knows the state it saved.
    public internal(set) var revision = 0
    /// Whether the session keeps the states before its changes, for ``undo()`` and
    /// ``redo()``; off by default, as a batch run has nothing to undo. Turning it off forgets
    /// the steps kept.
    public var keepsHistory = false {
        didSet { if !keepsHistory { history = ChangeHistory() } }
    }

    let registry: FunctionRegistry
    let options: EvaluationOptions
    /// The formulas' run: their results, findings and the text with the results written in.
    var engine: DocumentEngine
    /// The rows changed in place since the document was last reshaped, by field, over
    /// ``document``'s text (nil: none).
    var rowChanges: FieldChanges?
    /// The decorators changed in place since the document was last reshaped, over
    /// ``document``'s text, and the positions of the fields they are in (nil: none).
    var decorations: (editor: DecoratorEditor, fields: Set<Int>)?
    /// ``visibility`` once something asked for it; kept current by every change after.
    var decided: Visibility?
    /// No change yet: the document's text and its formulas are all there is. The formulas'
    /// writes at load (formula fields whose value differs from the document's) are then still
    /// to report: the SDKs report them with the first changes.
    var pristine = true
    /// Undo and redo, while ``keepsHistory``.
    var history = ChangeHistory()
    /// The last ``revision`` given out.
    var lastRevision = 0
    /// The schema check of ``document``'s text once made (``schemaViolations(structure:)``),
    /// and whether it checked the structure.
    var checkedSchema: (structure: Bool, violations: [SchemaViolation])?
    /// The current text as last read (``currentDocument()``), and the revision it is of.
    var currentRead: (revision: Int, document: JoyDoc)?

    /// The session of `document`, its formulas run. With `onError`, the document is first
    /// checked as the SDKs check it at load (a walk of the whole document), and a refusal is
    /// reported there as the SDKs report it; the session goes on with the document either way.
    public init(document: JoyDoc, registry: FunctionRegistry = .standard, options: EvaluationOptions = EvaluationOptions(),
                view: DocumentView = .mobile, mode: SessionMode = .fill, licensing: Licensing = .unrestricted,
                onError: ((SessionError) -> Void)? = nil) {
        let engine = DocumentEngine(document: document, registry: registry, options: options)
        engine.evaluateAll()
        self.document = document
        self.engine = engine
        self.registry = registry
        self.options = options
        self.view = view
        self.mode = mode
        self.licensing = licensing
        values = Self.values(of: document, after: engine)
        if let onError, let error = SchemaError(schemaViolations(), of: document.json) {
            onError(.schemaValidation(error))
        }
    }

    /// The session of `document` after `changes`, applied all or none
    /// (``apply(_:createdOn:step:onError:)``): what the SDKs' `change(changes:)` leaves, and what
    /// `jf apply` writes (``currentBytes``). `onChange` receives each changelog, in order, once
    /// all are applied; they are also in ``changelogs``.
    public convenience init(document: JoyDoc, applying changes: [DocumentChange], registry: FunctionRegistry = .standard,
                            options: EvaluationOptions = EvaluationOptions(), view: DocumentView = .mobile,
                            mode: SessionMode = .fill, licensing: Licensing = .unrestricted,
                            onChange: ((JSONValue) -> Void)? = nil, onError: ((SessionError) -> Void)? = nil) throws(ChangeError) {
        self.init(document: document, registry: registry, options: options, view: view, mode: mode, licensing: licensing)
        let refusal = onError == nil ? nil : SchemaError(schemaViolations(), of: document.json)
        try apply(changes, onError: onError)
        // The SDKs check the document they load; a host hears of it once the changes apply.
        if let onError, let refusal { onError(.schemaValidation(refusal)) }
        if let onChange { changelogs.forEach(onChange) }
    }

    /// The document's decorators as the changes left them (the SDKs' `getDecorators`): read
    /// them here, not from ``document``, which a change in place does not rewrite.
    public var decorators: DecoratorEditor { decorations?.editor ?? DecoratorEditor(document: document) }

    /// The decorators of the field at `position` itself, as the changes left them: what a form
    /// shows on the field.
    public func fieldDecorators(ofFieldAt position: Int) -> [Decorator] {
        decorations?.editor.fieldDecorators(ofFieldAt: position) ?? Decorator.list(document.fields[position].json["decorators"])
    }

    /// Which fields and pages are shown, decided on first use.
    public var visibility: Visibility {
        if let decided { return decided }
        let visibility = Visibility(values, view: view)
        decided = visibility
        return visibility
    }

    /// Every hidden field and page of the view, every hidden column of a shown table or
    /// collection, and every hidden cell that would otherwise need a value: what validation
    /// left out, each with what hid it (``Visibility/hiddenItems(in:)``).
    public func hiddenItems() -> [HiddenItem] { visibility.hiddenItems(in: values) }

    /// Each formula field after the run: its status and stored value.
    public var fieldReports: [FieldReport] { engine.fieldReports }

    /// What the formulas reported (a failed formula keeps its field's stored value, specification §8.3).
    public var formulaFindings: [Finding] { engine.findings }

    /// The document's text with the formulas' results and the changes written in; nil when
    /// they changed nothing.
    public var updatedBytes: [UInt8]? { engine.updatedBytes }

    /// The document's text now: ``updatedBytes``, or the document's own when nothing changed it.
    public var currentBytes: [UInt8] { engine.updatedBytes ?? Array(document.bytes) }

    /// Validates the shown fields of the document (`path` ""), of one page ("pageId"), or one
    /// field ("pageId/fieldPositionId"; a field `_id` placed on the page also does). Spaces
    /// around the path and its `/` are ignored.
    public func validate(path: String = "") throws(ValidationPathError) -> Validation {
        try Validator.validate(values, visibility: visibility, path: path, collections: licensing.collections)
    }

    /// Whether the rows of schema `schema` under the row `row` of collection `field` are
    /// shown (the SDKs' `shouldShowSchema(for:rowSchemaID:)`): `schema` is one of the child
    /// schemas of the row's schema, and it and every schema on the way down to it are shown
    /// under the rows they hang under. False when the field, the row (not deleted) or that
    /// schema is not there.
    public func shows(schema: String, under row: String, in field: String) -> Bool {
        guard let position = document.fieldIndex(field), document.fields[position].type == .collection else { return false }
        let collection = document.fields[position]
        guard let root = collection.rootSchema, !root.hidden,
              let path = Self.path(to: row, in: values.value(at: position)?.arrayValue ?? [], schema: root, of: collection),
              let child = collection.schema[schema], collection.schema[path.last!.schema]?.children.contains(schema) == true
        else { return false }
        // Each level below the root is shown under the rows above it.
        for depth in path.indices.dropFirst() {
            guard let level = collection.schema[path[depth].schema],
                  visibility.shows(schema: level, in: collection, under: Array(path[..<depth])) else { return false }
        }
        return visibility.shows(schema: child, in: collection, under: path)
    }

    /// The rows from the root down to the live row with `_id` `id`, each with its schema; nil
    /// when there is none. Rows nest at most as deep as their JSON, which the reader bounds.
    private static func path(to id: String, in rows: [JSONValue], schema: CollectionSchema,
                             of field: Field) -> [Visibility.Ancestor]? {
        for row in rows where row["deleted"]?.boolValue != true {
            if row["_id"]?.stringValue == id { return [(schema.key, row)] }
            for child in schema.children {
                guard let childSchema = field.schema[child] else { continue }
                let childRows = Field.childRows(of: row, schema: child).rows
                if let below = path(to: id, in: childRows, schema: childSchema, of: field) { return [(schema.key, row)] + below }
            }
        }
        return nil
    }
}

extension DocumentSession {
    /// The fields' values and flags as `engine`'s run over `document` left them.
    static func values(of document: JoyDoc, after engine: DocumentEngine) -> FieldValues {
        FieldValues(document: document, storedValue: engine.storedValue(ofFieldAt:), isHidden: engine.isHidden(fieldAt:))
    }

    /// What places field `id` in the document (nil when there is no such field): what a
    /// change entry's `pageId`, `fieldPositionId`, `fileId`, `fieldIdentifier`, `_id` and
    /// `identifier` hold.
    public func fieldIdentifier(for id: String) -> FieldIdentifier? {
        FieldIdentifier(field: id, in: document)
    }
}
