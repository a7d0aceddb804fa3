import Foundation

/// A point in time with millisecond precision: milliseconds since 1970-01-01T00:00:00Z.
///
/// The range is that of JavaScript dates, ±8.64e15 ms (about ±275,000 years).
public struct Instant: Hashable, Comparable, Sendable {
    public let milliseconds: Int64

    /// The largest magnitude an instant may have.
    public static let limit: Double = 8.64e15

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// An instant from a (possibly fractional) millisecond count, rounded to the nearest
    /// millisecond; nil when it is not finite or out of range.
    public init?(milliseconds value: Double) {
        guard value.isFinite, abs(value) <= Instant.limit else { return nil }
        milliseconds = Int64(value.rounded())
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The current time.
    public static var now: Instant {
        Instant(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
    }

    /// ISO-8601 in UTC with milliseconds: `2024-01-01T00:00:00.000Z` (specification §3.2).
    public var iso8601: String {
        let (days, msOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1000 % 60
        let millisecond = msOfDay % 1000
        var text: String
        if year >= 0 && year <= 9999 {
            text = pad(year, 4)
        } else {
            text = (year < 0 ? "-" : "+") + pad(abs(year), 6)
        }
        text += "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        return text + "." + pad(millisecond, 3) + "Z"
    }
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
    /// Floor division and the matching non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}

extension Instant {
    /// Parses an ISO-8601 date or date-time; a time without an offset is UTC.
    public init?(iso8601 text: String) {
        guard let instant = DateParsing.parse(text, zone: .utc) else { return nil }
        self = instant
    }
}
