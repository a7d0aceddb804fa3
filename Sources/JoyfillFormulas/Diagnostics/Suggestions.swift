import Foundation
import Synchronization

/// "Did you mean …?" suggestions by edit distance.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo:
    /// an optimal-string-alignment distance of at most 1 for short words and 2 otherwise,
    /// compared case-insensitively. Ties go to the earlier candidate. A word typed with
    /// letters left out comes first: a candidate that holds every letter typed, in order, from
    /// the first, with at most two more (`rnd` → `round`, not `and`), is preferred to one that
    /// needs letters changed.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = target.count <= 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        var shortened: (name: String, missing: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            if target.count >= 2, other.count > target.count, other.count - target.count <= 2, other.first == target.first,
               isSubsequence(target, of: other), other.count - target.count < (shortened?.missing ?? Int.max) {
                shortened = (candidate, other.count - target.count)
            }
            if abs(other.count - target.count) > limit { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let shortened, (best?.distance ?? Int.max) > 0 { return shortened.name }
        return best?.name
    }

    /// Whether every scalar of `part` is in `whole`, in order.
    private static func isSubsequence(_ part: [Unicode.Scalar], of whole: [Unicode.Scalar]) -> Bool {
        var index = whole.startIndex
        for scalar in part {
            guard let found = whole[index...].firstIndex(of: scalar) else { return false }
            index = found + 1
        }
        return true
    }

    /// ``closest(to:in:)``'s answer and every other candidate exactly as close to `word` (by
    /// edit distance), in the candidates' order: empty when none is close.
    public static func closestTies<S: Sequence>(to word: String, in candidates: S) -> [String] where S.Element == String {
        let all = Array(candidates)
        guard let best = closest(to: word, in: all) else { return [] }
        let target = Array(word.lowercased().unicodeScalars)
        let bestDistance = editDistance(target, Array(best.lowercased().unicodeScalars))
        let distances = all.map { editDistance(target, Array($0.lowercased().unicodeScalars)) }
        // A word with letters left out is answered by the one name holding them (`rnd` is
        // `round`): names nearer by edit distance are no ties of it.
        guard !distances.contains(where: { $0 < bestDistance }) else { return [best] }
        return [best] + all.indices.filter { all[$0] != best && distances[$0] == bestDistance }.map { all[$0] }
    }

    /// Like ``closest(to:in:)``, but nil unless exactly one candidate is that close: only then
    /// is replacing the word a safe fix.
    public static func unique<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let all = Array(candidates)
        guard let best = closest(to: word, in: all) else { return nil }
        let target = Array(word.lowercased().unicodeScalars)
        let bestDistance = editDistance(target, Array(best.lowercased().unicodeScalars))
        let ties = all.filter { editDistance(target, Array($0.lowercased().unicodeScalars)) == bestDistance }
        return ties.count == 1 ? best : nil
    }

    /// What a field's title or identifier is matched by when a formula names the field by it
    /// instead of its `_id`: its letters and digits, lower-cased, so that `LineItems`,
    /// `line_items` and the title "Line items" all match.
    public static func looseKey(_ text: String) -> String {
        String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter {
            $0.properties.isAlphabetic || $0.properties.numericType != nil
        }))
    }

    /// Field ids by the ``looseKey(_:)`` of their titles and identifiers (`names`: each field's
    /// id, then what else it is called). A key that two fields share names neither.
    public static func idsByLooseKey(_ names: [(id: String, aliases: [String])]) -> [String: String] {
        var ids: [String: String?] = [:]
        for (id, aliases) in names {
            for key in Set(aliases.map(looseKey)) where !key.isEmpty {
                if let other = ids[key], other != id { ids[key] = .some(nil) } else { ids[key] = id }
            }
        }
        return ids.compactMapValues { $0 }
    }

    /// The note for `suggestion`, the id offered for the unknown name `name`, when it is not
    /// spelt like it: then it was found by its title or identifier.
    public static func aliasNote(for name: String, suggestion: String) -> String? {
        closest(to: name, in: [suggestion]) != nil ? nil
            : "formulas name a field by its _id ('\(suggestion)'), not by its title or identifier"
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

extension Suggestions {
    /// "Did you mean" over a large, fixed set of names (a document's field ids), for many
    /// queries: linear per query instead of linear in the set.
    ///
    /// Small sets are searched directly with ``Suggestions/closest(to:in:)``. Above
    /// ``directLimit`` names, the first query builds a deletion index (each lower-cased name
    /// and its one-character deletions) and each query looks up its own deletions of up to two
    /// characters, then measures only the names found. That finds every name within the
    /// distance limit except those two substitutions away from a long word, which is the
    /// price of staying linear for a document with 100,000 fields and as many typos.
    public final class Index: Sendable {
        /// Sets up to this size are searched directly.
        public static let directLimit = 2_000

        public let names: [String]
        /// Built on the first query of a large set.
        private let deletions = Mutex<[[UInt32]: [Int32]]?>(nil)

        public init(_ names: [String]) {
            self.names = names
        }

        /// The name closest to `word`, under the rules of ``Suggestions/closest(to:in:)``.
        public func closest(to word: String) -> String? {
            if names.count <= Self.directLimit { return Suggestions.closest(to: word, in: names) }
            let deletions = self.deletions.withLock { built in
                if built == nil { built = Self.index(names) }
                return built!
            }
            var seen = Set<Int32>()
            var candidates: [Int32] = []
            for variant in Self.variants(of: Self.scalars(word), depth: 2) {
                for candidate in deletions[variant] ?? [] where seen.insert(candidate).inserted {
                    candidates.append(candidate)
                }
            }
            candidates.sort()
            return Suggestions.closest(to: word, in: candidates.map { names[Int($0)] })
        }

        private static func index(_ names: [String]) -> [[UInt32]: [Int32]] {
            var index: [[UInt32]: [Int32]] = [:]
            index.reserveCapacity(names.count * 8)
            for (position, name) in names.enumerated() {
                for variant in variants(of: scalars(name), depth: 1) {
                    index[variant, default: []].append(Int32(position))
                }
            }
            return index
        }

        private static func scalars(_ word: String) -> [UInt32] {
            word.lowercased().unicodeScalars.map(\.value)
        }

        /// `word` and every sequence made by deleting up to `depth` of its scalars.
        private static func variants(of word: [UInt32], depth: Int) -> Set<[UInt32]> {
            var result: Set<[UInt32]> = [word]
            var frontier: Set<[UInt32]> = [word]
            for _ in 0..<depth {
                var next: Set<[UInt32]> = []
                for text in frontier {
                    for skip in text.indices {
                        var variant = text
                        variant.remove(at: skip)
                        next.insert(variant)
                    }
                }
                result.formUnion(next)
                frontier = next
            }
            return result
        }
    }
}
