import JoyfillFormulas

/// Locations in a file: its lines (``SourceLines``), and columns counted in characters
/// (a document can have thousands of findings).
public struct LineIndex: Sendable {
    public let lines: SourceLines

    /// The number of UTF-8 continuation bytes before every multiple of `stride` (empty for
    /// ASCII text), so a column costs at most `stride` steps however long the line: minified
    /// JSON is one line.
    private let continuations: [Int]
    private static let stride = 1024

    public init(_ bytes: [UInt8]) {
        lines = SourceLines(bytes: bytes)
        var continuations: [Int] = []
        if bytes.contains(where: { $0 >= 0x80 }) {
            var count = 0
            for (index, byte) in bytes.enumerated() {
                if index % Self.stride == 0 { continuations.append(count) }
                if byte & 0xC0 == 0x80 { count += 1 }
            }
        }
        self.continuations = continuations
    }

    /// Continuation bytes before `offset`.
    private func continuationCount(before offset: Int) -> Int {
        guard !continuations.isEmpty else { return 0 }
        let block = min(offset / Self.stride, continuations.count - 1)
        var count = continuations[block]
        for byte in lines.bytes[(block * Self.stride)..<offset] where byte & 0xC0 == 0x80 { count += 1 }
        return count
    }

    /// The location of the bytes `start..<end`.
    public func location(_ start: Int, _ end: Int) -> FileLocation {
        let (line, column) = position(start)
        let (endLine, endColumn) = position(max(start, end))
        return FileLocation(start: start, end: max(start, end), line: line, column: column, endLine: endLine, endColumn: endColumn)
    }

    private func position(_ offset: Int) -> (Int, Int) {
        let offset = min(max(offset, 0), lines.bytes.count)
        let line = lines.line(containing: offset)
        let start = lines.start(ofLine: line)
        let column = offset - start + 1 - (continuationCount(before: offset) - continuationCount(before: start))
        return (line, column)
    }
}
