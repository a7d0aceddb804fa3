import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Required-field validation, as the Joyfill SDKs define it: a shown field with
/// `required: true` needs a value; the rows of every shown table and collection need a value
/// in each required, shown column, and (collections) a row of each required child schema.
package enum Validator {
    /// Without `collections` (no licence unlocks them), collection fields are left out, as the
    /// SDKs leave them out of the form.
    package static func validate(_ values: FieldValues, visibility: Visibility, path: String,
                         collections: Bool = true) throws(ValidationPathError) -> Validation {
        let document = values.document
        var fields: [FieldValidity] = []
        fields.reserveCapacity(document.fields.count)   // at most one a field; grown by doubling, two buffers at once
        func check(_ field: Int, page: String?, position: String?) {
            guard collections || document.fields[field].type != .collection else { return }
            fields.append(validity(of: field, in: document.fields, value: values.value(at: field), page: page, position: position,
                                   visibility: visibility))
        }
        let pages = visibility.pages
        if pages.isEmpty {
            if !path.trimmingSpaces.isEmpty {
                throw ValidationPathError(message: "the path '\(path)' names a page, and the document has none", suggestion: nil)
            }
            // A document without pages (formulas alone, or built in code): every field counts.
            for field in document.fields.indices where visibility.shows(field: document.fields[field].id) {
                check(field, page: nil, position: nil)
            }
        } else {
            // A field placed twice is checked at its first place (a flag a field, not a set of ids).
            var seen = [Bool](repeating: false, count: document.fields.count)
            for (page, only) in try scope(path, in: pages) where visibility.shows(page: page.id) {
                for position in page.positions where only == nil || only!.id == position.id {
                    guard let field = document.fieldIndex(position.field), !seen[field], visibility.shows(field: position.field) else { continue }
                    seen[field] = true
                    check(field, page: page.id, position: position.id)
                }
            }
        }
        let status: ValidationStatus = fields.contains { $0.status == .invalid } ? .invalid : .valid
        return Validation(status: status, fields: fields)
    }

    /// The pages a path covers, each with the one position it is narrowed to, if any: "" is
    /// every page; "pageId" one page; "pageId/positionId" one field on it (a field `_id`
    /// placed on that page is accepted for the position too). Spaces around the path and its
    /// `/` are ignored; an id that itself holds a `/` or spaces is matched as written first.
    private static func scope(_ path: String, in pages: [Page]) throws(ValidationPathError) -> [(Page, FieldPosition?)] {
        let trimmed = String(path.trimmingSpaces)
        if trimmed.isEmpty { return pages.map { ($0, nil) } }
        // An id matches as written, or with the spaces around both left out.
        func page(named text: String) -> Page? {
            pages.first { $0.id == text } ?? pages.first { String($0.id.trimmingSpaces) == String(text.trimmingSpaces) }
        }
        if let page = page(named: path) { return [(page, nil)] }
        // PAGE/POSITION: the first `/` after which the text before it names a page.
        var named: (page: Page, position: String)?
        for slash in path.indices where path[slash] == "/" {
            let before = String(path[..<slash]), after = String(path[path.index(after: slash)...])
            if let page = page(named: before) {
                named = (page, String(after.trimmingSpaces))
                break
            }
        }
        guard let (page, name) = named else {
            let first = String(String(trimmed.prefix { $0 != "/" }).trimmingSpaces)
            // The pages there are, so that the next try need not open the document.
            let shown = pages.prefix(10).map { "'\($0.id)'" }.joined(separator: ", ") + (pages.count > 10 ? " and \(pages.count - 10) more" : "")
            let listed = pages.isEmpty ? "; the document has no page" : "; its pages: " + shown
            throw ValidationPathError(message: "no page has the _id '\(first)'" + listed,
                                      suggestion: Suggestions.closest(to: first, in: pages.map(\.id)))
        }
        guard !name.isEmpty else {
            throw ValidationPathError(message: "the path '\(path)' names a page and no position after its '/'", suggestion: nil)
        }
        let byPosition = page.positions.first { $0.id == name }
        guard let position = byPosition ?? page.positions.first(where: { $0.field == name }) else {
            let names: [String] = page.positions.map { $0.id } + page.positions.map { $0.field }
            throw ValidationPathError(message: "page '\(page.id)' places no field at a position or field _id '\(name)'",
                                      suggestion: Suggestions.closest(to: name, in: names))
        }
        return [(page, position)]
    }

    static func validity(of index: Int, in document: [Field], value: JSONValue?, page: String?, position: String?,
                         visibility: Visibility) -> FieldValidity {
        let field = document[index]
        let requirement = visibility.requirement(of: field)
        let missing = requirement != nil && !Filled.value(value, of: field)
        var rows: [RowValidity] = []
        switch field.type {
        case .table:
            var none: [Visibility.Ancestor] = []
            rows = failingRows(value?.arrayValue ?? [], order: field.rowOrder, schema: nil, columns: field.columns, in: field,
                               visibility: visibility, ancestors: &none)
        case .collection:
            // The root schema's rows hang under no row; its `hidden` flag and logic are not
            // read, as the SDKs read neither: its rows are always checked.
            if let root = field.rootSchema {
                var ancestors: [Visibility.Ancestor] = []
                rows = failingRows(value?.arrayValue ?? [], order: field.rowOrder, schema: root, columns: root.columns, in: field,
                                   visibility: visibility, ancestors: &ancestors)
            }
        default:
            break
        }
        return FieldValidity(fields: document, index: index, pageID: page, positionID: position,
                             status: missing || !rows.isEmpty ? .invalid : .valid, requiredBy: requirement, isMissing: missing, rows: rows)
    }

    /// The rows of a table, or of one collection level (`schema`), that fail, with their failing
    /// descendants, in the order shown. Rows are checked in stored order; only the failing ones
    /// are given their place among the rows shown. A child schema is checked under the rows it
    /// is shown under (`ancestors`: the rows above, which its logic reads). Collections nest at
    /// most as deep as their JSON, which the reader bounds.
    private static func failingRows(_ json: [JSONValue], order: [String]?, schema: CollectionSchema?, columns: [TableColumn],
                                    in field: Field, visibility: Visibility, ancestors: inout [Visibility.Ancestor]) -> [RowValidity] {
        let key = schema?.key
        // Columns that are shown, and may be required in some row: required as a column, or
        // decided cell by cell.
        let shown = columns.filter { visibility.shows(column: $0, schema: key, in: field) }
        let byCell = shown.filter { visibility.hasCellLogic($0, schema: key, in: field) }
        let required = shown.filter { !visibility.hasCellLogic($0, schema: key, in: field) && visibility.requires(column: $0, schema: key, in: field) }
        let childSchemas = (schema?.children ?? []).compactMap { field.schema[$0] }.filter { visibility.mayShow(schema: $0, in: field) }
        guard !required.isEmpty || !byCell.isEmpty || !childSchemas.isEmpty else { return [] }
        var failing: [RowValidity] = []
        for (index, row) in json.enumerated() where row["deleted"]?.boolValue != true {
            // A hidden cell is valid, whatever it requires; then one that is required needs a value.
            var requiredBy: [String: Requirement] = [:]
            for column in required where !Filled.value(row["cells"]?[column.id]) {
                requiredBy[column.id] = visibility.requirement(of: column, schema: key, in: field)
            }
            for column in byCell where !Filled.value(row["cells"]?[column.id])
            && visibility.shows(cell: column, schema: key, in: field, row: row, columns: columns) {
                requiredBy[column.id] = visibility.requirement(of: column, schema: key, in: field, row: row, columns: columns)
            }
            let empty = columns.filter { requiredBy[$0.id] != nil }
            var missing: [String] = []
            var children: [RowValidity] = []
            if let schema { ancestors.append((schema.key, row)) }
            defer { if schema != nil { ancestors.removeLast() } }
            for child in childSchemas where visibility.shows(schema: child, in: field, under: ancestors) {
                let (childRows, childOrder) = Field.childRows(of: row, schema: child.key)
                if child.required && !childRows.contains(where: { $0["deleted"]?.boolValue != true }) { missing.append(child.key) }
                children += failingRows(childRows, order: childOrder, schema: child, columns: child.columns, in: field,
                                        visibility: visibility, ancestors: &ancestors)
            }
            if !empty.isEmpty || !missing.isEmpty || !children.isEmpty {
                // `index` is the stored place until the shown places are known, below.
                failing.append(RowValidity(id: row["_id"]?.stringValue ?? "", index: index, schema: schema?.key,
                                           span: (row["_id"] ?? row).span, emptyColumns: empty, requiredBy: requiredBy,
                                           missingSchemas: missing, children: children))
            }
        }
        let places = Field.shownIndices(of: failing.map(\.index), in: json, order: order)
        failing = failing.map { row in
            RowValidity(id: row.id, index: places[row.index] ?? row.index, schema: row.schema, span: row.span,
                        emptyColumns: row.emptyColumns, requiredBy: row.requiredBy, missingSchemas: row.missingSchemas,
                        children: row.children)
        }.sorted { $0.index < $1.index }
        return failing
    }
}
