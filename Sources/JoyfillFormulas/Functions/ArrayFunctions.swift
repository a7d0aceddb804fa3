/// MAP, FILTER, FIND, EVERY, SOME, FLATMAP, REDUCE, FLAT, COUNTIF, UNIQUE, SORT.
///
/// Callbacks are any lambda values (specification §5.4). They receive the element, its index and
/// the whole array (REDUCE: the accumulator first); a callback may declare fewer parameters,
/// but not none and not more (§5.4).
enum ArrayFunctions {
    static let all: [FunctionDefinition] = [map, flatMap, filter, find] + quantifiers + [reduce, flat, countIf, unique, sort]

    private static let eachElement = Callback(supplies: ["element", "index", "array"], element: 0, of: 0)

    private static let arrayAndCallback = [Parameter("array", .array), Parameter("callback", .lambda, callback: eachElement)]

    private static let map = FunctionDefinition(FunctionSignature(
        "map", arrayAndCallback, returns: .array, category: .array,
        summary: "Transforms each element with a lambda.",
        details: ["An error for any element is the error of the whole call (the reference drops the element instead)."],
        examples: [.init("map([1, 2, 3], (x) -> x * 2)", "[2, 4, 6]"), .init("map([10, 20], (x, i) -> x + i)", "[10, 21]"),
                   .init("map([1, \"a\"], (x) -> x * 2)", "error: type")],
        portability: .all
    )) { args throws(Diagnostic) in
        let array = args.list(0)
        let callback = try args.lambda(1)
        var results: [Value] = []
        results.reserveCapacity(array.count)
        try args.forEachElement(of: array, calling: callback) { (_, result) throws(Diagnostic) -> Bool in
            results.append(result)
            return true
        }
        return try args.array(consume results)
    }

    private static let flatMap = FunctionDefinition(FunctionSignature(
        "flatMap", arrayAndCallback, returns: .array, category: .array,
        summary: "Transforms each element with a lambda and flattens array results one level.",
        examples: [.init("flatMap([1, 2], (x) -> [x, x])", "[1, 1, 2, 2]"), .init("flatMap([1, 2], (x) -> x * 2)", "[2, 4]")],
        portability: .all
    )) { args throws(Diagnostic) in
        let array = args.list(0)
        let callback = try args.lambda(1)
        var results: [Value] = []
        try args.forEachElement(of: array, calling: callback) { (_, result) throws(Diagnostic) -> Bool in
            if case .array(let inner) = result { results.append(contentsOf: inner) } else { results.append(result) }
            return results.count <= args.maxCollectionCount
        }
        return try args.array(consume results)
    }

    private static let filter = FunctionDefinition(FunctionSignature(
        "filter", arrayAndCallback, returns: .array, category: .array,
        summary: "The elements for which a lambda returns true.",
        details: ["The lambda must return a boolean."],
        examples: [.init("filter([2, 5, 8, 12], (x) -> x > 5)", "[8, 12]"),
                   .init("filter([10, 20, 30], (x, i) -> i != 1)", "[10, 30]")],
        portability: .all, yields: .elements(of: 0)
    )) { args throws(Diagnostic) in
        let array = args.list(0)
        let callback = try args.lambda(1)
        var results: [Value] = []
        try args.forEachElement(of: array, calling: callback) { (index, result) throws(Diagnostic) -> Bool in
            if try test(args, result) { results.append(array[index]) }
            return true
        }
        return .array(ArrayValue(consume results))
    }

    private static let find = FunctionDefinition(FunctionSignature(
        "find", arrayAndCallback, returns: .any, category: .array,
        summary: "The first element for which a lambda returns true, or null.",
        examples: [.init("find([5, 12, 8, 130], (x) -> x > 10)", "12"), .init("find([1, 2], (x) -> x > 10)", "null")],
        portability: .all, yields: .element(of: 0)
    )) { args throws(Diagnostic) in
        let array = args.list(0)
        let callback = try args.lambda(1)
        var found: Value = .null
        try args.forEachElement(of: array, calling: callback) { (index, result) throws(Diagnostic) -> Bool in
            guard try test(args, result) else { return true }
            found = array[index]
            return false
        }
        return found
    }

    private static let quantifiers: [FunctionDefinition] = [("every", false), ("some", true)].map { (name, wanted) -> FunctionDefinition in
        FunctionDefinition(FunctionSignature(
            name, arrayAndCallback, returns: .boolean, category: .array,
            summary: wanted ? "True if a lambda returns true for at least one element." : "True if a lambda returns true for every element.",
            details: ["Stops at the first element that decides the answer. An empty array gives \(!wanted)."],
            examples: wanted
                ? [.init("some([2, 5, 12], (x) -> x > 10)", "true"), .init("some([], (x) -> true)", "false")]
                : [.init("every([6, 7, 8], (x) -> x > 5)", "true"), .init("every([4, 6], (x) -> x > 5)", "false")],
            portability: .all
        )) { args throws(Diagnostic) in
            let array = args.list(0)
            let callback = try args.lambda(1)
            var decided = false
            try args.forEachElement(of: array, calling: callback) { (_, result) throws(Diagnostic) -> Bool in
                decided = try test(args, result) == wanted
                return !decided
            }
            return .boolean(decided ? wanted : !wanted)
        }
    }

    private static let reduce = FunctionDefinition(FunctionSignature(
        "reduce", [Parameter("array", .array),
                   Parameter("callback", .lambda, callback: Callback(supplies: ["accumulator", "element", "index", "array"], element: 1, of: 0)),
                   Parameter("initial", .any)],
        returns: .any, category: .array,
        summary: "Combines the elements into one value: the lambda gets the accumulator and each element.",
        details: ["The lambda's parameters are accumulator, element, index, array. The initial value is required."],
        examples: [.init("reduce([1, 2, 3, 4], (acc, x) -> acc + x, 0)", "10"),
                   .init("reduce([\"a\", \"b\"], (acc, s, i) -> acc + i + s, \"\")", "\"0a1b\"")],
        portability: .all
    )) { args throws(Diagnostic) in
        let array = args.list(0)
        let callback = try args.lambda(1)
        var accumulator = args[2]
        try args.forEachElement(of: array, calling: callback, accumulator: accumulator) { (_, result) throws(Diagnostic) -> Bool in
            accumulator = result
            return true
        }
        return accumulator
    }

    private static let flat = FunctionDefinition(FunctionSignature(
        "flat", [Parameter("array", .array), Parameter("depth", .number, optional: true)], returns: .array, category: .array,
        summary: "Flattens nested arrays, one level by default.",
        details: ["The depth is truncated to a whole number; a negative depth flattens nothing."],
        examples: [.init("flat([1, [2, 3]])", "[1, 2, 3]"), .init("flat([0, [1, [2, [3]]]], 2)", "[0, 1, 2, [3]]")],
        portability: .all
    )) { args throws(Diagnostic) in
        var depth = 1
        if args.count > 1 {
            let requested = args.number(1).rounded(.towardZero)
            depth = requested.isNaN ? 0 : Int(max(0, min(requested, Double(Value.maxDepth))))
        }
        var results: [Value] = []
        try args.charge(args.list(0).count)
        flatten(args.list(0), depth: depth, into: &results)
        return try args.array(consume results)
    }

    private static let countIf = FunctionDefinition(FunctionSignature(
        "countIf", [Parameter("array", .array), Parameter("criterion", .any)], returns: .number, category: .array,
        summary: "Counts the elements that match a criterion.",
        details: ["Text matches text that contains it, ignoring case (`\"\"` matches only empty text).",
                  "Numbers, booleans and null match equal values; other pairs match when their canonical texts are equal."],
        examples: [.init("countIf([\"joy\", \"Joyfill\", \"hello\"], \"joy\")", "2"), .init("countIf([1, 2, 1], 1)", "2"),
                   .init("countIf([\"1\", 1], 1)", "2")],
        portability: .all
    )) { args throws(Diagnostic) in
        let criterion = args[1]
        let criterionText = try args.text(of: criterion)
        let loweredCriterion = criterionText.lowercased()
        var count = 0
        try args.charge(args.list(0).count)
        for element in args.list(0) where try matches(element, criterion, criterionText, loweredCriterion, args) { count += 1 }
        return .number(Double(count))
    }

    private static let unique = FunctionDefinition(FunctionSignature(
        "unique", [Parameter("array", .array)], returns: .array, category: .array,
        summary: "The array without repeated elements, keeping first occurrences.",
        details: ["Elements are the same when their canonical texts are equal, so 1 and \"1\" count as one."],
        examples: [.init("unique([1, 2, 1, 3])", "[1, 2, 3]"), .init("unique([1, \"1\", 2])", "[1, 2]")],
        portability: .swift
    )) { args throws(Diagnostic) in
        var seen = Set<String>()
        var results: [Value] = []
        try args.charge(args.list(0).count)
        for element in args.list(0) where seen.insert(try args.text(of: element)).inserted { results.append(element) }
        return .array(ArrayValue(consume results))
    }

    private static let sort = FunctionDefinition(FunctionSignature(
        "sort", [Parameter("array", .array), Parameter("ascending", .boolean, optional: true)], returns: .array, category: .array,
        summary: "Sorts numbers, texts or dates, ascending unless the second argument is false.",
        details: ["All elements must have the type of the first. Text is ordered by Unicode code points (\"B\" before \"a\")."],
        examples: [.init("sort([3, 1, 2])", "[1, 2, 3]"), .init("sort([3, 1, 2], false)", "[3, 2, 1]"),
                   .init("sort([1, \"a\"])", "error: type")],
        portability: .swift
    )) { args throws(Diagnostic) in
        let array = args.list(0)
        let ascending = args.count > 1 ? args.flag(1) : true
        guard let first = array.first else { return .array(array) }
        for (index, element) in array.enumerated() where element.type != first.type || ![.number, .string, .date].contains(element.type) {
            throw args.error(.type, "sort() needs numbers, texts or dates of one type: element \(index) is \(Describe.value(element))", at: 0)
        }
        try args.charge(array.count)
        let sorted = array.elements.sorted { a, b in
            let before: Bool
            switch (a, b) {
            case (.number(let x), .number(let y)): before = x < y
            case (.string(let x), .string(let y)): before = x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
            case (.date(let x), .date(let y)): before = x < y
            default: before = false
            }
            return ascending ? before : !before && !Operators.strictlyEqual(a, b)
        }
        return .array(ArrayValue(sorted))
    }

    /// A predicate callback's result, which must be a boolean.
    static func test(_ args: Arguments, _ result: Value) throws(Diagnostic) -> Bool {
        guard case .boolean(let flag) = result else {
            throw args.error(.type, "the lambda given to \(args.signature.name)() must return a boolean, got \(Describe.value(result))",
                             at: 1, notes: ["there is no implicit truthiness; compare explicitly, e.g. (x) -> x != 0"])
        }
        return flag
    }

    static func flatten(_ array: ArrayValue, depth: Int, into results: inout [Value]) {
        for element in array {
            if depth > 0, case .array(let inner) = element {
                flatten(inner, depth: depth - 1, into: &results)
            } else {
                results.append(element)
            }
        }
    }

    /// COUNTIF's test of one element against the criterion, whose text (and its lower case)
    /// is worked out once for the whole call.
    static func matches(_ element: Value, _ criterion: Value, _ criterionText: String, _ loweredCriterion: String,
                        _ args: Arguments) throws(Diagnostic) -> Bool {
        switch (element, criterion) {
        case (.string(let text), .string(let search)):
            return search.isEmpty ? text.isEmpty : TextSearch.containsIgnoringCase(text, loweredCriterion)
        case (.number(let a), .number(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.null, .null): return true
        default: return try args.text(of: element) == criterionText
        }
    }
}
