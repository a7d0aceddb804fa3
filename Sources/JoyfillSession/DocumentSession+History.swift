import JoyfillChanges
import JoyfillEngine
import JoyfillJSON
import JoyfillModel

/// How a change is kept in a session's history (``DocumentSession/keepsHistory``).
public enum UndoStep: Sendable, Equatable {
    /// A step of its own: one undo takes it back.
    case own
    /// Typing: a change of one value (a field's, or one cell's) joins the step of the change
    /// before it when that set the same value, as a text editor's undo takes back a typed
    /// word, not a letter. Any other change is a step of its own.
    case typing
    /// Joins the step before it when that was named the same (a coordinate of one point of a
    /// chart, edited key by key).
    case named(String)
}

extension DocumentSession {
    /// Whether ``undo()`` has a step to take back.
    public var canUndo: Bool { history.canUndo }
    /// Whether ``redo()`` has a step to do again.
    public var canRedo: Bool { history.canRedo }

    /// Takes back the last step (``UndoStep``): the document, its values, changelogs and
    /// warnings are again exactly as they were before it, and ``revision`` is theirs.
    /// - Returns: false when there is nothing to undo.
    /// - Throws: in `readonly` mode, where nothing changes.
    @discardableResult
    public func undo() throws(ChangeError) -> Bool {
        try travel(undoing: true)
    }

    /// Does again the step undone last; false when there is none.
    @discardableResult
    public func redo() throws(ChangeError) -> Bool {
        try travel(undoing: false)
    }

    private func travel(undoing: Bool) throws(ChangeError) -> Bool {
        if mode == .readonly {
            throw ChangeError(index: 0, field: nil, message: "the form is read-only (mode readonly): nothing is \(undoing ? "undone" : "redone")")
        }
        let now = { self.state() }
        guard let target = undoing ? history.undo(from: now) : history.redo(from: now) else { return false }
        var document = target.document
        if !target.edits.isEmpty {
            do {
                document = try JoyDoc(bytes: JSONEdit.apply(target.edits, to: target.document.bytes))
            } catch {
                history.putBack(target, undoing: undoing)
                throw ChangeError(index: 0, field: nil, message: "the document \(undoing ? "undone" : "redone") no longer reads: \(error)")
            }
        }
        goOn(with: document)
        pristine = target.pristine
        changelogs = target.changelogs
        changeWarnings = target.warnings
        revision = target.revision
        return true
    }

    /// The state the history keeps of the document now.
    private func state() -> ChangeHistory.State {
        ChangeHistory.State(document: document, edits: pristine ? [] : engine.edits, pristine: pristine,
                            changelogs: changelogs, warnings: changeWarnings, revision: revision)
    }

    /// The state before a change of `step`, when the history keeps one: nil when it keeps
    /// none, or the change joins the last step.
    func stateBefore(_ step: String?) -> ChangeHistory.State? {
        keepsHistory && !history.joins(step) ? state() : nil
    }

    /// Records a change that was applied, `before` it as ``stateBefore(_:)`` took it: a new
    /// ``revision``, and a step of the history.
    func record(_ before: ChangeHistory.State?, step: String?) {
        lastRevision += 1
        revision = lastRevision
        if keepsHistory { history.record(before, step: step) }
    }

    /// The name of the step `changes` make as `step` says, for the history to join: nil for a
    /// step of its own.
    static func name(of step: UndoStep, _ changes: [DocumentChange]) -> String? {
        switch step {
        case .own: return nil
        case .named(let name): return "named " + name
        case .typing:
            guard changes.count == 1, let change = changes.first else { return nil }
            switch change.operation {
            case .fieldUpdate:
                return "field \(change.fieldID)"
            case .rowUpdate(let row, let cells, let cleared):
                let named = (cells.members?.map(\.key) ?? []) + cleared
                return named.count == 1 ? "cell \(change.fieldID) \(row.id) \(named[0])" : nil
            default:
                return nil
            }
        }
    }

    /// Goes on with `document` as it reads: a new run of its formulas, its values, its
    /// visibility and schema check made again on first use.
    func goOn(with document: JoyDoc) {
        let engine = DocumentEngine(document: document, registry: registry, options: options)
        engine.evaluateAll()
        self.engine = engine
        self.document = document
        rowChanges = nil
        decorations = nil
        values = Self.values(of: document, after: engine)
        decided = nil
        checkedSchema = nil
    }
}
