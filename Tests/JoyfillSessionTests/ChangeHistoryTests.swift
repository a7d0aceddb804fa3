import JoyfillJSON
import JoyfillModel
import Testing
@testable import JoyfillSession

/// A session's undo and redo history alone: steps, joined typing, and its limits.
struct ChangeHistoryTests {
    static let empty = try! JoyDoc(bytes: Array(#"{"fields": []}"#.utf8))

    /// A state of `bytes` bytes: the empty document's, and an edit's replacement for the rest.
    static func state(_ id: Int, bytes: Int = 15) -> ChangeHistory.State {
        let edit = JSONEdit(span: 0..<0, replacement: String(repeating: " ", count: max(bytes - empty.bytes.count, 0)))
        return ChangeHistory.State(document: empty, edits: [edit], pristine: false, changelogs: [], warnings: [], revision: id)
    }

    @Test func typingInOneValueIsOneStepAndANewChangeClearsRedo() {
        var history = ChangeHistory()
        history.record(Self.state(0), step: "field a")
        #expect(history.joins("field a") && !history.joins("field b") && !history.joins(nil))
        history.record(nil, step: "field a")
        history.record(Self.state(2), step: "field b")
        #expect(history.undo(from: { Self.state(3) })?.revision == 2)
        #expect(history.undo(from: { Self.state(2) })?.revision == 0, "the two changes of field a were one step")
        #expect(!history.canUndo && history.canRedo)
        #expect(!history.joins("field a"), "after an undo nothing joins")
        #expect(history.redo(from: { Self.state(0) })?.revision == 2)
        history.record(Self.state(2), step: nil)
        #expect(!history.canRedo)
    }

    @Test func theOldestStepsGoFirstAndTheNewestIsKept() {
        var history = ChangeHistory()
        for id in 0..<(ChangeHistory.maximumSteps + 5) { history.record(Self.state(id), step: nil) }
        var ids: [Int] = []
        while let state = history.undo(from: { Self.state(-1) }) { ids.append(state.revision) }
        #expect(ids.count == ChangeHistory.maximumSteps && ids.last == 5)

        var large = ChangeHistory()
        large.record(Self.state(0, bytes: ChangeHistory.maximumBytes / 2 + 1), step: nil)
        large.record(Self.state(1, bytes: ChangeHistory.maximumBytes / 2 + 1), step: nil)
        #expect(large.undo(from: { Self.state(2) })?.revision == 1)
        #expect(!large.canUndo, "two halves and a byte are over the limit: the oldest went")
        var huge = ChangeHistory()
        huge.record(Self.state(0, bytes: ChangeHistory.maximumBytes + 1), step: nil)
        #expect(huge.canUndo, "the newest step is kept whatever its size")
    }
}
