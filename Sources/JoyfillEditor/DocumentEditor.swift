import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillSchema

/// A JoyDoc as the Joyfill SDKs' `DocumentEditor` holds it: its formulas evaluated first (so a
/// formula's result counts as the field's value, and a `hidden` formula hides its field), then
/// visibility and validation over the result.
public final class DocumentEditor {
    /// The document as it was given (spans point into its text).
    public let document: JoyDoc
    /// The fields' values and `hidden` flags after the formulas ran.
    public let values: FieldValues
    /// Which fields and pages are shown.
    public private(set) var visibility: Visibility
    /// Changes applied that the app would not have let a person make (to a disabled field).
    public private(set) var changeWarnings: [ChangeWarning] = []
    /// The changelogs the SDKs would report for the changes applied (``Changelog``).
    public private(set) var changelogs: [JSONValue] = []
    /// What the licence unlocks: without collections, they are left out of validation and
    /// their changes are refused (``Licensing``).
    public let licensing: Licensing
    private let engine: DocumentEngine

    /// The editor of `document`. With `onError`, the document is first checked as the SDKs
    /// check it at load (a walk of the whole document), and a refusal is reported there as the
    /// SDKs report it; the editor goes on with the document either way.
    public convenience init(document: JoyDoc, registry: FunctionRegistry = .standard,
                            options: EvaluationOptions = EvaluationOptions(), view: DocumentView = .mobile,
                            licensing: Licensing = .unrestricted, onError: ((EditorError) -> Void)? = nil) {
        if let onError, let error = SchemaError(SchemaCheck.check(document.json), of: document.json) {
            onError(.schemaValidation(error))
        }
        let engine = DocumentEngine(document: document, registry: registry, options: options)
        engine.evaluateAll()
        self.init(evaluated: engine, view: view, licensing: licensing)
    }

    /// The editor of `document` after `changes` (the change API: `field.update` and table row
    /// changes), applied all or none, with every formula run on the result: what the SDKs'
    /// `change(changes:)` leaves, and what `jf apply` writes (``updatedBytes``, or the changed
    /// ``document``'s text when the formulas changed nothing further). In `readonly` mode any
    /// change is refused; a change to a disabled field is applied and named in
    /// ``changeWarnings``. `onChange` receives each changelog the SDKs would report
    /// (``Changelog``), in order, once all are applied; they are also in ``changelogs``.
    /// `onError` receives what the SDKs report there: the document's refusal at load (checked
    /// before the changes) and a decorator change that cannot be applied.
    public convenience init(document: JoyDoc, applying changes: [DocumentChange], registry: FunctionRegistry = .standard,
                            options: EvaluationOptions = EvaluationOptions(), view: DocumentView = .mobile,
                            mode: EditorMode = .fill, licensing: Licensing = .unrestricted,
                            onChange: ((JSONValue) -> Void)? = nil, onError: ((EditorError) -> Void)? = nil) throws(ChangeError) {
        if mode == .readonly, let first = changes.first {
            throw ChangeError(index: 0, field: first.fieldID.isEmpty ? nil : first.fieldID,
                              message: "the form is read-only (mode readonly): no change is applied", offset: first.json.span?.lowerBound)
        }
        if !licensing.collections {
            for (index, change) in changes.enumerated() {
                let field = change.target.isDecoratorChange
                    ? (try? DecoratorScope.resolve(change.path ?? "", in: document)).map { document.fields[$0.field] }
                    : document.field(change.fieldID)
                guard let field, field.type == .collection else { continue }
                throw ChangeError(index: index, field: field.id,
                                  message: Licensing.lockedCollections,
                                  offset: change.json.span?.lowerBound)
            }
        }
        var warnings: [ChangeWarning] = []
        for (index, change) in changes.enumerated() where !change.target.isDecoratorChange {
            guard document.field(change.fieldID)?.json["disabled"]?.boolValue == true else { continue }
            warnings.append(ChangeWarning(index: index, field: change.fieldID,
                                          message: "the field is disabled, so the app lets no one change it; the change is applied",
                                          offset: change.json.span?.lowerBound))
        }
        var createdIDs: [String] = []
        var pageChangelogs: [Int: [JSONValue]] = [:]
        let createdOn = Double((options.now ?? .now).milliseconds) / 1000
        let bytes: [UInt8]
        do throws(ChangeError) {
            bytes = try ChangeApplier.apply(changes, to: document, newID: {
                let id = ObjectID.make()
                createdIDs.append(id)
                return id
            }, createdOn: createdOn, pageChangelogs: &pageChangelogs)
        } catch {
            if let onError, changes.indices.contains(error.index), changes[error.index].target.isDecoratorChange {
                onError(.decorator(message: error.message))
            }
            throw error
        }
        let changed: JoyDoc
        do {
            changed = try JoyDoc(bytes: bytes)
        } catch {
            // The applier sets values, rows and orders only, which keeps a JoyDoc a JoyDoc.
            throw ChangeError(index: max(changes.count - 1, 0), field: nil, message: "the changed document does not read: \(error)")
        }
        // The SDKs check the document they load, before any change.
        if let onError, let error = SchemaError(SchemaCheck.check(document.json), of: document.json) {
            onError(.schemaValidation(error))
        }
        self.init(document: changed, registry: registry, options: options, view: view, licensing: licensing)
        changeWarnings = warnings
        changelogs = Changelog.entries(of: changes, after: self, createdIDs: createdIDs, pageChangelogs: pageChangelogs,
                                       view: view, createdOn: createdOn)
        if let onChange { changelogs.forEach(onChange) }
    }

    /// Sets fields' values in place (`field.update`), as a person filling the form does: only
    /// the formulas that read them run again, then only the logic that reads a field whose
    /// value moved is decided again (``Visibility/refresh(after:in:)``), so a change costs what
    /// it can affect, not the document. Returns the fields whose values moved: the changed
    /// ones, then those their formulas recomputed. The changes apply together or not at all.
    /// ``updatedBytes`` writes the result.
    /// Without a licence that unlocks collections, a change to one is refused, as
    /// ``init(document:applying:registry:options:view:mode:licensing:onChange:onError:)`` refuses it.
    @discardableResult
    public func set(_ changes: [(field: String, value: JSONValue)]) throws(EngineError) -> [String] {
        if !licensing.collections, let locked = changes.first(where: { values.document.field($0.field)?.type == .collection }) {
            throw EngineError(message: Licensing.lockedCollections, suggestion: nil, field: locked.field)
        }
        let moved = changes.map(\.field) + (try engine.apply(changes))
        visibility.refresh(after: moved, in: values)
        return moved
    }

    /// `field.update` changes applied in place through ``set(_:)``, as a form applies what a
    /// person types: returns the fields whose values moved, and appends to ``changelogs`` the
    /// changelogs the SDKs report (each update, then one for each formula field it moved,
    /// `createdOn` in seconds since 1970). Any other target is refused: rows and pages change
    /// the document's shape, which ``init(document:applying:registry:options:view:mode:licensing:onChange:onError:)``
    /// applies.
    @discardableResult
    public func update(_ changes: [DocumentChange], createdOn: Double) throws(ChangeError) -> [String] {
        var values: [(field: String, value: JSONValue)] = []
        for (index, change) in changes.enumerated() {
            guard case .fieldUpdate(let value) = change.operation else {
                throw ChangeError(index: index, field: change.fieldID.isEmpty ? nil : change.fieldID,
                                  message: "only field.update changes apply in place; \(change.target.rawValue) makes a new editor",
                                  offset: change.json.span?.lowerBound)
            }
            values.append((change.fieldID, value))
        }
        let moved: [String]
        do throws(EngineError) {
            moved = try set(values)
        } catch {
            let index = changes.firstIndex { $0.fieldID == error.field } ?? 0
            throw ChangeError(index: index, field: error.field, message: error.message, suggestion: error.suggestion,
                              offset: changes.isEmpty ? nil : changes[index].json.span?.lowerBound)
        }
        let writes = moved.dropFirst(values.count).compactMap { id -> (field: String, value: JSONValue)? in
            guard let position = document.fieldIndex(id), document.fields[position].hasValueFormula else { return nil }
            return (id, self.values.value(at: position) ?? .null)
        }
        changelogs += Changelog.entries(of: changes, after: self, createdIDs: [], view: visibility.view, createdOn: createdOn,
                                        formulaWrites: writes)
        return moved
    }

    /// An editor over an engine that has already run (and perhaps applied changes since, as
    /// the REPL's `:set` does): its values are read as they are now.
    public init(evaluated engine: DocumentEngine, view: DocumentView = .mobile, licensing: Licensing = .unrestricted) {
        self.engine = engine
        self.licensing = licensing
        document = engine.document
        values = FieldValues(document: document, engine: engine)
        visibility = Visibility(values, view: view)
    }

    /// Each formula field after the run: its status and stored value.
    public var fieldReports: [FieldReport] { engine.fieldReports }

    /// What the formulas reported (a failed formula keeps its field's stored value, specification §8.3).
    public var formulaFindings: [Finding] { engine.findings }

    /// The document's text with the formulas' results written in; nil when they changed nothing.
    public var updatedBytes: [UInt8]? { engine.updatedBytes }

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

/// Everything that places a field in its document, as the change API's entries carry it: the
/// SDKs' `FieldIdentifier`, from `getFieldIdentifier(for:)`.
public struct FieldIdentifier: Sendable, Equatable {
    /// The field's `_id`.
    public let fieldID: String
    /// The first page (in file and page order) that places the field, and the position there.
    public let pageID: String?
    public let fieldPositionID: String?
    /// The `_id` of the file the field belongs to (its `file`, or the placing page's file).
    public let fileID: String?
    /// The field's own `identifier`.
    public let fieldIdentifier: String?
    /// The document's `_id` and `identifier`.
    public let documentID: String?
    public let documentIdentifier: String?
}

extension DocumentEditor {
    /// What places field `id` in the document (nil when there is no such field): what a
    /// change entry's `pageId`, `fieldPositionId`, `fileId`, `fieldIdentifier`, `_id` and
    /// `identifier` hold.
    public func fieldIdentifier(for id: String) -> FieldIdentifier? {
        FieldIdentifier(field: id, in: document)
    }
}

extension FieldIdentifier {
    /// What places field `id` in `document`; nil when there is no such field.
    public init?(field id: String, in document: JoyDoc) {
        guard let field = document.field(id) else { return nil }
        var placed: (page: Page, position: FieldPosition)?
        for page in document.pages {
            if let position = page.positions.first(where: { $0.field == id }) {
                placed = (page, position)
                break
            }
        }
        self.init(fieldID: id, pageID: placed?.page.id, fieldPositionID: placed?.position.id,
                  fileID: field.json["file"]?.stringValue ?? placed?.page.fileID,
                  fieldIdentifier: field.json["identifier"]?.stringValue,
                  documentID: document.json["_id"]?.stringValue,
                  documentIdentifier: document.json["identifier"]?.stringValue)
    }
}
