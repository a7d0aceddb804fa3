import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

extension Field {
    /// Visits every live row of a table or collection, each parent before its nested rows (with
    /// a stack: a collection nests without bound). `schema` is the row's collection schema (nil
    /// in a table); `parent` the path segments that name its level after `PAGE/POSITION` (""
    /// at the top, `/ROW/schemas/SCHEMA` below a row), nil below a row without an `_id`.
    func forEachLiveRow(_ visit: (_ row: JSONValue, _ schema: String?, _ parent: String?) -> Void) {
        let isCollection = type == .collection
        var stack: [(rows: [JSONValue], next: Int, schema: String?, parent: String?)] =
            [(value?.arrayValue ?? [], 0, isCollection ? rootSchema?.key : nil, "")]
        while !stack.isEmpty {
            let level = stack.count - 1
            guard stack[level].next < stack[level].rows.count else { stack.removeLast(); continue }
            let row = stack[level].rows[stack[level].next]
            stack[level].next += 1
            guard row["deleted"]?.boolValue != true else { continue }
            let (schema, parent) = (stack[level].schema, stack[level].parent)
            visit(row, schema, parent)
            guard isCollection, let children = row["children"]?.members else { continue }
            let path = parent.flatMap { parent in row["_id"]?.stringValue.map { "\(parent)/\($0)" } }
            for child in children.reversed() {
                stack.append((child.value["value"]?.arrayValue ?? [], 0, child.key, path.map { "\($0)/schemas/\(child.key)" }))
            }
        }
    }
}
