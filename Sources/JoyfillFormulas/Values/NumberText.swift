/// Numbers as text, exactly as JavaScript's `Number.prototype.toString` writes them
/// (decision V5): `8`, `0.1`, `1e+21`, `1e-7`, `NaN`, `Infinity`.
enum NumberText {
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return String(Int64(value))
        }
        let negative = value < 0
        let (digits, exponent) = shortestDigits(abs(value))
        // The value is 0.d1d2…dk × 10^n.
        let k = digits.count
        let n = exponent
        var text: String
        if k <= n && n <= 21 {
            text = digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            let index = digits.index(digits.startIndex, offsetBy: n)
            text = digits[..<index] + "." + digits[index...]
        } else if -6 < n && n <= 0 {
            text = "0." + String(repeating: "0", count: -n) + digits
        } else {
            let e = n - 1
            let sign = e < 0 ? "-" : "+"
            let mantissa = k == 1 ? digits : String(digits.first!) + "." + digits.dropFirst()
            text = mantissa + "e" + sign + String(abs(e))
        }
        return negative ? "-" + text : text
    }

    /// The shortest round-trip decimal digits of a positive finite value, and the exponent
    /// `n` such that the value is `0.digits × 10^n`. Swift's `description` already prints
    /// shortest round-trip digits; this only normalises its layout.
    private static func shortestDigits(_ value: Double) -> (String, Int) {
        let description = value.description   // e.g. "123.45", "1e-07", "1.2345e+20"
        var mantissa = Substring(description)
        var exponent = 0
        if let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = description[..<e]
            exponent = Int(description[description.index(after: e)...]) ?? 0
        }
        var digits = ""
        var pointPosition: Int?
        for character in mantissa {
            if character == "." {
                pointPosition = digits.count
            } else {
                digits.append(character)
            }
        }
        var n = (pointPosition ?? digits.count) + exponent
        // Strip leading zeros (0.00123) and trailing zeros (100.0).
        while digits.first == "0" && digits.count > 1 {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == "0" && digits.count > 1 { digits.removeLast() }
        return (digits, n)
    }
}
