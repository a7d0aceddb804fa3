import Foundation
import Synchronization
import Testing
@testable import JoyfillFormulas

/// The constructs of Sources/JoyfillFormulas/Unchecked, each against the invariant its header
/// states.
struct UncheckedTests {
    /// Invariant 5: a byte is read as an enum case only when it is one of its raw values, and
    /// then gives the case `init(rawValue:)` gives.
    @Test func enumCasesFromBytesAreTheirRawValuesCases() {
        for raw in UInt8(0)...UInt8.max {
            if let kind = TokenKind(rawValue: raw) { #expect(Unchecked.enumCase(raw, as: TokenKind.self) == kind) }
            if let op = BinaryOperator(rawValue: raw) { #expect(Unchecked.enumCase(raw, as: BinaryOperator.self) == op) }
        }
        // Every operator the lexer and the parser make from their tables.
        #expect(Lexer.tokenize("+ - * / ! == != < <= > >= && || -> =>").count == 16)
        for op in BinaryOperator.allCases {
            let tree = Parser.parse("a \(op.symbol) b")
            guard let root = tree.root, case .binary(let parsed, _, _) = tree[root] else {
                Issue.record("'\(op.symbol)' did not parse as a binary operator")
                continue
            }
            #expect(parsed == op)
        }
    }

    /// Invariant 5: the small form SmallString packs is exactly the standard library's, for
    /// every length it holds, ASCII or not.
    @Test func smallStringsAreTheStandardLibrarysOwn() {
        #expect(SmallString.isSupported == (MemoryLayout<Int>.size == 8))
        guard SmallString.isSupported else { return }
        let samples = (0...SmallString.capacity).map { String(repeating: "a", count: $0) }
            + ["é", "prix unité", "日本語", "x_1", "0123456789abcde", "ñññññññ"]
        for sample in samples where sample.utf8.count <= SmallString.capacity {
            var text = sample
            let packed = text.withUTF8 { SmallString.words($0) }
            let made = String(decoding: Array(sample.utf8), as: UTF8.self)
            #expect(Unchecked.words(of: made).map { $0 == packed } == true, "\(sample)")
            // The parser's names are those strings: equal, hashable, readable.
            let tree = Parser.parse("'\(sample)'")
            if let root = tree.root, case .string(let name) = tree[root] {
                #expect(tree.names[name.index] == sample)
                #expect(tree.names[name.index].hashValue == sample.hashValue)
            }
        }
    }

    /// Identical representations are found by their words; equal strings with another
    /// representation by the general lookup.
    @Test func keysAreFoundByTheirRepresentationThenByValue() {
        let long = String(repeating: "column", count: 5)
        let keys = ObjectKeys(["a", long, "b"])
        #expect(keys.identicalPosition(of: "b") == 2)
        #expect(keys.identicalPosition(of: keys.names[1]) == 1)
        let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(keys.position(of: rebuilt) == 1)
        #expect(keys.position(of: "nope") == nil)
    }

    /// Invariant 3: an UncheckedReference neither retains nor releases, refers to its object,
    /// and gives back the typed error of its body.
    @Test func uncheckedReferencesBorrowTheirObject() {
        final class Object {}
        struct Failure: Error, Equatable { let code: Int }
        let object = Object()
        let other = Object()
        let reference = UncheckedReference(object)
        #expect(reference.object === object)
        #expect(reference.refers(to: object))
        #expect(!reference.refers(to: other))
        #expect(throws: Failure(code: 7)) {
            try reference.withObject { (_) throws(Failure) -> Int in throw Failure(code: 7) }
        }
        #expect(reference.withObject { $0 === object })
    }

    /// RawStack: appends past its capacity, truncation, and moving its elements out.
    @Test func rawStacksGrowTruncateAndMove() {
        var stack = RawStack<String>(capacity: 2)
        for index in 0..<100 { stack.append("element \(index) long enough to be on the heap") }
        #expect(stack.count == 100)
        #expect(stack[99] == "element 99 long enough to be on the heap")
        stack.truncate(to: 10)
        #expect(stack.count == 10)
        let destination = UnsafeMutableRawPointer.allocate(byteCount: 10 * MemoryLayout<String>.stride, alignment: 16)
        stack.move(to: destination)
        #expect(stack.count == 0)
        let moved = destination.assumingMemoryBound(to: String.self)
        #expect(moved[3] == "element 3 long enough to be on the heap")
        moved.deinitialize(count: 10)
        destination.deallocate()
        stack.release()
    }

    /// Invariant 1: each thread parses with its own builder, and a builder in use is never
    /// handed out again.
    @Test func threadsParseWithTheirOwnBuilders() {
        let formulas = (0..<200).map { "sum(map(items_\($0), (row) -> row.price_with_a_long_name * \($0))) + 'text \($0)'" }
        let expected = formulas.map { (Printer.format(Parser.parse($0)) ?? "") }
        let results = Mutex<[[String]]>(Array(repeating: [], count: 4))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let printed = formulas.map { Printer.format(Parser.parse($0)) ?? "" }
            results.withLock { $0[worker] = printed }
        }
        results.withLock { all in
            for printed in all { #expect(printed == expected) }
        }
        let first = TreeBuilder.take()
        let second = TreeBuilder.take()
        #expect(first !== second)
        second.giveBack()
        first.giveBack()
        #expect(TreeBuilder.take() === first)
        first.giveBack()
    }
}
