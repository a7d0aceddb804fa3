import Foundation
import JoyfillJSON
import JoyfillModel

/// Reading whole inputs: a path, or `-` for standard input.
enum Input {
    /// The input's bytes, as an array (copied in one go from ``source(_:json:)``'s buffer).
    static func read(_ path: String, json: Bool = false) throws(Failure) -> [UInt8] {
        let source = try source(path, json: json)
        return withExtendedLifetime(source) { Array(source.buffer) }
    }

    /// The JSON line that reports a stream line which is not a JoyDoc:
    /// `{"line":N,"_id":…,"identifier":…,"column":C,"field":…,"error":…}`. The line is the
    /// stream's; `_id` and `identifier` are the document's, when the line is a JSON object
    /// that has them (under Spark a line number counts within a partition, so it cannot find
    /// the document alone); the column counts characters within the line (a JSON line has no
    /// line breaks of its own); `column` and `field` appear when the reader knows them.
    static func unreadableLine(_ number: Int, _ error: DocumentError, text: ArraySlice<UInt8>) -> String {
        // A line that is JSON but no JoyDoc may still name itself.
        let json = error.isNotJoyDoc ? try? JSONReader.read(Array(text)) : nil
        var members = streamHead(number, document: json)
        if let column = error.column { members.append(JSONMember("column", .integer(column))) }
        if let field = error.field { members.append(JSONMember("field", .string(field))) }
        members.append(JSONMember("error", .string(error.message)))
        return JSONValue.object(members).text
    }

    /// The members that name a document of a stream in what is said of it: `"line":N`, then
    /// the document's `_id` and `identifier` when it has them as strings.
    static func streamHead(_ number: Int, document: JSONValue?) -> [JSONMember] {
        var members = [JSONMember("line", .integer(number))]
        for key in ["_id", "identifier"] {
            if let value = document?[key], value.stringValue != nil { members.append(JSONMember(key, value)) }
        }
        return members
    }

    /// Whether a line of a stream holds nothing but spaces and tabs.
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The input's bytes: the file at `path`, or standard input for `-`, at most
    /// ``SourceBytes/maximumSize``. Every reader of a whole input comes here, so each failure
    /// (a closed standard input, a directory, a loop of links, an endless stream) is a usage
    /// error naming the input, never a crash. `json` says the input must be JSON text: one
    /// whose first byte that is not blank can start no JSON value (`/dev/zero`) is read only as
    /// far as shows it, and fails to read as JSON there
    /// (``SourceBytes/reading(descriptor:limit:json:)``).
    static func source(_ path: String, json: Bool = false) throws(Failure) -> SourceBytes {
        do {
            return path == "-" ? try SourceBytes.reading(descriptor: STDIN_FILENO, json: json) : try SourceBytes.reading(path, json: json)
        } catch {
            throw .usage(describe(error, reading: path))
        }
    }

    /// What went wrong reading `path` (`-`: standard input), in the words `cannot write` uses:
    /// "cannot read a.json: Permission denied", "forms: is a directory, not a file".
    static func describe(_ error: FileReadError, reading path: String) -> String {
        let name = path == "-" ? "standard input" : path
        if error.code == EISDIR { return "\(name): is a directory, not a file" }
        return "cannot read \(name): \(error)"
    }
}
