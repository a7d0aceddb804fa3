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
