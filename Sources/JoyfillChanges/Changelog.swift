import JoyfillEngine
import JoyfillJSON
import JoyfillModel

/// The changelogs the SDKs' `onChange` reports for changes applied to a document, in their
/// shape: `v`, `sdk`, `target`, the document's `_id` and `identifier`, the field's `fileId`,
/// `pageId`, `fieldPositionId`, `fieldId` and `fieldIdentifier`, the `change`, and `createdOn`
/// in seconds since 1970 (docs/cli.md, `jf apply --changelog`).
///
/// One for each value change applied, then one `field.update` for each formula field whose
/// value the changes moved (a formula's write). None is made, as the SDKs make none, when the
/// document has no `_id`, or for a field that no page of the view places at a position with an
/// `_id`, or a formula write on a field without its own `file`.
public enum Changelog {
    /// The changelogs of `changes`, applied to give `document`, whose formulas then reported
    /// `reports`; a row created without an `_id` got the next of `createdIDs`. The formula
    /// writes are `formulaWrites` when given (changes made in place, which know the fields they
    /// moved), else the formula fields whose value differs from the document's. A row's stored
    /// form is read from `storedValue` of its field (by default the document's value: changes
    /// applied in place give the value they left).
    package static func entries(of changes: [DocumentChange], giving document: JoyDoc, reports: [FieldReport], createdIDs: [String],
                        pageChangelogs: [Int: [JSONValue]] = [:], view: DocumentView, createdOn: Double,
                        formulaWrites: [(field: String, value: JSONValue)]? = nil,
                        storedValue: (Field) -> JSONValue? = { $0.value }) -> [JSONValue] {
        guard let documentID = document.json["_id"]?.stringValue else { return [] }
        let pages = document.pages(in: view)
        let firstFile = document.json["files"]?.arrayValue?.first?["_id"]?.stringValue
        var created = createdIDs.makeIterator()
        var entries: [JSONValue] = []
        // Where each field is placed first: the first page of the view that places it, and its
        // first position there (found once, at the first entry: a document of many pages
        // reports many fields).
        var placements: [String: (page: String, position: String)]?
        func placement(of id: String) -> (page: String, position: String)? {
            if placements == nil {
                var found: [String: (page: String, position: String)] = [:]
                for page in pages {
                    for position in page.positions where found[position.field] == nil { found[position.field] = (page.id, position.id) }
                }
                placements = found
            }
            return placements?[id]
        }

        func entry(_ target: DocumentChange.Target, field id: String, file: String?, change: [JSONMember]) {
            guard let field = document.field(id), let file, let (page, position) = placement(of: id), !position.isEmpty else { return }
            var members: [JSONMember] = [JSONMember("v", 1), JSONMember("sdk", "swift"), JSONMember("target", .string(target.rawValue)),
                                         JSONMember("_id", .string(documentID))]
            if let identifier = document.json["identifier"]?.stringValue { members.append(JSONMember("identifier", .string(identifier))) }
            members += [JSONMember("fileId", .string(file)), JSONMember("pageId", .string(page)),
                        JSONMember("fieldPositionId", .string(position)), JSONMember("fieldId", .string(id))]
            if let identifier = field.json["identifier"]?.stringValue { members.append(JSONMember("fieldIdentifier", .string(identifier))) }
            members.append(JSONMember("change", .object(change)))
            members.append(JSONMember("createdOn", .number(createdOn)))
            entries.append(.object(members))
        }

        for (index, change) in changes.enumerated() where !change.target.isDecoratorChange {
            let given = change.json["change"]
            // Where a nested row goes: as the entry gave it.
            let nesting = ["parentPath", "schemaId"].compactMap { key in given?[key].map { JSONMember(key, $0) } }
            switch change.operation {
            case .fieldUpdate(let value):
                var members = [JSONMember("value", value)]
                let field = document.field(change.fieldID)
                // As the SDKs: a date's zone, a chart's axes, then the field's metadata.
                let extras = field?.type == .date ? ["tz"] : field?.type == .chart ? ["xTitle", "yTitle", "xMin", "xMax", "yMin", "yMax"] : []
                for key in extras { if let extra = field?.json[key] { members.append(JSONMember(key, extra)) } }
                if let metadata = field?.json["metadata"] { members.append(JSONMember("metadata", metadata)) }
                entry(.fieldUpdate, field: change.fieldID, file: firstFile, change: members)
            case .rowCreate(let row, let at, _, _):
                let id = row["_id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? created.next() ?? ""
                let rows = document.field(change.fieldID).flatMap(storedValue)?.arrayValue ?? []
                let stored = Changelog.row(id, in: rows) ?? row
                let index = at ?? rows.count - 1
                entry(.rowCreate, field: change.fieldID, file: firstFile,
                      change: [JSONMember("row", stored), JSONMember("targetRowIndex", .integer(max(index, 0)))] + nesting)
            case .rowUpdate(let rowID, var cells, let cleared):
                // A cleared cell is reported as the SDKs report one: set to null.
                for column in cleared { cells = JSONValue.setting(column, to: .null, in: cells) }
                entry(.rowUpdate, field: change.fieldID, file: firstFile,
                      change: [JSONMember("rowId", .string(rowID.id)), JSONMember("row", .object([JSONMember("cells", cells)]))] + nesting)
            case .rowDelete(let rowID):
                let rows = document.field(change.fieldID).flatMap(storedValue)?.arrayValue ?? []
                let stored = Changelog.row(rowID.id, in: rows) ?? .object([JSONMember("_id", .string(rowID.id))])
                entry(.rowDelete, field: change.fieldID, file: firstFile,
                      change: [JSONMember("rowId", .string(rowID.id)), JSONMember("row", stored)] + nesting)
            case .rowMove(let rowID, let to):
                entry(.rowMove, field: change.fieldID, file: firstFile,
                      change: [JSONMember("rowId", .string(rowID.id)), JSONMember("targetRowIndex", .integer(to))] + nesting)
            case .pageDelete, .pageDuplicate:
                entries += pageChangelogs[index] ?? []
            case .decoratorsAdd, .decoratorsUpdate, .decoratorsRemove:
                break
            }
        }
        if let formulaWrites {
            for (id, value) in formulaWrites {
                entry(.fieldUpdate, field: id, file: document.field(id)?.json["file"]?.stringValue, change: [JSONMember("value", value)])
            }
            return entries
        }
        // Formula writes: the formula fields whose value the run after the changes moved.
        for report in reports {
            guard let field = document.field(report.field), report.status == .ok,
                  !JSONValue.sameStored(report.value, field.value) else { continue }
            entry(.fieldUpdate, field: report.field, file: field.json["file"]?.stringValue,
                  change: [JSONMember("value", report.value ?? .null)])
        }
        return entries
    }

    /// The row with `_id` `id` among a table's or collection's `rows`, at any depth; nil when none.
    private static func row(_ id: String, in rows: [JSONValue]) -> JSONValue? {
        for root in rows {
            if root["_id"]?.stringValue == id { return root }
            var found: JSONValue?
            CollectionRows.forEachRow(under: root) { row, _ in
                guard row["_id"]?.stringValue == id else { return .next }
                found = row
                return .stop
            }
            if let found { return found }
        }
        return nil
    }
}
