import JoyfillJSON

/// Renders diagnostics for people: the message, where it is, the source line with a caret
/// under the span, notes and the suggested fix, in the style of rustc and Ruff:
///
/// ```
/// error[reference]: unknown function 'rund'
///  --> formula:1:1
///   |
/// 1 | rund(3.14159, 2)
///   | ^^^^ did you mean 'round'?
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Use ANSI colours.
    public var colored: Bool
    /// The name shown after `-->` (a file name, or "formula").
    public var origin: String
    /// The line of `origin` on which the formula starts (for formulas read from a file).
    public var firstLine: Int
    /// Show the diagnostic's code (`error[unknown-function]`) instead of its kind, when it has one.
    public var showsCode = false
    /// The text after `-->`, when the caller knows a better place than `origin:line:column`
    /// (the linter names the JSON file position and the field).
    public var location: String?
    /// Lines longer than this many bytes are cut to a window around the span, so a finding
    /// in a minified document or a 100,000-term formula prints one readable line.
    public var maxLineWidth = 160
    /// The terminal's width in columns, when known: the line shown is cut narrower still, so
    /// that it and its caret line, with the gutter before them, fit without wrapping.
    public var width: Int?

    public init(colored: Bool = false, origin: String = "formula", firstLine: Int = 1) {
        self.colored = colored
        self.origin = origin
        self.firstLine = firstLine
    }

    /// Renders one diagnostic of `source`; for several of one text, find its lines once
    /// (the overload that takes a ``LineMap``), as finding them costs the length of the text.
    public func render(_ diagnostic: Diagnostic, in source: String) -> String {
        render(diagnostic, in: LineMap(source))
    }

    /// The same, for a text whose lines are found once for all its diagnostics: each then
    /// costs the width of the line shown, not the length of the text.
    public func render(_ diagnostic: Diagnostic, in source: LineMap) -> String {
        let heading = showsCode ? diagnostic.code?.name ?? diagnostic.kind.rawValue : diagnostic.kind.rawValue
        return render(diagnostic.severity, heading, diagnostic.message, at: diagnostic.span, label: diagnostic.fix?.message ?? "",
                      notes: diagnostic.notes, in: source)
    }

    /// Renders a problem given by its parts, for a report that is not a ``Diagnostic`` (the
    /// linter's findings): `heading` goes in the brackets (`error[unknown-function]`), `label`
    /// after the caret.
    public func render(_ severity: Diagnostic.Severity, _ heading: String, _ message: String, at span: SourceSpan,
                       label: String, notes: [String], in source: LineMap) -> String {
        let severityColor = severity == .error ? "31" : severity == .warning ? "33" : "36"
        let (lineNumber, column) = source.location(of: span.start, in: .byte)
        let lineRange = source.range(ofLine: lineNumber)
        var output = paint("\(severity.rawValue)[\(heading)]", severityColor + ";1")
        output += paint(": \(message)", "1") + "\n"

        let shownLine = lineNumber + firstLine - 1
        let gutter = String(repeating: " ", count: String(shownLine).count)
        output += "\(gutter)\(paint("-->", "34")) \(self.location ?? "\(origin):\(shownLine):\(column)")\n"
        output += "\(gutter) \(paint("|", "34"))\n"

        let line = source.bytes(in: lineRange)
        var startByte = min(column - 1, line.count)
        var endByte = min(startByte + max(span.length, 1), max(line.count, startByte + 1))
        var lineUTF8: [UInt8]
        // The gutter ("12 | ") and the two `…` of a cut line take columns of their own.
        let fitting = width.map { min(maxLineWidth, max(20, $0 - gutter.count - 3 - 2)) } ?? maxLineWidth
        if line.count > fitting {
            (lineUTF8, startByte, endByte) = Self.window(line, start: startByte, end: endByte, width: fitting)
        } else {
            lineUTF8 = Array(line)
        }
        let shownText = String(decoding: lineUTF8, as: UTF8.self)
        output += "\(paint(String(shownLine), "34")) \(paint("|", "34")) \(shownText.replacingTabs())\n"

        // Caret columns are measured in characters of the line, so multi-byte text lines up.
        let prefixWidth = String(decoding: lineUTF8[..<startByte], as: UTF8.self).replacingTabs().count
        let markedWidth = max(1, String(decoding: lineUTF8[startByte..<min(endByte, lineUTF8.count)], as: UTF8.self).count)
        output += "\(gutter) \(paint("|", "34")) \(String(repeating: " ", count: prefixWidth))"
        output += paint(String(repeating: "^", count: markedWidth) + (label.isEmpty ? "" : " " + label), severityColor + ";1") + "\n"
        for note in notes {
            output += "\(gutter) \(paint("=", "34")) note: \(note)\n"
        }
        return output
    }

    /// A window of about `width` bytes of `line` around `start..<end` (offsets in the line),
    /// with `…` where it was cut, and the span's offsets in the window. Cuts never split a
    /// UTF-8 sequence; only the window is copied.
    static func window(_ line: ArraySlice<UInt8>, start: Int, end: Int, width: Int) -> ([UInt8], Int, Int) {
        let base = line.startIndex
        let shownSpan = min(end - start, width / 2)
        var from = max(0, start - (width - shownSpan) / 2)
        var to = min(line.count, max(from + width, start + shownSpan))
        while from > 0 && line[base + from] & 0xC0 == 0x80 { from -= 1 }
        while to < line.count && line[base + to] & 0xC0 == 0x80 { to += 1 }
        let ellipsis = Array("…".utf8)
        var result: [UInt8] = []
        var shift = -from
        if from > 0 {
            result += ellipsis
            shift += ellipsis.count
        }
        result += line[(base + from)..<(base + to)]
        if to < line.count { result += ellipsis }
        return (result, start + shift, min(end, to) + shift)
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

private extension String {
    func replacingTabs() -> String { replacingOccurrences(of: "\t", with: "    ") }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
