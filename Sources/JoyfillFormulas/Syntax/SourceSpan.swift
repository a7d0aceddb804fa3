import JoyfillJSON

/// A half-open range of UTF-8 byte offsets into a formula's source text.
///
/// Spans are compact (two 32-bit offsets) because every syntax node carries one.
/// Line and column are derived on demand through ``SourceLocation/init(offset:in:)``.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline var startOffset: UInt32
    @usableFromInline var endOffset: UInt32

    /// Creates a span from byte offsets; `end` is exclusive.
    @inlinable
    public init(start: Int, end: Int) {
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: max(start, end))
    }

    /// A span whose `end` is known not to precede `start` (a token's, as the lexer measures it).
    @inlinable
    init(start: Int, orderedEnd end: Int) {
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
    }

    /// The first byte of the span.
    @inlinable public var start: Int { Int(startOffset) }
    /// One past the last byte of the span.
    @inlinable public var end: Int { Int(endOffset) }
    /// The number of bytes covered.
    @inlinable public var length: Int { Int(endOffset - startOffset) }

    /// The smallest span covering both `self` and `other`.
    @inlinable
    public func union(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: min(start, other.start), orderedEnd: max(end, other.end))
    }

    public var description: String { "\(start)..<\(end)" }
}

/// A 1-based line and column. Columns count UTF-8 bytes, like Go's `go/token`.
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location of byte `offset` in `text` (offsets past the end clamp to the end).
    public init(offset: Int, in text: String) {
        let (line, column) = LineMap(text).location(of: offset, in: .byte)
        self.init(line: line, column: column)
    }

}
