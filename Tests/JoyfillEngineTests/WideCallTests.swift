import Testing
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
@testable import JoyfillEngine

/// Wide calls (`sum(f0, …, f199)`) are remembered between evaluations (CallMemo); every update
/// must give exactly what a fresh evaluation of the changed document gives.
struct WideCallTests {
    static let width = 200

    /// Inputs f0…f199 with the given values, and formula fields computing `expressions`.
    func document(values: [String], formulas: [(String, String, String)]) -> String {
        let inputs = values.enumerated().map { index, value in #"{"_id": "f\#(index)", "type": "number", "value": \#(value)}"# }
        return makeDocument(formulas: formulas, inputs: inputs.joined(separator: ", "))
    }

    var names: String { (0..<WideCallTests.width).map { "f\($0)" }.joined(separator: ", ") }

    /// Applies each change to one engine, and checks every formula field against an engine made
    /// afresh from the changed values.
    func check(_ formulas: [(String, String, String)], changes: [(Int, String)], initial: String = "1") throws {
        var values = (0..<WideCallTests.width).map { _ in initial }
        let engine = try run(document(values: values, formulas: formulas))
        for (index, value) in changes {
            values[index] = value
            try engine.apply([("f\(index)", try JSONReader.read(value))])
            let fresh = try run(document(values: values, formulas: formulas))
            for (id, _, _) in formulas {
                #expect(engine.status(id) == fresh.status(id), "\(id) after f\(index) = \(value)")
                // A failed formula keeps the value it had (§8.3), which a fresh document does not have.
                if fresh.status(id) == .ok {
                    #expect(engine.value(id) == fresh.value(id), "\(id) after f\(index) = \(value)")
                }
            }
        }
    }

    @Test func sumsFollowEveryKindOfChange() throws {
        try check([("total", "number", "sum(\(names))")], changes: [
            (0, "5"), (199, "-40"), (7, "null"),           // whole numbers: the shortcut
            (3, "0.1"), (4, "0.2"), (5, "0.7"),           // fractions: summed again, left to right
            (3, "2"), (4, "2"), (5, "2"),                 // whole again
            (9, "\"x\""), (9, "3"),                       // a type error, then a number
            (1, "9007199254740991"), (1, "1"),            // too large to add exactly
        ])
    }

    @Test func readingOneFieldTwiceAndFunctionsWithoutAShortcut() throws {
        try check([
            ("twice", "number", "sum(f0, \(names))"),
            ("largest", "number", "max(\(names))"),
            ("joined", "text", "concat(\(names))"),
            ("doubled", "number", "sum(\(names)) * 2"),
        ], changes: [(0, "7"), (150, "12.5"), (0, "null"), (42, "3")])
    }

    @Test func manyChangesAtOnce() throws {
        let formulas = [("total", "number", "sum(\(names))")]
        var values = (0..<WideCallTests.width).map { _ in "1" }
        let engine = try run(document(values: values, formulas: formulas))
        var changes: [(field: String, value: JSONValue)] = []
        for index in stride(from: 0, to: WideCallTests.width, by: 3) {
            values[index] = "\(index)"
            changes.append(("f\(index)", .number(Double(index))))
        }
        try engine.apply(changes)
        #expect(engine.value("total") == (try run(document(values: values, formulas: formulas))).value("total"))
    }
}

/// A context over numbered values that counts the reads and logs the changes.
final class CountingContext: EvaluationContext {
    var values: [Value]
    var reads = 0
    var log: [Int32] = []

    init(_ values: [Value]) { self.values = values }

    func set(_ slot: Int, _ value: Value) {
        values[slot] = value
        log.append(Int32(slot))
    }

    func value(of name: String) throws(ResolutionError) -> Value? { nil }
    func slots(for names: [String]) -> [Int32] { names.map { Int32($0.dropFirst()) ?? -1 } }
    func value(atSlot slot: Int) -> Value? {
        reads += 1
        return values[slot]
    }
    var changeVersion: UInt64 { UInt64(log.count) }
    func changedSlots(since version: UInt64) -> ArraySlice<Int32>? { log[Int(version)...] }
}

struct CallMemoTests {
    @Test func anUpdateReadsOnlyTheChangedArguments() throws {
        let width = 1_000
        let tree = Parser.parse("sum(" + (0..<width).map { "f\($0)" }.joined(separator: ", ") + ")")
        #expect(CallMemo.isUseful(for: tree))
        let context = CountingContext((0..<width).map { .number(Double($0)) })
        let slots = context.slots(for: Array(tree.names))
        let memo = CallMemo()
        let evaluator = Evaluator()
        #expect(try evaluator.evaluate(tree, in: context, slots: slots, memo: memo).text == "499500")
        #expect(context.reads == width)
        context.reads = 0
        context.set(10, .number(1_010))
        #expect(try evaluator.evaluate(tree, in: context, slots: slots, memo: memo).text == "500500")
        #expect(context.reads == 1)
        // Without a memo every argument is read.
        context.reads = 0
        #expect(try evaluator.evaluate(tree, in: context, slots: slots).text == "500500")
        #expect(context.reads == width)
    }

    @Test func narrowCallsAndLambdasAreNotRemembered() {
        #expect(!CallMemo.isUseful(for: Parser.parse("sum(a, b, c)")))
        #expect(!CallMemo.isUseful(for: Parser.parse("sum(" + (0..<100).map { "[f\($0)]" }.joined(separator: ", ") + ")")))
    }
}
