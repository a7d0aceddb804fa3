/// 10⁰ through 10²², the powers of ten a `Double` holds exactly: for the parser's fast path
/// for decimal literals and `round`'s scale (each the value `pow(10, n)` gives).
enum PowersOfTen {
    /// The largest exponent in ``table``.
    static let largestExact = 22

    /// `table[n]` is 10ⁿ for n from 0 to ``largestExact``; never freed.
    nonisolated(unsafe) static let table: UnsafePointer<Double> = {
        let table = UnsafeMutablePointer<Double>.allocate(capacity: largestExact + 1)
        var power = 1.0
        for exponent in 0...largestExact {
            table[exponent] = power
            power *= 10
        }
        return UnsafePointer(table)
    }()
}
