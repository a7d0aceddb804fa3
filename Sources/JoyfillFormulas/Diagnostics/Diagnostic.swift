/// A problem found in a formula: the one error type of the language.
///
/// Parse errors, checker findings and evaluation failures are all diagnostics. Each names a
/// ``Kind``, a message, the span it is about, optional notes, and optionally a ``Fix``
/// (a machine-applicable edit with a one-line description, e.g. "did you mean `round`?").
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in the categories of the `jf` JSON contract.
    public enum Kind: String, Sendable, CaseIterable {
        case syntax, reference, type, arguments, divisionByZero, circular, other
    }

    /// How serious the problem is. Evaluation errors are always `.error`.
    public enum Severity: String, Sendable, Comparable {
        case info, warning, error

        private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var kind: Kind
    public var severity: Severity
    public var message: String
    /// The bytes of the formula the problem is about.
    public var span: SourceSpan
    /// Extra lines of explanation, shown after the caret.
    public var notes: [String]
    /// A suggested correction, when one is known.
    public var fix: Fix?
    /// A stable identifier of the finding, e.g. `unknown-function`; the linter's rule names.
    public var code: DiagnosticCode?

    /// ``code``, or for a problem without one the name its kind is reported under:
    /// `syntax-error`, `type-mismatch` (`"a" * 2`, as the checker names it), `division-by-zero`,
    /// `circular-reference`, and `evaluation-error` for the rest. `jf eval --json` and `jf run`
    /// report this.
    public var identifier: DiagnosticCode {
        if let code { return code }
        switch kind {
        case .syntax: return .syntaxError
        case .type: return .typeMismatch
        case .divisionByZero: return .divisionByZero
        case .circular: return .circularReference
        case .reference, .arguments, .other: return .evaluationError
        }
    }

    public init(
        _ kind: Kind, _ message: String, at span: SourceSpan,
        severity: Severity = .error, notes: [String] = [], fix: Fix? = nil, code: DiagnosticCode? = nil
    ) {
        self.code = code
        self.kind = kind
        self.message = message
        self.span = span
        self.severity = severity
        self.notes = notes
        self.fix = fix
    }

    public var description: String { "\(kind.rawValue) error: \(message)" }
}

/// A suggested correction: a description and the text edits that perform it.
public struct Fix: Sendable, Hashable {
    /// One replacement of source bytes.
    public struct Edit: Sendable, Hashable {
        public var span: SourceSpan
        public var replacement: String
        public init(span: SourceSpan, replacement: String) {
            self.span = span
            self.replacement = replacement
        }
    }

    /// What the fix does, e.g. "did you mean `round`?".
    public var message: String
    public var edits: [Edit]
    /// Safe fixes never change what a correct formula means; `jf lint --fix` applies only these.
    public var isSafe: Bool

    public init(_ message: String, edits: [Edit], isSafe: Bool = true) {
        self.message = message
        self.edits = edits
        self.isSafe = isSafe
    }

    /// A fix that replaces one span.
    public static func replace(_ span: SourceSpan, with text: String, _ message: String, isSafe: Bool = true) -> Fix {
        Fix(message, edits: [Edit(span: span, replacement: text)], isSafe: isSafe)
    }

    /// Applies the edits to `source` (edits must not overlap).
    public func apply(to source: String) -> String {
        Fix.apply([self], to: source)
    }

    /// Applies several fixes at once, against the original offsets. An edit that overlaps
    /// an earlier one is skipped, so the result is always well-formed.
    /// The fixes of `fixes` that apply together, whole: taken in the order of their first
    /// edit, each whose edits overlap none of those taken before (a fix half applied could
    /// change what a formula means). Insertions at one place do not overlap.
    public static func compatible(_ fixes: [Fix]) -> [Fix] {
        var taken: [Fix] = []
        var spans = SpanSet()
        for fix in fixes.enumerated().sorted(by: { ($0.element.edits.map(\.span.start).min() ?? 0, $0.offset)
                                                   < ($1.element.edits.map(\.span.start).min() ?? 0, $1.offset) }).map(\.element)
        where !fix.edits.contains(where: { spans.overlaps($0.span.start..<$0.span.end) }) {
            for edit in fix.edits { spans.insert(edit.span.start..<edit.span.end) }
            taken.append(fix)
        }
        return taken
    }

    /// Applies the ``compatible(_:)`` fixes of `fixes` to `source`.
    public static func apply(_ fixes: [Fix], to source: String) -> String {
        var bytes = Array(source.utf8)
        let accepted = compatible(fixes).flatMap(\.edits).sorted { $0.span.start < $1.span.start }
        for edit in accepted.reversed() {
            let end = min(edit.span.end, bytes.count)
            bytes.replaceSubrange(min(edit.span.start, end)..<end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Byte ranges taken by edits, sorted and disjoint, for telling whether a new edit overlaps
/// one of them in logarithmic time. Empty ranges (insertions) overlap only a range that
/// strictly contains their place.
public struct SpanSet: Sendable {
    private var ranges: [Range<Int>] = []

    public init() {}

    /// Whether `range` overlaps a range of the set.
    public func overlaps(_ range: Range<Int>) -> Bool {
        // The first range that ends after `range` starts is the only one that can overlap it
        // (the ranges are disjoint and sorted).
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        guard low < ranges.count else { return false }
        let other = ranges[low]
        if range.isEmpty { return other.lowerBound < range.lowerBound && range.lowerBound < other.upperBound }
        if other.isEmpty { return range.lowerBound < other.lowerBound && other.lowerBound < range.upperBound }
        return other.lowerBound < range.upperBound
    }

    /// Adds `range`, which overlaps none of the set.
    public mutating func insert(_ range: Range<Int>) {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let before = ranges[middle].lowerBound < range.lowerBound
                || (ranges[middle].lowerBound == range.lowerBound && ranges[middle].upperBound < range.upperBound)
            if before { low = middle + 1 } else { high = middle }
        }
        // By start, then end: an insertion goes before a range starting at its place, so
        // the ends stay sorted too, which `overlaps` searches.
        ranges.insert(range, at: low)
    }
}
