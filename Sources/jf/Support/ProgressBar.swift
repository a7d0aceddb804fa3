import Foundation

/// A progress bar on standard error (a terminal), for a run of many documents whose reports go
/// elsewhere: drawn at most ten times a second, by the thread that writes the reports.
final class ProgressBar {
    private let total: Int
    private var lastDrawn = Date.distantPast
    private var drawn = false

    init?(total: Int) {
        guard total >= 20, Terminal.standardError.isTerminal else { return nil }
        self.total = total
    }

    func update(_ done: Int) {
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) > 0.1 || done == total else { return }
        lastDrawn = now
        drawn = true
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Terminal.standardError.write("\r[\(bar)] \(done)/\(total)")
    }

    /// Takes the bar off the screen (before a message, and at the end); the next update draws it again.
    func clear() {
        guard drawn else { return }
        Terminal.standardError.write("\r" + String(repeating: " ", count: 50) + "\r")
        drawn = false
        lastDrawn = .distantPast
    }
}
