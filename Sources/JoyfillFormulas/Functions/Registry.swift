import JoyfillJSON

/// The implementation of a function: it receives its checked arguments and returns a value.
public typealias FunctionBody = @Sendable (Arguments) throws(Diagnostic) -> Value

/// The functions a formula can call, looked up case-insensitively (specification §2.4).
///
/// ``standard`` holds the 46 reference functions plus `iff` and `abs`. Library users copy it
/// and ``register(_:_:)`` their own functions the same way the built-ins are declared; the
/// evaluator checks arity and argument types from the signature before calling the body.
public struct FunctionRegistry: Sendable {
    private var functions: [String: RegisteredFunction] = [:]
    /// The same functions by ASCII-folded name in an open-addressing table, so that the
    /// lookup on every call hashes a few bytes instead of running SipHash over a String.
    private var folded = FoldedNameTable()
    /// Every function, by the order its name was first registered (the positions
    /// ``FoldedNameTable`` holds).
    private var numbered: [RegisteredFunction] = []
    /// True for ``standard`` and copies of it: the standard functions keep their positions in
    /// ``numbered`` (a copy appends new names and replaces in place), so that the parser's
    /// hints (positions in the standard registry's ``foldedNames``) are valid here.
    private var numberedAsStandard = false

    /// An empty registry.
    public init() {}

    /// The built-in functions.
    public static let standard: FunctionRegistry = {
        var registry = FunctionRegistry()
        for definition in LogicFunctions.all + TextFunctions.all + MathFunctions.all + DateFunctions.all + ArrayFunctions.all {
            registry.register(definition)
        }
        registry.numberedAsStandard = true
        return registry
    }()

    /// Adds or replaces a function.
    /// - Parameter integerDelta: how the result follows one argument's change when all arguments
    ///   are exact small integers, for remembered wide calls (``CallMemo``); nil when it cannot.
    public mutating func register(_ signature: FunctionSignature, integerDelta: IntegerDelta? = nil,
                                  _ body: @escaping FunctionBody) {
        register(FunctionDefinition(signature, integerDelta: integerDelta, body))
    }

    /// Adds or replaces a function declared as the built-ins are.
    public mutating func register(_ definition: FunctionDefinition) {
        let (signature, integerDelta, body) = (definition.signature, definition.integerDelta, definition.body)
        precondition(!signature.parameters.dropLast().contains { $0.isVariadic }, "only the last parameter may be variadic")
        let function = RegisteredFunction(signature: signature, integerDelta: integerDelta, body: body)
        // Keyed by the lowercase name and, so that the usual spelling needs no case folding,
        // by the canonical one (`countIf`).
        functions[signature.name.lowercased()] = function
        functions[signature.name] = function
        let position: Int
        if let existing = folded.position(signature.name.lowercased()) {
            position = existing
            numbered[position] = function
        } else {
            position = numbered.count
            numbered.append(function)
        }
        folded.insert(signature.name.lowercased(), function, at: position)
    }

    /// The functions by ASCII-folded name, for the parser to find each call's hint: the
    /// function's position here (see ``hintedFunctions``).
    var foldedNames: FoldedNameTable { folded }

    /// The functions by hint position when this registry numbers functions as ``standard``
    /// does (the parser records the hint of every name), else none: then every call is looked
    /// up by name.
    var hintedFunctions: [RegisteredFunction] { numberedAsStandard ? numbered : [] }

    /// The function called `name`, in any letter case.
    public func lookup(_ name: String) -> RegisteredFunction? {
        if let found = folded.lookup(name) { return found }
        return functions[name] ?? functions[name.lowercased()]
    }

    /// Every signature, sorted by name.
    public var signatures: [FunctionSignature] {
        functions.filter { $0.key == $0.value.signature.name.lowercased() }.values.map(\.signature)
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Every function name in its canonical spelling, sorted.
    public var names: [String] { signatures.map(\.name) }

    /// The registered function meant by the unknown `name`, for "did you mean …?": the one
    /// other languages call `name` (`len` is `length`, `concatenate` is `concat`), or else the
    /// closest by spelling (``Suggestions/closest(to:in:)``) unless `name` is one whose idiom
    /// here is not a function (``idiom(for:)``: `today` is not `day`). `isUnique` is false when
    /// another function is as close, and for the other languages' names, whose arguments may
    /// differ: only a unique spelling fix is safe to apply unasked.
    public func suggestion(for name: String) -> (name: String, isUnique: Bool)? {
        if let meant = Self.otherLanguagesNames[name.lowercased()], let function = lookup(meant) {
            return (function.signature.name, false)
        }
        if idiom(for: name) != nil { return nil }
        let names = self.names
        guard let closest = Suggestions.closest(to: name, in: names) else { return nil }
        return (closest, Suggestions.unique(to: name, in: names) != nil)
    }

    /// How to write here what other languages' function `name` does, when no one function
    /// does it: "dates subtract as milliseconds" for `datediff`.
    public func idiom(for name: String) -> String? {
        Self.idioms[name.lowercased()]
    }

    /// One phrase for a message about the unknown function `name`: "did you mean 'length'?",
    /// or its ``idiom(for:)``.
    public func hintForUnknownFunction(_ name: String) -> String? {
        suggestion(for: name).map { Suggestions.question($0.name) } ?? idiom(for: name)
    }

    /// The fix and notes of the error for a call of the unknown function `name`, whose name
    /// is at `span`: the replacement ``suggestion(for:)`` gives, or the ``idiom(for:)``.
    public func adviceForUnknownFunction(_ name: String, at span: SourceSpan) -> (fix: Fix?, notes: [String]) {
        if let suggestion = suggestion(for: name) {
            return (.replace(span, with: suggestion.name, Suggestions.question(suggestion.name), isSafe: suggestion.isUnique), [])
        }
        return (nil, idiom(for: name).map { [$0] } ?? [])
    }

    /// The function to call for what other languages write as a property or a method of a
    /// value (`items.length`, `name.toUpperCase()`): this language has neither, and a function
    /// that takes the value as its first argument does it. `types` are what the value may be
    /// (the function must take one of them); `arguments`, how many follow the value (nil:
    /// unknown).
    public func function(forMethod name: String, on types: ValueTypes = .any, arguments: Int? = 0) -> FunctionSignature? {
        guard let function = lookup(name) ?? Self.otherLanguagesNames[name.lowercased()].flatMap(lookup) else { return nil }
        let signature = function.signature
        guard !signature.parameters.isEmpty, !signature.parameter(at: 0).types.isDisjoint(with: types) else { return nil }
        if let arguments, !(signature.minimumArity...signature.maximumArity).contains(1 + arguments) { return nil }
        return signature
    }

    /// The fix that rewrites `base.name` (or `base.name()`), the text at `span`, as a call of
    /// ``function(forMethod:on:arguments:)``'s function on `base`: `length(items)`. The base
    /// of a member is an operand, so one in parentheses is a group, which the call's own
    /// parentheses replace: `(a + b).round` is `round(a + b)`.
    public func methodFix(_ name: String, base: Substring, on types: ValueTypes = .any, at span: SourceSpan) -> Fix? {
        guard let signature = function(forMethod: name, on: types) else { return nil }
        let argument = base.first == "(" && base.last == ")" ? base.dropFirst().dropLast() : base
        let call = "\(signature.name)(\(argument))"
        let shown = argument.count > 32 ? "\(signature.name)(…)" : call
        return .replace(span, with: call, "\(signature.name) is a function here: \(shown)", isSafe: false)
    }

    /// Names that spreadsheets, JavaScript and Python give the standard functions, too far from
    /// them in spelling for ``Suggestions`` to find. Only names whose function does the same.
    private static let otherLanguagesNames: [String: String] = [
        "len": "length", "strlen": "length", "size": "length",
        "concatenate": "concat", "includes": "contains",
        "str": "toString", "string": "toString", "tostr": "toString",
        "number": "toNumber", "value": "toNumber", "parsefloat": "toNumber", "float": "toNumber",
        "touppercase": "upper", "ucase": "upper", "tolowercase": "lower", "lcase": "lower",
        "strip": "trim", "mean": "avg", "ceiling": "ceil", "power": "pow",
        "isblank": "empty", "isempty": "empty", "any": "some", "all": "every",
        "distinct": "unique", "flatten": "flat",
    ]

    /// Other languages' functions that are written here with several, or not at all.
    private static let idioms: [String: String] = {
        let today = "now() is the date and time; date(year(now()), month(now()), day(now())) is today at midnight"
        let difference = "dates subtract as milliseconds: (end - start) / 86400000 is the number of days between them"
        let part = "no function takes part of a text; contains(text, part) tells whether it holds it"
        let lookup = "find(rows, (row) -> row.key == value) is the first row that matches; .column reads its cell"
        let conditional = "sum(filter(values, (value) -> condition)) adds the values that meet a condition"
        let choice = "nest if(): if(a, x, if(b, y, z))"
        let integer = "floor(x) rounds down, round(x) to the nearest whole number"
        return [
            "today": today, "datediff": difference, "days": difference, "daysbetween": difference,
            "substr": part, "substring": part, "mid": part, "left": part, "right": part, "slice": part,
            "split": "no function splits a text",
            "vlookup": lookup, "hlookup": lookup, "xlookup": lookup, "lookup": lookup,
            "sumif": conditional, "sumifs": conditional,
            "averageif": "average(filter(values, (value) -> condition)) averages the values that meet a condition",
            "countifs": "length(filter(values, (value) -> a && b)) counts the values that meet both conditions",
            "sumproduct": "sum(map(rows, (row) -> row.a * row.b)) adds the products",
            "ifs": choice, "switch": choice,
            "int": integer, "trunc": integer,
        ]
    }()
}

/// The arguments of one call, as a function body sees them.
///
/// Eager arguments are already evaluated and type-checked against the signature; read them
/// with the subscript. Lazy ones are evaluated on demand with ``value(_:)``.
public struct Arguments {
    /// The evaluator running the call, which outlives it. Unretained: a method called through
    /// a stored reference, even an unowned one, retains and releases the evaluator around the
    /// call (two atomic operations for every lazy argument and element loop); see
    /// ``withEvaluator(_:)``.
    let evaluatorReference: UncheckedReference<Evaluator>
    /// The function called, which the evaluator's registry holds.
    let function: UncheckedReference<RegisteredFunction>
    let call: NodeID
    let nodes: TableRange
    let base: Int

    init(evaluator: Evaluator, function: UncheckedReference<RegisteredFunction>, call: NodeID, nodes: TableRange, base: Int) {
        evaluatorReference = UncheckedReference(evaluator)
        self.function = function
        self.call = call
        self.nodes = nodes
        self.base = base
    }

    /// The evaluator, for reading its state.
    var evaluator: Evaluator { evaluatorReference.object }

    /// Runs `body` on the evaluator where it lies, without retaining it.
    @inline(__always)
    private func withEvaluator<Result>(_ body: (Evaluator) throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        try evaluatorReference.withObject(body)
    }

    /// The signature being called.
    public var signature: FunctionSignature { function.object.signature }

    /// The number of arguments passed.
    public var count: Int { nodes.indices.count }

    /// An eager argument's value.
    public subscript(position: Int) -> Value { evaluator.stack[base + position] }

    /// Evaluates a lazy argument and checks it against its parameter's types.
    public func value(_ position: Int) throws(Diagnostic) -> Value {
        let node = evaluator.children[nodes.indices.lowerBound + position]
        let value = try withEvaluator { evaluator throws(Diagnostic) in try evaluator.eval(node) }
        if !function.withObject({ $0.types(at: position) }).admits(value) {
            throw Signatures.typeError(function.object, position, value, span: evaluator.span(of: node))
        }
        return value
    }

    /// The span of argument `position`.
    public func span(_ position: Int) -> SourceSpan {
        evaluator.span(of: evaluator.children[nodes.indices.lowerBound + position])
    }

    /// The span of the whole call.
    public var callSpan: SourceSpan { evaluator.span(of: call) }

    /// The evaluation's options (time zone, limits).
    public var options: EvaluationOptions { evaluator.options }

    /// The longest string an operation may build (read without copying ``options``).
    public var maxStringLength: Int { evaluator.maxStringLength }

    /// The most elements an operation may put in one array (read without copying ``options``).
    public var maxCollectionCount: Int { evaluator.maxCollectionCount }

    /// The time zone of calendar functions (read without copying ``options``).
    public var zone: CalendarZone { evaluator.zone }

    /// The instant `now()` returns in this evaluation.
    public var now: Instant { evaluator.now }

    /// An error about argument `position`.
    public func error(_ kind: Diagnostic.Kind, _ message: String, at position: Int, notes: [String] = []) -> Diagnostic {
        Diagnostic(kind, message, at: span(position), notes: notes)
    }

    /// An error about the whole call.
    public func error(_ kind: Diagnostic.Kind, _ message: String, notes: [String] = []) -> Diagnostic {
        Diagnostic(kind, message, at: callSpan, notes: notes)
    }

    /// Argument `position` as a lambda that accepts what the parameter's ``Callback``
    /// supplies (specification §5.4): at least one parameter and at most as many as supplied. A
    /// parameter that declares no callback takes any lambda.
    public func lambda(_ position: Int) throws(Diagnostic) -> Lambda {
        guard case .lambda(let lambda) = self[position] else {
            throw Signatures.typeError(function.object, position, self[position], span: span(position))
        }
        let supplied = function.withObject { $0.suppliedCounts[min(position, $0.lastParameter)] }
        if supplied > 0, lambda.parameterCount == 0 || lambda.parameterCount > supplied {
            throw error(.arguments, Signatures.callbackMismatch(signature, position, declares: lambda.parameterCount), at: position)
        }
        return lambda
    }

    /// Calls `lambda`; `argument(i)` is asked only for the parameters the lambda declares.
    public func call(_ lambda: Lambda, _ argument: (Int) -> Value) throws(Diagnostic) -> Value {
        try withEvaluator { evaluator throws(Diagnostic) in try evaluator.invoke(lambda, argument) }
    }

    /// Calls `lambda` on each element of `array` in order, with the element, its index and the
    /// array, and gives `visit` the index and the result; `visit` returns false to stop. With
    /// an `accumulator`, that is passed first and each result replaces it (as `reduce` does).
    /// The lambda must declare one parameter or more, up to those supplied (check with
    /// ``lambda(_:)``). Cheaper per element than ``call(_:_:)``.
    public func forEachElement(of array: ArrayValue, calling lambda: Lambda, accumulator: Value? = nil,
                               _ visit: (_ index: Int, _ result: Value) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        try withEvaluator { evaluator throws(Diagnostic) in
            try evaluator.forEachElement(of: array, calling: lambda, accumulator: accumulator, visit)
        }
    }

    /// Counts `amount` steps against the evaluation budget (for work done outside the tree).
    public func charge(_ amount: Int) throws(Diagnostic) {
        evaluator.steps += amount
        if evaluator.steps > evaluator.maxSteps { try evaluator.checkpointReached(at: callSpan) }
    }

    /// Builds an array result, enforcing the size and nesting limits and counting its
    /// elements against the step budget.
    public func array(_ elements: consuming [Value]) throws(Diagnostic) -> Value {
        // Checked here rather than by the evaluator's `checkedArray`: through
        // ``withEvaluator(_:)`` the closure would copy `elements` instead of moving them.
        let array = ArrayValue(elements)
        try charge(array.count)
        if array.totalCount > evaluator.maxCollectionCount {
            let (message, notes) = Value.tooLarge(.array, count: array.count, totalCount: array.totalCount, limit: evaluator.maxCollectionCount)
            throw error(.other, message, notes: notes)
        }
        if array.depth > Value.maxDepth { throw error(.other, Value.tooDeepMessage) }
        return .array(array)
    }

    /// Builds a string result, enforcing the length limit and counting its size against the
    /// step budget (see ``steps(forTextOf:)``).
    public func string(_ text: String) throws(Diagnostic) -> Value {
        let size = text.utf8.count
        if size > evaluator.maxStringLength { throw stringTooLong() }
        if size >= 16 { try charge(Arguments.steps(forTextOf: size)) }
        return .string(text)
    }

    /// The steps a string of `size` bytes that a call builds costs, one per 16 bytes: a budget
    /// of steps then also bounds the memory an evaluation can fill (a `map` whose callback
    /// doubles a text twenty times builds megabytes per element in a few steps).
    static func steps(forTextOf size: Int) -> Int { size >> 4 }

    /// The canonical text of `value`, enforcing the length limit while it is written (see
    /// ``Value/text(limit:)``).
    public func text(of value: Value) throws(Diagnostic) -> String {
        guard let text = value.text(limit: evaluator.maxStringLength) else { throw stringTooLong() }
        if case .string = value { return text }
        let size = text.utf8.count
        if size >= 16 { try charge(Arguments.steps(forTextOf: size)) }
        return text
    }

    /// Appends the canonical text of `value` to `output`, enforcing the length limit.
    public func appendText(of value: Value, to output: inout String) throws(Diagnostic) {
        if !value.appendText(to: &output, limit: evaluator.maxStringLength) { throw stringTooLong() }
    }

    /// The error for a string past the length limit.
    public func stringTooLong() -> Diagnostic {
        error(.other, "string longer than the limit of \(evaluator.maxStringLength) bytes")
    }
}
