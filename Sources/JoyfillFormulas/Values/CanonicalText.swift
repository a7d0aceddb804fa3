/// The one text form of every value (specification §3.2), used by `+` with a string, CONCAT,
/// TOSTRING, JOIN, EQUALS, COUNTIF and UNIQUE keys, and writes to text fields:
///
/// | value | text |
/// |---|---|
/// | number | JavaScript `Number.prototype.toString`: `8`, `0.1`, `1e+21`, `NaN` |
/// | boolean, null, undefined | `true` `false` `null` `undefined` |
/// | date | ISO-8601 UTC with milliseconds: `2024-01-01T00:00:00.000Z` |
/// | array | elements' text joined by `", "` in brackets: `[8, 12, a]` |
/// | object | `{key: value, …}` in insertion order |
/// | lambda | its source text |
extension Value {
    /// The canonical text form.
    public var text: String {
        switch self {
        case .string(let string): return string
        default:
            var output = ""
            appendText(to: &output)
            return output
        }
    }

    /// The canonical text form, or nil when it is longer than `limit` UTF-8 bytes. The work
    /// is bounded by the limit, however large the value: an array can hold the same long
    /// string millions of times (values are shared), and its text would not fit in memory.
    public func text(limit: Int) -> String? {
        if case .string(let string) = self { return string.utf8.count <= limit ? string : nil }
        var output = ""
        return appendText(to: &output, limit: limit) ? output : nil
    }

    /// Appends the canonical text form to `output` unless `output` would then be longer than
    /// `limit` UTF-8 bytes; returns false as soon as it would, with `output` part-written.
    /// (Recursion is bounded by ``Value/maxDepth``.)
    @discardableResult
    public func appendText(to output: inout String, limit: Int) -> Bool {
        switch self {
        case .number(let number): output += NumberText.format(number)
        case .string(let string):
            guard output.utf8.count + string.utf8.count <= limit else { return false }
            output += string
        case .boolean(let flag): output += flag ? "true" : "false"
        case .date(let instant): output += instant.iso8601
        case .null: output += "null"
        case .undefined: output += "undefined"
        case .lambda(let lambda): output += lambda.sourceText
        case .array(let array):
            output += "["
            for (index, element) in array.enumerated() {
                if index > 0 { output += ", " }
                guard element.appendText(to: &output, limit: limit) else { return false }
            }
            output += "]"
        case .object(let object):
            output += "{"
            var first = true
            for (key, value) in object {
                if !first { output += ", " }
                first = false
                output += key
                output += ": "
                guard value.appendText(to: &output, limit: limit) else { return false }
            }
            output += "}"
        }
        return output.utf8.count <= limit
    }

    /// Appends the canonical text form to `output`, however long (see ``text(limit:)`` for
    /// values that may be built from user input).
    public func appendText(to output: inout String) {
        appendText(to: &output, limit: .max)
    }
}

extension Value: CustomStringConvertible {
    /// A debugging form: strings are quoted, everything else is its canonical text.
    public var description: String {
        if case .string(let string) = self { return "\"\(string)\"" }
        return text
    }
}
