/// Where a formula's free names get their values.
///
/// The evaluator asks the context for every name that is not a lambda parameter. A host
/// (a dictionary, a JoyDoc) implements ``value(of:)``; it may also give `name.member` paths a
/// meaning of its own (a table's column by title, say) through ``member(_:of:)``.
///
/// Contexts are objects: an evaluator holds the one it evaluates in without copying it, and
/// remembers which slot each name had in it (see ``slots(for:)``).
public protocol EvaluationContext: AnyObject {
    /// The value of `name`, or nil when the name is unknown (a `reference` error).
    func value(of name: String) throws(ResolutionError) -> Value?

    /// The value of `name.member`, or nil to let the evaluator read `member` from
    /// `value(of: name)` in the generic way. Called only when `name` is a free name.
    func member(_ member: String, of name: String) throws(ResolutionError) -> Value?

    /// ``member(_:of:)`` for a name whose slot (from ``slots(for:)``) is known, or -1: a
    /// context with slots can find the name's value by it instead of by the name. By default
    /// the same as ``member(_:of:)``.
    func member(_ member: String, of name: String, atSlot slot: Int) throws(ResolutionError) -> Value?

    /// Names this context knows, for "did you mean" suggestions.
    var knownNames: [String] { get }

    /// The known name closest to an unknown `name`, for "did you mean" (by default searched
    /// in ``knownNames``; a context with many names answers from an index, so that many
    /// unknown names do not cost a scan of all names each).
    func suggestion(for name: String) -> String?

    /// Resolves names to slots (-1 for a name without one, which is then looked up with
    /// ``value(of:)``). A name's slot must not change for the context's lifetime: evaluators
    /// remember it (see ``Evaluator/slots(of:in:)``).
    func slots(for names: [String]) -> [Int32]

    /// The value in a slot returned by ``slots(for:)``.
    func value(atSlot slot: Int) -> Value?

    /// A number that grows whenever a slot's value changes (for ``CallMemo``).
    var changeVersion: UInt64 { get }

    /// The slots whose values changed after `version` (repeats allowed), or nil when the
    /// context does not know, in which case remembered values are read again.
    func changedSlots(since version: UInt64) -> ArraySlice<Int32>?
}

extension EvaluationContext {
    public func member(_ member: String, of name: String) throws(ResolutionError) -> Value? { nil }
    public func member(_ member: String, of name: String, atSlot slot: Int) throws(ResolutionError) -> Value? {
        try self.member(member, of: name)
    }
    public var knownNames: [String] { [] }
    public func suggestion(for name: String) -> String? { Suggestions.closest(to: name, in: knownNames) }
    public func slots(for names: [String]) -> [Int32] { [Int32](repeating: -1, count: names.count) }
    public func value(atSlot slot: Int) -> Value? { nil }
    public var changeVersion: UInt64 { 0 }
    public func changedSlots(since version: UInt64) -> ArraySlice<Int32>? { nil }
}

/// A failure to resolve a name or path, reported by a context. The evaluator turns it into a
/// ``Diagnostic`` at the span of the reference, or of the property name for a path
/// (`prise` in `items.prise`), with the suggestion as a fix that replaces it.
public struct ResolutionError: SuggestingError, Sendable {
    public var kind: Diagnostic.Kind
    public var message: String
    public var notes: [String]
    /// What was probably meant instead of the name or property ("did you mean 'price'?").
    public var suggestion: String?
    /// The diagnostic code, when the linter has a rule for the problem (`unknown-column`).
    public var code: DiagnosticCode?

    public init(_ kind: Diagnostic.Kind, _ message: String, notes: [String] = [], suggestion: String? = nil, code: DiagnosticCode? = nil) {
        self.kind = kind
        self.message = message
        self.notes = notes
        self.suggestion = suggestion
        self.code = code
    }

    public var summary: String { message }

    /// The error as a diagnostic at `span`, the suggestion a fix that replaces the span.
    public func diagnostic(at span: SourceSpan) -> Diagnostic {
        let fix = suggestion.map { Fix.replace(span, with: $0, Suggestions.question($0), isSafe: false) }
        return Diagnostic(kind, message, at: span, notes: notes, fix: fix, code: code)
    }
}

/// A context backed by a dictionary of names to values.
public final class DictionaryContext: EvaluationContext, Sendable {
    public let values: [String: Value]

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    public func value(of name: String) throws(ResolutionError) -> Value? { values[name] }
    public var knownNames: [String] { values.keys.sorted() }
}

/// Limits and settings for one evaluation.
public struct EvaluationOptions: Sendable {
    /// The instant `now()` returns; nil means the current time, read once per evaluation.
    public var now: Instant?
    /// The calendar zone of date functions (specification §5.3).
    public var zone: CalendarZone
    /// The most syntax nodes one evaluation may visit before it is stopped.
    public var maxSteps: Int
    /// The longest string (in UTF-8 bytes) an operation may build.
    public var maxStringLength: Int
    /// The most elements an operation may put in one array.
    public var maxCollectionCount: Int
    /// A request to stop, from outside the evaluation (Ctrl-C in the REPL): when it is made,
    /// an evaluation stops within about a million steps with an `interrupted` error.
    public var interruption: Interruption?

    public init(
        now: Instant? = nil, zone: CalendarZone = .utc, maxSteps: Int = 100_000_000,
        maxStringLength: Int = 64 << 20, maxCollectionCount: Int = 10_000_000
    ) {
        self.now = now
        self.zone = zone
        self.maxSteps = maxSteps
        self.maxStringLength = maxStringLength
        self.maxCollectionCount = maxCollectionCount
    }
}
