/// The declared shape of a function: the single source of truth for arity and argument
/// type checks, the documentation, the REPL's help and completion, and the linter (specification §5.1).
public struct FunctionSignature: Sendable {
    /// The canonical spelling (`countIf`); calls match it case-insensitively.
    public var name: String
    public var parameters: [Parameter]
    public var returns: ValueTypes
    public var category: Category
    /// One line saying what the function does.
    public var summary: String
    /// Further details for the reference page (edge cases, errors).
    public var details: [String]
    /// Formulas with their results; a test evaluates each one.
    public var examples: [Example]
    /// Which Joyfill SDKs have the function.
    public var portability: Portability
    /// When the result is made of an array argument's own elements, which (for the checker).
    public var yields: Yield?

    /// A result made of an argument's elements: `filter` yields some of them, `find` one.
    public enum Yield: Sendable {
        /// An array of some of the elements of the argument at this position.
        case elements(of: Int)
        /// One element of the argument at this position (or null).
        case element(of: Int)
    }

    public init(
        _ name: String, _ parameters: [Parameter], returns: ValueTypes, category: Category,
        summary: String, details: [String] = [], examples: [Example] = [], portability: Portability, yields: Yield? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.returns = returns
        self.category = category
        self.summary = summary
        self.details = details
        self.examples = examples
        self.portability = portability
        self.yields = yields
    }

    public enum Category: String, Sendable, CaseIterable {
        case logic, text, math, date, array
        public var title: String {
            switch self {
            case .logic: return "Logic"
            case .text: return "Text"
            case .math: return "Math"
            case .date: return "Dates"
            case .array: return "Arrays and lambdas"
            }
        }
    }

    /// A formula and its expected result: a value's debug form (strings quoted) or
    /// `error: <kind>`.
    public struct Example: Sendable {
        public var formula: String
        public var result: String
        public init(_ formula: String, _ result: String) {
            self.formula = formula
            self.result = result
        }
    }

    /// The fewest arguments a call may pass.
    public var minimumArity: Int {
        parameters.filter { !$0.isOptional }.count
    }

    /// The most arguments a call may pass (`Int.max` for variadic functions).
    public var maximumArity: Int {
        parameters.last?.isVariadic == true ? Int.max : parameters.count
    }

    /// The parameter that argument `position` binds to.
    public func parameter(at position: Int) -> Parameter {
        position < parameters.count ? parameters[position] : parameters[parameters.count - 1]
    }

    /// `round(value: number, digits?: number) -> number`.
    public var usage: String { usageWithParameters.text }

    /// ``usage``, and where in it each parameter is written (UTF-8 offsets, `digits?: number`),
    /// for an editor's signature help to highlight the one being typed.
    public var usageWithParameters: (text: String, parameters: [Range<Int>]) {
        var text = name + "("
        var spans: [Range<Int>] = []
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { text += ", " }
            let start = text.utf8.count
            if parameter.isVariadic { text += "..." }
            text += parameter.name
            if parameter.isOptional && !parameter.isVariadic { text += "?" }
            text += ": " + parameter.types.signature
            spans.append(start..<text.utf8.count)
        }
        return (text + ") -> " + returns.signature, spans)
    }

    /// "takes 1 or 2 arguments", "takes at least 1 argument", "takes no arguments".
    public var arityDescription: String {
        let low = minimumArity
        let high = maximumArity
        func plural(_ n: Int) -> String { n == 1 ? "argument" : "arguments" }
        if high == Int.max { return low == 0 ? "takes any number of arguments" : "takes at least \(low) \(plural(low))" }
        if low == high { return low == 0 ? "takes no arguments" : "takes \(low) \(plural(low))" }
        if high == low + 1 { return "takes \(low) or \(high) arguments" }
        return "takes \(low) to \(high) arguments"
    }
}
