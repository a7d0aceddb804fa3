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
