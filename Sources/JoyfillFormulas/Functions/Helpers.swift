/// Reading arguments whose type the signature already guarantees.
extension Arguments {
    func number(_ position: Int) -> Double {
        guard case .number(let value) = self[position] else { preconditionFailure("signature guarantees a number") }
        return value
    }

    func text(_ position: Int) -> String {
        guard case .string(let value) = self[position] else { preconditionFailure("signature guarantees a string") }
        return value
    }

    func list(_ position: Int) -> ArrayValue {
        guard case .array(let value) = self[position] else { preconditionFailure("signature guarantees an array") }
        return value
    }

    func flag(_ position: Int) -> Bool {
        guard case .boolean(let value) = self[position] else { preconditionFailure("signature guarantees a boolean") }
        return value
    }

    /// A number argument truncated toward zero to an integer, or an `arguments` error when it
    /// is not finite or its size is 9e15 or more (past which doubles skip whole numbers).
    func integer(_ position: Int, _ what: String) throws(Diagnostic) -> Int {
        let value = number(position).rounded(.towardZero)
        guard value.isFinite else {
            throw error(.arguments, "\(what) must be a finite number, got \(NumberText.format(number(position)))", at: position)
        }
        guard abs(value) < 9e15 else {
            throw error(.arguments, "\(what) \(NumberText.format(number(position))) is out of range (its size must be under 9e15)", at: position)
        }
        return Int(value)
    }
}

/// Unicode white space trimming, as the reference's `trimmingCharacters(in: .whitespacesAndNewlines)`.
extension String {
    func trimmedOfWhitespace() -> String {
        if let trimmed = asciiTrimmed() { return trimmed }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    /// The answer without Unicode property look-ups when both ends of the text are ASCII (the
    /// white space there is tab, line feed, vertical tab, form feed, carriage return and
    /// space), or nil when a non-ASCII byte is met first from either end.
    private func asciiTrimmed() -> String? {
        utf8.withContiguousStorageIfAvailable { bytes -> String? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }
            var start = 0, end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            if start < end, bytes[start] >= 0x80 { return nil }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            if end > start, bytes[end - 1] >= 0x80 { return nil }
            if start == 0 && end == bytes.count { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        } ?? nil
    }
}

/// Case-insensitive substring search, as `contains` and `countIf` define it: both sides
/// lowercased, then a plain search.
enum TextSearch {
    /// True when `text` contains `search` ignoring letter case. ASCII text is searched byte by
    /// byte with ASCII case folding (the same answer as lowercasing both, without building new
    /// strings); anything else lowercases both and compares them Character by Character, as
    /// String's `==` does (canonical equivalence).
    static func containsIgnoringCase(_ text: String, _ search: String) -> Bool {
        if search.isEmpty { return true }
        if let found = asciiContains(text, search) { return found }
        // Not Foundation's `contains`, which traps on some text (a NUL next to U+FFFD, found by
        // the fuzzer) and whose cost is not bounded by the texts' lengths.
        return contains(Array(text.lowercased()), Array(search.lowercased()))
    }

    /// Whether `needle` occurs in `haystack`, in time linear in both (Knuth–Morris–Pratt):
    /// texts can be megabytes long.
    static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        // fallback[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in 1..<needle.count {
            while length > 0, needle[index] != needle[length] { length = fallback[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for character in haystack {
            while matched > 0, character != needle[matched] { matched = fallback[matched - 1] }
            if character == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// The ASCII answer, or nil when either side has a non-ASCII byte.
    private static func asciiContains(_ text: String, _ search: String) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            search.utf8.withContiguousStorageIfAvailable { needle -> Bool? in
                guard !haystack.contains(where: { $0 >= 0x80 }), !needle.contains(where: { $0 >= 0x80 }) else { return nil }
                guard needle.count <= haystack.count else { return false }
                let first = fold(needle[0])
                for start in 0...(haystack.count - needle.count) where fold(haystack[start]) == first {
                    var offset = 1
                    while offset < needle.count, fold(haystack[start + offset]) == fold(needle[offset]) { offset += 1 }
                    if offset == needle.count { return true }
                }
                return false
            } ?? nil
        } ?? nil
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
