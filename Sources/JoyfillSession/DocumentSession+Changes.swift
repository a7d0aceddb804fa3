import JoyfillChanges
import JoyfillDecorators
import JoyfillEngine
import JoyfillJSON
import JoyfillLogic
import JoyfillModel

extension DocumentSession {
    /// Applies `changes` (the change API's entries), all or none, and runs the formulas they
    /// reach: the one way a document in a session changes.
    ///
    /// The form's policy is kept here, before anything is applied: in `readonly` mode every
    /// change is refused; without a licence that unlocks collections, a change to one is
    /// refused; a change to a field marked `"disabled": true` is applied and named in
    /// ``changeWarnings``.
    ///
    /// Changes that only set fields' values (`field.update`) are applied in place, as a person
    /// filling the form makes them: only the formulas that read the fields run again, then only
    /// the logic that reads a field whose value moved is decided again. Row changes are applied
    /// in place too, each rewriting only its rows (and its `rowOrder`, when it moves or adds a
    /// row that has a place) in the text, when no formula writes the field (nor was its value
    /// set whole before). Decorator changes are applied in place too, and run no formula, when
    /// their fields' values are the document's own (no formula's result, no change). Any other
    /// change (pages, a list that mixes kinds) reshapes the document: it is applied to the
    /// document's current text, and the session goes on with the result, every formula run
    /// again.
    ///
    /// The SDKs' changelogs are appended to ``changelogs`` (`createdOn` in seconds since 1970;
    /// by default the evaluation's `now`): each change, then a `field.update` for each formula
    /// field whose value moved; the first changes also report what the formulas wrote at load.
    /// `onError` receives a decorator change that cannot be applied, as the SDKs report it.
    /// While the session ``keepsHistory``, the changes are a step ``undo()`` takes back, or
    /// join the last one as `step` says.
    ///
    /// - Returns: the fields whose values moved (the changed ones, then those their formulas
    ///   recomputed) when the changes were applied in place; nil when the document was reshaped.
    @discardableResult
    public func apply(_ changes: [DocumentChange], createdOn: Double? = nil, step: UndoStep = .own,
                      onError: ((SessionError) -> Void)? = nil) throws(ChangeError) -> [String]? {
        guard !changes.isEmpty else { return [] }
        let warnings = try admit(changes)
        let stepName = Self.name(of: step, changes)
        let before = stateBefore(stepName)
        let createdOn = createdOn ?? Double((options.now ?? .now).milliseconds) / 1000
        let moved: [String]?
        if changes.allSatisfy({ $0.target == .fieldUpdate }), !changes.contains(where: decorated) {
            moved = try update(changes, createdOn: createdOn)
        } else if let rows = try changeRows(changes, createdOn: createdOn) {
            moved = rows
        } else if let none = try changeDecorators(changes, createdOn: createdOn, onError: onError) {
            moved = none
        } else {
            try reshape(applying: changes, createdOn: createdOn, onError: onError)
            moved = nil
        }
        changeWarnings += warnings
        record(before, step: stepName)
        return moved
    }

    /// Sets fields' values in place, as `jf run --set` and the REPL's `:set` give them (by
    /// field id, with no changelog): the policy and the in-place path of
    /// ``apply(_:createdOn:step:onError:)``, a step of its own in the history. Returns the
    /// fields whose values moved.
    @discardableResult
    public func set(_ changes: [(field: String, value: JSONValue)]) throws(EngineError) -> [String] {
        var warnings: [ChangeWarning] = []
        for (index, change) in changes.enumerated() {
            let field = document.field(change.field)
            if let refusal = refusal(of: field) {
                throw EngineError(message: refusal, suggestion: nil, field: change.field)
            }
            if let warning = disabledWarning(field, index: index, span: nil) { warnings.append(warning) }
        }
        let before = stateBefore(nil)
        let moved = try write(changes)
        changeWarnings += warnings
        record(before, step: nil)
        return moved
    }

    /// The SDKs' row operations over the document as the session has it: the entries they
    /// make name its rows now, for ``apply(_:createdOn:step:onError:)``.
    public var rowOperations: RowOperations {
        var current: [String: JSONValue] = [:]
        for (position, field) in document.fields.enumerated() where field.type == .table || field.type == .collection {
            if let value = engine.storedValue(ofFieldAt: position) { current[field.id] = value }
        }
        return RowOperations(document: document, values: current)
    }

    // MARK: Policy

    /// Why the form refuses a change to `field`; nil when it takes it.
    private func refusal(of field: Field?) -> String? {
        if mode == .readonly { return "the form is read-only (mode readonly): no change is applied" }
        if !licensing.collections, field?.type == .collection { return Licensing.lockedCollections }
        return nil
    }

    /// Refuses `changes` as the form would, or returns the warnings of those it takes but a
    /// person could not have made.
    private func admit(_ changes: [DocumentChange]) throws(ChangeError) -> [ChangeWarning] {
        var warnings: [ChangeWarning] = []
        for (index, change) in changes.enumerated() {
            let field = change.target.isDecoratorChange
                ? (try? DecoratorScope.resolve(change.path ?? "", in: document)).map { document.fields[$0.field] }
                : document.field(change.fieldID)
            if let refusal = refusal(of: field) {
                let named = mode == .readonly ? (change.fieldID.isEmpty ? nil : change.fieldID) : field?.id
                throw ChangeError(index: index, field: named, message: refusal, span: change.json.span)
            }
            if !change.target.isDecoratorChange, let warning = disabledWarning(field, index: index, span: (change.json["fieldId"] ?? change.json).span) {
                warnings.append(warning)
            }
        }
        return warnings
    }

    /// The warning for a change to `field` when it is disabled: applied, though a person could
    /// not have made it.
    private func disabledWarning(_ field: Field?, index: Int, span: Range<Int>?) -> ChangeWarning? {
        guard let field, field.json["disabled"]?.boolValue == true else { return nil }
        return ChangeWarning(index: index, field: field.id,
                             message: "the field is disabled, so the app lets no one change it; the change is applied", span: span)
    }

    // MARK: The two paths

    /// Writes values in place and decides again what they reach.
    private func write(_ changes: [(field: String, value: JSONValue)]) throws(EngineError) -> [String] {
        // A table whose rows a change in place reordered keeps its rowOrder in the text only
        // while its rows are written in place, and a field whose decorators were changed in
        // place has its object written by those edits: a value set whole starts from the text.
        let fromText = changes.contains { change in
            guard let position = document.fieldIndex(change.field) else { return false }
            return rowChanges?.settledOrder(ofFieldAt: position) != nil || decorations?.fields.contains(position) == true
        }
        if fromText {
            do throws(DocumentError) {
                goOn(with: try currentDocument())
            } catch {
                throw EngineError(message: "the document no longer reads: \(error)", suggestion: nil, field: nil)
            }
        }
        let recomputed = try engine.apply(changes)
        // A value set whole replaces the rows changed in place before.
        for change in changes { if let position = document.fieldIndex(change.field) { rowChanges?.forget(position) } }
        let changed = changes.map(\.field)
        let given = Set(changed)
        let moved = changed + recomputed.filter { !given.contains($0) }
        decided?.refresh(after: moved, in: values)
        pristine = false
        return moved
    }

    /// `field.update` changes, in place.
    private func update(_ changes: [DocumentChange], createdOn: Double) throws(ChangeError) -> [String] {
        var assignments: [(field: String, value: JSONValue)] = []
        for change in changes {
            guard case .fieldUpdate(let value) = change.operation else { preconditionFailure("only field.update is applied in place") }
            assignments.append((change.fieldID, value))
        }
        let wasPristine = pristine
        let moved: [String]
        do throws(EngineError) {
            moved = try write(assignments)
        } catch {
            let index = changes.firstIndex { $0.fieldID == error.field } ?? 0
            // At the field's id when there is no such field, else at the value it refuses.
            let entry = changes[index].json
            let culprit = error.field.flatMap(document.fieldIndex) == nil ? entry["fieldId"] : entry["change"]?["value"]
            throw ChangeError(index: index, field: error.field, message: error.message, suggestion: error.suggestion,
                              span: (culprit ?? entry).span)
        }
        // The load's formula writes go out with the first changes: every formula field whose
        // value differs from the document's. After that, only the formula fields that moved.
        var writes: [(field: String, value: JSONValue)]?
        if !wasPristine {
            writes = moved.dropFirst(assignments.count).compactMap { id -> (field: String, value: JSONValue)? in
                guard let position = document.fieldIndex(id), document.fields[position].hasValueFormula else { return nil }
                return (id, values.value(at: position) ?? .null)
            }
        }
        changelogs += Changelog.entries(of: changes, giving: document, reports: fieldReports, createdIDs: [], view: view,
                                        createdOn: createdOn, formulaWrites: writes)
        return moved
    }

    /// Row changes in place: each field's rows as changed so far (``rowChanges``), the text
    /// of the rows they change written again, and the formulas that read the fields run again.
    /// Nil, with nothing changed, when the changes do not all qualify (see
    /// ``apply(_:createdOn:step:onError:)``): the caller reshapes.
    private func changeRows(_ changes: [DocumentChange], createdOn: Double) throws(ChangeError) -> [String]? {
        var positions: [Int] = []
        for change in changes {
            guard let position = document.fieldIndex(change.fieldID), document.fields[position].appliedFormulas.isEmpty,
                  !engine.holdsWholeValue(ofFieldAt: position), decorations?.fields.contains(position) != true else { return nil }
            switch change.operation {
            case .rowUpdate, .rowDelete, .rowCreate, .rowMove: break
            default: return nil
            }
            if !positions.contains(position) { positions.append(position) }
        }
        // One change fails before it changes anything, so its rows are changed where they are;
        // a list is applied to a copy, which replaces them when all of it applied.
        var state: FieldChanges
        if changes.count == 1, let kept = rowChanges.take() {
            state = kept
        } else {
            state = rowChanges ?? FieldChanges(document: document)
        }
        var createdIDs: [String] = []
        do throws(ChangeError) {
            for (index, change) in changes.enumerated() {
                try state.add(change, at: index, newID: {
                    let id = ObjectID.make()
                    createdIDs.append(id)
                    return id
                })
            }
        } catch {
            if changes.count == 1 { rowChanges = state }
            throw error
        }
        // The rows shown, where a change moved, added or removed one; then a rowOrder written is
        // the one the next change starts from, and the one the model reads.
        let shown = positions.map { state.takeShownOrder(ofFieldAt: $0) }
        state.settle()
        var reordered = false
        for position in positions {
            guard let order = state.settledOrder(ofFieldAt: position), order != document.fields[position].rowOrder else { continue }
            document.setRowOrder(order, ofFieldAt: position)
            engine.setRowOrder(order, ofFieldAt: position)
            reordered = true
        }
        if reordered { values = Self.values(of: document, after: engine) }
        let rewritten = positions.enumerated().map { index, position in
            (position, state.value(ofFieldAt: position) ?? .array([]), state.edits(ofFieldAt: position),
             state.takeRewrittenRows(ofFieldAt: position), shown[index])
        }
        rowChanges = state
        let (recomputed, writes) = engine.apply(rewritten: rewritten)
        let changed = positions.map { document.fields[$0].id }
        let moved = changed + recomputed.filter { !changed.contains($0) }
        decided?.refresh(after: moved, in: values)
        // The first changes report every formula write since the load instead.
        changelogs += Changelog.entries(of: changes, giving: document, reports: pristine ? fieldReports : [], createdIDs: createdIDs,
                                        view: view, createdOn: createdOn, formulaWrites: pristine ? nil : writes,
                                        storedValue: { [engine, document] field in
                                            document.fieldIndex(field.id).flatMap(engine.storedValue(ofFieldAt:))
                                        })
        pristine = false
        return moved
    }

    /// Whether `change` names a field whose decorators were changed in place: its object is
    /// then written by those edits, and a change of its value reshapes.
    private func decorated(_ change: DocumentChange) -> Bool {
        guard let decorations, let position = document.fieldIndex(change.fieldID) else { return false }
        return decorations.fields.contains(position)
    }

    /// Decorator changes in place: gathered in the session's own ``DecoratorEditor`` over the
    /// document's text (``decorations``), the edits of each field's object handed to the engine
    /// to write with the results; no formula reads a decorator, so none runs. Nil, with nothing
    /// changed, when a change is not a decorator change, its path does not resolve (the
    /// reshape reports it), or its field's value is not the document's own (a formula's
    /// result, a change, rows changed in place): the caller reshapes.
    private func changeDecorators(_ changes: [DocumentChange], createdOn: Double,
                                  onError: ((SessionError) -> Void)?) throws(ChangeError) -> [String]? {
        guard changes.allSatisfy(\.target.isDecoratorChange) else { return nil }
        var (editor, fields) = decorations ?? (DecoratorEditor(document: document), [])
        for change in changes {
            guard let position = DecoratorScope.fieldIndex(ofPath: change.path ?? "", in: document, lookup: editor.lookup),
                  !engine.touches(fieldAt: position), rowChanges?.contains(position) != true else { return nil }
        }
        for (index, change) in changes.enumerated() {
            do throws(ChangeError) {
                fields.insert(try editor.apply(change, at: index))
            } catch {
                onError?(.decorator(message: error.message))
                throw error
            }
        }
        decorations = (editor, fields)
        for position in fields { engine.setTextEdits(editor.edits(inFieldAt: position), ofFieldAt: position) }
        // The first changes report the formulas' writes since the load, as a reshape does.
        changelogs += Changelog.entries(of: changes, giving: document, reports: pristine ? fieldReports : [], createdIDs: [],
                                        view: view, createdOn: createdOn, formulaWrites: pristine ? nil : [])
        pristine = false
        return []
    }

    /// Changes that reshape the document, applied to its current text; the session goes on
    /// with the result.
    private func reshape(applying changes: [DocumentChange], createdOn: Double,
                         onError: ((SessionError) -> Void)?) throws(ChangeError) {
        // Before any change, the document as given: the formulas' writes at load are then
        // reported with these changes, as in place. After one, its text as the session has it.
        let base: JoyDoc
        if !pristine, let bytes = engine.updatedBytes {
            do {
                base = try JoyDoc(bytes: bytes)
            } catch {
                throw ChangeError(index: 0, field: nil, message: "the document no longer reads: \(error)")
            }
        } else {
            base = document
        }
        var createdIDs: [String] = []
        var pageChangelogs: [Int: [JSONValue]] = [:]
        let bytes: [UInt8]
        do throws(ChangeError) {
            bytes = try ChangeApplier.apply(changes, to: base, newID: {
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
        goOn(with: changed)
        changelogs += Changelog.entries(of: changes, giving: changed, reports: engine.fieldReports, createdIDs: createdIDs,
                                        pageChangelogs: pageChangelogs, view: view, createdOn: createdOn)
        pristine = false
    }
}
