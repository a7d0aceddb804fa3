import JoyfillJSON
extension SourceSpan {
    /// `{"start":4,"end":5,"line":1,"column":5}`: byte offsets, 1-based line and column.
    public func json(in source: String) -> String {
        let location = SourceLocation(offset: start, in: source)
        return "{\"start\":\(start),\"end\":\(end),\"line\":\(location.line),\"column\":\(location.column)}"
    }
}

extension Diagnostic {
    /// The error object of the `jf` JSON contract:
    /// `{"kind":…,"message":…,"span":{…}}`, plus `notes` and `fix` when present.
    public func json(in source: String) -> String {
        var output = "{\"kind\":\"\(kind.rawValue)\","
        if let code { output += "\"code\":\"\(code)\"," }
        output += "\"message\":"
        JSONText.appendString(message, to: &output)
        output += ",\"span\":" + span.json(in: source)
        if !notes.isEmpty {
            output += ",\"notes\":[" + notes.map(JSONText.string).joined(separator: ",") + "]"
        }
        if let fix {
            output += ",\"fix\":{\"message\":" + JSONText.string(fix.message) + ",\"safe\":\(fix.isSafe),\"edits\":["
            output += fix.edits.map { edit in
                "{\"start\":\(edit.span.start),\"end\":\(edit.span.end),\"replacement\":" + JSONText.string(edit.replacement) + "}"
            }.joined(separator: ",")
            output += "]}"
        }
        return output + "}"
    }
}
