/// NOW, DATE, YEAR, MONTH, DAY, DATEADD, DATESUBTRACT, TIMESTAMP.
///
/// Numbers are epoch milliseconds and text must be ISO-8601 (specification §5.3); calendar fields
/// are read in the evaluation's calendar zone, UTC by default (§5.3).
enum DateFunctions {
    static let dateLike: ValueTypes = [.date, .number, .string, .null]

    static let all: [FunctionDefinition] = [now, date] + dateParts + dateShifts + [timestamp]

    private static let now = FunctionDefinition(FunctionSignature(
        "now", [], returns: .date, category: .date,
        summary: "The current date and time.",
        details: ["Fixed for the whole evaluation; `jf eval --now` sets it."],
        examples: [.init("now() > date(2020, 1, 1)", "true")],
        portability: .all
    )) { args throws(Diagnostic) in .date(args.now) }

    private static let date = FunctionDefinition(FunctionSignature(
        "date", [Parameter("year", .number), Parameter("month", .number), Parameter("day", .number)],
        returns: .date, category: .date,
        summary: "The date at midnight of a year, month (1–12) and day.",
        details: ["Out-of-range months and days roll over: `date(2023, 13, 1)` is 2024-01-01, `date(2023, 5, 0)` is 2023-04-30.",
                  "Arguments are truncated to whole numbers."],
        examples: [.init("date(2023, 5, 15)", "2023-05-15T00:00:00.000Z"), .init("date(2023, 13, 1)", "2024-01-01T00:00:00.000Z")],
        portability: .all
    )) { args throws(Diagnostic) in
        let year = try args.integer(0, "the year")
        let month = try args.integer(1, "the month")
        let day = try args.integer(2, "the day")
        guard abs(month) < 10_000_000, abs(day) < 1_000_000_000,
              let instant = args.zone.instant(year: Int64(year), month: Int64(month), day: Int64(day))
        else { throw args.error(.arguments, "date(\(year), \(month), \(day)) is out of range") }
        return .date(instant)
    }

    private static let dateParts: [FunctionDefinition] = [("year", LocalDateTime.Field.year, "2023"), ("month", .month, "5"),
                                                          ("day", .day, "15")].map { (name, field, example) -> FunctionDefinition in
        FunctionDefinition(FunctionSignature(
            name, [Parameter("date", dateLike)], returns: [.number, .null], category: .date,
            summary: "The \(name) of a date\(name == "month" ? " (1–12)" : "").",
            details: ["Accepts a date, epoch milliseconds or ISO-8601 text; null gives null."],
            examples: [.init("\(name)(date(2023, 5, 15))", example), .init("\(name)(\"2023-05-15\")", example),
                       .init("\(name)(null)", "null")],
            portability: .all
        )) { args throws(Diagnostic) in
            guard let instant = try date(args, 0) else { return .null }
            return .number(Double(args.zone.local(instant)[field]))
        }
    }

    private static let unitParameter = Parameter("unit", .string, choices: Unit.names.map(\.name), describedAs: Unit.summary)

    private static let dateShifts: [FunctionDefinition] = [("dateAdd", Int64(1)), ("dateSubtract", Int64(-1))].map {
        (name, sign) -> FunctionDefinition in
        let verb = sign > 0 ? "Adds" : "Subtracts"
        return FunctionDefinition(FunctionSignature(
            name, [Parameter("date", dateLike), Parameter("amount", .number), unitParameter],
            returns: [.date, .null], category: .date,
            summary: "\(verb) an amount of a unit to a date.",
            details: ["Units: years (year, y), months (month, m), weeks (week, w), days (day, d), hours (hour, h),",
                      "minutes (minute, min), seconds (second, sec, s), milliseconds (millisecond, ms); any letter case.",
                      "The amount is truncated to a whole number. Adding months keeps the day when it exists and",
                      "otherwise uses the month's last day (Jan 31 + 1 month = Feb 28). A null date gives null.",
                      "An unknown unit is an `arguments` error, whatever the date."],
            examples: sign > 0
                ? [.init("dateAdd(date(2023, 1, 1), 3, \"years\")", "2026-01-01T00:00:00.000Z"),
                   .init("dateAdd(date(2023, 1, 31), 1, \"months\")", "2023-02-28T00:00:00.000Z"),
                   .init("dateAdd(date(2023, 1, 1), 1500, \"ms\")", "2023-01-01T00:00:01.500Z"),
                   .init("dateAdd(date(2023, 1, 1), 1, \"fortnights\")", "error: arguments")]
                : [.init("dateSubtract(date(2023, 1, 1), 3, \"years\")", "2020-01-01T00:00:00.000Z"),
                   .init("dateSubtract(date(2023, 3, 1), 1, \"d\")", "2023-02-28T00:00:00.000Z")],
            portability: .all
        )) { args throws(Diagnostic) in
            // The unit first: an unknown one is the formula's mistake whatever the date, as
            // the checker's `invalid-argument` says before anything runs.
            guard let unit = Unit(args.text(2)) else {
                let (message, note, closest) = unitParameter.unknownChoice(args.text(2))
                throw args.error(.arguments, message, at: 2, notes: closest.map { ["did you mean \"\($0)\"?", note] } ?? [note])
            }
            guard let instant = try date(args, 0) else { return .null }
            let amount = Int64(try args.integer(1, "the amount")) * sign
            guard let result = add(amount, unit, to: instant, zone: args.zone) else {
                throw args.error(.arguments, "the result of \(name)() is out of the range of dates")
            }
            return .date(result)
        }
    }

    private static let timestamp = FunctionDefinition(FunctionSignature(
        "timestamp", [Parameter("milliseconds", .number)], returns: .date, category: .date,
        summary: "The date at a number of milliseconds since 1970-01-01T00:00:00Z.",
        examples: [.init("timestamp(1704067200000)", "2024-01-01T00:00:00.000Z")],
        portability: .swift
    )) { args throws(Diagnostic) in
        guard let instant = Instant(milliseconds: args.number(0)) else {
            throw args.error(.arguments, "\(NumberText.format(args.number(0))) ms is out of the range of dates", at: 0)
        }
        return .date(instant)
    }

    /// A date argument: a date, epoch milliseconds, or ISO-8601 text; nil for null.
    static func date(_ args: Arguments, _ position: Int) throws(Diagnostic) -> Instant? {
        switch args[position] {
        case .date(let instant): return instant
        case .null: return nil
        case .number(let number):
            guard let instant = Instant(milliseconds: number) else {
                throw args.error(.arguments, "\(NumberText.format(number)) ms is out of the range of dates", at: position)
            }
            return instant
        case .string(let text):
            if let number = Double(text.trimmedOfWhitespace()), let instant = Instant(milliseconds: number) {
                return instant
            }
            if let instant = DateParsing.parse(text, zone: args.zone) { return instant }
            throw args.error(.type, "\(args.signature.name)() cannot read \(Describe.value(args[position])) as a date", at: position,
                             notes: ["dates in text are ISO-8601: 2024-01-31 or 2024-01-31T09:30:00Z"])
        default:
            preconditionFailure("signature admits only date-like values")
        }
    }

    enum Unit {
        case years, months, weeks, days, hours, minutes, seconds, milliseconds

        /// The units, as errors list them.
        static let summary = "years, months, weeks, days, hours, minutes, seconds, milliseconds (or y, m, w, d, h, min, s, ms)"

        /// Every name of a unit (in lower case; any letter case is accepted).
        static let names: [(name: String, unit: Unit)] = [
            ("years", .years), ("year", .years), ("y", .years), ("months", .months), ("month", .months), ("m", .months),
            ("weeks", .weeks), ("week", .weeks), ("w", .weeks), ("days", .days), ("day", .days), ("d", .days),
            ("hours", .hours), ("hour", .hours), ("h", .hours), ("minutes", .minutes), ("minute", .minutes), ("min", .minutes),
            ("seconds", .seconds), ("second", .seconds), ("sec", .seconds), ("s", .seconds),
            ("milliseconds", .milliseconds), ("millisecond", .milliseconds), ("ms", .milliseconds),
        ]

        init?(_ text: String) {
            let lowered = text.lowercased()
            guard let found = Unit.names.first(where: { $0.name == lowered }) else { return nil }
            self = found.unit
        }
    }

    /// Calendar units move the local wall-clock date; time units move the instant.
    static func add(_ amount: Int64, _ unit: Unit, to instant: Instant, zone: CalendarZone) -> Instant? {
        func shifted(by milliseconds: Int64) -> Instant? {
            let (product, overflow) = amount.multipliedReportingOverflow(by: milliseconds)
            guard !overflow else { return nil }
            return Instant(milliseconds: Double(instant.milliseconds) + Double(product))
        }
        switch unit {
        case .hours: return shifted(by: 3_600_000)
        case .minutes: return shifted(by: 60_000)
        case .seconds: return shifted(by: 1000)
        case .milliseconds: return shifted(by: 1)
        case .years, .months:
            guard abs(amount) < 10_000_000 else { return nil }
            let local = zone.local(instant)
            let months = local.year * 12 + (local.month - 1) + amount * (unit == .years ? 12 : 1)
            let (year, monthIndex) = months.floorDivided(by: 12)
            let day = min(local.day, CivilCalendar.daysInMonth(year, monthIndex + 1))
            return zone.instant(year: year, month: monthIndex + 1, day: day, timeOfDay: local.timeOfDay)
        case .weeks, .days:
            guard abs(amount) < 1_000_000_000 else { return nil }
            let local = zone.local(instant)
            return zone.instant(year: local.year, month: local.month, day: local.day + amount * (unit == .weeks ? 7 : 1),
                                timeOfDay: local.timeOfDay)
        }
    }
}
