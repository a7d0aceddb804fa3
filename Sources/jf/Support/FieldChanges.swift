import Foundation
import JoyfillEngine
import JoyfillJSON

/// The `--set FIELD=VALUE` changes of `run` and `eval`.
enum FieldChanges {
    /// Each change as a field id or cell path (``DocumentEngine/fieldChanges(_:)``) and its new
    /// JSON value; a usage error names the one that is not `FIELD=JSON`.
    static func parse(_ changes: [String]) throws(Failure) -> [(path: String, value: JSONValue)] {
        var result: [(path: String, value: JSONValue)] = []
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
