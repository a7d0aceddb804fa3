/// A replacement of a byte range of a JSON document's text.
public struct JSONEdit: Sendable, Equatable {
    public var span: Range<Int>
    public var replacement: String

    public init(span: Range<Int>, replacement: String) {
        self.span = span
        self.replacement = replacement
    }

    /// Replaces a value that was read from the document with `value`'s compact text.
    public init?(replacing original: JSONValue, with value: JSONValue) {
        guard let span = original.span else { return nil }
        self.init(span: span, replacement: value.text)
    }

    /// Adds `members` at the end of an object that was read from the document: right after
    /// its last member (so the layout before the closing brace stays), or inside `{}`; nil for
    /// none, or a built object.
    /// The members are written as the object writes its own: without spaces when there is
    /// none after its first key's colon (`{"_id":"a",…}`, a JSON line), else `"key": value`
    /// after `, `.
    public init?(adding members: [JSONMember], to object: JSONValue) {
        guard !members.isEmpty, let span = object.span else { return nil }
        let last = object.endOfLastElement
        let compact = JSONEdit.isWrittenCompactly(object)
        let (comma, colon) = compact ? (",", ":") : (", ", ": ")
        var text = last == nil ? "" : comma
        text += members.map { JSONText.string($0.key) + colon + $0.value.text }.joined(separator: comma)
        let at = last ?? span.upperBound - 1
        self.init(span: at..<at, replacement: text)
    }

    /// Whether an object read from a text has no space after its first key's colon.
    private static func isWrittenCompactly(_ object: JSONValue) -> Bool {
        guard let start = object.members?.first?.value.span?.lowerBound, start > 0,
              let source = object.source, start - 1 < source.count else { return false }
        return source[start - 1] == UInt8(ascii: ":")
    }

    /// Adds `elements` at the end of an array that was read from the document: right after
    /// its last element (so the layout before the closing bracket stays), or inside `[]`; nil
    /// for none, or a built array.
    public init?(appending elements: [JSONValue], to array: JSONValue) {
        guard !elements.isEmpty, let span = array.span else { return nil }
        let last = array.endOfLastElement
        let text = (last == nil ? "" : ", ") + elements.map(\.text).joined(separator: ", ")
        let at = last ?? span.upperBound - 1
        self.init(span: at..<at, replacement: text)
    }

    /// The edits that remove the elements at `indices` from an array read from a document,
    /// each with the comma that separated it, so the rest keeps its layout: a run of removed
    /// elements goes from the end of the element before it to the end of its last (or, at the
    /// front, from its first to the start of the element after it). Empty for a built array.
    public static func removing(_ indices: Set<Int>, from array: JSONValue) -> [JSONEdit] {
        guard let elements = array.arrayValue, !indices.isEmpty else { return [] }
        let spans = elements.compactMap(\.span)
        guard spans.count == elements.count else { return [] }
        var edits: [JSONEdit] = []
        var index = 0
        while index < spans.count {
            guard indices.contains(index) else {
                index += 1
                continue
            }
            var last = index
            while last + 1 < spans.count && indices.contains(last + 1) { last += 1 }
            if index > 0 {
                edits.append(JSONEdit(span: spans[index - 1].upperBound..<spans[last].upperBound, replacement: ""))
            } else if last + 1 < spans.count {
                edits.append(JSONEdit(span: spans[0].lowerBound..<spans[last + 1].lowerBound, replacement: ""))
            } else {
                edits.append(JSONEdit(span: spans[0].lowerBound..<spans[last].upperBound, replacement: ""))
            }
            index = last + 1
        }
        return edits
    }

    /// The edits that turn `original`, a value read from a document, into `changed`, a value
    /// built from it (members set with ``JSONValue/setting(_:to:in:)``, elements replaced or
    /// appended), rewriting as little as they can: a part of `changed` that is still the
    /// document's own text is left as it is, a member added to an object or an element added
    /// to an array is inserted, and anything else is replaced whole by its compact text. So
    /// a cell changed three levels down a collection row rewrites that cell, not the row and
    /// its layout. Nil when `original` was not read from a text. The walk goes as deep as the
    /// values nest, which the reader bounds (``JSONReader/maxDepth``).
    public static func edits(rewriting original: JSONValue, as changed: JSONValue) -> [JSONEdit]? {
        guard let span = original.span else { return nil }
        if changed.isSameRead(as: original) { return [] }
        if let old = original.members, let new = changed.members, new.count >= old.count,
           zip(old, new).allSatisfy({ $0.key == $1.key }) {
            var edits: [JSONEdit] = []
            for (before, after) in zip(old, new) { edits += JSONEdit.edits(rewriting: before.value, as: after.value) ?? [] }
            if let added = JSONEdit(adding: Array(new[old.count...]), to: original) { edits.append(added) }
            return edits
        }
        if let old = original.arrayValue, let new = changed.arrayValue, new.count >= old.count {
            var edits: [JSONEdit] = []
            for (before, after) in zip(old, new) { edits += JSONEdit.edits(rewriting: before, as: after) ?? [] }
            if let added = JSONEdit(appending: Array(new[old.count...]), to: original) { edits.append(added) }
            return edits
        }
        return [JSONEdit(span: span, replacement: changed.text)]
    }

    /// Applies non-overlapping edits to `bytes`; an edit overlapping an earlier one is skipped.
    public static func apply<Bytes: RandomAccessCollection<UInt8>>(_ edits: [JSONEdit], to bytes: Bytes) -> [UInt8]
    where Bytes.Index == Int {
        guard !edits.isEmpty else { return Array(bytes) }
        var output: [UInt8] = []
        // Sized once, so a large document is not copied again each time the buffer grows.
        output.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        let ordered = zip(edits, edits.dropFirst()).allSatisfy { $0.span.lowerBound <= $1.span.lowerBound }
        for edit in ordered ? edits : edits.sorted(by: { $0.span.lowerBound < $1.span.lowerBound })
        where edit.span.lowerBound >= copied {
            output.append(contentsOf: bytes[copied..<min(edit.span.lowerBound, bytes.count)])
            output.append(contentsOf: edit.replacement.utf8)
            copied = min(edit.span.upperBound, bytes.count)
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }
}
