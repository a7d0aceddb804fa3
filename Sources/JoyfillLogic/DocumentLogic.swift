import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The conditional logic of every field, page and collection schema of a document, read once:
/// what ``Visibility`` evaluates, and what cannot be used as written (what `jf lint`'s
/// `invalid-logic` reports without evaluating anything).
public struct DocumentLogic: Sendable {
    /// Each field's logic, by position in ``JoyDoc/fields`` (absent: none, or none usable).
    /// Only the fields that have some are kept: most have none, and a slot a field cost a
    /// large document's validation more than its evaluation holds.
    public let fields: [Int: Logic]
    /// Each field's `requiredLogic`, by position in ``JoyDoc/fields`` (absent: none).
    public let required: [Int: Logic]
    /// The `logic` and `requiredLogic` of table and collection columns, whose conditions read
    /// fields: by the field's position, then ``columnKey(schema:column:)``.
    public let columns: [Int: [String: ColumnLogic]]
    /// Each page's logic, in the order of the pages read (``JoyDoc/pages``, or a view's).
    public let pages: [(page: Page, logic: Logic?)]
    /// The usable logic of collection schemas, by the collection's position in
    /// ``JoyDoc/fields`` and the schema's key.
    public let schemas: [Int: [String: Logic]]
    /// Logic that could not be used as written, each naming its field or page, located.
    public let issues: [LogicIssue]

    /// The logic of `document`'s fields and schemas, and of its pages: every file's own
    /// pages, or those of `view` (``JoyDoc/pages(in:)``).
    public init(_ document: JoyDoc, view: DocumentView? = nil) {
        var issues: [LogicIssue] = []
        var names: Suggestions.Index?
        var schemas: [Int: [String: Logic]] = [:]
        var required: [Int: Logic] = [:]
        var fields: [Int: Logic] = [:]
        var columns: [Int: [String: ColumnLogic]] = [:]
        for (position, field) in document.fields.enumerated() {
            required[position] = Logic.read(field.json["requiredLogic"], owner: "field \"\(field.id)\"", field: field.id,
                                            document: document, slot: .required, fieldNames: &names, issues: &issues)
            var levels: [(schema: String?, columns: [TableColumn])] = []
            if field.type == .table { levels.append((nil, field.columns)) }
            if field.type == .collection {
                for member in field.json["schema"]?.members ?? [] {
                    if let schema = field.schema[member.key] { levels.append((schema.key, schema.columns)) }
                }
            }
            for (schema, levelColumns) in levels {
                for column in levelColumns where ColumnLogic.keys.contains(where: { column.json[$0] != nil }) {
                    let owner = "field \"\(field.id)\"" + (schema.map { ", schema \"\($0)\"" } ?? "") + ", column \"\(column.id)\""
                    let shows = Logic.read(column.json["logic"], owner: owner, field: field.id, document: document,
                                           fieldNames: &names, issues: &issues)
                    let requires = Logic.read(column.json["requiredLogic"], owner: owner, field: field.id, document: document,
                                              slot: .required, fieldNames: &names, issues: &issues)
                    let cellRequires = Logic.read(cell: column.json["cellRequiredLogic"], slot: .cellRequired, owner: owner,
                                                  field: field.id, columns: levelColumns, document: document,
                                                  fieldNames: &names, issues: &issues)
                    let cellShows = Logic.read(cell: column.json["cellVisibilityLogic"], slot: .cellVisibility, owner: owner,
                                               field: field.id, columns: levelColumns, document: document,
                                               fieldNames: &names, issues: &issues)
                    let read = ColumnLogic(shows: shows, requires: requires, cellRequires: cellRequires, cellShows: cellShows)
                    if !read.isEmpty { columns[position, default: [:]][DocumentLogic.columnKey(schema: schema, column: column.id)] = read }
                }
            }
            let logic = Logic.read(field.json["logic"], owner: "field \"\(field.id)\"", field: field.id, document: document,
                                   fieldNames: &names, issues: &issues)
            if field.type == .collection {
                // In the document's order, so that issues come out as they appear.
                for member in field.json["schema"]?.members ?? [] {
                    guard let schema = field.schema[member.key],
                          let logic = Logic.read(schema: schema, of: field, logic: member.value["logic"], document: document,
                                                 issues: &issues) else { continue }
                    schemas[position, default: [:]][schema.key] = logic
                }
            }
            fields[position] = logic
        }
        pages = (view.map(document.pages(in:)) ?? document.pages).map { page in
            (page, Logic.read(page.json["logic"], owner: "page \"\(page.id)\"", field: nil, document: document,
                              fieldNames: &names, issues: &issues))
        }
        // What the SDKs never read: a lone page's `hidden` flag and logic, and the required logic
        // of a field no view or logic can show.
        var lonePages = Set<String>()
        for view in DocumentView.allCases {
            let viewPages = document.pages(in: view)
            if viewPages.count == 1, let page = viewPages.first, page.hidden || page.json["logic"]?.isObject == true,
               lonePages.insert(page.id).inserted {
                issues.append(LogicIssue(code: .lonePageHidden, issue: DocumentIssue(
                    message: "page \"\(page.id)\": it is the only page of the \(view.rawValue) view, and a lone page is "
                        + "always shown: its \"hidden\" and \"logic\" are not read", field: nil,
                    offset: (page.json["hidden"] ?? page.json["logic"] ?? page.json).span?.lowerBound, in: document.bytes)))
            }
        }
        for (position, field) in document.fields.enumerated() where required[position] != nil {
            let hiddenForGood = field.json["hidden"]?.boolValue == true && (fields[position]?.action ?? .hide) != .show
            if hiddenForGood || DocumentView.allCases.allSatisfy({ $0.hides(field.json) }) {
                issues.append(LogicIssue(code: .unreachableRequiredLogic, issue: DocumentIssue(
                    message: "field \"\(field.id)\": \"requiredLogic\" on a field that is never shown does "
                        + "nothing (it is hidden, and no logic shows it)", field: field.id,
                    offset: field.json["requiredLogic"]?.span?.lowerBound, in: document.bytes)))
            }
        }
        self.fields = fields
        self.schemas = schemas
        self.required = required
        self.columns = columns
        self.issues = LogicIssue.located(issues, in: document.bytes)
    }

    /// How ``columns`` names a column: of a collection schema, or (`schema` nil) of a table.
    static func columnKey(schema: String?, column: String) -> String { (schema ?? "") + "/" + column }
}
