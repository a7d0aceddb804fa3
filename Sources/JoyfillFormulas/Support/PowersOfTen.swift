/// 10⁰ through 10²², the powers of ten a `Double` holds exactly: for the parser's fast path
/// for decimal literals and `round`'s scale (each the value `pow(10, n)` gives).
enum PowersOfTen {
    /// The largest exponent in ``table``.
    static let largestExact = 22

    /// `table[n]` is 10ⁿ for n from 0 to ``largestExact``.
    static let table = ConstantTable<Double>(count: largestExact + 1, repeating: 1) { table in
        var power = 1.0
        for exponent in 0...largestExact {
            table[exponent] = power
            power *= 10
        }
    }
}
