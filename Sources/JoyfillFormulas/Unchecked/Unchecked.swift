// Unchecked/: every construct of this module that Swift cannot check for memory safety, in one
// place, each with tests in Tests/JoyfillFormulasTests/UncheckedTests.swift:
//
// EvaluatorState      the evaluator's registers and stacks, unchecked exclusivity (2), its
//                     tree's tables read in place (4), the context unretained (3).
// TreeBuilder         the parser's tables and stacks, one builder a thread (1, 2).
// RawStack            growable buffers without copy-on-write; a loan puts a value's bits in a
//                     slot without retaining it (the element a map or filter callback sees:
//                     with retains instead, a map and a filter over 100,000 rows cost 18.5%
//                     more, 84.7 M → 100.3 M instructions).
// TreeBlock           a syntax tree's tables in one block; TreeTable, a view that keeps the
//                     tree alive (4).
// ConstantTable       lookup tables filled once and never written after (the lexer's byte
//                     classes, the parser's operators, powers of ten, a function's parameters,
//                     the evaluator's functions by hint: as arrays, 670 more instructions a
//                     formula, 2.6% of a `jf eval --lines` formula and about 4% of its parse
//                     and evaluation).
// CallHints           the standard functions by folded name, probed as plain words.
// NameCache,          names shared between trees; slots remembered by a name's `String` words
// NameSlotCache       (5).
// SmallString         a `String`'s small form, packed by hand (5).
// UncheckedReference  a reference that neither retains nor releases (3).
//
// Each is here because instruction counts show it pays (here, or in the commit that brought
// it). Nothing outside this folder uses `Unmanaged`, `unowned(unsafe)`,
// `@exclusivity(unchecked)`, `unsafeBitCast`, `nonisolated(unsafe)`, `@unchecked Sendable` or
// allocates memory itself; outside it the module reads through pointers only where they are
// lent, within bounds, and never keeps one past the call that lent it (the lexer and the
// parser on a formula's UTF-8 in its `withUTF8` scope, a callback's elements in
// `withUnsafeBufferPointer`).
//
// The invariants the rest of the module keeps for them:
//
// 1. One thread. An Evaluator (its EvaluatorState) and a TreeBuilder are used by one thread at
//    a time; a TreeBuilder belongs to the thread that took it (ThreadBuilders).
// 2. No overlapping access. Code that holds an access to a property of EvaluatorState,
//    TreeBuilder or NameCache (an `inout`, a `mutating` call) never calls anything that could
//    touch the same property. That is what the dynamic exclusivity checks would verify, and
//    switching them off for these properties halves the instructions of a parse and of an
//    evaluation (7,726 → 18,635 a parse, 5,466 → 9,741 an evaluation, with the checks on).
// 3. Borrowed references outlive their use. An UncheckedReference does not retain its object:
//    whoever makes one keeps the object alive for as long as it is used (the evaluator's
//    caller keeps the tree and the context; the registry keeps its functions; an Arguments
//    lives only during the call of the evaluator that made it).
// 4. Tables are read within bounds. Node, name and child ids come from the parser that made
//    the tables, so the evaluator reads them through raw pointers without checks.
// 5. Layouts are checked before they are relied on. SmallString packs a `String`'s small
//    form only where a check at start-up finds it equal to the standard library's; raw-valued
//    enums are made from bytes only from tables built of their own raw values.

/// Helpers that read a value as bits of another type (invariant 5).
@usableFromInline enum Unchecked {
    /// The case of `E` whose raw value is `raw`, without the call `init(rawValue:)` makes. A
    /// raw-valued enum's case is its raw value; `raw` must be one (tables built from
    /// `rawValue`s).
    @inline(__always)
    static func enumCase<E: RawRepresentable>(_ raw: UInt8, as type: E.Type) -> E where E.RawValue == UInt8 {
        assert(E(rawValue: raw) != nil, "\(raw) is not a raw value of \(E.self)")
        return unsafeBitCast(raw, to: E.self)
    }

    /// The two words of a `String` value, compared to find a string whose representation is
    /// identical (same small form, or same storage) without comparing characters. Nil where a
    /// `String` is not two words.
    @usableFromInline @inline(__always)
    static func words(of string: String) -> (UInt64, UInt64)? {
        guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else { return nil }
        return unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    /// The position of the first of `strings` whose two words are `words` (``words(of:)``),
    /// read in place without retaining each string; only called where ``words(of:)`` found a
    /// `String` to be two words.
    @usableFromInline @inline(__always)
    static func position(ofWords words: (UInt64, UInt64), in strings: [String]) -> Int? {
        strings.withUnsafeBytes { raw in
            for index in 0..<(raw.count / MemoryLayout<String>.stride)
            where raw.load(fromByteOffset: index * MemoryLayout<String>.stride, as: (UInt64, UInt64).self) == words {
                return index
            }
            return nil
        }
    }
}
