import JoyfillJSON

extension LineMap {
    /// The location of a file's bytes `start..<end`, its columns in characters (what an
    /// editor shows), as findings carry it.
    public func location(_ start: Int, _ end: Int) -> FileLocation {
        let start = min(max(start, 0), byteCount)
        let end = min(max(start, end), byteCount)
        let (line, column) = location(of: start)
        let (endLine, endColumn) = location(of: end)
        return FileLocation(start: start, end: end, line: line, column: column, endLine: endLine, endColumn: endColumn)
    }

    /// The location of `span`, widened to one byte when it is empty (a caret needs a column
    /// to stand under) and at the text's start when it is not known.
    public func location(covering span: Range<Int>?) -> FileLocation {
        let start = span?.lowerBound ?? 0
        return location(start, max(span?.upperBound ?? 0, start + 1))
    }
}
