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
}
