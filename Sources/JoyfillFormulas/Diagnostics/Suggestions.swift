/// "Did you mean …?" suggestions by edit distance.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo:
    /// an optimal-string-alignment distance of at most 1 for short words and 2 otherwise,
    /// compared case-insensitively. Ties go to the earlier candidate.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = target.count <= 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            if abs(other.count - target.count) > limit { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
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
