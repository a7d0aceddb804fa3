import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// New `_id`s in the form Joyfill uses (24 hexadecimal digits, a MongoDB ObjectId): the
/// seconds since 1970, then 16 random digits.
public enum ObjectID {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let seconds = UInt32(truncatingIfNeeded: Int(Instant.now.milliseconds / 1000))
        let high = String(seconds, radix: 16), random = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 8 - high.count) + high + String(repeating: "0", count: 16 - random.count) + random
    }
}
