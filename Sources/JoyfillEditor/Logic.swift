import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Conditional logic on a field or page: `{action, eval, conditions: [{field, condition, value}]}`.
///
/// The item's `hidden` flag is where it starts; its logic can only move it away from there
/// when the conditions are met: `show` shows an item that starts hidden, `hide` hides one that
/// starts visible. Logic that names the action the item is already in does nothing.
public struct Logic: Sendable {
    public enum Action: String, Sendable { case show, hide }

    public let action: Action
    /// `eval: "and"` (every condition must hold, the default) or `"or"` (any one).
    public let requiresAll: Bool
    public let conditions: [Condition]

    /// Whether the logic's conditions hold on the stored values. Logic without conditions
    /// never holds.
    public func holds(in values: FieldValues) -> Bool {
        guard !conditions.isEmpty else { return false }
        return requiresAll ? conditions.allSatisfy { $0.holds(in: values) } : conditions.contains { $0.holds(in: values) }
    }

    /// Whether an item that starts `hidden` is shown under this logic.
    public func shows(startingHidden hidden: Bool, in values: FieldValues) -> Bool {
        switch action {
        case .show: return !hidden || holds(in: values)
        case .hide: return !hidden && !holds(in: values)
        }
    }

    /// Reads the `logic` of `owner` ("field \"x\"", "page \"p\""; `field`: the field's id when
    /// the logic is a field's), reporting what it cannot use
    /// as issues: logic that is not an object, or has no valid action, is ignored; a condition
    /// that cannot be evaluated (no field, an unknown operator or field) never holds.
    ///
    /// `fieldNames`: the document's field ids for "did you mean", made on the first unknown field
    /// and shared (a form can have thousands of conditions, each naming a missing field).
    static func read(_ json: JSONValue?, owner: String, field owningField: String?, document: JoyDoc,
                     fieldNames: inout Suggestions.Index?, issues: inout [DocumentIssue]) -> Logic? {
        guard let json, !json.isNull else { return nil }
        func issue(_ message: String, _ value: JSONValue?) {
            issues.append(DocumentIssue(message: "\(owner): \(message)", field: owningField,
                                        offset: (value ?? json).span?.lowerBound, in: document.bytes))
        }
        guard json.isObject else {
            issue("\"logic\" must be an object, not \(json.typeName); it is ignored", json)
            return nil
        }
        let conditionsJSON = json["conditions"]
        // Templates keep the logic of an item whose conditions were all removed; it does nothing.
        if conditionsJSON == nil || conditionsJSON?.isNull == true || conditionsJSON?.arrayValue?.isEmpty == true {
            return nil
        }
        guard let actionName = json["action"]?.stringValue, let action = Action(rawValue: actionName) else {
            issue("\"logic\" has no \"action\" of \"show\" or \"hide\"; it is ignored", json["action"])
            return nil
        }
        var requiresAll = true
        if let eval = json["eval"], !eval.isNull {
            switch eval.stringValue {
            case "and": requiresAll = true
            case "or": requiresAll = false
            default:
                issue("logic \"eval\" must be \"and\" or \"or\"; it is read as \"and\"", eval)
            }
        }
        guard let elements = conditionsJSON?.arrayValue else {
            issue("logic \"conditions\" must be an array; the logic is ignored", conditionsJSON)
            return nil
        }
        var conditions: [Condition] = []
        for (index, element) in elements.enumerated() {
            let place = "logic condition \(index + 1)"
            guard let field = element["field"]?.stringValue else {
                issue("\(place) names no \"field\"; it never holds", element)
                conditions.append(Condition(field: "", operator: nil, value: nil))
                continue
            }
            let name = element["condition"]?.stringValue ?? ""
            let op = Condition.Operator(rawValue: name)
            if op == nil {
                issue("\(place) has the unknown operator \"\(name)\" (use =, !=, ?=, >, <, null= or *=); it never holds",
                      element["condition"] ?? element)
            } else if let source = document.field(field) {
                if op == .equals || op == .notEquals, let value = element["value"] {
                    checkOption(value, of: source, op: op!, place: place, issue: issue)
                } else if op == .greaterThan || op == .lessThan, Condition.number(element["value"]) == nil {
                    issue("\(place) compares with \(element["value"].map { $0.text } ?? "nothing"), which is not a number; "
                          + "\(name) compares numbers, so it never holds", element["value"] ?? element)
                }
            } else {
                if fieldNames == nil { fieldNames = Suggestions.Index(document.fields.map(\.id)) }
                let suggestion = fieldNames!.closest(to: field).map { " (did you mean '\($0)'?)" } ?? ""
                issue("\(place) reads the field \"\(field)\", which the document does not have\(suggestion); it never holds",
                      element["field"])
            }
            conditions.append(Condition(field: field, operator: op, value: element["value"]))
        }
        return Logic(action: action, requiresAll: requiresAll, conditions: conditions)
    }

    /// A condition comparing a dropdown or multiSelect compares option ids: reports a value that
    /// is no option's `_id` (an option's text, written where its id belongs, most often).
    private static func checkOption(_ value: JSONValue, of source: Field, op: Condition.Operator, place: String,
                                    issue: (String, JSONValue?) -> Void) {
        guard source.type == .dropdown || source.type == .multiSelect, let expected = Condition.text(value) else { return }
        let options = source.options.filter { !$0.deleted }
        guard !options.isEmpty, !options.contains(where: { $0.id == expected }) else { return }
        let outcome = op == .equals ? "never holds" : "always holds"
        if let byText = options.first(where: { $0.text.lowercased() == expected.lowercased() }) {
            issue("\(place) compares the \(source.type.name) '\(source.id)' with \"\(expected)\", the text of its option "
                  + "\"\(byText.id)\"; conditions compare option ids, so it \(outcome) (use \"\(byText.id)\")", value)
        } else {
            let suggestion = Suggestions.closest(to: expected, in: options.map(\.id)).map { " (did you mean '\($0)'?)" } ?? ""
            issue("\(place) compares the \(source.type.name) '\(source.id)' with \"\(expected)\", which is none of its option ids\(suggestion); "
                  + "it \(outcome)", value)
        }
    }
}

/// The conditional logic of every field and page of a document, read once: what ``Visibility``
/// evaluates, and what cannot be used as written (what `jf lint`'s `invalid-logic` reports
/// without evaluating anything).
public struct DocumentLogic: Sendable {
    /// Each field's logic, by position in ``JoyDoc/fields`` (nil: none, or none usable).
    public let fields: [Logic?]
    /// Each page's logic, in ``JoyDoc/pages`` order.
    public let pages: [(page: Page, logic: Logic?)]
    /// Logic that could not be used as written, each naming its field or page, located.
    public let issues: [DocumentIssue]

    public init(_ document: JoyDoc) {
        var issues: [DocumentIssue] = []
        var names: Suggestions.Index?
        fields = document.fields.map { field in
            Logic.read(field.json["logic"], owner: "field \"\(field.id)\"", field: field.id, document: document,
                       fieldNames: &names, issues: &issues)
        }
        pages = document.pages.map { page in
            (page, Logic.read(page.json["logic"], owner: "page \"\(page.id)\"", field: nil, document: document,
                              fieldNames: &names, issues: &issues))
        }
        self.issues = DocumentIssue.located(issues, in: document.bytes)
    }
}

/// One condition of a logic: the stored value of `field` compared with `value`.
public struct Condition: Sendable {
    public enum Operator: String, Sendable {
        case equals = "=", notEquals = "!=", contains = "?=", greaterThan = ">", lessThan = "<"
        case isEmpty = "null=", isFilled = "*="
    }

    /// The `_id` of the field read.
    public let field: String
    /// Nil for an operator the document spells in a way no SDK knows: the condition never holds.
    public let `operator`: Operator?
    public let value: JSONValue?

    /// Compares the field's stored value (`=` ignores case for text; dropdowns compare option
    /// ids; a multiSelect "equals" an option it has selected; `>` and `<` compare numbers only).
    public func holds(in values: FieldValues) -> Bool {
        guard let op = `operator`, let position = values.document.fieldIndex(field) else { return false }
        let source = values.document.fields[position]
        let stored = values.value(at: position)
        switch op {
        case .isFilled: return Filled.value(stored, of: source)
        case .isEmpty: return !Filled.value(stored, of: source)
        case .equals: return equals(stored, type: source.type)
        case .notEquals: return !equals(stored, type: source.type)
        case .contains:
            guard let text = Condition.text(stored), let needle = Condition.text(value) else { return false }
            return text.lowercased().contains(needle.lowercased())
        case .greaterThan, .lessThan:
            guard let left = Condition.number(stored), let right = Condition.number(value) else { return false }
            return op == .greaterThan ? left > right : left < right
        }
    }

    private func equals(_ stored: JSONValue?, type: FieldType) -> Bool {
        guard let expected = Condition.text(value) else { return false }
        switch type {
        case .number:
            guard let left = Condition.number(stored), let right = Condition.number(value) else { return false }
            return left == right
        case .dropdown:
            return stored?.stringValue == expected
        case .multiSelect:
            return stored?.arrayValue?.contains { $0.stringValue == expected } ?? false
        default:
            guard let text = Condition.text(stored) else { return false }
            return text.lowercased() == expected.lowercased()
        }
    }

    /// A string, number or boolean as text; nil for anything else.
    static func text(_ json: JSONValue?) -> String? {
        switch json?.kind {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    /// A number, or a string holding one; nil for anything else.
    static func number(_ json: JSONValue?) -> Double? {
        switch json?.kind {
        case .number(let text): return Double(text)
        case .string(let text): return Double(text.trimmingSpaces)
        default: return nil
        }
    }
}

extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        let end = scalars.lastIndex { !$0.properties.isWhitespace }.map { scalars.index(after: $0) } ?? start
        return self[start..<end]
    }
}
