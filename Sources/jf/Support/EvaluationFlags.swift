import ArgumentParser
import Foundation
import JoyfillFormulas

/// The options that set up evaluation, shared by `eval`, `run` and `repl`.
struct EvaluationFlags: ParsableArguments {
    @Option(help: ArgumentHelp("The calendar time zone of date functions: an IANA name such as Europe/Paris.", valueName: "ZONE"))
    var tz: String = "UTC"

    @Option(help: ArgumentHelp("The instant now() returns, in ISO-8601 (default: the current time).", valueName: "ISO8601"))
    var now: String?

    @Option(help: ArgumentHelp("Stop an evaluation after this many steps.", valueName: "N"))
    var maxSteps: Int = EvaluationOptions().maxSteps

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if maxSteps < 1 { throw ValidationError("--max-steps must be at least 1") }
    }

    /// The evaluation options the flags describe.
    func options() throws(Failure) -> EvaluationOptions {
        guard let zone = CalendarZone(identifier: tz) else {
            throw .usage("--tz: unknown time zone '\(tz)' (use an IANA name such as Europe/Paris, or UTC)")
        }
        var options = EvaluationOptions(zone: zone, maxSteps: maxSteps)
        if let now {
            guard let instant = Instant(iso8601: now) else {
                throw .usage("--now: '\(now)' is not an ISO-8601 date-time (e.g. 2024-06-01T12:00:00Z)")
            }
            options.now = instant
        }
        return options
    }
}
