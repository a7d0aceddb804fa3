import JoyfillAnalysis
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
        var errors = ErrorReport(path: name ?? path, bytes: bytes)
        var result = format(path: path, bytes: bytes, errors: &errors)
        result.record(errors, colored: colored)
        return result
    }

    private func format(path: String, bytes: [UInt8], errors: inout ErrorReport) -> Result {
        var result = Result(original: bytes)
        if Linter.isExpressionFile(path) {
            let text = String(decoding: bytes, as: UTF8.self)
            let tree = Parser.parse(text)
            // The file's line breaks are kept: a file written on Windows stays CRLF.
            let lineBreak = hasCRLF(bytes) ? "\r\n" : "\n"
            guard let formatted = Printer.format(tree, width: lineWidth, lineBreak: lineBreak) else {
                errors.add(tree, formula: nil, field: nil) { $0 }
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
            if error.isNotJoyDoc { result.skipped = error.message } else { result.failure = "\(errors.path): \(error)" }
            return result
        }
        var appliers: [String: String]?   // the first field applying each formula, found on the first error
        for definition in document.formulas {
            guard let span = definition.json["expression"]?.span else { continue }
            let tree = Parser.parse(definition.expression)
            guard let formatted = Printer.format(tree, width: .max) else {
                if appliers == nil { appliers = Self.firstAppliers(document) }
                errors.add(tree, formula: definition.id, field: appliers![definition.id], at: document.textOffsets(of: definition))
                continue
            }
            if formatted != definition.expression {
                result.edits.append(JSONEdit(span: span, replacement: JSONText.string(formatted)))
            }
        }
        result.edits.sort { $0.span.lowerBound < $1.span.lowerBound }
        return result
    }

    /// For each formula id, the first field that applies it.
    private static func firstAppliers(_ document: JoyDoc) -> [String: String] {
        var appliers: [String: String] = [:]
        for field in document.fields {
            for applied in field.appliedFormulas where appliers[applied.formula] == nil { appliers[applied.formula] = field.id }
        }
        return appliers
    }

    /// Whether the first line of `bytes` ends in CRLF.
    private func hasCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return false }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r")
    }

}

/// The errors of the formulas a file's formatting leaves as they are, as `jf lint` shows
/// findings: by rule, placed in the file, on its line.
private struct ErrorReport {
    let path: String
    let bytes: [UInt8]
    private var lines: LineMap?   // built on the first error
    private(set) var findings: [Finding] = []
    private(set) var formulas = 0

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Adds the errors of `tree`, whose text's byte offsets `offset` maps to the file's.
    mutating func add(_ tree: SyntaxTree, formula: String?, field: String?, at offset: (Int) -> Int) {
        var diagnostics = tree.diagnostics.filter { $0.severity == .error }
        if Printer.nestsTooDeeply(tree) {
            diagnostics.append(Diagnostic(
                .syntax, "this formula has no canonical layout: printed with it, it would nest deeper than \(Parser.maxNestingDepth) levels",
                at: SourceSpan(start: 0, end: tree.source.utf8.count),
                notes: ["the parentheses the layout adds (around `-(-a)`, or a lambda used as an operand) count as levels; the formula is left as it is"]))
        }
        if lines == nil { lines = LineMap(bytes) }
        for diagnostic in diagnostics {
            let location = lines!.location(offset(diagnostic.span.start), offset(diagnostic.span.end))
            findings.append(Finding(code: diagnostic.identifier, kind: diagnostic.kind, severity: .error, message: diagnostic.message,
                                           notes: diagnostic.notes, fix: diagnostic.fix, field: field, formula: formula,
                                           expression: tree.source, span: diagnostic.span, location: location))
        }
        formulas += 1
    }
}

extension TemplateFormatter.Result {
    fileprivate mutating func record(_ errors: ErrorReport, colored: Bool) {
        guard errors.formulas > 0 else { return }
        var formatter = HumanFormatter(colored: colored)
        formatter.fixCommand = "jf lint --fix"
        report = formatter.render(FileReport(path: errors.path, bytes: errors.bytes, findings: errors.findings))
        errorCount = errors.formulas
        fixableCount = errors.findings.filter(\.isFixable).count
    }
}
