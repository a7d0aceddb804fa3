/// Evaluates syntax trees.
///
/// A tree walker over the flat node arena. Recursion follows the tree's nesting, which the
/// parser bounds; left-deep operator chains (`a + b + c …`, any length) are walked in a loop.
/// Lambda parameters live in slot frames on ``locals``; eager function arguments are pushed
/// on ``stack``, so a call allocates nothing. Every node visited costs one step of the
/// budget in ``EvaluationOptions/maxSteps``.
///
/// An evaluator can be reused for many formulas (it keeps its buffers); it is not thread-safe.
public final class Evaluator: EvaluatorState {
    public let registry: FunctionRegistry
    public var options: EvaluationOptions {
        // Copied into plain properties here, not on every evaluation: each read of `options`
        // copies the struct (and retains its time zone).
        didSet { adopt(options) }
    }

    /// ``registry``'s functions by the parser's hints, unretained (the registry holds them), so
    /// that a call takes its function without reference counting. Empty for a registry whose
    /// functions are not numbered as the standard ones.
    let hinted: ConstantTable<UncheckedReference<RegisteredFunction>>
    private static let placeholder = Parser.parse("null")
    deinit {
        hinted.deallocate()
    }

    public init(registry: FunctionRegistry = .standard, options: EvaluationOptions = EvaluationOptions()) {
        self.registry = registry
        self.options = options
        // Hints are positions among the standard functions, and a registry's own functions come
        // after them; a registry not numbered as the standard one takes no hints (every call is
        // looked up by name, and may find a custom function).
        hinted = ConstantTable(registry.hintedFunctions.map(UncheckedReference.init))
        super.init(tree: Evaluator.placeholder)
        adopt(options)
    }

    private func adopt(_ options: EvaluationOptions) {
        maxSteps = options.maxSteps
        firstCheckpoint = options.interruption == nil ? options.maxSteps : min(options.maxSteps, Evaluator.interruptionCheckInterval)
        maxStringLength = options.maxStringLength
        maxCollectionCount = options.maxCollectionCount
        zone = options.zone
        fixedNow = options.now
    }

    /// Makes `tree` the tree being evaluated.
    @inline(__always)
    private func use(_ tree: SyntaxTree) {
        currentTree = UncheckedReference(tree)
        (nodes, names, children, hints, spans) = tree.evaluationTables
    }

    /// Whether `lambda` was made in the tree being evaluated, so that its body is read in the
    /// current tables.
    @inline(__always)
    private func isCurrent(_ lambda: Lambda) -> Bool {
        currentTree.refers(to: lambda.tree)
    }

    /// The span of node `id` of the current tree.
    @inline(__always)
    func span(of id: NodeID) -> SourceSpan { spans[id.index] }

    /// Resolves a tree's names in `context` once, for repeated ``evaluate(_:in:slots:)`` calls.
    public static func slots(of tree: SyntaxTree, in context: any EvaluationContext) -> [Int32] {
        context.slots(for: Array(tree.names))
    }

    /// Evaluates a parsed formula. A tree with parse errors throws its first error.
    /// - Parameters:
    ///   - slots: the tree's names resolved by ``slots(of:in:)`` in this same context,
    ///     so that references read values by slot; empty to resolve names one by one.
    ///   - memo: where to remember wide calls between evaluations of this tree in this
    ///     context (see ``CallMemo``); it needs `slots`.
    public func evaluate(_ tree: SyntaxTree, in context: any EvaluationContext = DictionaryContext(),
                         slots: [Int32] = [], memo: CallMemo? = nil) throws(Diagnostic) -> Value {
        let root = try Evaluator.root(tree.root, diagnostics: tree.diagnostics)
        if isEvaluating {
            // A function body evaluating another formula with this evaluator: a fresh one
            // does it, so that this one's tree, frames and argument stack stay as they are.
            return try Evaluator(registry: registry, options: options).evaluate(tree, in: context, slots: slots, memo: memo)
        }
        isEvaluating = true
        defer { isEvaluating = false }
        use(tree)
        begin(in: context, slots: slots, memo: memo)
        return try eval(root)
    }

    /// Parses `source` into a tree and evaluates it; parse errors throw as
    /// ``evaluate(_:in:slots:memo:)`` does.
    public func evaluate(_ source: String, in context: any EvaluationContext = DictionaryContext()) throws(Diagnostic) -> Value {
        try evaluate(Parser.parse(source), in: context)
    }

    /// The root of a parse, or its first error (fixable findings such as `===` do not stop it).
    private static func root(_ root: NodeID?, diagnostics: [Diagnostic]) throws(Diagnostic) -> NodeID {
        if !diagnostics.isEmpty, let error = diagnostics.first(where: { $0.severity == .error }) { throw error }
        guard let root else { throw Diagnostic(.syntax, "the formula did not parse", at: SourceSpan(start: 0, end: 0)) }
        return root
    }

    /// Readies the evaluation of the current tables in `context`.
    @inline(__always)
    private func begin(in context: any EvaluationContext, slots: [Int32], memo: CallMemo?) {
        if context !== nameSlots.context {
            nameSlots.reset(for: context)
            contextHandle = UncheckedReference(nameSlots.handle!)
        }
        self.context = context
        // Assigned only when they change: most evaluations have neither, and each assignment
        // retains one value and releases another.
        if !(slots.isEmpty && slotTable.isEmpty) { slotTable = slots }
        if memo != nil || self.memo != nil { self.memo = slots.isEmpty ? nil : memo }
        steps = 0
        maxSteps = firstCheckpoint
        now = fixedNow ?? .now
        locals.removeAll()
        stack.removeAll()
        frameBase = 0
    }

    // MARK: - Nodes

    func eval(_ id: NodeID) throws(Diagnostic) -> Value {
        steps += 1
        if steps > maxSteps { try checkpointReached(id) }
        switch nodes[id.index] {
        case .number(let value): return .number(value)
        case .string(let name): return .string(names[name.index])
        case .boolean(let flag): return .boolean(flag)
        case .null: return .null
        case .undefined: return .undefined
        case .parameter(let slot, _): return locals[frameBase + Int(slot)]
        case .reference(let name): return try referenceValue(name, at: id)
        case .member(let base, let name):
            if case .parameter(let slot, _) = nodes[base.index],
               let value = property(name, ofLocal: frameBase + Int(slot)) {
                steps += 1   // the base's step
                return value
            }
            return try member(base: base, name: names[name.index], at: id)
        case .index(let base, let index): return try subscriptValue(base: base, index: index, at: id)
        case .unary(let op, let operand): return try unary(op, operand, at: id)
        case .binary: return try binaryChain(id)
        case .call(let name, let arguments): return try call(name, arguments, at: id)
        case .array(let range):
            var elements: [Value] = []
            elements.reserveCapacity(range.indices.count)
            for child in children(range) { elements.append(try eval(child)) }
            return try checkedArray(elements, at: id)
        case .object(let keys, let values, let count):
            return try objectLiteral(keys: Int(keys), values: Int(values), count: Int(count), at: id)
        case .lambda(_, _, let slotBase):
            let captured = slotBase == 0 ? [] : (frameBase..<(frameBase + Int(slotBase))).map { locals[$0] }
            return .lambda(makeLambda(id, captured: captured))
        }
    }

    /// The object of literal `{k: v, …}` node `id`: its keys are `names[keys…]`, its values
    /// `children[values…]`. A small literal's keys and values go into the object as they are,
    /// unless a key is repeated; a large one, or one with a repeated key, goes through
    /// ``ObjectValue/init(_:)`` (the first position and the last value of a key count, and
    /// repeats are found with a table rather than by scanning).
    private func objectLiteral(keys: Int, values: Int, count: Int, at id: NodeID) throws(Diagnostic) -> Value {
        var elements: [Value] = []
        elements.reserveCapacity(count)
        for offset in 0..<count { elements.append(try eval(children[values + offset])) }
        var keyNames: [String] = []
        keyNames.reserveCapacity(count)
        var repeated = count > 16
        for offset in 0..<count {
            let key = names[keys + offset]
            repeated = repeated || keyNames.contains(key)
            keyNames.append(key)
        }
        let object = repeated ? ObjectValue(Array(zip(keyNames, elements)))
                              : ObjectValue(keys: ObjectKeys(keyNames), values: elements)
        if object.totalCount > maxCollectionCount { throw tooLarge(.object, count: count, totalCount: object.totalCount, at: id) }
        if object.depth > Value.maxDepth { throw tooDeep(at: id) }
        return .object(object)
    }

    /// ``eval(_:)`` for an operand of a call or an operator: a number literal, a lambda
    /// parameter or a reference (most operands of the formulas people write) is read here,
    /// without the call.
    @inline(__always)
    private func evalOperand(_ id: NodeID) throws(Diagnostic) -> Value {
        switch nodes[id.index] {
        case .number(let value):
            steps += 1
            if steps > maxSteps { try checkpointReached(id) }
            return .number(value)
        case .parameter(let slot, _):
            steps += 1
            if steps > maxSteps { try checkpointReached(id) }
            return locals[frameBase + Int(slot)]
        case .reference(let name):
            steps += 1
            if steps > maxSteps { try checkpointReached(id) }
            return try referenceValue(name, at: id)
        default:
            return try eval(id)
        }
    }

    /// The value of reference node `id` to `name`: by the tree's slot table when there is one,
    /// else through the evaluator's own cache of slots (``resolve(_:at:)``).
    @inline(__always)
    private func referenceValue(_ name: NameID, at id: NodeID) throws(Diagnostic) -> Value {
        if !slotTable.isEmpty, slotTable[name.index] >= 0, let value = value(atSlot: Int(slotTable[name.index])) {
            return value
        }
        return try resolve(name, at: id)
    }

    /// The lambda value of node `id` of the current tree, closing over `captured`.
    private func makeLambda(_ id: NodeID, captured: [Value]) -> Lambda {
        guard case .lambda(let parameters, let body, _) = nodes[id.index] else {
            preconditionFailure("a lambda value is made from a lambda node")
        }
        return Lambda(tree: tree, node: id, body: body, parameterCount: parameters.indices.count, captured: captured)
    }

    func checkedArray(_ elements: consuming [Value], at id: NodeID) throws(Diagnostic) -> Value {
        let array = ArrayValue(elements)
        if array.totalCount > maxCollectionCount { throw tooLarge(.array, count: array.count, totalCount: array.totalCount, at: id) }
        if array.depth > Value.maxDepth { throw tooDeep(at: id) }
        return .array(array)
    }

    @inline(never)
    private func tooDeep(at id: NodeID) -> Diagnostic {
        Diagnostic(.other, Value.tooDeepMessage, at: span(of: id))
    }

    @inline(never)
    private func tooLarge(_ kind: ValueType, count: Int, totalCount: Int, at id: NodeID) -> Diagnostic {
        let (message, notes) = Value.tooLarge(kind, count: count, totalCount: totalCount, limit: maxCollectionCount)
        return Diagnostic(.other, message, at: span(of: id), notes: notes)
    }

    /// How many steps an interruptible evaluation takes between two looks at its
    /// ``EvaluationOptions/interruption``: a few milliseconds of work.
    public static let interruptionCheckInterval = 1 << 20

    /// The step count passed ``maxSteps``: the budget is spent, or, for an interruptible
    /// evaluation, a checkpoint is reached, where a requested interruption stops it and
    /// otherwise the next checkpoint is set.
    @inline(never)
    private func checkpointReached(_ id: NodeID) throws(Diagnostic) {
        try checkpointReached(at: span(of: id))
    }

    /// ``checkpointReached(_:)`` for work done outside the tree (a function's), placed at `span`.
    func checkpointReached(at span: SourceSpan) throws(Diagnostic) {
        if steps > options.maxSteps {
            throw Diagnostic(.other, "evaluation stopped after \(options.maxSteps) steps", at: span,
                             notes: ["the formula does too much work for the step budget; raise it with --max-steps if this is expected"])
        }
        if let interruption = options.interruption, interruption.isRequested {
            throw Diagnostic(.other, "interrupted", at: span, notes: ["the evaluation was stopped (Ctrl-C) after \(steps) steps"],
                             code: .interrupted)
        }
        maxSteps = min(options.maxSteps, steps + Evaluator.interruptionCheckInterval)
    }

    // MARK: - Names

    /// The context's value in `slot`, read through ``contextHandle``.
    @inline(__always)
    private func value(atSlot slot: Int) -> Value? {
        contextHandle.withObject { $0.context.value(atSlot: slot) }
    }

    private func resolve(_ id: NameID, at node: NodeID) throws(Diagnostic) -> Value {
        let slot = nameSlots.slot(of: names + id.index)
        if slot >= 0, let value = value(atSlot: Int(slot)) { return value }
        return try resolve(names[id.index], at: node)
    }

    private func resolve(_ name: String, at id: NodeID) throws(Diagnostic) -> Value {
        let value: Value?
        do {
            value = try context.value(of: name)
        } catch {
            throw error.diagnostic(at: span(of: id))
        }
        if let value { return value }
        throw unknownName(name, at: id)
    }

    @inline(never)
    private func unknownName(_ name: String, at id: NodeID) -> Diagnostic {
        let span = span(of: id)
        var notes: [String] = []
        if registry.lookup(name) != nil {
            notes.append("'\(name)' is a function; call it with parentheses: \(name)(…)")
        }
        var fix: Fix?
        if let suggestion = context.suggestion(for: name) {
            fix = .replace(span, with: suggestion, Suggestions.question(suggestion), isSafe: false)
            if let note = Suggestions.aliasNote(for: name, suggestion: suggestion) { notes.append(note) }
        }
        return Diagnostic(.reference, "unknown name '\(name)'", at: span, notes: notes, fix: fix, code: .unknownReference)
    }

    /// `row.price` where `row` is a lambda parameter holding an object that has the key: read
    /// in place, without copying the object out of its slot or the name out of the tree (the
    /// body of a `map` over table rows). Nil sends every other case down the general path.
    @inline(__always)
    private func property(_ name: NameID, ofLocal index: Int) -> Value? {
        // Only plain loads and compares until the result is copied out, so that the object
        // is read where it lies instead of being retained.
        guard case .object(let object) = locals[index],
              let position = object.storage.keys.identicalPosition(of: names[name.index]) else { return nil }
        // A number (most table cells) is copied without the general copy's call.
        if case .number(let number) = object.storage.values[position] { return .number(number) }
        return object.storage.values[position]
    }

    private func member(base: NodeID, name: String, at id: NodeID) throws(Diagnostic) -> Value {
        if case .reference(let baseID) = nodes[base.index] {
            steps += 1
            let baseName = names[baseID.index]
            let slot = Int(slotTable.isEmpty ? nameSlots.slot(of: names + baseID.index) : slotTable[baseID.index])
            do throws(ResolutionError) {
                let value = try contextHandle.withObject { handle throws(ResolutionError) in
                    try handle.context.member(name, of: baseName, atSlot: slot)
                }
                if let value { return value }
            } catch {
                throw withMethodFix(error.diagnostic(at: tree.nameSpan(ofMember: id)), member: id, of: base, name)
            }
        }
        let value = try eval(base)
        let result: Value
        do throws(Diagnostic) {
            result = try Evaluator.member(name, of: value, span: span(of: id)) { tree.nameSpan(ofMember: id) }
        } catch {
            throw withMethodFix(error, member: id, of: base, name, on: ValueTypes(value.type))
        }
        // A projection (`rows.price`) builds an array, counted against the budget by its size.
        if case .array = value, case .array(let projected) = result { steps += projected.count }
        return result
    }

    /// `value.name` as a formula reads it (``member(_:of:span:nameSpan:)``), or nil where
    /// reading it fails; for tools that follow a path through values they hold (completion).
    public static func member(_ name: String, of value: Value) -> Value? {
        let span = SourceSpan(start: 0, end: 0)
        return try? member(name, of: value, span: span, nameSpan: { span })
    }

    /// Generic `value.name`: an object's key, an array's element (`.0`), or a projection of
    /// a key over an array of objects (`rows.price`). A missing property or element is
    /// reported at the property's name (`nameSpan`, asked for only then), anything else at
    /// the whole `span`.
    static func member(_ name: String, of value: Value, span: SourceSpan, nameSpan: () -> SourceSpan) throws(Diagnostic) -> Value {
        switch value {
        case .object(let object):
            if let found = object[name] { return found }
            let notes = object.keys.isEmpty ? [] : ["its properties are: " + object.keys.prefix(12).joined(separator: ", ")]
            throw ResolutionError(.reference, "the object has no property '\(name)'", notes: notes,
                                  suggestion: Suggestions.closest(to: name, in: object.keys)).diagnostic(at: nameSpan())
        case .array(let array):
            if Lexer.isIndex(name), let index = Int(name) {
                guard index < array.count else {
                    throw Diagnostic(.reference, "no element \(index): the array has \(array.count)", at: nameSpan())
                }
                return array[index]
            }
            var projected: [Value] = []
            projected.reserveCapacity(array.count)
            for (position, element) in array.enumerated() {
                guard case .object(let object) = element else {
                    throw Diagnostic(.type, "cannot read '\(name)' of every element: element \(position) is a \(element.type.rawValue), not an object",
                                     at: span)
                }
                projected.append(object[name] ?? .null)
            }
            return .array(ArrayValue(projected))
        default:
            throw Diagnostic(.type, "cannot read property '\(name)' of a \(value.type.rawValue)", at: span,
                             notes: ["properties can be read from objects and arrays"])
        }
    }

    private func subscriptValue(base: NodeID, index: NodeID, at id: NodeID) throws(Diagnostic) -> Value {
        let container = try eval(base)
        let position = try eval(index)
        guard case .array(let array) = container else {
            throw Diagnostic(.type, "cannot index a \(container.type.rawValue) with [ ]; only arrays can be indexed",
                             at: span(of: base),
                             notes: container.type == .object ? ["read an object's property with '.name'"] : [])
        }
        guard case .number(let number) = position, number == number.rounded(.towardZero) else {
            throw Diagnostic(.type, "an array index must be a whole number, got \(Describe.value(position))",
                             at: span(of: index))
        }
        guard number >= 0, number < Double(array.count) else {
            throw Diagnostic(.arguments, "index \(NumberText.format(number)) is out of range: the array has \(array.count) element\(array.count == 1 ? "" : "s")",
                             at: span(of: id))
        }
        return array[Int(number)]
    }

    // MARK: - Operators

    private func unary(_ op: UnaryOperator, _ operand: NodeID, at id: NodeID) throws(Diagnostic) -> Value {
        let value = try eval(operand)
        switch (op, value) {
        case (.negate, .number(let number)): return .number(-number)
        case (.not, .boolean(let flag)): return .boolean(!flag)
        case (.negate, _):
            throw Diagnostic(.type, "cannot negate a \(value.type.rawValue); '-' needs a number", at: span(of: id))
        case (.not, _):
            throw Diagnostic(.type, "'!' needs a boolean, got \(Describe.value(value))", at: span(of: id),
                             notes: ["there is no implicit truthiness; compare explicitly, e.g. !empty(x)"])
        }
    }

    /// Evaluates a left-deep chain of binary operators iteratively: `a + b + c` is walked down
    /// its left spine into ``spine``, then folded bottom-up, so chains of any length use a
    /// constant amount of call stack.
    private func binaryChain(_ id: NodeID) throws(Diagnostic) -> Value {
        guard case .binary(_, let firstLeft, _) = nodes[id.index] else { preconditionFailure("binaryChain needs a binary node") }
        guard case .binary = nodes[firstLeft.index] else {
            return try fold(id, try evalOperand(firstLeft))
        }
        let base = spine.count
        defer { spine.truncate(to: base) }
        var node = id
        while case .binary(_, let left, _) = nodes[node.index] {
            spine.append(node)
            node = left
        }
        var accumulator = try evalOperand(node)
        var index = spine.count - 1
        while index >= base {
            accumulator = try fold(spine[index], accumulator)
            index -= 1
        }
        return accumulator
    }

    /// Applies binary node `operation` to the already evaluated left operand.
    @inline(__always)
    private func fold(_ operation: NodeID, _ left: Value) throws(Diagnostic) -> Value {
        guard case .binary(let op, let leftNode, let rightNode) = nodes[operation.index] else { return left }
        steps += 1
        switch op {
        case .and, .or:
            guard case .boolean(let flag) = left else {
                throw notBoolean(op, left, at: leftNode, notes: ["there is no implicit truthiness; compare explicitly, e.g. x != 0"])
            }
            if (op == .and && !flag) || (op == .or && flag) { return left }   // short-circuit (§4.4)
            let right = try eval(rightNode)
            guard case .boolean = right else { throw notBoolean(op, right, at: rightNode, notes: []) }
            return right
        default:
            let right = try evalOperand(rightNode)
            if case .number(let a) = left, case .number(let b) = right, let result = Operators.numeric(op, a, b) {
                return result
            }
            let result: Value
            do throws(Diagnostic) {
                result = try Operators.apply(op, left, right, span: span(of: operation), limit: maxStringLength)
            } catch {
                throw withColumnAdvice(error, operation, left, right)
            }
            // A joined text counts against the budget by its size, as strings built by functions do.
            if case .string = result { steps += Evaluator.textSteps(result) }
            return result
        }
    }

    /// `error`, an operator's failure on `left` and `right`, with ``ColumnArithmetic``'s advice
    /// when an operand is an array: a column read from rows (`items.price * items.qty`).
    @inline(never)
    private func withColumnAdvice(_ error: Diagnostic, _ operation: NodeID, _ left: Value, _ right: Value) -> Diagnostic {
        guard error.kind == .type, case .binary(let op, let leftNode, let rightNode) = nodes[operation.index] else { return error }
        if case .array = left {} else if case .array = right {} else { return error }
        // Reading the rows again is cheap next to the failed evaluation, and only done on failure.
        let advice = ColumnArithmetic.advice(op, leftNode, rightNode, at: span(of: operation), in: tree) { operand in
            guard case .member(let base, _) = nodes[operand.index], case .array(let rows)? = try? eval(base) else { return false }
            return rows.allSatisfy { if case .object = $0 { true } else { false } }
        }
        var error = error
        error.notes += advice.notes
        error.fix = error.fix ?? advice.fix
        return error
    }

    @inline(never)
    private static func textSteps(_ value: Value) -> Int {
        guard case .string(let text) = value else { return 0 }
        return Arguments.steps(forTextOf: text.utf8.count)
    }

    /// The error for a non-boolean operand of `&&` or `||`; out of line, so that the operator
    /// loop, inlined twice in ``binaryChain(_:)``, stays small.
    @inline(never)
    private func notBoolean(_ op: BinaryOperator, _ value: Value, at node: NodeID, notes: [String]) -> Diagnostic {
        Diagnostic(.type, "'\(op.symbol)' needs booleans, got \(Describe.value(value))", at: span(of: node), notes: notes)
    }

    // MARK: - Calls

    private func call(_ name: NameID, _ range: TableRange, at id: NodeID) throws(Diagnostic) -> Value {
        let hint = Int(hints[name.index])
        if hint >= 0 && hint < hinted.count { return try call(hinted[hint], range, at: id) }
        guard let function = registry.lookup(names[name.index]) else {
            throw unknownFunction(names[name.index], at: id)
        }
        // The registry holds the function.
        return try call(UncheckedReference(function), range, at: id)
    }

    @inline(__always)
    private func call(_ reference: UncheckedReference<RegisteredFunction>, _ range: TableRange, at id: NodeID) throws(Diagnostic) -> Value {
        let count = range.indices.count
        let (minimum, maximum, hasLazyParameters) = reference.withObject {
            ($0.minimumArity, $0.maximumArity, $0.hasLazyParameters)
        }
        if count < minimum || count > maximum { throw wrongArity(reference.object, count, at: id) }
        if let memo, count >= CallMemo.minimumWidth, !hasLazyParameters, !slotTable.isEmpty {
            return try rememberedCall(reference, range, at: id, memo: memo)
        }
        return try plainCall(reference, range, at: id)
    }

    /// Evaluates the arguments onto ``stack``, checking their types, and runs the function;
    /// `capture` sees the argument values and the result.
    @inline(__always)
    private func plainCall(_ function: UncheckedReference<RegisteredFunction>, _ range: TableRange, at id: NodeID,
                           capture: (([Value], Value) -> Void)? = nil) throws(Diagnostic) -> Value {
        let base = stack.count
        let (lazy, types, last) = function.withObject {
            ($0.lazyParameters, $0.parameterTypes, $0.lastParameter)
        }
        var position = 0
        for node in children(range) {
            if lazy != 0 && lazy >> UInt64(min(position, last)) & 1 != 0 {
                stack.append(.undefined)
            } else {
                let value = try evalOperand(node)
                if !types[min(position, last)].admits(value) {
                    stack.truncate(to: base)
                    throw Signatures.typeError(function.object, position, value, span: span(of: node))
                }
                stack.append(value)
            }
            position += 1
        }
        defer { stack.truncate(to: base) }
        let arguments = Arguments(evaluator: self, function: function, call: id, nodes: range, base: base)
        // Called where it lies in the function, so that its context is not retained around the call.
        let result = try function.withObject { function throws(Diagnostic) in try function.body(arguments) }
        capture?(stack.suffix(from: base), result)
        return result
    }

    /// A wide call through the memo: only the arguments whose slots changed since the last
    /// evaluation are read again (see ``CallMemo``).
    private func rememberedCall(_ function: UncheckedReference<RegisteredFunction>, _ range: TableRange, at id: NodeID,
                                memo: CallMemo) throws(Diagnostic) -> Value {
        let key = Int32(truncatingIfNeeded: id.index)
        switch memo.entries[key] {
        case .some(.none):
            return try plainCall(function, range, at: id)
        case .some(.some(let entry)):
            // Out of the memo while it is brought up to date: a failure part way leaves no stale entry.
            memo.entries[key] = nil
            if let result = try update(entry, function, range, at: id) {
                memo.entries[key] = .some(entry)
                return result
            }
        case .none:
            break
        }
        var slots: [Int32] = []
        slots.reserveCapacity(range.indices.count)
        for node in children(range) {
            guard case .reference(let name) = nodes[node.index], slotTable[name.index] >= 0 else {
                memo.entries[key] = .some(nil)
                return try plainCall(function, range, at: id)
            }
            slots.append(slotTable[name.index])
        }
        memo.entries[key] = nil
        let version = context.changeVersion
        var entry: CallMemo.Entry?
        let result = try plainCall(function, range, at: id) { values, result in
            entry = CallMemo.Entry(values: values, slots: slots, result: result, version: version)
        }
        memo.entries[key] = .some(entry)
        return result
    }

    /// Brings a remembered call up to date, or returns nil when a full evaluation is needed
    /// (the context cannot say what changed, too much changed, or a new value is an error).
    private func update(_ entry: CallMemo.Entry, _ reference: UncheckedReference<RegisteredFunction>, _ range: TableRange,
                        at id: NodeID) throws(Diagnostic) -> Value? {
        let function = reference.object
        guard let changed = context.changedSlots(since: entry.version), changed.count * 4 < entry.values.count else { return nil }
        var result = entry.result
        var rerun = function.integerDelta == nil || entry.inexact > 0
        for slot in changed {
            let positions = entry.positions(of: slot)
            if positions.isEmpty { continue }
            guard let new = context.value(atSlot: Int(slot)) else { return nil }
            for position in positions.map(Int.init) {
                guard function.types(at: position).contains(new.type) else { return nil }
                steps += 1
                let old = entry.values[position]
                let wasExact = entry.isExact(old), isExact = entry.isExact(new)
                if wasExact != isExact { entry.inexact += isExact ? -1 : 1 }
                entry.values[position] = new
                if !rerun {
                    if isExact, let next = function.integerDelta?(result, old, new) { result = next } else { rerun = true }
                }
            }
        }
        if rerun { steps += entry.values.count }
        if steps > maxSteps { try checkpointReached(id) }
        if rerun {
            let base = stack.count
            stack.append(contentsOf: entry.values)
            defer { stack.truncate(to: base) }
            result = try function.body(Arguments(evaluator: self, function: reference, call: id, nodes: range, base: base))
        }
        entry.result = result
        entry.version = context.changeVersion
        return result
    }

    /// The error for a call of `function` with `count` arguments, which it does not take.
    /// Errors are built out of line, here and below, so that the paths they leave stay small.
    @inline(never)
    private func wrongArity(_ function: RegisteredFunction, _ count: Int, at id: NodeID) -> Diagnostic {
        Diagnostic(.arguments, "\(function.signature.name)() \(function.signature.arityDescription), got \(count)",
                   at: span(of: id), notes: [function.usageNote], code: .wrongArity)
    }

    /// `diagnostic`, the failure to read `base.name`, with the call to write instead where
    /// `name` is a function (`"abc".length` is `length("abc")`): as its fix, or as a note
    /// beside the fix it has (a column spelt close to `name`).
    @inline(never)
    private func withMethodFix(_ diagnostic: Diagnostic, member id: NodeID, of base: NodeID, _ name: String,
                               on types: ValueTypes = .any) -> Diagnostic {
        guard let fix = registry.methodFix(name, base: tree.text(of: base), on: types, at: span(of: id)) else { return diagnostic }
        var diagnostic = diagnostic
        if diagnostic.fix == nil { diagnostic.fix = fix } else { diagnostic.notes.append(fix.message) }
        return diagnostic
    }

    @inline(never)
    private func unknownFunction(_ name: String, at id: NodeID) -> Diagnostic {
        let nameSpan = tree.nameSpan(ofCall: id)
        let advice = registry.adviceForUnknownFunction(name, at: nameSpan)
        return Diagnostic(.reference, "unknown function '\(name)'", at: nameSpan, notes: advice.notes, fix: advice.fix,
                          code: .unknownFunction)
    }

    /// Calls `lambda` on each element of `array` in order, with the element, its index and the
    /// array as its parameters, and passes each result to `visit`, which returns false to stop.
    /// With an `accumulator` (reduce), that comes first and each result replaces it. The lambda
    /// declares at least one parameter and at most those supplied. One frame serves every
    /// call: only the accumulator, element and index slots change between them.
    func forEachElement(of array: ArrayValue, calling lambda: Lambda, accumulator: Value? = nil,
                        _ visit: (Int, Value) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        let leading = accumulator == nil ? 0 : 1
        let parameters = lambda.parameterCount
        precondition((1...(3 + leading)).contains(parameters), "an element callback declares one parameter or more, up to those supplied")
        guard isCurrent(lambda) else {
            // A lambda from another formula: called one at a time, in its own tree.
            var current = accumulator ?? .undefined
            for (index, element) in array.enumerated() {
                let result = try invoke(lambda) { position in
                    switch position - leading {
                    case -1: return current
                    case 0: return element
                    case 1: return .number(Double(index))
                    default: return .array(array)
                    }
                }
                current = result
                if !(try visit(index, result)) { return }
            }
            return
        }
        let savedBase = frameBase
        let newBase = locals.count
        if !lambda.captured.isEmpty { locals.append(contentsOf: lambda.captured) }
        let slot = locals.count
        for position in 0..<parameters {
            locals.append(position < leading ? accumulator! : position == leading + 2 ? .array(array) : .undefined)
        }
        frameBase = newBase
        // The element slot borrows each element (``RawStack/lend(_:to:)``): two atomic
        // operations per element saved. `array` keeps every element alive meanwhile, and the
        // loan ends before the frame is dropped.
        let elementSlot = slot + leading
        defer {
            if parameters > leading { locals.endLoan(at: elementSlot, leaving: .undefined) }
            frameBase = savedBase
            locals.truncate(to: newBase)
        }
        try array.elements.withUnsafeBufferPointer { (elements) throws(Diagnostic) in
            for index in elements.indices {
                if parameters > leading { locals.lend(elements.baseAddress! + index, to: elementSlot) }
                if parameters > leading + 1 { locals[slot + leading + 1] = .number(Double(index)) }
                let result = try eval(lambda.body)
                if leading == 1 { locals[slot] = result }
                if !(try visit(index, result)) { return }
            }
        }
    }

    /// Calls a lambda with up to four arguments; arguments beyond its parameter count are
    /// not even computed. The lambda's own parameters shadow nothing outside it.
    func invoke(_ lambda: Lambda, _ arguments: (Int) -> Value) throws(Diagnostic) -> Value {
        let savedBase = frameBase
        let newBase = locals.count
        if !lambda.captured.isEmpty { locals.append(contentsOf: lambda.captured) }
        for position in 0..<lambda.parameterCount { locals.append(arguments(position)) }
        frameBase = newBase
        defer {
            frameBase = savedBase
            locals.truncate(to: newBase)
        }
        if isCurrent(lambda) { return try eval(lambda.body) }
        // A lambda from another formula (passed in through the context): evaluate in its tree,
        // whose names are resolved one by one (the slot table belongs to the current tree).
        let savedTree = tree
        let savedSlots = slotTable
        let savedMemo = memo
        use(lambda.tree)
        slotTable = []
        memo = nil
        defer {
            use(savedTree)
            slotTable = savedSlots
            memo = savedMemo
        }
        return try eval(lambda.body)
    }
}

/// Short renderings of values for messages: `string "abc"`, `number 3`, `array of 4`.
enum Describe {
    static func value(_ value: Value) -> String {
        switch value {
        case .string(let string):
            let shown = string.count > 30 ? String(string.prefix(30)) + "…" : string
            return "string \"\(shown)\""
        case .number, .boolean, .date: return "\(value.type.rawValue) \(value.text)"
        case .array(let array): return "array of \(array.count)"
        case .object(let object): return "object with \(object.count) propert\(object.count == 1 ? "y" : "ies")"
        case .null: return "null"
        case .undefined: return "undefined"
        case .lambda: return "lambda"
        }
    }
}

extension Array {
    /// Drops the elements from `count` on, one by one: the parser's and evaluator's stacks
    /// shrink by a few elements at a time, for which the general `removeLast(_:)` costs more.
    @inline(__always)
    mutating func truncate(to count: Int) {
        while self.count > count { removeLast() }
    }
}
