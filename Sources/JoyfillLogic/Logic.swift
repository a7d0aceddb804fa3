import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Conditional logic on a field or page, `{action, eval, conditions: [{field, condition, value}]}`,
/// or on a collection schema, `{action, eval, conditions: [{schema, column, condition, value}]}`;
/// `requiredLogic` and cell logic have the same shape.
///
/// The item's `hidden` flag is where it starts; its logic can only move it away from there
/// when the conditions are met: `show` shows an item that starts hidden, `hide` hides one that
/// starts visible. Logic that names the action the item is already in does nothing.
public struct Logic: Sendable {
    public enum Action: String, Sendable { case show, hide, enforce, unenforce }

    /// What the logic decides: visibility (`logic`), whether a value is required
    /// (`requiredLogic`), and per cell of a column, `cellRequiredLogic` and
    /// `cellVisibilityLogic`.
    public enum Slot: Sendable { case visibility, required, cellRequired, cellVisibility }

    /// Visibility logic: `show`, or `hide` for any other action (as the SDKs read it).
    /// Required logic: `enforce` or `unenforce` (logic with another action does nothing, and
    /// is not read).
    public let action: Action
    /// `eval: "and"`: every condition must hold; any other `eval`, or none, is read as `"or"`
    /// (any one), as the SDKs read it.
    public let requiresAll: Bool
    public let conditions: [Condition]

    /// Whether the logic's conditions hold, each tested by `test`. Logic without conditions
    /// never holds.
    public func holds(_ test: (Condition) -> Bool) -> Bool {
        guard !conditions.isEmpty else { return false }
        return requiresAll ? conditions.allSatisfy(test) : conditions.contains(where: test)
    }

    /// Whether the logic's conditions hold on the stored values of the fields they read.
    public func holds(in values: FieldValues) -> Bool {
        holds { $0.holds(in: values) }
    }

    /// Whether an item that starts `hidden` is shown under this logic, its conditions tested
    /// by `test`.
    public func shows(startingHidden hidden: Bool, _ test: (Condition) -> Bool) -> Bool {
        switch action {
        case .show: return !hidden || holds(test)
        case .hide, .enforce, .unenforce: return !hidden && !holds(test)
        }
    }

    /// Whether a field or page that starts `hidden` is shown under this logic.
    public func shows(startingHidden hidden: Bool, in values: FieldValues) -> Bool {
        shows(startingHidden: hidden) { $0.holds(in: values) }
    }

    /// Reads the `logic` of a field or page (`owner`: "field \"x\"", "page \"p\""; `field`:
    /// the field's id when the logic is a field's), reporting what it cannot use as issues:
    /// logic that is not an object is ignored; a condition with no field, or one the document
    /// does not have, is left out before `eval` is applied, as the SDKs leave it out; one with
    /// an unknown operator never holds.
    ///
    /// `fieldNames`: the document's field ids for "did you mean", made on the first unknown field
    /// and shared (a form can have thousands of conditions, each naming a missing field).
    static func read(_ json: JSONValue?, owner: String, field owningField: String?, document: JoyDoc, slot: Slot = .visibility,
                     fieldNames: inout Suggestions.Index?, issues: inout [LogicIssue]) -> Logic? {
        let report = Report(owner: owner, field: owningField, document: document)
        return read(json, conditionsKey: "conditions", slot: slot, report: report, issues: &issues) { element, place, op, issue in
            fieldCondition(element, place: place, op: op, document: document, fieldNames: &fieldNames, issue: issue,
                           without: "names no \"field\"")
        }
    }

    /// A condition on a field: left out, with an issue, when it names none (`without` says so)
    /// or one the document does not have, as the SDKs leave it out.
    private static func fieldCondition(_ element: JSONValue, place: String, op: Condition.Operator?, document: JoyDoc,
                                       fieldNames: inout Suggestions.Index?, issue: (DiagnosticCode, String, JSONValue?) -> Void,
                                       without: String) -> Condition? {
        guard let field = element["field"]?.stringValue else {
            issue(.invalidLogic, "\(place) \(without); the SDKs leave it out of the logic", element)
            return nil
        }
        guard let source = document.field(field) else {
            if fieldNames == nil { fieldNames = Suggestions.Index(document.fields.map(\.id)) }
            let suggestion = Suggestions.afterMessage(fieldNames!.closest(to: field))
            issue(.logicMissingTarget, "\(place) reads the field \"\(field)\", which the document does not have\(suggestion); "
                  + "the SDKs leave it out of the logic", element["field"])
            return nil
        }
        if let op {
            check(element["value"], op: op, type: source.type, options: source.options,
                  what: "the \(source.type.name) '\(source.id)'", place: place, at: element, issue: issue)
        }
        return Condition(subject: .field(field), operator: op, value: element["value"])
    }

    /// Reads a column's `cellRequiredLogic` or `cellVisibilityLogic` (`slot`): a condition
    /// with `column` reads that cell of the same row (`columns` are the row's, for its type);
    /// without, one with `field` reads a field; with neither it is left out.
    static func read(cell json: JSONValue?, slot: Slot, owner: String, field owningField: String, columns: [TableColumn],
                     document: JoyDoc, fieldNames: inout Suggestions.Index?, issues: inout [LogicIssue]) -> Logic? {
        let report = Report(owner: owner, field: owningField, document: document)
        return read(json, conditionsKey: "conditions", slot: slot, report: report, issues: &issues) { element, place, op, issue in
            if let column = element["column"]?.stringValue {
                if let op, let sibling = columns.first(where: { $0.id == column && !$0.deleted }) {
                    check(element["value"], op: op, type: sibling.type, options: sibling.options,
                          what: "the \(sibling.type.name) column '\(sibling.id)'", place: place, at: element, issue: issue)
                } else if !columns.contains(where: { $0.id == column && !$0.deleted }) {
                    let suggestion = Suggestions.afterMessage(Suggestions.closest(to: column, in: columns.map(\.id)))
                    issue(.logicMissingTarget, "\(place) reads the column \"\(column)\", which the row does not have\(suggestion); "
                          + "its cell reads as absent", element["column"])
                }
                return Condition(subject: .cell(schema: nil, column: column), operator: op, value: element["value"])
            }
            return fieldCondition(element, place: place, op: op, document: document, fieldNames: &fieldNames, issue: issue,
                                  without: "names no \"column\" or \"field\"")
        }
    }

    /// Reads the `logic` of schema `schema` of collection `field` as templates write it: its
    /// `conditions` each name a `schema` and a `column`, and read that column's cell in the row
    /// the schema's rows hang under (the parent row), `schema` giving only the column's type. A
    /// condition without both names, or on a field, is left out, as the SDKs leave it out. A
    /// root schema's rows hang under no row, so its logic is ignored.
    static func read(schema: CollectionSchema, of field: Field, logic json: JSONValue?, document: JoyDoc,
                     issues: inout [LogicIssue]) -> Logic? {
        guard let json, !json.isNull else { return nil }
        let report = Report(owner: "field \"\(field.id)\", schema \"\(schema.key)\"", field: field.id, document: document)
        let above = field.schemas(above: schema.key)
        if schema.isRoot || above.isEmpty {
            if json.isObject, json["conditions"]?.arrayValue?.isEmpty == false {
                report.issue(.invalidLogic, "\"logic\" on a schema reads the row its rows hang under, and the rows of this schema hang "
                             + "under none; it is ignored", json, &issues)
            }
            return nil
        }
        if json.isObject, json["conditions"] == nil, json["schemaConditions"]?.arrayValue?.isEmpty == false {
            report.issue(.invalidLogic, "a schema's logic lists its conditions under \"conditions\", each naming a \"schema\" and a "
                         + "\"column\"; \"schemaConditions\" is not read, so the logic is ignored", json["schemaConditions"], &issues)
            return nil
        }
        return read(json, conditionsKey: "conditions", slot: .visibility, report: report, issues: &issues) { element, place, op, issue in
            guard let named = element["schema"]?.stringValue, let columnID = element["column"]?.stringValue else {
                let what = element["field"] != nil ? "reads a field, which schema logic does not"
                    : "does not name both a \"schema\" and a \"column\""
                issue(.invalidLogic, "\(place) \(what); the SDKs leave it out of the logic", element)
                return nil
            }
            if let typed = field.schema[named] {
                if let column = typed.columns.first(where: { $0.id == columnID && !$0.deleted }) {
                    if let op {
                        check(element["value"], op: op, type: column.type, options: column.options,
                              what: "the \(column.type.name) column '\(column.id)'", place: place, at: element, issue: issue)
                    }
                } else {
                    let suggestion = Suggestions.afterMessage(Suggestions.closest(to: columnID, in: typed.columns.filter { !$0.deleted }.map(\.id)))
                    issue(.logicMissingTarget, "\(place) reads the column \"\(columnID)\", which schema \"\(named)\" does not have\(suggestion); "
                          + "the cell of the parent row is read without its type", element["column"])
                }
            } else {
                let suggestion = Suggestions.afterMessage(Suggestions.closest(to: named, in: above.map(\.key)))
                issue(.logicMissingTarget, "\(place) names the schema \"\(named)\", which the collection does not have\(suggestion); "
                      + "the cell of the parent row is read without its type", element["schema"])
            }
            return Condition(subject: .cell(schema: named, column: columnID), operator: op, value: element["value"])
        }
    }

    /// Where a logic's issues go: its owner's name, its field, the document they are placed in.
    private struct Report {
        let owner: String
        let field: String?
        let document: JoyDoc
        func issue(_ code: DiagnosticCode, _ message: String, _ value: JSONValue?, _ issues: inout [LogicIssue]) {
            issues.append(LogicIssue(code: code, issue: DocumentIssue(message: "\(owner): \(message)", field: field,
                                                                     offset: value?.span?.lowerBound, in: document.bytes)))
        }
    }

    /// The part fields, pages and schemas share: the action, `eval`, and the conditions under
    /// `conditionsKey`, each read by `condition` (given the element, its place for messages,
    /// its operator if known, and where to report).
    private static func read(_ json: JSONValue?, conditionsKey: String, slot: Slot, report: Report, issues: inout [LogicIssue],
                             condition: (JSONValue, String, Condition.Operator?, (DiagnosticCode, String, JSONValue?) -> Void) -> Condition?) -> Logic? {
        guard let json, !json.isNull else { return nil }
        var found: [LogicIssue] = []
        defer { issues += found }
        func issue(_ code: DiagnosticCode, _ message: String, _ value: JSONValue?) { report.issue(code, message, value ?? json, &found) }
        let key: String
        switch slot {
        case .visibility: key = "logic"
        case .required: key = "requiredLogic"
        case .cellRequired: key = "cellRequiredLogic"
        case .cellVisibility: key = "cellVisibilityLogic"
        }
        guard json.isObject else {
            issue(.invalidLogic, "\"\(key)\" must be an object, not \(json.typeName); it is ignored", json)
            return nil
        }
        let conditionsJSON = json[conditionsKey]
        // Templates keep the logic of an item whose conditions were all removed; it does nothing.
        if conditionsJSON == nil || conditionsJSON?.isNull == true || conditionsJSON?.arrayValue?.isEmpty == true {
            return nil
        }
        let actionName = json["action"]?.stringValue
        let action: Action
        switch slot {
        case .visibility:
            // The SDKs act on "show" and read every other action, or none, as "hide".
            action = actionName == "show" ? .show : .hide
            if actionName != "show" && actionName != "hide" {
                issue(.logicUnknownAction, actionName.map { "\"logic\" has the action \"\($0)\", which the SDKs read as \"hide\" (use \"show\" or \"hide\")" }
                      ?? "\"logic\" has no \"action\"; the SDKs read it as \"hide\" (give \"show\" or \"hide\")", json["action"])
            }
        case .required, .cellRequired:
            // Only "enforce" and "unenforce" do anything.
            guard let name = actionName, name == "enforce" || name == "unenforce", let known = Action(rawValue: name) else {
                issue(.logicUnknownAction, "\"\(key)\" has \(actionName.map { "the action \"\($0)\"" } ?? "no \"action\""); "
                      + "only \"enforce\" and \"unenforce\" do anything, so it is ignored", json["action"])
                return nil
            }
            action = known
        case .cellVisibility:
            // "hide" hides the cell where the conditions hold; any other action shows it only there.
            guard let name = actionName else {
                issue(.logicUnknownAction, "\"cellVisibilityLogic\" has no \"action\"; it is ignored (give \"show\" or \"hide\")", json)
                return nil
            }
            action = name == "hide" ? .hide : .show
            if name != "hide" && name != "show" {
                issue(.logicUnknownAction, "\"cellVisibilityLogic\" has the action \"\(name)\", which the SDKs read as \"show\" (use \"show\" or \"hide\")",
                      json["action"])
            }
        }
        // Exactly "and" requires every condition; the SDKs read any other `eval`, or none, as "or".
        let eval = json["eval"]
        let requiresAll = eval?.stringValue == "and"
        if let eval, !eval.isNull, eval.stringValue != "or", eval.stringValue != "and" {
            issue(.logicUnknownAction, "logic \"eval\" must be \"and\" or \"or\"; the SDKs read \(eval.text) as \"or\"", eval)
        }
        guard let elements = conditionsJSON?.arrayValue else {
            issue(.invalidLogic, "logic \"\(conditionsKey)\" must be an array; the logic is ignored", conditionsJSON)
            return nil
        }
        var conditions: [Condition] = []
        for (index, element) in elements.enumerated() {
            let place = "logic condition \(index + 1)"
            let name = element["condition"]?.stringValue ?? ""
            let op = Condition.Operator(rawValue: name)
            guard let read = condition(element, place, op, issue) else { continue }
            if op == nil, read.names {
                issue(.invalidLogic, "\(place) has the unknown operator \"\(name)\" (use =, !=, ?=, >, <, null= or *=); it never holds",
                      element["condition"] ?? element)
            }
            conditions.append(read)
        }
        return Logic(action: action, requiresAll: requiresAll, conditions: conditions)
    }

    /// Reports a condition's value that cannot match what it reads (of `type`, with `options`,
    /// described by `what`): `>` or `<` with a value that is not a number, and a dropdown or
    /// multiSelect compared (`=`, `!=`) with something that is none of its option ids (an
    /// option's text, written where its id belongs, most often).
    private static func check(_ value: JSONValue?, op: Condition.Operator, type: FieldType, options: [FieldOption],
                              what: String, place: String, at element: JSONValue, issue: (DiagnosticCode, String, JSONValue?) -> Void) {
        switch op {
        case .greaterThan, .lessThan:
            if Condition.number(value) == nil {
                issue(.logicComparesText, "\(place) compares with \(value.map { $0.text } ?? "nothing"), which is not a number; "
                      + "\(op.rawValue) compares numbers, so it never holds", value ?? element)
            } else if type != .number && type != .date {
                issue(.logicComparesText, "\(place) compares \(what) with \(op.rawValue), which compares numbers, and its value is no number; "
                      + "it never holds", element["condition"] ?? element)
            }
        case .equals, .notEquals:
            guard type == .dropdown || type == .multiSelect, let value, let expected = Condition.text(value) else { return }
            let options = options.filter { !$0.deleted }
            guard !options.isEmpty, !options.contains(where: { $0.id == expected }) else { return }
            let outcome = op == .equals ? "never holds" : "always holds"
            if let byText = options.first(where: { $0.text.lowercased() == expected.lowercased() }) {
                issue(.invalidLogic, "\(place) compares \(what) with \"\(expected)\", the text of its option "
                      + "\"\(byText.id)\"; conditions compare option ids, so it \(outcome) (use \"\(byText.id)\")", value)
            } else {
                let suggestion = Suggestions.afterMessage(Suggestions.closest(to: expected, in: options.map(\.id)))
                issue(.invalidLogic, "\(place) compares \(what) with \"\(expected)\", which is none of its option ids\(suggestion); "
                      + "it \(outcome)", value)
            }
        default:
            break
        }
    }
}

/// The conditional logic of every field, page and collection schema of a document, read once:
/// what ``Visibility`` evaluates, and what cannot be used as written (what `jf lint`'s
/// `invalid-logic` reports without evaluating anything).
public struct DocumentLogic: Sendable {
    /// Each field's logic, by position in ``JoyDoc/fields`` (nil: none, or none usable).
    public let fields: [Logic?]
    /// Each field's `requiredLogic`, by position in ``JoyDoc/fields``.
    public let required: [Logic?]
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
        var required: [Logic?] = []
        var columns: [Int: [String: ColumnLogic]] = [:]
        fields = document.fields.enumerated().map { position, field in
            required.append(Logic.read(field.json["requiredLogic"], owner: "field \"\(field.id)\"", field: field.id,
                                       document: document, slot: .required, fieldNames: &names, issues: &issues))
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
            return logic
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
        self.schemas = schemas
        self.required = required
        self.columns = columns
        self.issues = LogicIssue.located(issues, in: document.bytes)
    }

    /// How ``columns`` names a column: of a collection schema, or (`schema` nil) of a table.
    static func columnKey(schema: String?, column: String) -> String { (schema ?? "") + "/" + column }
}

/// The logic of one table or collection column: `logic` and `requiredLogic`, whose
/// conditions read fields, and `cellRequiredLogic` and `cellVisibilityLogic`, whose conditions
/// read the cells of the row (or fields).
public struct ColumnLogic: Sendable {
    public let shows: Logic?
    public let requires: Logic?
    public let cellRequires: Logic?
    public let cellShows: Logic?

    /// The keys of a column that hold logic.
    static let keys = LogicSlots.keys

    var isEmpty: Bool { shows == nil && requires == nil && cellRequires == nil && cellShows == nil }
}

/// One condition of a logic: the stored value of a field, or a cell of a collection row,
/// compared with `value`.
public struct Condition: Sendable {
    public enum Operator: String, Sendable {
        case equals = "=", notEquals = "!=", contains = "?=", greaterThan = ">", lessThan = "<"
        case isEmpty = "null=", isFilled = "*="
    }

    /// What a condition reads.
    public enum Subject: Sendable, Equatable {
        /// The stored value of the field with this `_id` (fields and pages).
        case field(String)
        /// The cell of `column` in the row the rows of the logic's schema hang under (`schema`
        /// nil), or in that row's nearest ancestor of schema `schema` (collection schemas).
        case cell(schema: String?, column: String)
    }

    /// The field this condition reads, when it reads one.
    var fieldRead: String? {
        if case .field(let id) = subject { return id }
        return nil
    }

    /// Whether the condition names what it reads (a condition that does not never holds).
    var names: Bool {
        switch subject {
        case .field(let field): return !field.isEmpty
        case .cell(_, let column): return !column.isEmpty
        }
    }

    public let subject: Subject
    /// Nil for an operator the document spells in a way no SDK knows: the condition never holds.
    public let `operator`: Operator?
    public let value: JSONValue?

    /// Whether a field condition holds on the field's stored value; a cell condition never
    /// holds here (see ``holds(on:type:)``).
    public func holds(in values: FieldValues) -> Bool {
        guard case .field(let field) = subject, let position = values.document.fieldIndex(field) else { return false }
        return holds(on: values.value(at: position), type: values.document.fields[position].type)
    }

    /// Whether the condition holds on `stored` (nil: absent), a value of a field or column of
    /// `type`, as the SDKs compare (docs/validation.md has the table): through the value's text
    /// (``text(_:)``) and number (``number(_:)``), a multiSelect's or dropdown's array by its
    /// items, a number field's numbers as numbers.
    public func holds(on stored: JSONValue?, type: FieldType) -> Bool {
        guard let op = `operator` else { return false }
        switch op {
        case .equals: return equals(stored, type: type)
        case .notEquals: return !equals(stored, type: type)
        case .contains:
            guard stored != nil, let text = Condition.text(stored), let needle = Condition.text(value) else { return false }
            return text.lowercased().contains(needle.lowercased())
        case .greaterThan, .lessThan:
            guard let left = Condition.number(stored), let right = Condition.number(value) else { return false }
            return op == .greaterThan ? left > right : left < right
        case .isEmpty: return Condition.isEmpty(stored, type: type)
        case .isFilled: return !Condition.isEmpty(stored, type: type)
        }
    }

    private func equals(_ stored: JSONValue?, type: FieldType) -> Bool {
        if type == .dropdown || type == .multiSelect, let items = Condition.strings(stored) {
            return items.contains(Condition.text(value) ?? "")
        }
        if type == .number, let left = Condition.number(stored), let right = Condition.number(value) { return left == right }
        if let left = Condition.text(stored), let right = Condition.text(value) { return left.lowercased() == right.lowercased() }
        let storedNull = stored?.isNull == true, valueNull = value?.isNull == true
        return (stored == nil && value == nil) || (storedNull && valueNull)
    }

    /// `null=`: a dropdown's or multiSelect's array with no item but `""`; else a value whose
    /// text is `""` or that has neither text nor number.
    static func isEmpty(_ stored: JSONValue?, type: FieldType) -> Bool {
        if type == .dropdown || type == .multiSelect, let items = strings(stored) { return items.allSatisfy(\.isEmpty) }
        if let text = text(stored) { return text.isEmpty }
        return number(stored) == nil
    }

    /// The items of an array of strings; nil for anything else.
    static func strings(_ json: JSONValue?) -> [String]? {
        guard let elements = json?.arrayValue else { return nil }
        var items: [String] = []
        for element in elements {
            guard let text = element.stringValue else { return nil }
            items.append(text)
        }
        return items
    }

    /// A value's text, as the SDKs make it: a string itself; a whole number its digits, another
    /// number the shortest text of its double with a fraction (`12.5`, `10.0` for `10.0`); a
    /// boolean `true`/`false`; strings joined by `", "`; rows `Element(<_id>)` joined; an
    /// object `{key: text, …}`; nil for null or nothing.
    static func text(_ json: JSONValue?) -> String? {
        guard let json else { return nil }
        switch json.kind {
        case .null: return nil
        case .string(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .number(let text):
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return text }
            return Double(text).map { "\($0)" } ?? text
        case .array(let elements):
            if let items = strings(json) { return items.joined(separator: ", ") }
            return elements.map { element in
                if element.isObject { return "Element(\(element["_id"]?.stringValue ?? ""))" }
                return text(element) ?? ""
            }.joined(separator: ", ")
        case .object(let members):
            return "{" + members.map { "\($0.key): \(text($0.value) ?? "null")" }.joined(separator: ", ") + "}"
        }
    }

    /// A value's number: a JSON number, or a boolean as 1 or 0; a string has none.
    static func number(_ json: JSONValue?) -> Double? {
        switch json?.kind {
        case .number(let text): return Double(text)
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }
}

/// Logic that cannot be used as written: what is wrong, as the code of the `jf lint` rule that
/// reports it (`logic-missing-target`, `logic-unknown-action`, …), and where.
public struct LogicIssue: Sendable {
    public var code: DiagnosticCode
    public var issue: DocumentIssue

    /// `issues` with their lines and columns (``DocumentIssue/located(_:in:)``).
    static func located(_ issues: [LogicIssue], in bytes: SourceBytes) -> [LogicIssue] {
        zip(issues, DocumentIssue.located(issues.map(\.issue), in: bytes)).map { LogicIssue(code: $0.code, issue: $1) }
    }
}
