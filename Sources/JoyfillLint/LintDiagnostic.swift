import JoyfillFormulas

/// A finding of the linter: which rule, how serious, what and where.
///
/// A finding about a formula's text carries the ``expression`` and a ``span`` in it (so the
/// formula can be shown with a caret, and its ``fix`` applied); a finding about the
/// document's structure (a missing formula, an invalid key) has neither. Every finding has a
/// ``location`` in the file.
public struct LintDiagnostic: Sendable, Hashable {
    public var rule: String
    public var severity: Diagnostic.Severity
    public var message: String
    public var notes: [String]
    /// A suggested correction, in the expression's byte offsets.
    public var fix: Fix?
    /// The field the finding is about (for a formula, the first field that applies it).
    public var field: String?
    /// The `_id` of the document formula the finding is in.
    public var formula: String?
    /// The formula text that ``span`` points into.
    public var expression: String?
    /// The bytes of ``expression`` the finding is about.
    public var span: SourceSpan?
    /// The finding's place in the file.
    public var location: FileLocation
    /// Whether `--fix` applies ``fix``: a safe fix always, an unsafe one (a suggestion) only
    /// with unsafe fixes on (``LintSettings/unsafeFixes``).
    public var isFixable: Bool
    /// The fix that `--fix` applies, as edits of the file's bytes (inside a JSON string, the
    /// replacement is escaped), for formats that carry fixes themselves, such as SARIF.
    public var fileEdits: [FileEdit] = []

    public init(rule: String, severity: Diagnostic.Severity, message: String, notes: [String] = [], fix: Fix? = nil,
                field: String? = nil, formula: String? = nil, expression: String? = nil, span: SourceSpan? = nil,
                location: FileLocation) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.notes = notes
        self.fix = fix
        self.field = field
        self.formula = formula
        self.expression = expression
        self.span = span
        self.location = location
        isFixable = fix?.isSafe == true
    }
}

/// A replacement of a file's bytes `start..<end`.
public struct FileEdit: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public var replacement: String
}

/// A range of a file: byte offsets, and 1-based lines and columns (columns count Unicode
/// scalars, as editors and SARIF's `unicodeCodePoints` do).
public struct FileLocation: Sendable, Hashable, Comparable {
    public var start: Int
    public var end: Int
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int

    public init(start: Int, end: Int, line: Int, column: Int, endLine: Int, endColumn: Int) {
        self.start = start
        self.end = end
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
    }

    public static func < (lhs: FileLocation, rhs: FileLocation) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}

/// Locations in a file: its lines (``SourceLines``), and columns counted in characters
/// (a document can have thousands of findings).
struct LineIndex {
    let lines: SourceLines

    /// The number of UTF-8 continuation bytes before every multiple of `stride` (empty for
    /// ASCII text), so a column costs at most `stride` steps however long the line: minified
    /// JSON is one line.
    private let continuations: [Int]
    private static let stride = 1024

    init(_ bytes: [UInt8]) {
        lines = SourceLines(bytes: bytes)
        var continuations: [Int] = []
        if bytes.contains(where: { $0 >= 0x80 }) {
            var count = 0
            for (index, byte) in bytes.enumerated() {
                if index % Self.stride == 0 { continuations.append(count) }
                if byte & 0xC0 == 0x80 { count += 1 }
            }
        }
        self.continuations = continuations
    }

    /// Continuation bytes before `offset`.
    private func continuationCount(before offset: Int) -> Int {
        guard !continuations.isEmpty else { return 0 }
        let block = min(offset / Self.stride, continuations.count - 1)
        var count = continuations[block]
        for byte in lines.bytes[(block * Self.stride)..<offset] where byte & 0xC0 == 0x80 { count += 1 }
        return count
    }

    /// The location of the bytes `start..<end`.
    func location(_ start: Int, _ end: Int) -> FileLocation {
        let (line, column) = position(start)
        let (endLine, endColumn) = position(max(start, end))
        return FileLocation(start: start, end: max(start, end), line: line, column: column, endLine: endLine, endColumn: endColumn)
    }

    private func position(_ offset: Int) -> (Int, Int) {
        let offset = min(max(offset, 0), lines.bytes.count)
        let line = lines.line(containing: offset)
        let start = lines.start(ofLine: line)
        let column = offset - start + 1 - (continuationCount(before: offset) - continuationCount(before: start))
        return (line, column)
    }
}
