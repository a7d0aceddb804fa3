/// Numbers as text, exactly as JavaScript's `Number.prototype.toString` writes them
/// (specification §3.2): `8`, `0.1`, `1e+21`, `1e-7`, `NaN`, `Infinity`.
///
/// Whole numbers and short fractions (`74.51`) are written from an exact integer; for the
/// rest, Swift's `description` gives the shortest digits that read back as the same double,
/// and this lays them out the JavaScript way. It works on UTF-8 bytes: text is built
/// for every number a formula concatenates, and `Character`-level string work costs tens of
/// times more.
enum NumberText {
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            return layOut(UInt64(abs(value)), decimals: 0, negative: value < 0)
        }
        if let text = shortDecimal(value) { return text }
        // Between 10^-4 and 10^15 Swift's `description` writes the shortest round-trip digits
        // in fixed notation, which is JavaScript's layout there: used as it is, without
        // taking its digits apart again.
        if abs(value) >= 1e-4 && abs(value) < 1e15 { return value.description }
        return laidOut(value)
    }

    /// A finite, non-zero value laid out from its shortest round-trip digits (Swift's
    /// `description`), the JavaScript way.
    static func laidOut(_ value: Double) -> String {
        let (digits, n) = shortestDigits(abs(value))
        // The value is 0.d1d2…dk × 10^n.
        let k = digits.count
        var text: [UInt8] = []
        text.reserveCapacity(k + 8)
        if value < 0 { text.append(UInt8(ascii: "-")) }
        if k <= n && n <= 21 {
            text += digits
            text += repeatElement(UInt8(ascii: "0"), count: n - k)
        } else if 0 < n && n <= 21 {
            text += digits[..<n]
            text.append(UInt8(ascii: "."))
            text += digits[n...]
        } else if -6 < n && n <= 0 {
            text += [UInt8(ascii: "0"), UInt8(ascii: ".")]
            text += repeatElement(UInt8(ascii: "0"), count: -n)
            text += digits
        } else {
            let e = n - 1
            text.append(digits[0])
            if k > 1 {
                text.append(UInt8(ascii: "."))
                text += digits[1...]
            }
            text += [UInt8(ascii: "e"), e < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")]
            text += String(abs(e)).utf8
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The text of a value with a short fraction (`74.51`, `-0.25`), or nil for the general path.
    ///
    /// For the fewest decimals `k` (up to 8) such that `m = round(value × 10^k)` gives back
    /// `value` as `m / 10^k`, the decimal `m × 10^-k` reads back as `value` (both `m` and `10^k`
    /// are exact doubles and the division is correctly rounded), and no decimal with fewer
    /// digits does (it would have fewer decimals, and every smaller `k` failed) — which is what
    /// the shortest round-trip digits are. Values below 10^-6 or with 15 digits or more take the
    /// general path, which also handles exponents.
    private static func shortDecimal(_ value: Double) -> String? {
        let magnitude = abs(value)
        guard magnitude >= 1e-6, magnitude < 1e7 else { return nil }
        var scale = 1.0
        for decimals in 1...8 {
            scale *= 10
            let scaled = (magnitude * scale).rounded()
            guard scaled < 1e15 else { return nil }
            if scaled / scale == magnitude {
                return layOut(UInt64(scaled), decimals: decimals, negative: value < 0)
            }
        }
        return nil
    }

    /// `mantissa × 10^-decimals` in fixed notation: `-0.0025`, `74.51`, `-12` (no point when
    /// `decimals` is 0). The mantissa has at most 15 digits and `decimals` is at most 8, so
    /// the text fits in 32 bytes, written from the end.
    private static func layOut(_ mantissa: UInt64, decimals: Int, negative: Bool) -> String {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &buffer) { bytes in
            var index = bytes.count
            func put(_ byte: UInt8) {
                index -= 1
                bytes[index] = byte
            }
            var rest = mantissa
            // The fraction's digits, the point, then the integer part's (at least a zero).
            for _ in 0..<decimals {
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if decimals > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            if negative { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
        }
    }

    /// The shortest round-trip decimal digits of a positive finite value, and the exponent
    /// `n` such that the value is `0.digits × 10^n`.
    static func shortestDigits(_ value: Double) -> (digits: [UInt8], n: Int) {
        let description = value.description   // e.g. "123.45", "1e-07", "1.2345e+20"
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var pointPosition: Int?
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in description.utf8 {
            switch byte {
            case UInt8(ascii: "."): pointPosition = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            case UInt8(ascii: "+"): continue
            default:
                if inExponent { exponent = exponent * 10 + Int(byte &- 0x30) } else { digits.append(byte) }
            }
        }
        var n = (pointPosition ?? digits.count) + exponentSign * exponent
        // Strip leading zeros (0.00123) and trailing zeros (100.0).
        var leading = 0
        while leading < digits.count - 1 && digits[leading] == UInt8(ascii: "0") { leading += 1 }
        n -= leading
        var end = digits.count
        while end - leading > 1 && digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
        return (Array(digits[leading..<end]), n)
    }
}
