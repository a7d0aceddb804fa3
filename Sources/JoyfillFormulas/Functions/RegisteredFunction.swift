import JoyfillJSON

/// A function known to a registry: its signature and its implementation, with what the
/// evaluator checks on every call precomputed from the signature.
public final class RegisteredFunction: Sendable {
    public let signature: FunctionSignature
    public let body: FunctionBody
    /// The function's shortcut for remembered wide calls, if it has one (see ``CallMemo``).
    public let integerDelta: IntegerDelta?
    let minimumArity: Int
    let maximumArity: Int
    /// Each parameter's types, read on every argument: a table of its own, so that a read is
    /// one load rather than an array access through the object.
    let parameterTypes: ConstantTable<ValueTypes>
    /// The last parameter's position: arguments past it take its types (it is the variadic one).
    let lastParameter: Int
    /// For each parameter, how many values its ``Callback`` supplies (0: no callback).
    let suppliedCounts: ConstantTable<Int>
    /// Bit `p` is set when parameter `p` is evaluated on demand by the body.
    let lazyParameters: UInt64
    /// True when some parameter is evaluated on demand by the body.
    var hasLazyParameters: Bool { lazyParameters != 0 }
    /// `usage: round(value: number, digits?: number) -> number`, the note of every arity and
    /// type error, and per parameter what an argument must be (`a string or array`): made
    /// once, as an error costs more to word than the rest of the call.
    let usageNote: String
    let expectations: [String]

    /// The most parameters a signature may declare (its laziness is a bit in a word).
    static let maximumParameters = 64

    init(signature: FunctionSignature, integerDelta: IntegerDelta?, body: @escaping FunctionBody) {
        precondition(signature.parameters.count <= RegisteredFunction.maximumParameters,
                     "a function takes at most \(RegisteredFunction.maximumParameters) parameters")
        self.signature = signature
        self.body = body
        self.integerDelta = integerDelta
        minimumArity = signature.minimumArity
        maximumArity = signature.maximumArity
        let parameters = signature.parameters
        parameterTypes = ConstantTable(count: max(parameters.count, 1), repeating: ValueTypes()) { table in
            for (position, parameter) in parameters.enumerated() { table[position] = parameter.types }
        }
        suppliedCounts = ConstantTable(count: max(parameters.count, 1), repeating: 0) { table in
            for (position, parameter) in parameters.enumerated() { table[position] = parameter.callback?.supplies.count ?? 0 }
        }
        lastParameter = signature.parameters.count - 1
        lazyParameters = signature.parameters.enumerated().reduce(0) { mask, parameter in
            parameter.element.isLazy ? mask | 1 << UInt64(parameter.offset) : mask
        }
        usageNote = "usage: " + signature.usage
        expectations = signature.parameters.map { Signatures.article($0.types) }
    }

    deinit {
        parameterTypes.deallocate()
        suppliedCounts.deallocate()
    }

    @inline(__always) func types(at position: Int) -> ValueTypes {
        parameterTypes[min(position, lastParameter)]
    }
}
