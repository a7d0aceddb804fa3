import JoyfillJSON
import Testing
@testable import JoyfillServe

/// The form's undo and redo history, without a server: steps, joined typing, and its limits.
struct EditHistoryTests {
    static func state(_ id: Int, bytes: Int = 1) -> EditHistory.State {
        EditHistory.State(bytes: [UInt8](repeating: 0, count: bytes), changelogs: [], id: id)
    }

    @Test func typingInOneValueIsOneStepAndANewChangeClearsRedo() {
        var history = EditHistory()
        history.record(Self.state(0), key: "field a")
        #expect(history.joins("field a") && !history.joins("field b") && !history.joins(nil))
        history.record(nil, key: "field a")
        history.record(Self.state(2), key: "field b")
        #expect(history.undo(from: Self.state(3))?.id == 2)
        #expect(history.undo(from: Self.state(2))?.id == 0, "the two changes of field a were one step")
        #expect(!history.canUndo && history.canRedo)
        #expect(!history.joins("field a"), "after an undo nothing joins")
        #expect(history.redo(from: Self.state(0))?.id == 2)
        history.record(Self.state(2), key: nil)
        #expect(!history.canRedo)
    }

    @Test func theOldestStepsGoFirstAndTheNewestIsKept() {
        var history = EditHistory()
        for id in 0..<(EditHistory.maximumSteps + 5) { history.record(Self.state(id), key: nil) }
        var ids: [Int] = []
        while let state = history.undo(from: Self.state(-1)) { ids.append(state.id) }
        #expect(ids.count == EditHistory.maximumSteps && ids.last == 5)

        var large = EditHistory()
        large.record(Self.state(0, bytes: EditHistory.maximumBytes / 2 + 1), key: nil)
        large.record(Self.state(1, bytes: EditHistory.maximumBytes / 2 + 1), key: nil)
        #expect(large.undo(from: Self.state(2))?.id == 1)
        #expect(!large.canUndo, "two halves and a byte are over the limit: the oldest went")
        var huge = EditHistory()
        huge.record(Self.state(0, bytes: EditHistory.maximumBytes + 1), key: nil)
        #expect(huge.canUndo, "the newest step is kept whatever its size")
    }
}
