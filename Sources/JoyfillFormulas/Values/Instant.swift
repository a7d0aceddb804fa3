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

/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01),
/// after Howard Hinnant's `days_from_civil` algorithms: exact, branch-light, no Foundation.
public enum CivilCalendar {
    /// The day number of a civil date (month 1–12).
    public static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day number.
    public static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Local calendar fields of an instant in some time zone.
struct LocalDateTime {
    var year: Int64
    var month: Int64
    var day: Int64
    /// Milliseconds since local midnight.
    var timeOfDay: Int64

    /// The calendar fields that `year()`, `month()` and `day()` read.
    enum Field { case year, month, day }

    /// A switch rather than a key path: reading through a key path costs a runtime metadata
    /// lookup on every call.
    subscript(field: Field) -> Int64 {
        switch field {
        case .year: return year
        case .month: return month
        case .day: return day
        }
    }
}

/// The time zone calendar functions use (specification §5.3): UTC unless the caller sets another.
public struct CalendarZone: Sendable {
    /// The zone, or nil for UTC (which needs no lookups).
    public let timeZone: TimeZone?

    public static let utc = CalendarZone(timeZone: nil)

    public init(timeZone: TimeZone?) {
        self.timeZone = timeZone.flatMap { $0.identifier == "UTC" || $0.identifier == "GMT" ? nil : $0 }
    }

    /// A zone by IANA name (`Europe/Paris`) or `UTC`; nil when unknown.
    public init?(identifier: String) {
        if identifier.uppercased() == "UTC" || identifier.uppercased() == "Z" {
            self = .utc
            return
        }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(timeZone: zone)
    }

    public var identifier: String { timeZone?.identifier ?? "UTC" }

    /// The zone's offset from UTC at `instant`, in milliseconds.
    func offset(at instant: Int64) -> Int64 {
        guard let timeZone else { return 0 }
        let date = Date(timeIntervalSince1970: Double(instant) / 1000)
        return Int64(timeZone.secondsFromGMT(for: date)) * 1000
    }

    func local(_ instant: Instant) -> LocalDateTime {
        let shifted = instant.milliseconds + offset(at: instant.milliseconds)
        let (days, timeOfDay) = shifted.floorDivided(by: 86_400_000)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        return LocalDateTime(year: year, month: month, day: day, timeOfDay: timeOfDay)
    }

    /// The instant of a local wall-clock time (month and day may be out of range and are
    /// normalised, as in `date(2023, 13, 1)`); nil when out of range.
    func instant(year: Int64, month: Int64, day: Int64, timeOfDay: Int64 = 0) -> Instant? {
        let (extraYears, monthIndex) = (month - 1).floorDivided(by: 12)
        let normalizedYear = year.addingReportingOverflow(extraYears)
        guard !normalizedYear.overflow, abs(normalizedYear.partialValue) < 400_000 else { return nil }
        let days = CivilCalendar.days(fromCivil: normalizedYear.partialValue, monthIndex + 1, 1) + (day - 1)
        let local = Double(days) * 86_400_000 + Double(timeOfDay)
        guard abs(local) <= Instant.limit + 86_400_000 * 2 else { return nil }
        let localMs = Int64(local)
        // Resolve the offset at the target instant (twice, to settle across DST changes).
        var utc = localMs - offset(at: localMs)
        utc = localMs - offset(at: utc)
        return Instant(milliseconds: Double(utc))
    }
}

extension Instant {
    /// Parses an ISO-8601 date or date-time; a time without an offset is UTC.
    public init?(iso8601 text: String) {
        guard let instant = DateParsing.parse(text, zone: .utc) else { return nil }
        self = instant
    }
}
