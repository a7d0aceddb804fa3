/// Prefix operators.
public enum UnaryOperator: UInt8, Sendable {
    case negate, not
    public var symbol: String { self == .negate ? "-" : "!" }
}

/// Infix operators, from loosest to tightest binding.
public enum BinaryOperator: UInt8, Sendable, CaseIterable {
    case or, and
    case equal, notEqual
    case less, lessEqual, greater, greaterEqual
    case add, subtract
    case multiply, divide

    public var symbol: String {
        switch self {
        case .or: return "||"
        case .and: return "&&"
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .add: return "+"
        case .subtract: return "-"
        case .multiply: return "*"
        case .divide: return "/"
        }
    }

    /// Binding power: higher binds tighter. All binary operators are left-associative.
    public var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessEqual, .greater, .greaterEqual: return 4
        case .add, .subtract: return 5
        case .multiply, .divide: return 6
        }
    }
}
