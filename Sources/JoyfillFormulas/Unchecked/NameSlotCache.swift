/// The slot each name has in the context an evaluator works in, remembered from one
/// evaluation to the next.
///
/// A batch evaluates thousands of trees against one document, and their names are few:
/// asking the context for each reference hashes the name's text and compares its bytes every
/// time. This cache is keyed instead by a name's *representation*, the two words of its
/// `String`: a name of up to 15 bytes is held in those words, and a longer one points at
/// storage that the parser shares between trees (``NameCache``) and that an entry here keeps
/// alive. Equal words therefore mean equal text, so a hit costs a multiply and a compare; the
/// same text in another string object only misses and is resolved once more.
///
/// Direct-mapped, 256 entries, overwritten on collision. Its entries hold for one context: the
/// cache keeps that context alive and starts empty when another comes (contexts promise a
/// name's slot does not change, see ``EvaluationContext/slots(for:)``).
///
/// Invariants: a name's words are read as two integers only where a check at start-up finds
/// a `String` to be two words (`enabled`, invariant 5 of Unchecked.swift); an entry keeps the
/// name it was filled from, so equal words keep meaning equal text; the index is the hash's
/// top byte, below the 256 entries; one evaluator (one thread) uses a cache, and frees it
/// once, with ``release()``.
struct NameSlotCache {
    private struct Entry {
        var words: (UInt64, UInt64)
        var slot: Int32
        /// Keeps a long name's storage, and so the words' meaning, alive.
        var name: String?
    }

    private static let count = 256
    private let entries: UnsafeMutablePointer<Entry>
    /// The context the entries belong to, in the handle evaluators read it through.
    private(set) var handle: ContextHandle?
    /// The context the entries belong to.
    var context: (any EvaluationContext)? { handle?.context }
    /// False where a `String` is not two words: then every lookup misses.
    private let enabled = MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size

    init() {
        entries = .allocate(capacity: NameSlotCache.count)
        entries.initialize(repeating: Entry(words: (0, 0), slot: -1, name: nil), count: NameSlotCache.count)
    }

    /// Frees the entries; the cache must not be used afterwards.
    func release() {
        entries.deinitialize(count: NameSlotCache.count)
        entries.deallocate()
    }

    /// Forgets every entry and holds `context`'s slots from now on.
    mutating func reset(for context: any EvaluationContext) {
        // No `String`'s words are both zero (the empty string's are not), so zero marks an empty entry.
        entries.update(repeating: Entry(words: (0, 0), slot: -1, name: nil), count: NameSlotCache.count)
        handle = ContextHandle(context)
    }

    /// The slot of the name stored at `name` (-1: none, look it up by name).
    @inline(__always)
    func slot(of name: UnsafePointer<String>) -> Int32 {
        guard enabled else { return -1 }
        let words = UnsafeRawPointer(name).load(as: (UInt64, UInt64).self)
        let index = Int(truncatingIfNeeded: PackedWordsHash.mix(words.0, words.1) >> 56)
        let entry = entries + index
        if entry.pointee.words == words { return entry.pointee.slot }
        return fill(entry, name.pointee, words)
    }

    @inline(never)
    private func fill(_ entry: UnsafeMutablePointer<Entry>, _ name: String, _ words: (UInt64, UInt64)) -> Int32 {
        let slot = context?.slots(for: [name]).first ?? -1
        entry.pointee = Entry(words: words, slot: slot, name: name)
        return slot
    }
}

/// A context in an object of a known final class, so that an evaluator holding it unretained can
/// call the context where it lies (``UncheckedReference/withObject(_:)``): called through
/// a stored reference, a context is retained and released around every call.
final class ContextHandle {
    let context: any EvaluationContext
    init(_ context: any EvaluationContext) { self.context = context }
}
