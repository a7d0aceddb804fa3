import Foundation
import JoyfillJSON

/// A document's report, made on a worker thread: text for people, or one JSON value.
enum Report: Sendable {
    case text(String)
    case json(EncodedJSON)

    /// A report that says nothing.
    static let none = Report.text("")

    /// A JSON report of `value`.
    static func json(_ value: JSONValue) -> Report {
        var json = JSONWriter()
        json.value(value)
        return .json(json.encoded)
    }
}

/// The reports of a batch of documents on standard output, written as each document is done:
/// one after another, or with `json`, the items of `{"documents":[…]}`, one a line. On a
/// terminal each report is flushed at once; elsewhere they are buffered.
struct ReportStream {
    private let output = Terminal.standardOutput
    private let json: Bool
    private let interactive: Bool
    /// The JSON document around the reports, written as they come.
    private var list = JSONWriter()
    /// How many reports were written.
    private(set) var count = 0

    init(json: Bool) {
        self.json = json
        interactive = output.isTerminal
        if json {
            list.beginObject()
            list.key("documents")
            list.beginArray()
        }
    }

    mutating func write(_ report: Report) {
        switch report {
        case .text(let text):
            output.write(text)
        case .json(let value):
            list.lineBreak()
            list.value(value, flushingTo: { output.write(bytes: $0) })
        }
        count += 1
        if interactive { output.flush() }
    }

    /// Closes the JSON list (an empty one when there were no reports) and flushes.
    mutating func finish() {
        if json {
            list.endArray()
            list.endObject()
            output.write(list.flush() + "\n")
        }
        output.flush()
    }
}
