/// IF, IFF, AND, OR, NOT, EMPTY.
enum LogicFunctions {
    static let all: [FunctionDefinition] = branches + connectives + [not, empty]

    /// `if`, and `iff`, its name in the web guide.
    private static let branches = [(name: "if", portability: Portability.swift, extra: [String]()),
                                   (name: "iff", portability: Portability.web,
                                    extra: ["An alias of `if`, which the web guide documents; the Swift SDK does not have it."])].map { branch in
        FunctionDefinition(FunctionSignature(
            branch.name,
            [Parameter("condition", .boolean), Parameter("whenTrue", .any, lazy: true), Parameter("whenFalse", .any, lazy: true)],
            returns: .any, category: .logic,
            summary: "Returns `whenTrue` if the condition is true, otherwise `whenFalse`.",
            details: branch.extra + ["Only the chosen branch is evaluated.", "The condition must be a boolean: there is no implicit truthiness."],
            examples: [.init("\(branch.name)(85 >= 80, \"B\", \"C\")", "\"B\""), .init("\(branch.name)(true, 1, 1 / 0)", "1"),
                       .init("\(branch.name)(1, \"yes\", \"no\")", "error: type")],
            portability: branch.portability
        )) { args throws(Diagnostic) in
            try args.value(args.flag(0) ? 1 : 2)
        }
    }

    /// `and`, which stops at the first false, and `or`, at the first true.
    private static let connectives = [(name: "and", stopsAt: false), (name: "or", stopsAt: true)].map { connective in
        let stopsAt = connective.stopsAt
        return FunctionDefinition(FunctionSignature(
            connective.name, [Parameter("conditions", .boolean, variadic: true, lazy: true)],
            returns: .boolean, category: .logic,
            summary: stopsAt ? "True if any condition is true." : "True if every condition is true.",
            details: ["Evaluates left to right and stops at the first \(stopsAt); later arguments are not evaluated or type-checked."],
            examples: stopsAt
                ? [.init("or(false, 2 > 1)", "true"), .init("or(true, nosuchfield)", "true")]
                : [.init("and(true, 10 > 5)", "true"), .init("and(false, nosuchfield)", "false")],
            portability: .all
        )) { args throws(Diagnostic) in
            for position in 0..<args.count {
                guard case .boolean(let flag) = try args.value(position) else { continue }
                if flag == stopsAt { return .boolean(stopsAt) }
            }
            return .boolean(!stopsAt)
        }
    }

    private static let not = FunctionDefinition(FunctionSignature(
        "not", [Parameter("condition", .boolean)], returns: .boolean, category: .logic,
        summary: "Negates a boolean.",
        examples: [.init("not(10 > 5)", "false"), .init("not(1)", "error: type")],
        portability: .all
    )) { args throws(Diagnostic) in .boolean(!args.flag(0)) }

    private static let empty = FunctionDefinition(FunctionSignature(
        "empty", [Parameter("value", .any)], returns: .boolean, category: .logic,
        summary: "True for \"\", 0, false, [], {}, null and undefined.",
        details: ["Strings are not trimmed: `empty(\" \")` is false. Dates and lambdas are never empty.",
                  "A failing argument (an unknown field) is an error, not empty."],
        examples: [.init("empty(\"\")", "true"), .init("empty(0)", "true"), .init("empty([1])", "false"), .init("empty(null)", "true")],
        portability: .all
    )) { args throws(Diagnostic) in .boolean(isEmpty(args[0])) }

    static func isEmpty(_ value: Value) -> Bool {
        switch value {
        case .string(let text): return text.isEmpty
        case .number(let number): return number == 0
        case .boolean(let flag): return !flag
        case .array(let array): return array.isEmpty
        case .object(let object): return object.count == 0
        case .null, .undefined: return true
        case .date, .lambda: return false
        }
    }
}
