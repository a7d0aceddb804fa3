import JoyfillFormulas

/// Values as the REPL shows them: by type, strings quoted, dates in ISO form, arrays and
/// objects on one line when short and indented one element per line when long, in colour on a
/// terminal. Deep values are printed without recursion on the value's depth beyond
/// ``Value/maxDepth`` (the value model bounds it), and in time linear in their size: whether
/// an array or object fits on one line is decided by writing its one-line form only until it
/// passes ``width`` (writing it whole at every level made deep, large values quadratic).
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
            if elements.isEmpty || fitsOnOneLine(value, indent: indent) {
                output += flat(value)
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
            if object.count == 0 || fitsOnOneLine(value, indent: indent) {
                output += flat(value)
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

    /// Whether the uncoloured one-line form of `value`, indented by `indent`, fits in
    /// ``width`` characters. The form is measured as it is written and abandoned once too
    /// long, so the answer costs at most about ``width`` characters of work, whatever the size.
    private func fitsOnOneLine(_ value: Value, indent: Int) -> Bool {
        var plain = self
        plain.colored = false
        var remaining = width - indent
        return remaining >= 0 && plain.measureFlat(value, remaining: &remaining)
    }

    /// Subtracts the length in characters of `value`'s one-line form from `remaining` (at
    /// least zero); false (with `remaining` unspecified) as soon as it goes below zero.
    private func measureFlat(_ value: Value, remaining: inout Int) -> Bool {
        func take(_ piece: String) -> Bool {
            // A character is at least one byte: only a piece longer in bytes than what is
            // left needs its characters counted, and then only up to one past it.
            let length = piece.utf8.count <= remaining ? piece.count : piece.prefix(remaining + 1).count
            remaining -= length
            return remaining >= 0
        }
        switch value {
        case .array(let elements):
            guard take("[") else { return false }
            for (index, element) in elements.enumerated() {
                guard index == 0 || take(", "), measureFlat(element, remaining: &remaining) else { return false }
            }
            return take("]")
        case .object(let object):
            guard take("{") else { return false }
            for (index, (key, element)) in object.enumerated() {
                guard index == 0 || take(", "), take("\"\""), take(key), take(": "),
                      measureFlat(element, remaining: &remaining) else { return false }
            }
            return take("}")
        case .string(let text):
            // Measured without being quoted (a copy): the quotes add two characters.
            return take("\"\"") && take(text)
        default:
            var output = ""
            write(value, indent: 0, to: &output)
            return take(output)
        }
    }

    /// The one-line form of `value`, coloured if the printer is.
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
