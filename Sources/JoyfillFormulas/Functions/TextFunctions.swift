/// CONCAT, CONTAINS, UPPER, LOWER, TRIM, LENGTH, TONUMBER, TOSTRING, JOIN, EQUALS.
enum TextFunctions {
    static let all: [FunctionDefinition] = [concat, contains] + textTransforms + [length, toNumber, toString, join, equals]

    private static let concatenable: ValueTypes = [.number, .string, .boolean, .date, .array, .null, .undefined]

    private static let concat = FunctionDefinition(FunctionSignature(
        "concat", [Parameter("values", concatenable, variadic: true)], returns: [.string, .array], category: .text,
        summary: "Joins values into one string, or arrays into one array.",
        details: ["If every argument is an array: one array of strings is joined with no separator; otherwise the arrays are concatenated.",
                  "Otherwise each argument is appended in its canonical text form (arrays as `[a, b]`, dates in ISO-8601).",
                  "Objects and lambdas are a type error."],
        examples: [.init("concat(\"joy\", \"fill\")", "\"joyfill\""), .init("concat([1, 2], [3, 4])", "[1, 2, 3, 4]"),
                   .init("concat([\"a\", \"b\"])", "\"ab\""), .init("concat(\"Total: \", 12.5)", "\"Total: 12.5\"")],
        portability: .all
    )) { args throws(Diagnostic) in
        var arrays: [ArrayValue] = []
        for position in 0..<args.count {
            guard case .array(let array) = args[position] else { break }
            arrays.append(array)
        }
        if arrays.count == args.count {
            if arrays.count == 1, arrays[0].allSatisfy({ $0.type == .string }) {
                var text = ""
                for element in arrays[0] { try args.appendText(of: element, to: &text) }
                return try args.string(text)
            }
            return try args.array(arrays.flatMap(\.elements))
        }
        var text = ""
        for position in 0..<args.count { try args.appendText(of: args[position], to: &text) }
        return try args.string(text)
    }

    private static let contains = FunctionDefinition(FunctionSignature(
        "contains", [Parameter("text", .string), Parameter("search", .string)], returns: .boolean, category: .text,
        summary: "True if `text` contains `search`, ignoring letter case.",
        details: ["An empty `search` is contained in every text."],
        examples: [.init("contains(\"Joyfill Rocks\", \"rock\")", "true"), .init("contains(\"abc\", \"\")", "true")],
        portability: .all
    )) { args throws(Diagnostic) in
        .boolean(TextSearch.containsIgnoringCase(args.text(0), args.text(1)))
    }

    private static let textTransforms: [FunctionDefinition] = [
        ("upper", "Converts text to upper case.", { @Sendable (s: String) in s.uppercased() }, ("upper(\"Joyfill\")", "\"JOYFILL\"")),
        ("lower", "Converts text to lower case.", { @Sendable (s: String) in s.lowercased() }, ("lower(\"JOY\")", "\"joy\"")),
        ("trim", "Removes white space and line breaks from both ends of text.", { @Sendable (s: String) in s.trimmedOfWhitespace() },
         ("trim(\"  joy  \")", "\"joy\"")),
    ].map { (name, summary, transform, example) -> FunctionDefinition in
        FunctionDefinition(FunctionSignature(
            name, [Parameter("text", .string)], returns: .string, category: .text, summary: summary,
            examples: [.init(example.0, example.1), .init("\(name)(null)", "error: type")],
            portability: name == "trim" ? .swift : .all
        )) { args throws(Diagnostic) in try args.string(transform(args.text(0))) }
    }

    private static let length = FunctionDefinition(FunctionSignature(
        "length", [Parameter("value", [.string, .array])], returns: .number, category: .text,
        summary: "The number of characters in text, or of elements in an array.",
        details: ["Characters are user-perceived characters (grapheme clusters): an emoji with a skin tone counts as one."],
        examples: [.init("length(\"Joyfill\")", "7"), .init("length([1, 2])", "2"), .init("length(5)", "error: type")],
        portability: .all
    )) { args throws(Diagnostic) in
        if case .string(let text) = args[0] { return .number(Double(text.count)) }
        return .number(Double(args.list(0).count))
    }

    private static let toNumber = FunctionDefinition(FunctionSignature(
        "toNumber", [Parameter("value", [.number, .string, .boolean])], returns: .number, category: .text,
        summary: "Converts text (or a boolean) to a number.",
        details: ["Text is trimmed, then read as a decimal number; `1e3`, `+5`, `.5` and `0x10` are accepted.",
                  "Text that is not a number is a type error (not NaN). true is 1, false is 0."],
        examples: [.init("toNumber(\"100.11\")", "100.11"), .init("toNumber(\"25.99\") * 3", "77.97"),
                   .init("toNumber(\"n100\")", "error: type")],
        portability: .all
    )) { args throws(Diagnostic) in
        switch args[0] {
        case .number(let number): return .number(number)
        case .boolean(let flag): return .number(flag ? 1 : 0)
        default:
            let text = args.text(0)
            guard let number = Double(text.trimmedOfWhitespace()) else {
                throw args.error(.type, "toNumber() cannot read \(Describe.value(args[0])) as a number", at: 0)
            }
            return .number(number)
        }
    }

    private static let toString = FunctionDefinition(FunctionSignature(
        "toString", [Parameter("value", .any)], returns: .string, category: .text,
        summary: "The canonical text form of any value.",
        details: ["Numbers as JavaScript writes them, dates in ISO-8601 UTC, arrays as `[a, b]`, objects as `{k: v}`."],
        examples: [.init("toString(12.50)", "\"12.5\""), .init("toString([1, \"a\"])", "\"[1, a]\""),
                   .init("toString(date(2024, 1, 1))", "\"2024-01-01T00:00:00.000Z\"")],
        portability: .swift
    )) { args throws(Diagnostic) in .string(try args.text(of: args[0])) }   // charged by text(of:)

    private static let join = FunctionDefinition(FunctionSignature(
        "join", [Parameter("values", .array), Parameter("separator", .string)], returns: .string, category: .text,
        summary: "Joins the elements of an array into text, with a separator between them.",
        examples: [.init("join([\"a\", \"b\", 3], \", \")", "\"a, b, 3\""), .init("join([], \"-\")", "\"\"")],
        portability: .swift
    )) { args throws(Diagnostic) in
        let separator = args.text(1)
        var text = ""
        for (index, element) in args.list(0).enumerated() {
            if index > 0 { text += separator }
            try args.appendText(of: element, to: &text)
        }
        return try args.string(text)
    }

    private static let equals = FunctionDefinition(FunctionSignature(
        "equals", [Parameter("a", .any), Parameter("b", .any)], returns: .boolean, category: .text,
        summary: "Compares two values; text compares with numbers and booleans through their text form.",
        details: ["Same-type values compare as with `==`. A string and a number or boolean are equal when the string",
                  "is the other's canonical text: `equals(\"1\", 1)` is true, `equals(\"1.0\", 1)` is false."],
        examples: [.init("equals(\"1\", 1)", "true"), .init("equals(\"true\", true)", "true"), .init("equals(\"a\", \"A\")", "false")],
        portability: .swift
    )) { args throws(Diagnostic) in .boolean(looselyEqual(args[0], args[1])) }

    /// EQUALS (specification §5.5).
    static func looselyEqual(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.string(let text), .number), (.string(let text), .boolean): return text == b.text
        case (.number, .string(let text)), (.boolean, .string(let text)): return text == a.text
        default: return Operators.strictlyEqual(a, b)
        }
    }
}
