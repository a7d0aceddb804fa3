import JoyfillEngine
import JoyfillModel
import JoyfillSchema

/// The warning of the commands that go on when the SDKs would refuse a document at load
/// (`jf apply`, `jf run`): one line naming the first problem; `jf lint` and `jf validate`
/// report each.
enum SchemaWarning {
    /// `jf: warning: PATH:LINE:COLUMN: the Joyfill SDKs would not load this document: …`, or
    /// nil when they would; with `structure` false, only for its version.
    static func line(_ path: String, _ document: JoyDoc, structure: Bool = true) -> String? {
        guard let first = SchemaCheck.check(document.json, limit: 1, structure: structure).first else { return nil }
        let place = first.span.map { span -> String in
            let location = LineIndex(Array(document.bytes)).location(span.lowerBound, span.upperBound)
            return ":\(location.line):\(location.column)"
        } ?? ""
        let pointer = first.pointer.isEmpty ? "" : " (\(first.pointer))"
        return "jf: warning: \(path)\(place): the Joyfill SDKs would not load this document: \(first.message)\(pointer); "
            + "jf lint \(path) shows every problem\n"
    }
}
