import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Every decorator a document stores, checked without changing anything: what `jf lint`'s
/// `invalid-decorator` reports. A decorator the SDKs would refuse to add (no `action`, an empty
/// one, a `color` that is not `#RRGGBB`), two with one action in a scope, one that is never
/// shown (no icon and no label, or row decorators with `decorate: false`), an icon the SDKs do
/// not draw, a cell decorator for a column the table does not have, decorators stored in a
/// shape the SDKs do not read, and row, column and schema ids that paths reserve.
public enum DecoratorCheck {
    /// The words a decorator path reserves; an id spelt so cannot be named in a path.
    static let reservedWords: Set<String> = ["rows", "columns", "schemas"]

    public static func issues(in document: JoyDoc) -> [DocumentIssue] {
        var issues: [DocumentIssue] = []
        var icons: Suggestions.Index?
        for field in document.fields {
            func report(_ message: String, _ at: JSONValue?) {
                issues.append(DocumentIssue(message: "field \"\(field.id)\": \(message)", field: field.id,
                                            offset: (at ?? field.json).span?.lowerBound, in: document.bytes))
            }
            func list(_ json: JSONValue?, _ scope: String) {
                guard let json else { return }
                guard let elements = json.arrayValue else {
                    report("\(scope) must be an array of decorators, not \(json.typeName); it is ignored", json)
                    return
                }
                var seen: Set<String> = []
                for (index, element) in elements.enumerated() {
                    let decorator = Decorator(json: element)
                    let name = "\(scope), decorator \(index + 1)"
                    if let problem = decorator.problem {
                        report("\(name) \(problem)", element)
                        continue
                    }
                    let action = decorator.action!
                    if !seen.insert(action).inserted {
                        report("\(name) has the action \"\(action)\" of an earlier one; a tap cannot tell them apart", element["action"])
                    }
                    if !decorator.isDisplayed {
                        report("\(name) (\"\(action)\") has neither an icon nor a label, so it is never shown", element)
                    } else if let icon = decorator.icon, !icon.isEmpty, !Decorator.supportedIcons.contains(icon) {
                        if icons == nil { icons = Suggestions.Index(Decorator.supportedIcons) }
                        let suggestion = Suggestions.afterMessage(icons!.closest(to: icon))
                        report("\(name) (\"\(action)\") has the icon \"\(icon)\", which the SDKs do not draw; it shows a default symbol\(suggestion)",
                               element["icon"])
                    }
                }
            }
            func displayed(_ json: JSONValue?) -> Bool { Decorator.list(json).contains { $0.isDisplayed && $0.problem == nil } }

            list(field.json["decorators"], "\"decorators\"")
            let isTable = field.type == .table, isCollection = field.type == .collection
            if let rows = field.json["rowDecorators"], !isTable {
                report("only tables have \"rowDecorators\" (a collection keeps them on its schemas); a \(field.type.name) field never shows them", rows)
            }
            guard isTable || isCollection else { continue }

            // Columns, and (collections) each schema's row decorators and columns.
            var levels: [(key: String?, json: JSONValue, columns: [TableColumn])] = []
            if isTable { levels.append((nil, field.json, field.columns)) }
            for member in field.json["schema"]?.members ?? [] where isCollection {
                levels.append((member.key, member.value, field.schema[member.key]?.columns ?? []))
            }
            func reserved(_ id: String, _ what: String, _ at: JSONValue?) {
                guard DecoratorCheck.reservedWords.contains(id) else { return }
                report("\(what) \"\(id)\" is a reserved word of decorator paths (rows, columns, schemas), so its decorators cannot be named; give it another _id", at)
            }
            for member in field.json["schema"]?.members ?? [] where isCollection { reserved(member.key, "the schema", member.value) }
            var rowsShown: [String?: Bool] = [:]
            for level in levels {
                let owner = level.key.map { "schema \"\($0)\"" }
                list(level.json["rowDecorators"], owner.map { "\($0) \"rowDecorators\"" } ?? "\"rowDecorators\"")
                rowsShown[level.key] = displayed(level.json["rowDecorators"])
                let columnsJSON = level.json["tableColumns"]?.arrayValue ?? []
                for column in columnsJSON {
                    guard let id = column["_id"]?.stringValue else { continue }
                    reserved(id, "the column", column["_id"])
                    list(column["decorators"], (owner.map { "\($0), " } ?? "") + "column \"\(id)\" \"decorators\"")
                }
            }

            // Each row's own decorators, and its cells'.
            var columnsBySchema: [String?: Set<String>] = [:]
            func cells(_ cells: JSONValue, of scope: String, schema: String?) {
                guard let members = cells.members else {
                    report("\(scope): \"decorators.cells\" must be an object of column ids, not \(cells.typeName); it is ignored", cells)
                    return
                }
                if columnsBySchema[schema] == nil {
                    columnsBySchema[schema] = Set((schema.flatMap { field.schema[$0]?.columns } ?? field.columns).map(\.id))
                }
                let columns = columnsBySchema[schema]!
                for member in members {
                    if !columns.contains(member.key) {
                        let owner = schema.map { "schema \"\($0)\"" } ?? "the table"
                        let suggestion = Suggestions.afterMessage(Suggestions.closest(to: member.key, in: columns))
                        report("\(scope): \"decorators.cells\" names the column \"\(member.key)\", which \(owner) does not have\(suggestion)", member.value)
                    }
                    list(member.value, "\(scope), cell \"\(member.key)\"")
                }
            }
            field.forEachLiveRow { row, schema, _ in
                let id = row["_id"]?.stringValue ?? "?"
                reserved(id, "the row", row["_id"])
                guard let decorators = row["decorators"] else { return }
                let scope = (schema.map { "schema \"\($0)\" " } ?? "") + "row \"\(id)\""
                guard decorators.isObject else {
                    report("\(scope): \"decorators\" must be an object ({\"all\": […], \"cells\": {…}}), not \(decorators.typeName); it is ignored", decorators)
                    return
                }
                list(decorators["all"], "\(scope) \"decorators.all\"")
                if displayed(decorators["all"]) { rowsShown[schema] = true }
                if let cellsJSON = decorators["cells"] { cells(cellsJSON, of: scope, schema: schema) }
            }

            // Row decorators whose column is switched off.
            for level in levels where rowsShown[level.key] == true && level.json["decorate"]?.boolValue == false {
                let owner = level.key.map { "schema \"\($0)\"" } ?? "the table"
                report("\(owner) has row decorators, and \"decorate\": false hides the column that shows them", level.json["decorate"])
            }
        }
        return DocumentIssue.located(issues, in: document.bytes)
    }
}
