import JoyfillJSON

extension SourceSpan {
    /// `{"start":4,"end":5,"line":1,"column":5}`: byte offsets, 1-based line and column.
    public func json(in source: String) -> String {
        var output = JSONBytes(capacity: 64)
        write(to: &output, in: source)
        return output.text
    }

    /// Appends ``json(in:)``.
    public func write(to output: inout JSONBytes, in source: String) {
        let location = SourceLocation(offset: start, in: source)
        output.raw("{\"start\":")
        output.integer(start)
        output.raw(",\"end\":")
        output.integer(end)
        output.raw(",\"line\":")
        output.integer(location.line)
        output.raw(",\"column\":")
        output.integer(location.column)
        output.raw("}")
    }
}

extension Diagnostic {
    /// The error object of the `jf` JSON contract:
    /// `{"kind":…,"code":…,"message":…,"span":{…}}`, plus `notes` and `fix` when present.
    public func json(in source: String) -> String {
        var output = JSONBytes(capacity: 256)
        write(to: &output, in: source)
        return output.text
    }

    /// Appends ``json(in:)``.
    public func write(to output: inout JSONBytes, in source: String) {
        output.raw("{\"kind\":\"")
        output.raw(kind.rawValue)
        output.raw("\",\"code\":")
        output.string(identifier)
        output.raw(",\"message\":")
        output.string(message)
        output.raw(",\"span\":")
        span.write(to: &output, in: source)
        if !notes.isEmpty {
            output.raw(",\"notes\":[")
            for (index, note) in notes.enumerated() {
                if index > 0 { output.raw(",") }
                output.string(note)
            }
            output.raw("]")
        }
        if let fix {
            output.raw(",\"fix\":{\"message\":")
            output.string(fix.message)
            output.raw(",\"safe\":")
            output.bool(fix.isSafe)
            output.raw(",\"edits\":[")
            for (index, edit) in fix.edits.enumerated() {
                if index > 0 { output.raw(",") }
                output.raw("{\"start\":")
                output.integer(edit.span.start)
                output.raw(",\"end\":")
                output.integer(edit.span.end)
                output.raw(",\"replacement\":")
                output.string(edit.replacement)
                output.raw("}")
            }
            output.raw("]}")
        }
        output.raw("}")
    }
}
