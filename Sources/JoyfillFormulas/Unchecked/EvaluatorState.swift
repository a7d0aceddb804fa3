/// The working state of an ``Evaluator``: the tables of the tree being evaluated, the
/// context, the stacks, the step count and the options it reads on every node.
///
/// The evaluator's superclass, so that these properties, read and written on every node, are
/// declared here and go without Swift's dynamic exclusivity checks (invariant 2 of
/// Unchecked.swift): one evaluator runs on one thread, and no access to a property is held
/// across a call that could touch it. They are `final`, so the evaluator reads them as its
/// own stored properties. Nothing of it is public but the name.
public class EvaluatorState {
    /// The tree being evaluated, unretained: `Evaluator.evaluate(_:in:slots:memo:)`'s caller keeps it
    /// alive for the evaluation (and a lambda from another tree keeps its own alive while it
    /// runs), and nothing reads it between evaluations. Retaining it would cost two atomic
    /// operations per formula.
    @exclusivity(unchecked) final var currentTree: UncheckedReference<SyntaxTree>
    // The current tree's tables, read without bounds checks or reference counting (invariant 4
    // of Unchecked.swift): node and name ids come from the parser, and the tree is alive while
    // it is evaluated. Set by `Evaluator.use(_:)`.
    @exclusivity(unchecked) final var nodes: UnsafeMutablePointer<Node>
    @exclusivity(unchecked) final var names: UnsafeMutablePointer<String>
    @exclusivity(unchecked) final var children: UnsafeMutablePointer<NodeID>
    @exclusivity(unchecked) final var hints: UnsafeMutablePointer<Int16>
    @exclusivity(unchecked) final var spans: UnsafeMutablePointer<SourceSpan>
    /// The context being evaluated in, unowned: ``nameSlots`` holds it.
    @exclusivity(unchecked) unowned(unsafe) final var context: any EvaluationContext
    /// ``nameSlots``' handle on ``context``, through which the calls made for every reference
    /// go (see ``ContextHandle``).
    @exclusivity(unchecked) final var contextHandle: UncheckedReference<ContextHandle>
    /// Each name's slot in ``context``, across evaluations.
    @exclusivity(unchecked) final var nameSlots = NameSlotCache()
    @exclusivity(unchecked) final var steps = 0
    /// Where the step count is next checked: the budget, or with an ``EvaluationOptions/interruption``
    /// the next checkpoint before it (see `Evaluator.checkpointReached(_:)`).
    @exclusivity(unchecked) final var maxSteps = 0
    /// ``maxSteps`` at the start of an evaluation, worked out once from the options (reading
    /// them at every evaluation cost 1.6% of an evaluation's instructions).
    @exclusivity(unchecked) final var firstCheckpoint = 0
    @exclusivity(unchecked) final var maxStringLength = 0
    @exclusivity(unchecked) final var maxCollectionCount = 0
    @exclusivity(unchecked) final var zone: CalendarZone = .utc
    @exclusivity(unchecked) final var now: Instant = .now
    /// The instant fixed by the options, or nil to read the clock once per evaluation.
    @exclusivity(unchecked) final var fixedNow: Instant?
    @exclusivity(unchecked) final var locals = RawStack<Value>()
    @exclusivity(unchecked) final var frameBase = 0
    @exclusivity(unchecked) final var stack = RawStack<Value>()
    @exclusivity(unchecked) final var spine: [NodeID] = []
    /// For the tree being evaluated, each name's slot in the context (or empty: look up by name).
    @exclusivity(unchecked) final var slotTable: [Int32] = []
    /// The caller's memo of wide calls for the tree being evaluated, if any.
    @exclusivity(unchecked) final var memo: CallMemo?
    /// True during `Evaluator.evaluate(_:in:slots:memo:)`, which hands a nested call to another evaluator.
    @exclusivity(unchecked) final var isEvaluating = false

    init(tree: SyntaxTree) {
        currentTree = UncheckedReference(tree)
        let idle = DictionaryContext()
        nameSlots.reset(for: idle)
        context = idle
        contextHandle = UncheckedReference(nameSlots.handle!)
        (nodes, names, children, hints, spans) = tree.evaluationTables
    }

    /// The tree being evaluated (see ``currentTree``).
    final var tree: SyntaxTree { currentTree.object }

    /// The children in `range` of the current tree (call arguments, array elements), read in
    /// place: valid while the tree is the current one (invariant 4).
    @inline(__always)
    final func children(_ range: TableRange) -> UnsafeBufferPointer<NodeID> {
        UnsafeBufferPointer(start: children + Int(range.start), count: Int(range.count))
    }

    deinit {
        nameSlots.release()
        locals.release()
        stack.release()
    }
}
