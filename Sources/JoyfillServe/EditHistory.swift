import JoyfillJSON

/// The form's undo and redo: the document as it was before each change, newest last.
///
/// A state is the document's whole text and the session's changelogs, so that undoing gives
/// back exactly what was there, formula results, row order and all, and the changelog again
/// replays to the document shown. Consecutive changes of one value (typing in one input, one
/// keystroke a change) make one step, as a text editor's undo takes back a typed word, not a
/// letter. A new change clears what could be redone.
///
/// Limits: at most ``maximumSteps`` steps and ``maximumBytes`` bytes of text are kept; the
/// oldest steps are dropped first (the newest one is always kept).
struct EditHistory {
    /// The document at one point of the session.
    struct State {
        var bytes: [UInt8]
        var changelogs: [JSONValue]
        /// Tells states apart: the state saved to disk is known by it.
        var id: Int
    }

    static let maximumSteps = 100
    static let maximumBytes = 256 << 20

    private var undoStates: [State] = []
    private var redoStates: [State] = []
    /// The key of the last change recorded, which a change of the same key joins.
    private var lastKey: String?

    var canUndo: Bool { !undoStates.isEmpty }
    var canRedo: Bool { !redoStates.isEmpty }

    /// Whether a change with `key` joins the last step, so that the state before it need not be
    /// taken. A nil key joins nothing.
    func joins(_ key: String?) -> Bool {
        key != nil && key == lastKey && canUndo
    }

    /// Records a change that was applied: `before` is the state before it, nil when it joined
    /// the last step (``joins(_:)``).
    mutating func record(_ before: State?, key: String?) {
        redoStates = []
        lastKey = key
        guard let before else { return }
        undoStates.append(before)
        Self.trim(&undoStates)
    }

    /// The state to go back to from `current`, which becomes redoable; nil when there is none.
    mutating func undo(from current: State) -> State? {
        lastKey = nil
        return Self.take(from: &undoStates, leaving: current, in: &redoStates)
    }

    /// The state undone last, to go forward to from `current`; nil when there is none.
    mutating func redo(from current: State) -> State? {
        lastKey = nil
        return Self.take(from: &redoStates, leaving: current, in: &undoStates)
    }

    /// The newest state of `states`, `current` kept in `other` to come back to.
    private static func take(from states: inout [State], leaving current: State, in other: inout [State]) -> State? {
        guard let state = states.popLast() else { return nil }
        other.append(current)
        trim(&other)
        return state
    }

    /// Forgets every step (another document was opened).
    mutating func clear() {
        self = EditHistory()
    }

    /// Drops the oldest states until `states` is within the limits, keeping the newest.
    private static func trim(_ states: inout [State]) {
        var bytes = states.reduce(0) { $0 + $1.bytes.count }
        var dropped = 0
        while states.count - dropped > 1 && (states.count - dropped > maximumSteps || bytes > maximumBytes) {
            bytes -= states[dropped].bytes.count
            dropped += 1
        }
        states.removeFirst(dropped)
    }
}
