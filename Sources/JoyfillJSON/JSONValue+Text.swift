/// Writing JSON: compact text for values built in code, and edits that replace only the
/// changed spans of a document that was read, so everything else keeps its bytes.
extension JSONValue {
    /// Compact JSON text. Numbers keep their text and members their order.
    public var text: String {
        var output = JSONWriter()
        output.value(self)
        return output.text
    }

    /// The same value on a tape of its own, holding nothing of the document it came from. A
    /// value read from a document shares that document's whole tape, so one kept after the
    /// document is gone (a changelog entry, kept for every change of a session) would keep all
    /// of it alive.
    public var detached: JSONValue {
        var output = JSONWriter()
        output.value(self)
        return output.withBytes { (try? JSONReader.read($0)) ?? self }
    }

    /// The first `limit` characters of the compact JSON text, with whether that is all of it;
    /// written only that far, so a large table costs no more than a small one.
    public func textPrefix(_ limit: Int) -> (text: String, isWhole: Bool) {
        // A character is at least one byte: written up to `limit` bytes first, and further
        // only while the text cut there is shorter than `limit` characters.
        var byteLimit = max(limit, 16)
        while true {
            var output = JSONWriter(capacity: min(byteLimit, 1 << 16) + 16)
            let isWhole = output.write(self, byteLimit: byteLimit)
            let text = output.text
            let fits = text.utf8.count <= limit || text.count <= limit
            if isWhole && fits { return (text, true) }
            if !fits || byteLimit >= Int.max / 2 { return (String(text.prefix(limit)), false) }
            byteLimit *= 2
        }
    }

    /// Appends compact JSON text to `output`.
    public func write(to output: inout String) {
        output += text
    }
}

/// JSON string literals.
public enum JSONText {
    /// Appends `text` as a JSON string literal: `"`, `\` and control characters are escaped,
    /// everything else is written as UTF-8.
    public static func appendString(_ text: String, to output: inout String) {
        var literal = JSONWriter(capacity: text.utf8.count + 2)
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
