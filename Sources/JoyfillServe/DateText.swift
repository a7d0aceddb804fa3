import Foundation
import JoyfillFormulas

/// Dates as a form shows them: a date field's value (milliseconds since 1970, UTC) in its
/// `format` (`MM/DD/YYYY`, `YYYY-MM-DD hh:mma` …), in the zone its times are read in, and in
/// the text a browser's date picker takes.
enum DateText {
    static let defaultFormat = "MM/DD/YYYY"

    /// The zone a date is shown and typed in. A date without a time is the UTC day, as the
    /// formulas read it; a time is in the field's `tz`, else in the browser's zone (which only
    /// the page knows: it writes those itself).
    enum Zone: Equatable {
        case utc
        case named(String)
        case browser

        init(format: String, tz: String?) {
            if !DateText.hasTime(format) {
                self = .utc
            } else if let tz, TimeZone(identifier: tz) != nil {
                self = .named(tz)
            } else {
                self = .browser
            }
        }

        /// What the page's `data-zone` holds: `UTC`, the zone's name, or nothing (the browser's).
        var attribute: String {
            switch self {
            case .utc: "UTC"
            case .named(let name): name
            case .browser: ""
            }
        }

        /// `milliseconds` moved by the zone's offset at that instant, so that its UTC civil
        /// date and time are the zone's; nil for the browser's zone.
        func local(_ milliseconds: Double) -> Double? {
            switch self {
            case .utc: return milliseconds
            case .named(let name):
                let offset = TimeZone(identifier: name)?.secondsFromGMT(for: Date(timeIntervalSince1970: milliseconds / 1000)) ?? 0
                return milliseconds + Double(offset) * 1000
            case .browser: return nil
            }
        }
    }

    /// The hint beside a date input: the format to type, and for a time, the zone it is in
    /// (the page adds the browser's zone's name).
    static func hint(format: String, zone: Zone, tz: String?) -> String {
        switch zone {
        case .utc: return format
        case .named(let name): return "\(format), time in \(name)"
        case .browser:
            let unknown = tz.map { $0.isEmpty ? "" : " (the field's zone '\($0)' is unknown)" } ?? ""
            return "\(format), your time\(unknown)"
        }
    }

    /// Whether the format shows a time (hours), so that the input takes one too.
    static func hasTime(_ format: String) -> Bool {
        format.contains("h") || format.contains("H")
    }

    /// The civil date and time of `milliseconds` in UTC.
    static func components(_ milliseconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let seconds = Int((milliseconds / 1000).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.civil(fromDays: Int64(days))
        return (Int(year), Int(month), Int(day), time / 3600, time % 3600 / 60, time % 60)
    }

    /// `2024-11-22` or `2024-11-22T10:30`: what a date or datetime-local input holds.
    static func inputValue(_ milliseconds: Double, withTime: Bool) -> String {
        guard milliseconds.isFinite, abs(milliseconds) < 8.64e15 else { return "" }
        let c = components(milliseconds)
        let date = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
        return withTime ? date + "T\(pad(c.hour, 2)):\(pad(c.minute, 2))" : date
    }

    /// `milliseconds` in `format`'s tokens: `YYYY`, `YY`, `MMMM`, `MMM`, `MM`, `M`, `DD`, `D`,
    /// `HH`, `H`, `hh`, `h`, `mm`, `ss`, `a`, `A`; other characters as they are.
    static func format(_ milliseconds: Double, as format: String) -> String {
        guard milliseconds.isFinite, abs(milliseconds) < 8.64e15 else { return "" }
        let c = components(milliseconds)
        let hour12 = c.hour % 12 == 0 ? 12 : c.hour % 12
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                      "November", "December"]
        let tokens: [(String, String)] = [
            ("YYYY", pad(c.year, 4)), ("YY", pad(c.year % 100, 2)), ("MMMM", months[c.month - 1]),
            ("MMM", String(months[c.month - 1].prefix(3))), ("MM", pad(c.month, 2)), ("M", String(c.month)),
            ("DD", pad(c.day, 2)), ("D", String(c.day)), ("HH", pad(c.hour, 2)), ("H", String(c.hour)),
            ("hh", pad(hour12, 2)), ("h", String(hour12)), ("mm", pad(c.minute, 2)), ("ss", pad(c.second, 2)),
            ("a", c.hour < 12 ? "am" : "pm"), ("A", c.hour < 12 ? "AM" : "PM"),
        ]
        var output = ""
        var rest = Substring(format)
        scan: while !rest.isEmpty {
            for (token, text) in tokens where rest.hasPrefix(token) {
                output += text
                rest = rest.dropFirst(token.count)
                continue scan
            }
            output.append(rest.removeFirst())
        }
        return output
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
