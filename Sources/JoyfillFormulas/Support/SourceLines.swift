/// The lines of a text, found once, so that each look-up is a binary search rather than a scan
/// from the top: a file or a formula can have thousands of findings, and minified JSON or a
/// generated formula is one long line. Lines are numbered from 1 and split at `\n`; a `\r`
/// before it belongs to the line break.
public struct SourceLines: Sendable {
    public let bytes: [UInt8]
    /// The byte offset at which each line starts.
    public let lineStarts: [Int]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The number of lines (a final line break does not start another).
    public var count: Int {
        bytes.last == 0x0A ? lineStarts.count - 1 : lineStarts.count
    }

    /// The line holding byte `offset` (offsets past the end are on the last line).
    public func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {   // the last line starting at or before `offset`
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The byte offset where line `line` starts.
    public func start(ofLine line: Int) -> Int { lineStarts[line - 1] }

    /// One past the last byte of line `line`, its line break included.
    public func end(ofLine line: Int) -> Int {
        line < lineStarts.count ? lineStarts[line] : bytes.count
    }

    /// The bytes of line `line` without its line break.
    public func range(ofLine line: Int) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of line `line`, without its line break.
    public func text(ofLine line: Int) -> String {
        String(decoding: bytes[range(ofLine: line)], as: UTF8.self)
    }
}
