import JoyfillFormulas
import JoyfillJSON

/// A problem jf reports about a document, or a formula in it: the one finding type of
/// `jf run`, `jf validate`, `jf lint`, `jf apply` and the language server. What went wrong
/// (``code``, ``kind``, ``severity``, ``message``, ``notes``), what to do (``fix``), and where:
/// the field and formula, the formula's ``expression`` and a ``span`` in it (so the formula
/// can be shown with a caret and the fix applied), and the bytes of the file (``range``, and
/// its lines and columns, ``location``). A problem of the document's structure (a missing
/// formula, an invalid key) has no expression.
///
/// A formula's own ``Diagnostic`` becomes a finding when it is placed in a document: the
/// engine places its failures (``DocumentEngine/findings``), the linter its findings.
public struct Finding: Sendable, Hashable {
    /// The rule the finding is reported under.
    public var code: DiagnosticCode
    /// Its category in the `jf` JSON contract (`reference`, `type`, … `other`).
    public var kind: Diagnostic.Kind
    public var severity: Diagnostic.Severity
    public var message: String
    /// Extra lines of explanation.
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
    /// The cycle, for a circular reference.
    public var cycle: [String]?
    /// A JSON pointer to the value the finding is about, where it is about the document's
    /// structure (a schema violation: `/files/0/pages/2`).
    public var pointer: String?
    /// The bytes of the document's text the finding is about: the span inside the formula's
    /// JSON string; for a problem outside formulas, the value at fault, or else the field.
    public var range: Range<Int>?
    /// ``range`` in lines and columns, once the finding is placed in the file's text
    /// (``placed(by:)``); zero before.
    public var location: FileLocation
    /// Whether `--fix` applies ``fix``: a safe fix always, an unsafe one (a suggestion) only
    /// with unsafe fixes on.
    public var isFixable: Bool
    /// The fix that `--fix` applies, as edits of the file's bytes (inside a JSON string, the
    /// replacement is escaped), for formats that carry fixes themselves, such as SARIF.
    public var fileEdits: [FileEdit] = []

    /// The rule's name, as reports write it.
    public var rule: String { code.name }

    public init(code: DiagnosticCode, kind: Diagnostic.Kind = .other, severity: Diagnostic.Severity, message: String,
                notes: [String] = [], fix: Fix? = nil, field: String? = nil, formula: String? = nil,
                expression: String? = nil, span: SourceSpan? = nil, cycle: [String]? = nil, pointer: String? = nil,
                range: Range<Int>? = nil, location: FileLocation? = nil) {
        self.code = code
        self.kind = kind
        self.severity = severity
        self.message = message
        self.notes = notes
        self.fix = fix
        self.field = field
        self.formula = formula
        self.expression = expression
        self.span = span
        self.cycle = cycle
        self.pointer = pointer
        self.range = range ?? location.map { $0.start..<$0.end }
        self.location = location ?? FileLocation(start: range?.lowerBound ?? 0, end: range?.upperBound ?? 0,
                                                 line: 0, column: 0, endLine: 0, endColumn: 0)
        isFixable = fix?.isSafe == true
    }

    /// The finding with its ``location`` found from its ``range`` in the file's `lines`.
    public func placed(by lines: LineMap) -> Finding {
        var placed = self
        let range = self.range ?? 0..<0
        placed.location = lines.location(range.lowerBound, range.upperBound)
        return placed
    }
}

/// A replacement of a file's bytes `start..<end`.
public struct FileEdit: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public var replacement: String

    public init(start: Int, end: Int, replacement: String) {
        self.start = start
        self.end = end
        self.replacement = replacement
    }
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
