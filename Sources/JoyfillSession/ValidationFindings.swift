import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillLogic
import JoyfillModel

/// A validation as findings (``SessionReport/Checks/validation``), placed in the document's
/// text, so the formats of `jf lint` render them: `required` errors, one per field that has no
/// value and one per row that lacks a required cell or child row, and warnings for conditional
/// logic that could not be used as written (`invalid-logic`, `logic-missing-target`, …: as
/// `jf lint`).
struct ValidationFindings {
    let findings: [Finding]

    /// The findings of `validation` of `document`, placed by `lines()`, the map of its text
    /// (made only when there is something to place).
    init(_ validation: Validation, of document: JoyDoc, visibility: Visibility, lines: () -> LineMap) {
        guard !visibility.issues.isEmpty || validation.status == .invalid else {
            findings = []
            return
        }
        let lines = lines()
        let location = lines.location(covering:)
        var findings: [Finding] = visibility.issues.map { logic in
            Finding(code: logic.code, severity: .warning, message: logic.issue.message, field: logic.issue.field,
                    location: location(logic.issue.offset.map { $0..<$0 + 1 }))
        }
        let pageNames = Dictionary(document.pages.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for validity in validation.invalidFields {
            let field = validity.field
            var notes: [String] = []
            if let page = validity.pageID {
                let name = pageNames[page].flatMap { $0 }.map { " (\"\($0)\")" } ?? ""
                notes.append("on page '\(page)'\(name), at position '\(validity.positionID ?? "")'")
            }
            let fieldSpan = (field.json["_id"] ?? field.json).span
            if validity.isMissing {
                let what = field.type == .table || field.type == .collection ? "has no rows" : "has no value"
                let why = validity.requiredBy == .requiredLogic ? ["required by its requiredLogic, whose conditions hold"] : []
                findings.append(Finding(
                    code: .required, severity: .error,
                    message: "the required \(Self.kind(of: field)) \(Self.named(field.id, field.title)) \(what)",
                    notes: why + notes, field: field.id, location: location(fieldSpan)))
            }
            // Rows nest as deep as the collection; walked with a stack, in document order.
            var pending = validity.rows.reversed().map { (row: $0, ancestors: [RowValidity]()) }
            while let (row, ancestors) = pending.popLast() {
                let place = Self.describe(row, ancestors: ancestors, in: field)
                if !row.emptyColumns.isEmpty {
                    let columns = row.emptyColumns.map { Self.named($0.id, $0.title) }
                    let list = columns.count == 1 ? "column \(columns[0])" : "columns " + Self.joined(columns)
                    let why = Self.why(row)
                    findings.append(Finding(code: .required, severity: .error,
                                                      message: "\(place) has no value in the required \(list)",
                                                      notes: why + notes, field: field.id, location: location(row.span ?? fieldSpan)))
                }
                if !row.missingSchemas.isEmpty {
                    let schemas = row.missingSchemas.map { key in Self.named(key, field.schema[key]?.title) }
                    let list = schemas.count == 1 ? "schema \(schemas[0])" : "schemas " + Self.joined(schemas)
                    findings.append(Finding(code: .required, severity: .error,
                                                      message: "\(place) has no row of the required \(list)",
                                                      notes: notes, field: field.id, location: location(row.span ?? fieldSpan)))
                }
                pending += row.children.reversed().map { ($0, ancestors + [row]) }
            }
        }
        self.findings = findings
    }

    /// Notes on the empty columns of `row` that logic made required: "'cert' is required in
    /// this row by its cellRequiredLogic, whose conditions hold".
    private static func why(_ row: RowValidity) -> [String] {
        row.emptyColumns.compactMap { column in
            switch row.requiredBy[column.id] {
            case .requiredLogic?: return "'\(column.id)' is required by its column's requiredLogic, whose conditions hold"
            case .cellRequiredLogic?: return "'\(column.id)' is required in this row by its cellRequiredLogic, whose conditions hold"
            default: return nil
            }
        }
    }

    private static func kind(of field: Field) -> String {
        switch field.type {
        case .table: return "table"
        case .collection: return "collection"
        default: return "field"
        }
    }

    /// `'id'`, or `'id' ("Title")` when the item has a title.
    private static func named(_ id: String, _ title: String?) -> String {
        guard let title, !title.isEmpty, title != id else { return "'\(id)'" }
        return "'\(id)' (\"\(title)\")"
    }

    private static func joined(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// "row 2 (r7) of table 'items'"; a nested collection row names its schema and its parents.
    private static func describe(_ row: RowValidity, ancestors: [RowValidity], in field: Field) -> String {
        func one(_ row: RowValidity) -> String {
            "row \(row.index + 1)" + (row.id.isEmpty ? "" : " (\(row.id))")
        }
        guard let schema = row.schema, !ancestors.isEmpty else {
            return "\(one(row)) of \(kind(of: field)) '\(field.id)'"
        }
        // Nearest parent first; the root row belongs to the collection itself.
        let parents = ancestors.indices.reversed().map { index in
            index == 0 ? "\(one(ancestors[index])) of collection '\(field.id)'"
                       : "\(one(ancestors[index])) of '\(ancestors[index].schema ?? "")'"
        }
        return "\(one(row)) of '\(schema)' under " + parents.joined(separator: " under ")
    }
}
