import ArgumentParser
import Foundation
import JoyfillJSON
import JoyfillSession

/// The `--set FIELD=VALUE` and `--set-file FILE` changes of `run` and `eval`.
///
/// `--set-file` exists so that a value of any size, and any number of them, need not pass
/// through the command line, whose length the system limits (`E2BIG`): the Python API sends
/// its `set=` that way.
struct FieldChanges: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Change a field (or a cell: items.0.qty=5) first, then recompute only its dependents; VALUE is JSON (quote strings: name='\"Ada\"').",
        valueName: "FIELD=VALUE"))
    var changes: [String] = []

    @Option(name: .customLong("set-file"), help: ArgumentHelp(
        "Read changes from FILE: a JSON object whose members are FIELD: VALUE, applied in order before any --set.",
        valueName: "FILE"), completion: .file(extensions: ["json"]))
    var file: String?

    /// Whether any change is given.
    var isEmpty: Bool { changes.isEmpty && file == nil }

    func validate() throws {
        if file == "-" { throw ValidationError("--set-file takes a file (standard input is the documents' or the formula's)") }
    }

    /// Each change as a field id or cell path (``DocumentSession/fieldChanges(_:)``) and its new
    /// JSON value: `--set-file`'s members, then the `--set` ones. A usage error names the
    /// change that is not `FIELD=JSON`, or the file's line and column.
    func parsed() throws(Failure) -> [(path: String, value: JSONValue)] {
        var result: [(path: String, value: JSONValue)] = []
        if let file {
            let object: JSONValue
            do {
                object = try JSONReader.read(try Input.source(file, json: true))
            } catch let error as JSONError {
                throw .usage("\(file): invalid JSON: \(error)")
            } catch let failure as Failure {
                throw failure
            } catch {
                throw .usage("\(file): \(error)")
            }
            guard let members = object.members else {
                throw .usage("\(file): --set-file takes a JSON object of FIELD: VALUE members, e.g. {\"qty\": 5}")
            }
            for member in members { result.append((member.key, member.value)) }
        }
        for change in changes {
            guard let equals = change.firstIndex(of: "="), equals != change.startIndex else {
                throw .usage("--set \(change): expected FIELD=VALUE, e.g. --set qty=5")
            }
            let field = String(change[..<equals])
            let text = String(change[change.index(after: equals)...])
            do {
                result.append((field, try JSONReader.read(text)))
            } catch {
                throw .usage("--set \(change): the value must be JSON (\(error.message)); quote text: \(field)='\"\(text)\"'")
            }
        }
        return result
    }
}
