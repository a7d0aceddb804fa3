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
    /// ``width`` characters. The form is written only until it is too long, so the answer
    /// costs about ``width`` characters of work, whatever the value's size.
    private func fitsOnOneLine(_ value: Value, indent: Int) -> Bool {
        var plain = self
        plain.colored = false
        var scratch = ""
        var budget = width - indent
        return budget >= 0 && plain.writeFlat(value, to: &scratch, budget: &budget)
    }

    /// The one-line form of `value`, coloured if the printer is.
    private func flat(_ value: Value) -> String {
        var output = ""
        var unbounded = Int.max
        _ = writeFlat(value, to: &output, budget: &unbounded)
        return output
    }

    /// Appends the one-line form of `value` to `output` and subtracts its length in characters
    /// from `budget`; false, leaving the form unfinished, as soon as that would go below zero.
    /// (Colours are not counted: a coloured form is written with an unbounded budget.)
    private func writeFlat(_ value: Value, to output: inout String, budget: inout Int) -> Bool {
        /// Takes `piece`'s length from the budget. A character is at least one byte: only a piece
        /// longer in bytes than what is left needs its characters counted, and only up to one past.
        func charge(_ piece: String, plus extra: Int = 0) -> Bool {
            let length = piece.utf8.count + extra <= budget ? piece.count : piece.prefix(budget + 1).count
            budget -= length + extra
            return budget >= 0
        }
        func append(_ piece: String) -> Bool {
            guard charge(piece) else { return false }
            output += piece
            return true
        }
        switch value {
        case .array(let elements):
            guard append("[") else { return false }
            for (index, element) in elements.enumerated() {
                guard index == 0 || append(", "), writeFlat(element, to: &output, budget: &budget) else { return false }
            }
            return append("]")
        case .object(let object):
            guard append("{") else { return false }
            for (index, (key, element)) in object.enumerated() {
                // Keys and strings are measured before they are quoted (a copy): quotes add two.
                guard index == 0 || append(", "), charge(key, plus: 2) else { return false }
                output += quoted(key)
                guard append(": "), writeFlat(element, to: &output, budget: &budget) else { return false }
            }
            return append("}")
        case .string(let text):
            guard charge(text, plus: 2) else { return false }
            write(value, indent: 0, to: &output)
            return true
        default:
            var piece = ""
            write(value, indent: 0, to: &piece)
            guard charge(piece) else { return false }
            output += piece
            return true
        }
    }

    private func quoted(_ text: String) -> String {
        // The language has no escapes (S4): pick the quote the text does not contain.
        // Bytes, not Characters: a quote followed by a combining mark is one Character.
        text.utf8.contains(UInt8(ascii: "\"")) && !text.utf8.contains(UInt8(ascii: "'")) ? "'\(text)'" : "\"\(text)\""
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
