/// Reading dates from text: the ISO-8601 forms date functions accept (specification §5.3).
///
/// Accepted: `YYYY-MM-DD` (local midnight in the calendar zone) and
/// `YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM|±HH]` (a time without an offset is
/// local time in the calendar zone). Anything else is not a date.
enum DateParsing {
    static func parse(_ text: String, zone: CalendarZone) -> Instant? {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, first == 0x20 || (first >= 0x09 && first <= 0x0D) { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || (last >= 0x09 && last <= 0x0D) { bytes = bytes.dropLast() }
        var reader = ByteReader(bytes: Array(bytes))
        guard let year = reader.digits(exactly: 4), reader.consume(UInt8(ascii: "-")),
              let month = reader.digits(exactly: 2), reader.consume(UInt8(ascii: "-")),
              let day = reader.digits(exactly: 2),
              (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(year, month)
        else { return nil }
        if reader.atEnd {
            return zone.instant(year: year, month: month, day: day)
        }
        guard reader.consume(UInt8(ascii: "T")) || reader.consume(UInt8(ascii: "t")),
              let hour = reader.digits(exactly: 2), reader.consume(UInt8(ascii: ":")),
              let minute = reader.digits(exactly: 2), hour <= 23, minute <= 59
        else { return nil }
        var second: Int64 = 0
        var millisecond: Int64 = 0
        if reader.consume(UInt8(ascii: ":")) {
            guard let value = reader.digits(exactly: 2), value <= 59 else { return nil }
            second = value
            if reader.consume(UInt8(ascii: ".")) || reader.consume(UInt8(ascii: ",")) {
                guard let (fraction, count) = reader.fraction() else { return nil }
                millisecond = count >= 3 ? fraction : fraction * (count == 1 ? 100 : 10)
            }
        }
        let timeOfDay = ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
        if reader.atEnd {
            return zone.instant(year: year, month: month, day: day, timeOfDay: timeOfDay)
        }
        var offset: Int64 = 0
        if reader.consume(UInt8(ascii: "Z")) || reader.consume(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.digits(exactly: 2), hours <= 23 else { return nil }
            var minutes: Int64 = 0
            if !reader.atEnd {
                _ = reader.consume(UInt8(ascii: ":"))
                guard let value = reader.digits(exactly: 2), value <= 59 else { return nil }
                minutes = value
            }
            offset = sign * (hours * 60 + minutes) * 60_000
        } else {
            return nil
        }
        guard reader.atEnd,
              let utcMidnight = CalendarZone.utc.instant(year: year, month: month, day: day, timeOfDay: timeOfDay)
        else { return nil }
        return Instant(milliseconds: Double(utcMidnight.milliseconds - offset))
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func digits(exactly count: Int) -> Int64? {
        guard index + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += count
        return value
    }

    /// Up to three significant fraction digits (more are read and ignored).
    mutating func fraction() -> (Int64, Int)? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            if count < 3 { value = value * 10 + Int64(bytes[index] - 0x30) }
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }

    mutating func sign() -> Int64? {
        if consume(UInt8(ascii: "+")) { return 1 }
        if consume(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
