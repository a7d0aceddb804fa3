import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// What resolving paths reads again and again, read once: the pages, and each table's or
/// collection's top-level rows by id (the first live row with an id, as the SDKs find it).
package final class DecoratorLookup {
    let pages: [Page]
    private var rowsByField: [Int: (rows: [JSONValue], ids: StringIndex, live: [Int])] = [:]

    package init(_ document: JoyDoc) { pages = document.pages }

    /// The field's top-level rows, and the live one with this id.
    func row(_ id: String, of field: Int, in value: Field) -> (rows: [JSONValue], row: JSONValue?) {
        if rowsByField[field] == nil {
            let rows = value.value?.arrayValue ?? []
            var ids = StringIndex(capacity: rows.count)
            var live: [Int] = []
            for (index, row) in rows.enumerated() where row["deleted"]?.boolValue != true {
                if let id = row["_id"]?.stringValue, ids.insert(id).inserted { live.append(index) }
            }
            rowsByField[field] = (rows, ids, live)
        }
        let entry = rowsByField[field]!
        return (entry.rows, entry.ids.position(of: id).map { entry.rows[entry.live[$0]] })
    }
}
