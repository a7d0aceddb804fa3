import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Formats the formulas of one file with ``Printer``, for `jf fmt`: the edits that format it,
/// and the syntax errors of the formulas it leaves as they are.
///
/// A `.jf` or `.formula` file is one expression, broken at ``lineWidth``. In a JoyDoc each
/// document formula's `expression` string is replaced, on one line, by a new JSON string
/// when its formatted text differs, so every other byte of the file stays as it was.
public struct TemplateFormatter: Sendable {
    /// The width a formula file is broken at.
    public let lineWidth: Int
    /// Whether syntax errors are rendered with ANSI colours.
    public let colored: Bool

    public init(lineWidth: Int = Printer.defaultWidth, colored: Bool = false) {
        self.lineWidth = lineWidth
        self.colored = colored
    }

    /// What formatting one file found.
    public struct Result: Sendable {
        /// The file as it was read.
        public var original: [UInt8] = []
        /// Edits of ``original`` that format it, in order; none when it is formatted already.
        public var edits: [JSONEdit] = []
        /// The rendered syntax errors of the formulas left as they were.
        public var report = ""
        /// How many formulas were left as they were because of syntax errors (or, rarely,
        /// because they have no canonical layout: see ``Printer/nestsTooDeeply(_:)``).
        public var errorCount = 0
        /// How many of their syntax errors have a safe fix (`jf lint --fix` makes it).
        public var fixableCount = 0
        /// Why the file was passed over (a JSON file that is not a JoyDoc).
        public var skipped: String?
        /// Why the file could not be read (invalid JSON, a broken JoyDoc).
        public var failure: String?

        public init(original: [UInt8] = [], failure: String? = nil) {
            self.original = original
            self.failure = failure
        }
    }

    /// Formats `bytes`, read from `path` (whose extension says whether it is a formula file);
    /// errors name the file `name` when given (`stdin`), else `path`.
    public func format(path: String, bytes: [UInt8], shownAs name: String? = nil) -> Result {
        var result = Result(original: bytes)
        let shown = name ?? path
        if Linter.isExpressionFile(path) {
            let text = String(decoding: bytes, as: UTF8.self)
            let tree = Parser.parse(text)
            // The file's line breaks are kept: a file written on Windows stays CRLF.
            let lineBreak = hasCRLF(bytes) ? "\r\n" : "\n"
            guard let formatted = Printer.format(tree, width: lineWidth, lineBreak: lineBreak) else {
                report(tree, origin: shown, location: nil, into: &result)
                return result
            }
            let output = formatted + lineBreak
            if Array(output.utf8) != bytes { result.edits = [JSONEdit(span: 0..<bytes.count, replacement: output)] }
            return result
        }
        let document: JoyDoc
        do throws(DocumentError) {
            document = try JoyDoc(bytes: bytes)
        } catch {
            if error.isNotJoyDoc { result.skipped = error.message } else { result.failure = "\(shown): \(error)" }
            return result
        }
        var lines: LineIndex?   // built once, on the first formula that cannot be formatted
        for definition in document.formulas {
            guard let span = definition.json["expression"]?.span else { continue }
            let tree = Parser.parse(definition.expression)
            guard let formatted = Printer.format(tree, width: .max) else {
                if lines == nil { lines = LineIndex(bytes) }
                let place = lines!.location(span.lowerBound, span.lowerBound)
                report(tree, origin: shown, location: "\(shown):\(place.line):\(place.column) · formula \(definition.id)", into: &result)
                continue
            }
            if formatted != definition.expression {
                result.edits.append(JSONEdit(span: span, replacement: JSONText.string(formatted)))
            }
        }
        result.edits.sort { $0.span.lowerBound < $1.span.lowerBound }
        return result
    }

    /// Whether the first line of `bytes` ends in CRLF.
    private func hasCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return false }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r")
    }

    private func report(_ tree: SyntaxTree, origin: String, location: String?, into result: inout Result) {
        var renderer = DiagnosticRenderer(colored: colored, origin: origin)
        renderer.location = location
        for diagnostic in tree.diagnostics where diagnostic.severity == .error {
            result.report += renderer.render(diagnostic, in: tree.source)
            if diagnostic.fix?.isSafe == true { result.fixableCount += 1 }
        }
        if Printer.nestsTooDeeply(tree) {
            let whole = SourceSpan(start: 0, end: tree.source.utf8.count)
            let diagnostic = Diagnostic(
                .syntax, "this formula has no canonical layout: printed with it, it would nest deeper than \(Parser.maxNestingDepth) levels",
                at: whole, notes: ["the parentheses the layout adds (around `-(-a)`, or a lambda used as an operand) count as levels; the formula is left as it is"])
            result.report += renderer.render(diagnostic, in: tree.source)
        }
        result.errorCount += 1
    }
}
