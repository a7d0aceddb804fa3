import JoyfillFormulas
import JoyfillJSON

extension Finding {
    /// The finding's members in the `jf` JSON contract (docs/cli.md), written into the object
    /// `output` has open: `severity`, `code`, `kind`, `field` and `formula` (null when there
    /// is none), `message`, then `cycle`, `span` (in the expression), `location` (in the
    /// file), `pointer` (in the document), `notes` and `fix` when the finding has them.
    ///
    /// The members, not the object, so that a stream can put the members that name its
    /// document before them (`jf run --jsonl`).
    public func writeMembers(to output: inout JSONWriter) {
        output.key("severity"); output.string(severity.rawValue)
        output.key("code"); output.string(code.name)
        output.key("kind"); output.string(kind.rawValue)
        output.key("field"); output.optionalString(field)
        output.key("formula"); output.optionalString(formula)
        output.key("message"); output.string(message)
        if let cycle { output.key("cycle"); output.strings(cycle) }
        if let span, let expression { output.key("span"); span.write(to: &output, in: expression) }
        if range != nil { output.key("location"); location.write(to: &output) }
        if let pointer { output.key("pointer"); output.string(pointer) }
        if !notes.isEmpty { output.key("notes"); output.strings(notes) }
        if let fix { output.key("fix"); fix.write(to: &output) }
    }

    /// The finding as one JSON object (``writeMembers(to:)``).
    public func write(to output: inout JSONWriter) {
        output.beginObject()
        writeMembers(to: &output)
        output.endObject()
    }
}

extension FileLocation {
    /// `{"line":…,"column":…,"endLine":…,"endColumn":…}`.
    public func write(to output: inout JSONWriter) {
        output.beginObject()
        output.key("line"); output.integer(line)
        output.key("column"); output.integer(column)
        output.key("endLine"); output.integer(endLine)
        output.key("endColumn"); output.integer(endColumn)
        output.endObject()
    }
}
