import JoyfillJSON
import JoyfillModel

/// A session's undo and redo (``DocumentSession/undo()``): the document as it was before each
/// step, newest last.
///
/// A state is the document's text, as the document last read and the edits that write the
/// changes and the formulas' results into it (so taking one costs the edits, not a copy of the
/// document), with the session's changelogs and warnings, so that undoing gives back exactly
/// what was there, formula results, row order and all, and the changelogs again replay to the
/// document shown. A step is one change, or a run of changes
/// of one value (``DocumentSession/step(of:)``: typing in one input, one keystroke a change),
/// as a text editor's undo takes back a typed word, not a letter. A new step clears what could
/// be redone.
///
/// Limits: at most ``maximumSteps`` steps and ``maximumBytes`` bytes of text are kept each
/// way (a state counts its document's text whole, shared or not, and its edits); the oldest
/// steps are dropped first (the newest one is always kept).
struct ChangeHistory {
    /// The document at one point of the session.
    struct State {
        /// The document last read, and the edits of its text that write the changes and the
        /// formulas' results: none while the session was ``pristine`` (the text as given, so
        /// that the formulas' writes at load are reported with the first change again).
        var document: JoyDoc
        var edits: [JSONEdit]
        var pristine: Bool
        var changelogs: [JSONValue]
        var warnings: [ChangeWarning]
        var revision: Int

        /// The bytes the state holds, as the limits count them.
        var size: Int { document.bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count } }
    }

    static let maximumSteps = 100
    static let maximumBytes = 256 << 20

    private var undoStates: [State] = []
    private var redoStates: [State] = []
    /// The step of the last change recorded, which a change of the same step joins.
    private var lastStep: String?

    var canUndo: Bool { !undoStates.isEmpty }
    var canRedo: Bool { !redoStates.isEmpty }

    /// Whether a change of `step` joins the last step, so that the state before it need not
    /// be taken. A nil step joins nothing.
    func joins(_ step: String?) -> Bool {
        step != nil && step == lastStep && canUndo
    }

    /// Records a change that was applied: `before` is the state before it, nil when it joined
    /// the last step (``joins(_:)``).
    mutating func record(_ before: State?, step: String?) {
        redoStates = []
        lastStep = step
        guard let before else { return }
        undoStates.append(before)
        Self.trim(&undoStates)
    }

    /// The state to go back to from `current`, which becomes redoable; nil when there is none.
    mutating func undo(from current: () -> State) -> State? {
        lastStep = nil
        return Self.take(from: &undoStates, leaving: current, in: &redoStates)
    }

    /// The state undone last, to go forward to from `current`; nil when there is none.
    mutating func redo(from current: () -> State) -> State? {
        lastStep = nil
        return Self.take(from: &redoStates, leaving: current, in: &undoStates)
    }

    /// Puts back a state ``undo(from:)`` or ``redo(from:)`` gave that could not be restored,
    /// undoing what they did.
    mutating func putBack(_ state: State, undoing: Bool) {
        if undoing {
            redoStates.removeLast()
            undoStates.append(state)
        } else {
            undoStates.removeLast()
            redoStates.append(state)
        }
    }

    /// The newest state of `states`, `current` kept in `other` to come back to.
    private static func take(from states: inout [State], leaving current: () -> State, in other: inout [State]) -> State? {
        guard let state = states.popLast() else { return nil }
        other.append(current())
        trim(&other)
        return state
    }

    /// Drops the oldest states until `states` is within the limits, keeping the newest.
    private static func trim(_ states: inout [State]) {
        var bytes = states.reduce(0) { $0 + $1.size }
        var dropped = 0
        while states.count - dropped > 1 && (states.count - dropped > maximumSteps || bytes > maximumBytes) {
            bytes -= states[dropped].size
            dropped += 1
        }
        states.removeFirst(dropped)
    }
}
