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
    /// after `, `; their values compact. With `matchingLayout` (an edit a person will read, such
    /// as a suppression), each goes on a line of its own at the others' indentation when they
    /// are so, and a value built in code gets the spaces the object's members have.
    public init?(adding members: [JSONMember], to object: JSONValue, matchingLayout: Bool = false) {
        guard !members.isEmpty, let span = object.span else { return nil }
        let last = object.endOfLastElement
        let compact = JSONEdit.isWrittenCompactly(object)
        let colon = compact ? ":" : ": "
        let lines = matchingLayout ? JSONEdit.lineStart(of: object.keyStarts?.last, in: object) : nil
        let comma = lines.map { "," + $0 } ?? (compact ? "," : ", ")
        var text = ""
        for (position, member) in members.enumerated() {
            if position > 0 || last != nil { text += comma }
            text += JSONText.string(member.key)
            text += colon
            text += JSONEdit.text(of: member.value, spaced: matchingLayout && !compact)
        }
        let at = last ?? span.upperBound - 1
        self.init(span: at..<at, replacement: text)
    }

    /// The line break and the blanks before `start` when nothing else precedes it on its line
    /// (an element or a key on a line of its own), so that a new line is written as the text's
    /// own (`"\r\n\t\t"` in a tab-indented CRLF file); nil otherwise.
    private static func lineStart(of start: Int?, in container: JSONValue) -> String? {
        guard let start, let source = container.source else { return nil }
        var index = start
        while index > 0, source[index - 1] == UInt8(ascii: " ") || source[index - 1] == UInt8(ascii: "\t") { index -= 1 }
        guard index > 0, source[index - 1] == UInt8(ascii: "\n") else { return nil }
        let lineBreak = index > 1 && source[index - 2] == UInt8(ascii: "\r") ? index - 2 : index - 1
        return String(decoding: source[lineBreak..<start], as: UTF8.self)
    }

    /// A value's compact text, or with `spaced`, for a value built in code, with a space after
    /// each comma and colon (`{"ignore": ["a", "b"]}`). Only values built in code are walked,
    /// and code builds them shallow.
    private static func text(of value: JSONValue, spaced: Bool) -> String {
        guard spaced, value.span == nil else { return value.text }
        switch value.kind {
        case .array(let elements):
            return "[" + elements.map { text(of: $0, spaced: true) }.joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONText.string($0.key) + ": " + text(of: $0.value, spaced: true) }.joined(separator: ", ") + "}"
        default:
            return value.text
        }
    }

    /// Whether an object read from a text has no space after its first key's colon.
    private static func isWrittenCompactly(_ object: JSONValue) -> Bool {
        guard let start = object.firstMemberValueStart, start > 0,
              let source = object.source, start - 1 < source.count else { return false }
        return source[start - 1] == UInt8(ascii: ":")
    }

    /// Adds `elements` at the end of an array that was read from the document: right after
    /// its last element (so the layout before the closing bracket stays), or inside `[]`; nil
    /// for none, or a built array. The elements are written compact after `, `; with
    /// `matchingLayout`, each on a line of its own at the others' indentation when they are so.
    public init?(appending elements: [JSONValue], to array: JSONValue, matchingLayout: Bool = false) {
        guard !elements.isEmpty, let span = array.span else { return nil }
        let last = array.endOfLastElement
        let lines = matchingLayout ? JSONEdit.lineStart(of: array.arrayValue?.last?.span?.lowerBound, in: array) : nil
        let comma = lines.map { "," + $0 } ?? ", "
        let text = (last == nil ? "" : comma) + elements.map { JSONEdit.text(of: $0, spaced: matchingLayout) }.joined(separator: comma)
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
                let span = wholeLines(spans[0].lowerBound..<spans[last + 1].lowerBound, in: array.source)
                edits.append(JSONEdit(span: span, replacement: ""))
            } else {
                edits.append(JSONEdit(span: spans[0].lowerBound..<spans[last].upperBound, replacement: ""))
            }
            index = last + 1
        }
        return edits
    }

    /// The edit that removes the member at `position` from an object read from a document,
    /// with the comma that separated it, so the rest keeps its layout: from the end of the
    /// member before it to the end of its value, or, for the first, from its key to the next
    /// key. Nil for a position out of range, or a built object.
    public static func removing(memberAt position: Int, from object: JSONValue) -> JSONEdit? {
        guard let members = object.members, let keys = object.keyStarts, members.indices.contains(position),
              let value = members[position].value.span else { return nil }
        if position + 1 < keys.count {
            return JSONEdit(span: wholeLines(keys[position]..<keys[position + 1], in: object.source), replacement: "")
        }
        if position > 0, let previous = members[position - 1].value.span {
            return JSONEdit(span: previous.upperBound..<value.upperBound, replacement: "")
        }
        return JSONEdit(span: keys[position]..<value.upperBound, replacement: "")
    }

    /// A removal from the start of one element to the start of the next, widened to whole
    /// lines when the removed elements sit on lines of their own (only blanks before the first
    /// on its line and before the next on its line), so no line is left half emptied.
    private static func wholeLines(_ range: Range<Int>, in source: SourceBytes?) -> Range<Int> {
        guard let source else { return range }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func lineStart(_ offset: Int) -> Int? {
            var index = offset
            while index > 0, isBlank(source[index - 1]) { index -= 1 }
            return index == 0 || source[index - 1] == UInt8(ascii: "\n") ? index : nil
        }
        guard let start = lineStart(range.lowerBound), let end = lineStart(range.upperBound), start < end else { return range }
        return start..<end
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
        // Runs of bytes are copied whole from contiguous memory, not byte by byte through a
        // generic collection.
        if let output = bytes.withContiguousStorageIfAvailable({ apply(edits, toContiguous: $0) }) { return output }
        return Array(bytes).withUnsafeBufferPointer { apply(edits, toContiguous: $0) }
    }

    private static func apply(_ edits: [JSONEdit], toContiguous bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard !edits.isEmpty else { return Array(bytes) }
        var output: [UInt8] = []
        // Sized once, so a large document is not copied again each time the buffer grows.
        output.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        let ordered = zip(edits, edits.dropFirst()).allSatisfy { $0.span.lowerBound <= $1.span.lowerBound }
        for edit in ordered ? edits : edits.sorted(by: { $0.span.lowerBound < $1.span.lowerBound })
        where edit.span.lowerBound >= copied {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<min(edit.span.lowerBound, bytes.count)]))
            output.append(contentsOf: edit.replacement.utf8)
            copied = min(edit.span.upperBound, bytes.count)
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return output
    }
}
