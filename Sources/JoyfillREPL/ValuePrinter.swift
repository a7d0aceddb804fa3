import JoyfillFormulas

/// Values as the REPL shows them: by type, strings quoted, dates in ISO form, arrays and
/// objects on one line when short and indented one element per line when long, in colour on a
/// terminal. Deep values are printed without recursion on the value's depth beyond
/// ``Value/maxDepth`` (the value model bounds it).
public struct ValuePrinter: Sendable {
    public var colored: Bool
    /// Arrays and objects whose one-line form is longer than this are indented.
    public var width = 72

    /// Values whose canonical text is longer than this (in UTF-8 bytes) are not printed: an
    /// array can hold one long string a million times, and its text would not fit in memory.
    public var maxTextLength = EvaluationOptions().maxStringLength

    public init(colored: Bool) { self.colored = colored }

    public func format(_ value: Value) -> String {
        guard value.text(limit: maxTextLength) != nil else {
            return paint("<\(value.type.rawValue) longer than \(maxTextLength) bytes as text: not shown>", "2")
        }
        var output = ""
        write(value, indent: 0, to: &output)
        return output
    }

    private func write(_ value: Value, indent: Int, to output: inout String) {
        switch value {
        case .number: output += paint(value.text, "36")
        case .string(let text): output += paint(quoted(text), "32")
        case .boolean(let flag): output += paint(flag ? "true" : "false", "33")
        case .date(let instant): output += paint(instant.iso8601, "35")
        case .null: output += paint("null", "2")
        case .undefined: output += paint("undefined", "2")
        case .lambda(let lambda): output += paint(lambda.sourceText, "34")
        case .array(let elements):
            let flat = oneLine(value)
            if flat.count + indent <= width || elements.isEmpty {
                output += colored ? coloredOneLine(value) : flat
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                write(element, indent: indent + 1, to: &output)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let object):
            let flat = oneLine(value)
            if flat.count + indent <= width || object.count == 0 {
                output += colored ? coloredOneLine(value) : flat
                return
            }
            output += "{\n"
            for (index, (key, element)) in object.enumerated() {
                output += String(repeating: "  ", count: indent + 1) + quoted(key) + ": "
                write(element, indent: indent + 1, to: &output)
                output += index < object.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    private func oneLine(_ value: Value) -> String {
        var printer = self
        printer.colored = false
        return printer.flat(value)
    }

    private func coloredOneLine(_ value: Value) -> String { flat(value) }

    private func flat(_ value: Value) -> String {
        switch value {
        case .array(let elements):
            return "[" + elements.map(flat).joined(separator: ", ") + "]"
        case .object(let object):
            return "{" + object.map { quoted($0.0) + ": " + flat($0.1) }.joined(separator: ", ") + "}"
        default:
            var output = ""
            write(value, indent: 0, to: &output)
            return output
        }
    }

    private func quoted(_ text: String) -> String {
        // The language has no escapes (S4): pick the quote the text does not contain.
        text.contains("\"") && !text.contains("'") ? "'\(text)'" : "\"\(text)\""
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
