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

/// One parameter of a ``FunctionSignature``.
public struct Parameter: Sendable {
    public var name: String
    /// The types an argument may have; anything else is a `type` error before the call.
    public var types: ValueTypes
    public var isOptional: Bool
    /// The last parameter may repeat; `isOptional` says whether it may also be absent.
    public var isVariadic: Bool
    /// Lazy arguments are evaluated by the function itself, only when needed (IF's branches,
    /// AND's later arguments).
    public var isLazy: Bool
    /// For a lambda parameter: what the function passes the lambda. The call checks the
    /// lambda's parameter count against it, and the checker reads what the lambda receives.
    public var callback: Callback?
    /// For a text parameter that takes only certain words (`dateAdd`'s units): the words, in
    /// lower case; the function accepts them in any letter case. The checker reports a string
    /// literal that is none of them (`invalid-argument`). Empty: any text.
    public var choices: [String]
    /// How errors list ``choices`` (`years, months, … (or y, m, …)`); nil lists them all.
    public var choicesDescription: String?

    public init(_ name: String, _ types: ValueTypes, optional: Bool = false, variadic: Bool = false, lazy: Bool = false,
                callback: Callback? = nil, choices: [String] = [], describedAs choicesDescription: String? = nil) {
        self.name = name
        self.types = types
        self.isOptional = optional
        self.isVariadic = variadic
        self.isLazy = lazy
        self.callback = callback
        self.choices = choices
        self.choicesDescription = choicesDescription
    }

    /// What to say of `word`, given for this parameter and none of its ``choices``: the
    /// message, the note that lists the choices, and the closest choice, if one is close. The
    /// function's error and the checker's `invalid-argument` say the same.
    public func unknownChoice(_ word: String) -> (message: String, note: String, closest: String?) {
        ("unknown \(name) \"\(word)\"", "\(name)s: " + (choicesDescription ?? choices.joined(separator: ", ")),
         Suggestions.closest(to: word.lowercased(), in: choices))
    }
}

/// What a function passes to a lambda argument (specification §5.4): the values, named in order,
/// of which the lambda may declare one or more but not more than supplied; and which of them
/// is an element of an array argument, so that the checker knows `row` in
/// `map(items, (row) -> row.price)` is one of `items`' rows.
public struct Callback: Sendable {
    /// The names of the values passed, in order (`element, index, array`).
    public var supplies: [String]
    /// The position in ``supplies`` of the element, if one is passed.
    public var elementPosition: Int?
    /// The argument whose elements are passed there.
    public var elementsOf: Int

    public init(supplies: [String], element elementPosition: Int? = nil, of array: Int = 0) {
        precondition(!supplies.isEmpty, "a callback is passed at least one value")
        self.supplies = supplies
        self.elementPosition = elementPosition
        self.elementsOf = array
    }
}

/// The Joyfill SDKs that have a function (specification §5.2).
public struct Portability: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The Swift (iOS) SDK's formula engine registers it.
    public static let swift = Portability(rawValue: 1)
    /// The web formulas guide documents it.
    public static let web = Portability(rawValue: 2)
    /// Every SDK.
    public static let all: Portability = [.swift, .web]
    /// No SDK: a jf extension.
    public static let jfOnly: Portability = []

    /// `swift, web`, or `jf only`.
    public var description: String {
        if isEmpty { return "jf only" }
        return [(Portability.swift, "swift"), (Portability.web, "web")].filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }

    /// The SDK names, for JSON output.
    public var names: [String] {
        [(Portability.swift, "swift"), (Portability.web, "web")].filter { contains($0.0) }.map(\.1)
    }
}

enum Signatures {
    /// The error for argument `position` of a call of `function`, whose value is of none of its
    /// parameter's types.
    static func typeError(_ function: RegisteredFunction, _ position: Int, _ value: Value, span: SourceSpan) -> Diagnostic {
        let parameter = min(position, function.lastParameter)
        return Diagnostic(.type,
            "\(function.signature.name)() expects \(function.signature.parameters[parameter].name) (argument \(position + 1)) to be \(function.expectations[parameter]), got \(Describe.value(value))",
            at: span, notes: [function.usageNote], code: .typeMismatch)
    }

    /// The message for a lambda, given as argument `position` of a call of `signature`, that
    /// declares none or more parameters than the callback supplies.
    static func callbackMismatch(_ signature: FunctionSignature, _ position: Int, declares count: Int) -> String {
        let names = signature.parameter(at: position).callback?.supplies ?? []
        let name = signature.name
        return "the lambda given to \(name)() takes \(count) parameter\(count == 1 ? "" : "s"), but \(name)() supplies 1 to \(names.count): \(names.joined(separator: ", "))"
    }

    static func article(_ types: ValueTypes) -> String {
        let text = types.description
        if types == .any { return "anything" }
        if ["array", "object", "undefined"].contains(where: { text.hasPrefix($0) }) { return "an " + text }
        if text.hasPrefix("null") { return text }
        return "a " + text
    }
}
