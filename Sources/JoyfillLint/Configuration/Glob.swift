/// A path pattern of a configuration's `overrides`, in the style of `.gitignore`:
///
/// - `*` matches any run of characters within one path segment, `?` one character, and
///   `[abc]`, `[a-z]` or `[!abc]` one character of a set (or not of it);
/// - `**` matches any number of whole segments (`legacy/**`, `**/drafts/*.json`);
/// - a pattern without `/` matches the file name at any depth (`*.draft.json`);
/// - a pattern ending in `/` matches everything under that directory (`legacy/`).
///
/// Paths are matched relative to the configuration file's directory, with `/` separators.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let segments: [[UInt8]]
    /// Whether the pattern has no `/`, so that it matches a name at any depth.
    public let matchesNameOnly: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        if text.hasPrefix("./") { text.removeFirst(2) }
        if text.hasSuffix("/") { text += "**" }
        matchesNameOnly = !text.contains("/")
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }
    }

    /// The directory every path the pattern matches is under: its leading segments without
    /// `*`, `?` or `[` (`legacy/2024` for `legacy/2024/**/*.json`); empty when it may match at
    /// any depth. Where to look for files that match.
    public var literalDirectory: String {
        guard !matchesNameOnly else { return "" }
        let literal = segments.dropLast().prefix { segment in
            !segment.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
        }
        return literal.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
    }

    /// Whether `path` (relative, `/`-separated) matches.
    public func matches(_ path: String) -> Bool {
        matches(parts: path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }[...])
    }

    /// Whether the path of these parts (its names, in order) matches; for a search that
    /// splits each path once, however many patterns it tries.
    public func matches(parts: ArraySlice<[UInt8]>) -> Bool {
        if matchesNameOnly {
            guard let name = parts.last else { return false }
            return matches(name: name[...])
        }
        return Glob.matchPath(segments[...], parts)
    }

    /// Whether a pattern without `/` matches the name `name` (UTF-8).
    public func matches(name: ArraySlice<UInt8>) -> Bool {
        guard matchesNameOnly, let segment = segments.first else { return false }
        return Glob.matchSegment(segment[...], name)
    }

    /// Segments against path parts, where `**` matches any number of parts and every other
    /// segment exactly one. This is ``matchSegment(_:_:)``'s backtracking one level up: only
    /// the last `**` is ever resumed (an earlier one could take no more than the later one
    /// can), so the cost is at most pattern × path, however many `**` a pattern repeats.
    private static func matchPath(_ pattern: ArraySlice<[UInt8]>, _ parts: ArraySlice<[UInt8]>) -> Bool {
        let anyParts: [UInt8] = Array("**".utf8)
        var p = pattern.startIndex, t = parts.startIndex
        var star: (pattern: Int, part: Int)?
        while t < parts.endIndex {
            if p < pattern.endIndex, pattern[p] == anyParts {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, matchSegment(pattern[p][...], parts[t][...]) {
                p += 1
                t += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.part + 1
                star = (last.pattern, last.part + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == anyParts { p += 1 }
        return p == pattern.endIndex
    }

    /// One segment with `*`, `?` and sets, by the classic linear backtracking on the last star.
    private static func matchSegment(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            // What the pattern's next character matches: a set, `?`, or itself.
            let set = p < pattern.endIndex ? characterSet(pattern, at: p) : nil
            let one = p < pattern.endIndex && (set.map { $0.matches(text[t]) } ?? (pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t]))
            if one {
                p = set?.end ?? p + 1
                t += 1
            } else if p < pattern.endIndex, set == nil, pattern[p] == UInt8(ascii: "*") {
                star = (p, t)
                p += 1
            } else if let last = star {
                p = last.pattern + 1
                t = last.text + 1
                star = (last.pattern, last.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// The set `[…]` that starts at `start` in `pattern`: what it matches and where it ends;
    /// nil when there is none there (a `[` without its `]` is an ordinary character).
    private static func characterSet(_ pattern: ArraySlice<UInt8>, at start: Int) -> (matches: (UInt8) -> Bool, end: Int)? {
        guard pattern[start] == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        let negated = index < pattern.endIndex && (pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^"))
        if negated { index += 1 }
        var ranges: [ClosedRange<UInt8>] = []
        var first = true
        while index < pattern.endIndex, first || pattern[index] != UInt8(ascii: "]") {
            first = false
            let low = pattern[index]
            if index + 2 < pattern.endIndex, pattern[index + 1] == UInt8(ascii: "-"), pattern[index + 2] != UInt8(ascii: "]"),
               low <= pattern[index + 2] {
                ranges.append(low...pattern[index + 2])
                index += 3
            } else {
                ranges.append(low...low)
                index += 1
            }
        }
        guard index < pattern.endIndex else { return nil }
        return ({ byte in ranges.contains { $0.contains(byte) } != negated }, index + 1)
    }
}
