import Foundation

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
