/// The semantics of the binary operators other than `&&` and `||` (specification §4.2, §4.3, §3.2, §4.1).
enum Operators {
    static func apply(_ op: BinaryOperator, _ left: Value, _ right: Value, span: SourceSpan, limit: Int) throws(Diagnostic) -> Value {
        switch op {
        case .add: return try add(left, right, span: span, limit: limit)
        case .subtract:
            switch (left, right) {
            case (.number(let a), .number(let b)): return .number(a - b)
            case (.date(let a), .date(let b)): return .number(Double(a.milliseconds - b.milliseconds))
            default:
                throw Diagnostic(.type, "cannot subtract \(left.type.rawValue) and \(right.type.rawValue)", at: span,
                                 notes: left.type == .date ? ["to move a date back, use dateSubtract(date, amount, unit)"]
                                                           : ["'-' takes two numbers or two dates"])
            }
        case .multiply:
            guard case .number(let a) = left, case .number(let b) = right else {
                throw Diagnostic(.type, "cannot multiply \(left.type.rawValue) and \(right.type.rawValue); '*' takes numbers", at: span)
            }
            return .number(a * b)
        case .divide:
            guard case .number(let a) = left, case .number(let b) = right else {
                throw Diagnostic(.type, "cannot divide \(left.type.rawValue) by \(right.type.rawValue); '/' takes numbers", at: span)
            }
            if b == 0 { throw Diagnostic(.divisionByZero, "division by zero", at: span) }
            return .number(a / b)
        case .equal: return .boolean(strictlyEqual(left, right))
        case .notEqual: return .boolean(!strictlyEqual(left, right))
        case .less, .lessEqual, .greater, .greaterEqual:
            return .boolean(compare(op, left, right))
        case .and, .or:
            preconditionFailure("&& and || are evaluated by the evaluator, which short-circuits them")
        }
    }

    /// The result of `op` on two numbers, or nil when it is an error (division by zero) or
    /// not arithmetic: the evaluator's fast path, which needs no span.
    @inline(__always)
    static func numeric(_ op: BinaryOperator, _ a: Double, _ b: Double) -> Value? {
        switch op {
        case .add: return .number(a + b)
        case .subtract: return .number(a - b)
        case .multiply: return .number(a * b)
        case .divide: return b == 0 ? nil : .number(a / b)
        case .equal: return .boolean(a == b)
        case .notEqual: return .boolean(a != b)
        case .less: return .boolean(a < b)
        case .lessEqual: return .boolean(a <= b)
        case .greater: return .boolean(a > b)
        case .greaterEqual: return .boolean(a >= b)
        case .and, .or: return nil
        }
    }

    private static func add(_ left: Value, _ right: Value, span: SourceSpan, limit: Int) throws(Diagnostic) -> Value {
        switch (left, right) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.string(let a), _), (_, .string(let a)):
            _ = a
            // Either side may be an array or object, whose text is written within the limit.
            guard var text = left.text(limit: limit), right.appendText(to: &text, limit: limit) else {
                throw Diagnostic(.other, "string longer than the limit of \(limit) bytes", at: span)
            }
            return .string(text)
        case (.date(let date), .number(let amount)), (.number(let amount), .date(let date)):
            guard let shifted = Instant(milliseconds: Double(date.milliseconds) + amount) else {
                throw Diagnostic(.arguments, "the date is out of range after adding \(NumberText.format(amount)) ms", at: span)
            }
            return .date(shifted)
        default:
            throw Diagnostic(.type, "cannot add \(left.type.rawValue) and \(right.type.rawValue)", at: span,
                             notes: ["'+' adds numbers, joins text when either side is a string, and moves a date by milliseconds"])
        }
    }

    /// `==` (specification §4.2): same type and same value; arrays, objects and lambdas are never equal.
    static func strictlyEqual(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.date(let a), .date(let b)): return a == b
        case (.null, .null), (.undefined, .undefined): return true
        default: return false
        }
    }

    /// `< <= > >=` (specification §4.3): numbers with numbers and dates with dates; anything else is false.
    static func compare(_ op: BinaryOperator, _ left: Value, _ right: Value) -> Bool {
        let a: Double
        let b: Double
        switch (left, right) {
        case (.number(let x), .number(let y)): (a, b) = (x, y)
        case (.date(let x), .date(let y)): (a, b) = (Double(x.milliseconds), Double(y.milliseconds))
        default: return false
        }
        switch op {
        case .less: return a < b
        case .lessEqual: return a <= b
        case .greater: return a > b
        default: return a >= b
        }
    }
}
