import Foundation

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
