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

    /// The most elements of an array shown, the rest counted (`… 99,900 more items`), as node
    /// shows arrays; nil shows them all. A value printed on one line is short already.
    public var itemLimit: Int?

    /// The most characters of a string shown, the rest counted (`… 9,990,000 more characters`),
    /// as node cuts strings; nil shows them whole.
    public var stringLimit: Int?

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
        case .array(let elements):
            if elements.isEmpty || fitsOnOneLine(value, indent: indent) {
                output += flat(value)
                return
            }
            output += "[\n"
            let shown = min(elements.count, itemLimit ?? elements.count)
            for (index, element) in elements.prefix(shown).enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                write(element, indent: indent + 1, to: &output)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            if shown < elements.count {
                let more = elements.count - shown
                output += String(repeating: "  ", count: indent + 1)
                output += paint("… \(Self.grouped(more)) more item\(more == 1 ? "" : "s")", "2") + "\n"
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
        case .string(let text):
            if let stringLimit, text.utf8.count > stringLimit, case let more = text.count - stringLimit, more > 0 {
                output += paint(quoted(String(text.prefix(stringLimit))), Self.colour(of: value))
                output += paint(" … \(Self.grouped(more)) more character\(more == 1 ? "" : "s")", "2")
            } else {
                output += paint(quoted(text), Self.colour(of: value))
            }
        default:
            output += paint(Self.scalarText(value), Self.colour(of: value))
        }
    }

    /// `number` with its thousands grouped: 99,900.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    /// The text of a value that is neither a string, an array nor an object.
    private static func scalarText(_ value: Value) -> String {
        switch value {
        case .boolean(let flag): return flag ? "true" : "false"
        case .date(let instant): return instant.iso8601
        case .null: return "null"
        case .undefined: return "undefined"
        case .lambda(let lambda): return lambda.sourceText
        default: return value.text
        }
    }

    /// The terminal colour (an SGR code) of a value's type; nil for arrays and objects, whose
    /// brackets and keys are not coloured.
    private static func colour(of value: Value) -> String? {
        switch value {
        case .number: return "36"
        case .string: return "32"
        case .boolean: return "33"
        case .date: return "35"
        case .null, .undefined: return "2"
        case .lambda: return "34"
        case .array, .object: return nil
        }
    }

    /// The one-line form of `value` cut to `width` characters and ended with `…` when it is
    /// longer or a text in it holds a line break, coloured if the printer is (a colour is
    /// never cut off in the middle): a value as a listing shows it on its line (`:fields`,
    /// `:vars`). It costs about `width` characters of work, whatever the value's size (but for
    /// a look through each text shown for the quote it needs).
    public func line(_ value: Value, width: Int) -> String {
        var output = ""
        var budget = max(width, 1)
        return writeFlat(value, to: &output, budget: &budget, cutting: true) ? output : output + "…"
    }

    /// Whether the uncoloured one-line form of `value`, indented by `indent`, fits in
    /// ``width`` characters. The form is written only until it is too long, so the answer
    /// costs about ``width`` characters of work, whatever the value's size.
    private func fitsOnOneLine(_ value: Value, indent: Int) -> Bool {
        var plain = self
        plain.colored = false
        var scratch = ""
        var budget = width - indent
        return budget >= 0 && plain.writeFlat(value, to: &scratch, budget: &budget, cutting: false)
    }

    /// The one-line form of `value`, coloured if the printer is.
    private func flat(_ value: Value) -> String {
        var output = ""
        var unbounded = Int.max
        _ = writeFlat(value, to: &output, budget: &unbounded, cutting: false)
        return output
    }

    /// Appends the one-line form of `value` to `output` and subtracts its length in characters
    /// from `budget`; false as soon as that would go below zero. The form is then unfinished:
    /// without the piece that did not fit, or `cutting`, with as much of it as fits, up to its
    /// first line break. (Colours are not counted: each piece is painted whole.)
    private func writeFlat(_ value: Value, to output: inout String, budget: inout Int, cutting: Bool) -> Bool {
        /// Takes `piece`'s length from the budget. A character is at least one byte: only a piece
        /// longer in bytes than what is left needs its characters counted, and only up to one past.
        func charge(_ piece: String, plus extra: Int = 0) -> Bool {
            let length = piece.utf8.count + extra <= budget ? piece.count : piece.prefix(budget + 1).count
            budget -= length + extra
            return budget >= 0
        }
        /// Appends `piece` (`quote` before and after it), painted with `colour`, if it fits,
        /// and when cutting holds no line break; otherwise, when cutting, what fits of it.
        func append(_ piece: String, quote: String = "", colour: String? = nil) -> Bool {
            let available = budget
            let lineBreak = cutting ? piece.prefix(available + 1).firstIndex(where: \.isNewline) : nil
            if lineBreak == nil, charge(piece, plus: 2 * quote.count) {
                output += paint(quote + piece + quote, colour)
                return true
            }
            if cutting {
                let shown = (quote + piece[..<(lineBreak ?? piece.endIndex)]).prefix(available)
                if !shown.isEmpty { output += paint(String(shown), colour) }
            }
            budget = -1
            return false
        }
        switch value {
        case .array(let elements):
            guard append("[") else { return false }
            for (index, element) in elements.enumerated() {
                guard index == 0 || append(", "), writeFlat(element, to: &output, budget: &budget, cutting: cutting) else {
                    return false
                }
            }
            return append("]")
        case .object(let object):
            guard append("{") else { return false }
            for (index, (key, element)) in object.enumerated() {
                guard index == 0 || append(", "), append(key, quote: quoteMark(key)), append(": "),
                      writeFlat(element, to: &output, budget: &budget, cutting: cutting) else { return false }
            }
            return append("}")
        case .string(let text):
            return append(text, quote: quoteMark(text), colour: Self.colour(of: value))
        default:
            return append(Self.scalarText(value), colour: Self.colour(of: value))
        }
    }

    private func quoted(_ text: String) -> String {
        let quote = quoteMark(text)
        return quote + text + quote
    }

    /// The quote a text is written in. The language has no escapes (specification §2.1): the one the text does
    /// not contain. Bytes, not Characters: a quote followed by a combining mark is one Character.
    private func quoteMark(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "\"")) && !text.utf8.contains(UInt8(ascii: "'")) ? "'" : "\""
    }

    private func paint(_ text: String, _ code: String?) -> String {
        guard colored, let code else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
