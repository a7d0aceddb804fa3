import Foundation

/// The reports of a batch of documents on standard output, written as each document is done:
/// one after another, or with `json`, the items of `{"documents":[…]}`. On a terminal each
/// report is flushed at once; elsewhere they are buffered.
struct ReportStream {
    private let output = Terminal.standardOutput
    private let json: Bool
    private let interactive: Bool
    /// How many reports were written.
    private(set) var count = 0

    init(json: Bool) {
        self.json = json
        interactive = output.isTerminal
    }

    mutating func write(_ report: String) {
        if json { output.write(count == 0 ? "{\"documents\":[" : ",\n") }
        output.write(report)
        count += 1
        if interactive { output.flush() }
    }

    /// Closes the JSON list (an empty one when there were no reports) and flushes.
    func finish() {
        if json { output.write(count == 0 ? "{\"documents\":[]}\n" : "]}\n") }
        output.flush()
    }
}
