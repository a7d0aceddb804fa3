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

    /// ConstantTable: filled once, then read by any thread; one made from a collection holds it.
    @Test func constantTablesAreFilledOnceAndReadEverywhere() {
        let squares = ConstantTable<Int>(count: 100, repeating: -1) { table in
            for index in table.indices { table[index] = index * index }
        }
        let sums = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let sum = (0..<100).reduce(0) { $0 + squares[$1] }
            sums.withLock { $0.append(sum) }
        }
        #expect(sums.withLock { $0 } == Array(repeating: 328_350, count: 4))
        let listed = ConstantTable([3, 1, 4])
        #expect(listed.count == 3 && listed[2] == 4)
        listed.deallocate()
        squares.deallocate()
        #expect(ByteClass.table[Int(UInt8(ascii: " "))] == ByteClass.space)
        #expect(PowersOfTen.table[PowersOfTen.largestExact] == 1e22)
    }

    /// RawStack's loans: a lent value is neither retained nor released, and ending the loan
    /// leaves the object as it was (uniquely referenced by its lender).
    @Test func aLoanNeitherRetainsNorReleases() {
        final class Box { let number: Int; init(_ number: Int) { self.number = number } }
        var lender = [Box(1), Box(2)]
        var stack = RawStack<Box?>(capacity: 2)
        stack.append(nil)
        lender.withUnsafeBufferPointer { boxes in
            for index in boxes.indices {
                boxes.baseAddress!.withMemoryRebound(to: Box?.self, capacity: boxes.count) { stack.lend($0 + index, to: 0) }
                #expect(stack[0]?.number == index + 1)
            }
        }
        stack.endLoan(at: 0, leaving: nil)
        #expect(isKnownUniquelyReferenced(&lender[0]) && isKnownUniquelyReferenced(&lender[1]))
        stack.release()
    }

    /// A tree's block: names read back whether they are small strings or not, and trees
    /// made and freed by the thousand on several threads agree.
    @Test func treeBlocksHoldTheirTables() {
        let long = "a_field_name_well_past_fifteen_bytes"
        let tree = Parser.parse("sum(map(\(long), (r) -> r.x)) + short")
        #expect(tree.names.contains(long) && tree.names.contains("short"))
        #expect(tree.references == [long, "short"])
        let printed = Mutex<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var last = ""
            for index in 0..<1_000 { last = Printer.format(Parser.parse("\(long)_\(index % 7) * 2")) ?? "" }
            printed.withLock { _ = $0.insert(last) }
        }
        #expect(printed.withLock { $0 } == ["\(long)_5 * 2"])
    }

    /// CallHints: a standard function is found in any letter case; anything else is -1.
    @Test func callHintsFindStandardFunctionsInAnyCase() {
        let hints = CallHints(FunctionRegistry.standard.foldedNames)
        defer { hints.release() }
        func position(_ name: String) -> Int16 {
            var name = name
            return name.withUTF8 { hints.position($0) }
        }
        #expect(position("sum") >= 0)
        #expect(position("SUM") == position("sum") && position("Sum") == position("sum"))
        #expect(position("summ") == -1)
        #expect(position("a_name_longer_than_sixteen_bytes") == -1)
    }
}
