import Foundation

/// SUM, AVG, AVERAGE, MIN, MAX, COUNT, ROUND, CEIL, FLOOR, ABS, POW, SQRT, MOD.
enum MathFunctions {
    static let all: [FunctionDefinition] = [sum] + summaries + [count, round] + unaryMath + [pow, sqrt, mod]

    private static let numbers: ValueTypes = [.number, .array, .null]

    private static let sum = FunctionDefinition(FunctionSignature(
        "sum", [Parameter("values", numbers, optional: true, variadic: true)], returns: .number, category: .math,
        summary: "Adds numbers and the numbers in arrays.",
        details: ["null is skipped, at the top level and inside arrays.",
                  "Inside arrays, text that reads as a number is added and other text is ignored (as the reference does);",
                  "booleans, dates, objects and nested arrays are a type error."],
        examples: [.init("sum(10, 20, 30)", "60"), .init("sum([25, 30, 15], 10)", "80"), .init("sum([1, \"2\", \"x\", null])", "3"),
                   .init("sum()", "0")],
        portability: .all
    ), integerDelta: { previous, old, new in
        // Exact integers (null counts 0): the total moves by the difference.
        guard case .number(let total) = previous else { return nil }
        func amount(_ value: Value) -> Double? {
            switch value {
            case .number(let number): return number
            case .null: return 0
            default: return nil
            }
        }
        guard let before = amount(old), let after = amount(new) else { return nil }
        return .number(total - before + after)
    }) { args throws(Diagnostic) in
        var total = 0.0
        for position in 0..<args.count {
            switch args[position] {
            case .number(let number): total += number
            case .array(let array):
                for (index, element) in array.enumerated() {
                    switch element {
                    case .number(let number): total += number
                    case .null: continue
                    case .string(let text): total += Double(text) ?? 0
                    default:
                        throw args.error(.type, "sum() can only add numbers: element \(index) is \(Describe.value(element))", at: position)
                    }
                }
            default: continue
            }
        }
        return .number(total)
    }

    private static let collectDetails = ["Takes numbers and arrays of numbers; null is skipped. Text is a type error.",
                                         "With no numbers at all it is an `arguments` error."]

    private static let summaries: [FunctionDefinition] = [
        ("max", "The largest number.", { @Sendable (numbers: NumberSummary) in numbers.largest }, ("max(10, [14, 3])", "14")),
        ("min", "The smallest number.", { @Sendable (numbers: NumberSummary) in numbers.smallest }, ("min([10, 14, 3])", "3")),
        ("avg", "The arithmetic mean.", { @Sendable (numbers: NumberSummary) in numbers.sum / Double(numbers.count) }, ("avg(10, 20, 30)", "20")),
        ("average", "The arithmetic mean (the same as `avg`).", { @Sendable (numbers: NumberSummary) in numbers.sum / Double(numbers.count) },
         ("average([1, 2, 3, 4])", "2.5")),
    ].map { (name, summary, reduce, example) -> FunctionDefinition in
        FunctionDefinition(FunctionSignature(
            name, [Parameter("values", numbers, variadic: true)], returns: .number, category: .math,
            summary: summary, details: collectDetails,
            examples: [.init(example.0, example.1), .init("\(name)([])", "error: arguments"), .init("\(name)([\"5\"])", "error: type")],
            portability: name == "avg" ? .swift : .all
        )) { args throws(Diagnostic) in
            .number(reduce(try summarizeNumbers(args)))
        }
    }

    private static let count = FunctionDefinition(FunctionSignature(
        "count", [Parameter("values", .any, variadic: true)], returns: .number, category: .math,
        summary: "Counts values: an array counts its elements, null counts nothing, anything else counts one.",
        details: ["Nested arrays are not flattened, and null elements inside an array are counted."],
        examples: [.init("count(\"a\", [1, 2], null, true)", "4"), .init("count([null])", "1")],
        portability: .all
    )) { args throws(Diagnostic) in
        var total = 0
        for position in 0..<args.count {
            switch args[position] {
            case .array(let array): total += array.count
            case .null: continue
            default: total += 1
            }
        }
        return .number(Double(total))
    }

    private static let round = FunctionDefinition(FunctionSignature(
        "round", [Parameter("value", .number), Parameter("digits", .number, optional: true)], returns: .number, category: .math,
        summary: "Rounds to a number of decimal places (default 0), halves away from zero.",
        details: ["Negative digits round to tens, hundreds …: `round(1234.5, -2)` is 1200.",
                  "Binary floating point applies: `round(1.005, 2)` is 1 because 1.005 is stored as 1.00499…"],
        examples: [.init("round(3.14159, 2)", "3.14"), .init("round(2.5)", "3"), .init("round(-2.5)", "-3"),
                   .init("round(1234.5, -2)", "1200")],
        portability: .all
    )) { args throws(Diagnostic) in
        let value = args.number(0)
        guard args.count > 1 else { return .number(value.rounded(.toNearestOrAwayFromZero)) }
        let digits = args.number(1).rounded(.towardZero)
        if digits.isNaN { throw args.error(.arguments, "round() needs a number of digits, got NaN", at: 1) }
        if digits > 0 {
            let scale = powerOfTen(min(digits, 400))
            if !scale.isFinite || !(value * scale).isFinite { return .number(value) }
            return .number((value * scale).rounded(.toNearestOrAwayFromZero) / scale)
        }
        if digits == 0 { return .number(value.rounded(.toNearestOrAwayFromZero)) }
        let scale = powerOfTen(min(-digits, 400))
        if !scale.isFinite { return .number(0) }
        return .number((value / scale).rounded(.toNearestOrAwayFromZero) * scale)
    }

    private static let unaryMath: [FunctionDefinition] = [
        ("ceil", "Rounds up to the next whole number.", { @Sendable (x: Double) in x.rounded(.up) }, ("ceil(-4.7)", "-4"), Portability.all),
        ("floor", "Rounds down to the previous whole number.", { @Sendable (x: Double) in x.rounded(.down) }, ("floor(-4.3)", "-5"), .all),
        ("abs", "The absolute value.", { @Sendable (x: Double) in Swift.abs(x) }, ("abs(-5)", "5"), .web),
    ].map { (name, summary, operation, example, portability) -> FunctionDefinition in
        FunctionDefinition(FunctionSignature(
            name, [Parameter("value", .number)], returns: .number, category: .math, summary: summary,
            details: name == "abs" ? ["The web guide documents `abs`; the Swift SDK does not have it."] : [],
            examples: [.init(example.0, example.1)], portability: portability
        )) { args throws(Diagnostic) in .number(operation(args.number(0))) }
    }

    private static let pow = FunctionDefinition(FunctionSignature(
        "pow", [Parameter("base", .number), Parameter("exponent", .number)], returns: .number, category: .math,
        summary: "Raises `base` to the power `exponent`.",
        details: ["Results that are not real numbers are values, not errors: `pow(-8, 1/3)` is NaN, `pow(10, 400)` is Infinity."],
        examples: [.init("pow(2, 3)", "8"), .init("pow(2, -2)", "0.25"), .init("pow(0, 0)", "1")],
        portability: .all
    )) { args throws(Diagnostic) in .number(Foundation.pow(args.number(0), args.number(1))) }

    private static let sqrt = FunctionDefinition(FunctionSignature(
        "sqrt", [Parameter("value", .number)], returns: .number, category: .math,
        summary: "The square root.",
        details: ["A negative value is an `arguments` error."],
        examples: [.init("sqrt(16)", "4"), .init("sqrt(-1)", "error: arguments")],
        portability: .all
    )) { args throws(Diagnostic) in
        let value = args.number(0)
        if value < 0 {
            throw args.error(.arguments, "sqrt() of a negative number (\(NumberText.format(value))) is not a real number", at: 0)
        }
        return .number(value.squareRoot())
    }

    private static let mod = FunctionDefinition(FunctionSignature(
        "mod", [Parameter("dividend", .number), Parameter("divisor", .number)], returns: .number, category: .math,
        summary: "The remainder of a division; its sign follows the dividend.",
        details: ["A zero divisor is a `divisionByZero` error."],
        examples: [.init("mod(19, 12)", "7"), .init("mod(-19, 12)", "-7"), .init("mod(5.5, 2)", "1.5"),
                   .init("mod(1, 0)", "error: divisionByZero")],
        portability: .all
    )) { args throws(Diagnostic) in
        let divisor = args.number(1)
        if divisor == 0 { throw Diagnostic(.divisionByZero, "mod() by zero", at: args.span(1)) }
        return .number(args.number(0).truncatingRemainder(dividingBy: divisor))
    }

    /// 10 to the power `exponent`, a whole number from 0 up, as `pow` gives it: up to 10²² (the
    /// powers a `Double` holds exactly, the ones `round` needs) remembered, beyond computed.
    static func powerOfTen(_ exponent: Double) -> Double {
        exponent <= Double(PowersOfTen.largestExact) ? PowersOfTen.table[Int(exponent)] : Foundation.pow(10.0, exponent)
    }

    /// What max, min and avg need of the numbers in their arguments (taken in order), gathered
    /// in one pass without collecting them.
    struct NumberSummary {
        var count = 0
        /// Added in order from 0, as `reduce(0, +)` does.
        var sum = 0.0
        /// As `max()` and `min()` pick them: the first number, replaced by each later one that
        /// compares greater (smaller).
        var largest = 0.0
        var smallest = 0.0

        mutating func add(_ number: Double) {
            if count == 0 {
                largest = number
                smallest = number
            } else {
                if largest < number { largest = number }
                if number < smallest { smallest = number }
            }
            count += 1
            sum += number
        }
    }

    /// The numbers of MAX, MIN and AVG: numbers and arrays of numbers, null skipped; an
    /// `arguments` error when there are none.
    private static func summarizeNumbers(_ args: Arguments) throws(Diagnostic) -> NumberSummary {
        var summary = NumberSummary()
        for position in 0..<args.count {
            switch args[position] {
            case .number(let number): summary.add(number)
            case .array(let array):
                for (index, element) in array.enumerated() {
                    switch element {
                    case .number(let number): summary.add(number)
                    case .null: continue
                    default:
                        throw args.error(.type, "\(args.signature.name)() takes numbers: element \(index) is \(Describe.value(element))",
                                         at: position)
                    }
                }
            default: continue
            }
        }
        if summary.count == 0 {
            throw args.error(.arguments, "\(args.signature.name)() found no numbers in its arguments")
        }
        return summary
    }
}
