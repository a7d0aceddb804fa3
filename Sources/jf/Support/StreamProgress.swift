import Foundation

/// How far a stream is, on standard error when it is a terminal (a person watching, not a
/// pipeline's log): the lines answered, drawn at most ten times a second and taken off the
/// screen before anything else is written there.
final class StreamProgress {
    private var lastDrawn = Date.distantPast
    private var drawn = false

    /// Nil when standard error is no terminal.
    init?() {
        guard Terminal.standardError.isTerminal else { return nil }
    }

    func update(_ lines: Int) {
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) > 0.1 else { return }
        lastDrawn = now
        drawn = true
        Terminal.standardError.write("\r\(lines) line\(lines == 1 ? "" : "s") answered…")
    }

    /// Takes the line off the screen (before a message, and at the end).
    func clear() {
        guard drawn else { return }
        Terminal.standardError.write("\r" + String(repeating: " ", count: 40) + "\r")
        drawn = false
    }
}
