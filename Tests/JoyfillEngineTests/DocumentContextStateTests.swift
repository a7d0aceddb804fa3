import Testing
import JoyfillFormulas
import JoyfillModel
@testable import JoyfillEngine

/// The tables of DocumentContextState (Sources/JoyfillEngine/Unchecked), through the context
/// that reads them: values converted once, overrides, the change log and projections.
struct DocumentContextStateTests {
    let document = try! JoyDoc(bytes: Array("""
        {"fields": [
          {"_id": "a", "type": "number", "value": 2},
          {"_id": "items", "type": "table", "value": [{"_id": "r1", "cells": {"p": 3}}, {"_id": "r2", "cells": {"p": 4}}],
           "tableColumns": [{"_id": "p", "type": "number", "title": "Price"}]}
        ]}
        """.utf8))

    @Test func overridesAreLoggedAndDropProjections() throws {
        let context = DocumentContext(document: document)
        let evaluator = Evaluator()
        #expect(try evaluator.evaluate("a + sum(items.p)", in: context).description == "9")
        #expect(context.changeVersion == 0)
        context.override("a", with: .number(10))
        #expect(context.changeVersion == 1)
        #expect(context.changedSlots(since: 0).map(Array.init) == [0])
        #expect(try evaluator.evaluate("a + sum(items.p)", in: context).description == "17")
        let rows = ObjectKeys(["p"])
        context.override("items", with: .array(ArrayValue([.object(ObjectValue(keys: rows, values: [.number(100)]))])))
        #expect(try evaluator.evaluate("sum(items.p)", in: context).description == "100")
        #expect(context.changedSlots(since: 1).map(Array.init) == [1])
        #expect(context.changedSlots(since: 5).map(Array.init) == [])
    }

    /// Evaluators on several threads, each with its own context over one document.
    @Test func eachThreadItsOwnContext() async throws {
        let document = self.document
        let totals = await withTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let context = DocumentContext(document: document)
                    context.override("a", with: .number(Double(index)))
                    return (try? Evaluator().evaluate("a + sum(items.p)", in: context).description) ?? "error"
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(totals.sorted() == (0..<8).map { String($0 + 7) }.sorted())
    }
}
