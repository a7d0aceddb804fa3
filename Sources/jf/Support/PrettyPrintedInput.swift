import Foundation
import JoyfillModel

/// Recognises a pretty-printed document piped into a stream (`jf run --jsonl < doc.json`):
/// its first line is a JSON value cut short at the line break. Instead of an error for every
/// line, the stream then says once what is wrong and how to mend it, and counts the lines
/// that are not JoyDocs rather than reporting each. Lines are given in input order.
struct PrettyPrintedInput {
    private(set) var isDetected = false
    private var unreported = 0

    /// Takes line `number`'s reading error, if any; returns whether it should be left out of
    /// the report because the hint covers it.
    mutating func leavesOut(line number: Int, _ error: DocumentError?) -> Bool {
        guard let error else { return false }
        if number == 1 && error.message.hasPrefix("invalid JSON") && error.message.hasSuffix("end of input") {
            isDetected = true
            Terminal.standardError.write("""
                jf: error: line 1 is the start of a JSON document, not a whole one: --jsonl reads one JoyDoc a line. \
                Compact a pretty-printed document first, e.g. jq -c . doc.json | jf run --jsonl (or give the file: jf run doc.json)

                """)
            return true
        }
        guard isDetected else { return false }
        unreported += 1
        return true
    }

    /// The closing note, when lines were left out.
    func finish() {
        guard unreported > 0 else { return }
        Terminal.standardError.write("jf: error: \(unreported) more line\(unreported == 1 ? " was" : "s were") not a JoyDoc (not reported one by one)\n")
    }
}
