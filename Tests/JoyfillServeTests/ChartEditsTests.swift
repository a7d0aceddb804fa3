import JoyfillJSON
import JoyfillModel
import Testing
@testable import JoyfillServe

/// A chart's points edited beside it, and its axes ruled at round numbers.
struct ChartEditsTests {
    static let document: JoyDoc = try! JoyDoc(bytes: Array("""
        {"fields": [{"_id": "c", "type": "chart", "value": [
          {"_id": "gone", "deleted": true, "points": []},
          {"_id": "n", "title": "North", "points": [{"_id": "p1", "label": "Q1", "x": 1, "y": 10}, {"_id": "p2", "label": "Q2", "x": 2, "y": 20}]}]},
         {"_id": "t", "type": "text"}]}
        """.utf8))

    static func points(_ operation: String, _ request: String) throws -> [JSONValue]? {
        let field = document.field("c")!
        let entries = try ChartEdits.entries(operation, on: field, current: field.value, try JSONReader.read(request), newID: { "new" })
        return entries.arrayValue?.first?["change"]?["value"]?.arrayValue?[1]["points"]?.arrayValue
    }

    @Test func aPointIsSetAddedAndRemovedInTheChartsWholeValue() throws {
        #expect(try Self.points("setPoint", #"{"line": "n", "point": "p2", "key": "y", "value": 25}"#)?[1]["y"] == .number(25))
        #expect(try Self.points("setPoint", #"{"line": "n", "point": "p1", "key": "label", "value": "First"}"#)?[0]["label"] == "First")
        #expect(try Self.points("setPoint", #"{"line": "n", "point": "p1", "key": "x", "value": null}"#)?[0]["x"]?.isNull == true)
        #expect(try Self.points("addPoint", #"{"line": "n"}"#)?.last
                == .object([JSONMember("_id", "new"), JSONMember("label", ""), JSONMember("x", .number(3)), JSONMember("y", .number(0))]))
        #expect(try Self.points("removePoint", #"{"line": "n", "point": "p1"}"#)?.compactMap { $0["_id"]?.stringValue } == ["p2"])
        #expect(throws: ServeError.self) { try Self.points("setPoint", #"{"line": "n", "point": "p1", "key": "y", "value": "ten"}"#) }
        #expect(throws: ServeError.self) { try Self.points("addPoint", #"{"line": "gone"}"#) }
        #expect(throws: ServeError.self) { try Self.points("removePoint", #"{"line": "n", "point": "p9"}"#) }
    }

    @Test func axesAreRuledAtRoundNumbers() {
        #expect(ChartRenderer.ticks(from: 0, to: 200) == [0, 50, 100, 150, 200])
        #expect(ChartRenderer.ticks(from: 0, to: 5) == [0, 1, 2, 3, 4, 5])
        #expect(ChartRenderer.ticks(from: 0.1, to: 0.7) == [0.2, 0.4, 0.6])
        #expect(ChartRenderer.ticks(from: 0, to: 0.3) == [0, 0.1, 0.2, 0.3])
        #expect(ChartRenderer.ticks(from: -37, to: 112).map { $0.sign } == [.plus, .plus, .plus], "0, not -0")
        #expect(ChartRenderer.ticks(from: -37, to: 112) == [0, 50, 100])
        #expect(ChartRenderer.ticks(from: 3, to: 3) == [3])
    }
}
