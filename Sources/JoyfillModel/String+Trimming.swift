extension String {
    /// The text without the Unicode whitespace around it, as the SDKs trim paths and logic
    /// values before comparing them.
    package var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { scalars.index(after: $0) } ?? start
        return self[start..<end]
    }
}
