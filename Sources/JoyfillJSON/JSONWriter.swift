/// Writing JSON: compact text for values built in code, and edits that replace only the
/// changed spans of a document that was read, so everything else keeps its bytes.
extension JSONValue {
    /// Compact JSON text. Numbers keep their text and members their order.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The first `limit` characters of the compact JSON text, with whether that is all of it;
    /// written only that far, so a large table costs no more than a small one.
    public func textPrefix(_ limit: Int) -> (text: String, isWhole: Bool) {
        var output = ""
        let isWhole = write(to: &output, limit: limit)
        return isWhole ? (output, true) : (String(output.prefix(limit)), false)
    }

    /// Appends compact JSON text to `output`.
    public func write(to output: inout String) {
        _ = write(to: &output, limit: .max)
    }

    /// Appends compact JSON text to `output` until it is longer than `limit` characters (a
    /// character is at least one byte, so it is measured in bytes until it may be too long);
    /// false when the text was cut there.
    private func write(to output: inout String, limit: Int) -> Bool {
        func fits() -> Bool { output.utf8.count <= limit || output.count <= limit }
        switch kind {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONText.appendString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                guard fits(), element.write(to: &output, limit: limit) else { return false }
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONText.appendString(member.key, to: &output)
                output += ":"
                guard fits(), member.value.write(to: &output, limit: limit) else { return false }
            }
            output += "}"
        }
        return fits()
    }
}

/// JSON string literals.
public enum JSONText {
    /// Appends `text` as a JSON string literal: `"`, `\` and control characters are escaped,
    /// everything else is written as UTF-8.
    public static func appendString(_ text: String, to output: inout String) {
        var literal = JSONBytes(capacity: text.utf8.count + 2)
        literal.string(text)
        output += literal.text
    }

    /// `text` as a JSON string literal.
    public static func string(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }
}

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
    public init?(adding members: [JSONMember], to object: JSONValue) {
        guard !members.isEmpty, let span = object.span else { return nil }
        let last = object.endOfLastElement
        var text = last == nil ? "" : ", "
        text += members.map { JSONText.string($0.key) + ": " + $0.value.text }.joined(separator: ", ")
        let at = last ?? span.upperBound - 1
        self.init(span: at..<at, replacement: text)
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

/// Compact JSON built as UTF-8 bytes, for objects assembled piece by piece where many are
/// made (an error per line of `jf eval --json`): appending to a `String` costs hundreds of
/// instructions a piece, appending bytes a few.
public struct JSONBytes {
    /// The JSON so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty builder with room for `capacity` bytes before it grows.
    public init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON as a `String`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// JSON text as it is: punctuation, keys, and values known to need no escaping.
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// JSON text as it is, from a string (a number's text, an enumeration's raw value).
    public mutating func raw(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// A whole number in decimal.
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // room for 20 digits, filled from the end
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// `text` as a JSON string literal: `"`, `\` and control characters are escaped,
    /// everything else is written as UTF-8.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var copy = text
        copy.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                bytes.append(contentsOf: utf8)
                return
            }
            // Only ASCII is escaped, so the bytes of other characters pass through.
            for byte in utf8 {
                switch byte {
                case 0x22: raw("\\\"")
                case 0x5C: raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case ..<0x20:
                    raw("\\u00")
                    bytes.append(JSONBytes.hexDigits[Int(byte >> 4)])
                    bytes.append(JSONBytes.hexDigits[Int(byte & 0xF)])
                default:
                    bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
