import JoyfillJSON

extension SourceSpan {
    /// Writes `{"start":4,"end":5,"line":1,"column":5}`: byte offsets, 1-based line and column.
    public func write(to output: inout JSONWriter, in source: String) {
        let location = SourceLocation(offset: start, in: source)
        output.beginObject()
        output.key("start"); output.integer(start)
        output.key("end"); output.integer(end)
        output.key("line"); output.integer(location.line)
        output.key("column"); output.integer(location.column)
        output.endObject()
    }
}

extension Fix {
    /// Writes `{"message":…,"safe":…,"edits":[{"start":…,"end":…,"replacement":…}]}`, offsets
    /// in the formula.
    public func write(to output: inout JSONWriter) {
        output.beginObject()
        output.key("message"); output.string(message)
        output.key("safe"); output.bool(isSafe)
        output.key("edits")
        output.beginArray()
        for edit in edits {
            output.beginObject()
            output.key("start"); output.integer(edit.span.start)
            output.key("end"); output.integer(edit.span.end)
            output.key("replacement"); output.string(edit.replacement)
            output.endObject()
        }
        output.endArray()
        output.endObject()
    }
}

extension Diagnostic {
    /// The error object of the `jf` JSON contract:
    /// `{"kind":…,"code":…,"message":…,"span":{…}}`, plus `notes` and `fix` when present.
    public func json(in source: String) -> String {
        var output = JSONWriter(capacity: 256)
        write(to: &output, in: source)
        return output.text
    }

    /// Writes ``json(in:)`` as the next value of `output`.
    public func write(to output: inout JSONWriter, in source: String) {
        output.beginObject()
        writeMembers(to: &output, in: source)
        output.endObject()
    }

    /// Writes the members of ``json(in:)`` into the object `output` has open, so that a caller
    /// can add its own around them (the playground of `jf serve` puts `severity` first).
    public func writeMembers(to output: inout JSONWriter, in source: String) {
        output.key("kind"); output.string(kind.rawValue)
        output.key("code"); output.string(identifier.name)
        output.key("message"); output.string(message)
        output.key("span"); span.write(to: &output, in: source)
        if !notes.isEmpty {
            output.key("notes")
            output.strings(notes)
        }
        if let fix {
            output.key("fix"); fix.write(to: &output)
        }
    }
}
