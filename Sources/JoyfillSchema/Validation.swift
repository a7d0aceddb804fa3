import JoyfillJSON

/// One walk of a value against a compiled schema, collecting every violation.
///
/// The walk recurses with the value, whose depth the JSON reader bounds (512 levels), so the
/// stack it needs is bounded too. `path` is the pointer to the value being checked, as tokens;
/// it becomes text only for a violation.
struct Validation {
    let schema: JSONSchema
    var violations: [SchemaViolation] = []
    private var path: [JSONPointer.Step] = []
    /// A trial (does the value match an `if`, an alternative of `anyOf`?): it only needs to
    /// know whether something failed, so it writes no message and stops at the first failure.
    private let isTrial: Bool
    /// Set by a trial's first failure, or when `limit` violations are found: the walk stops.
    private var failed = false
    private let limit: Int

    init(schema: JSONSchema, isTrial: Bool = false, limit: Int = .max) {
        self.schema = schema
        self.isTrial = isTrial
        self.limit = limit
    }

    /// Checks `value` against `node`; `named` is the nearest node with a `title` on the way
    /// here, which says what the value is (a `$ref`'s target names it for the `then` of a kind). `decoded` are the members of an object value,
    /// when a caller has them: every subschema of one object reads them decoded once.
    mutating func check(_ value: JSONValue, _ node: Node, named: Node? = nil, decoded: [JSONMember]? = nil) {
        if failed { return }
        let named = node.title == nil ? named : node
        if let reference = node.reference {
            let target = schema.definitions[reference]
            // As in draft-07, a `$ref` stands for its target: its sibling keywords are not read.
            check(value, target, named: named, decoded: decoded)
            return
        }
        let type = value.type
        if let types = node.types, !types.contains(type) {
            // Nothing else of this node applies to a value of the wrong type.
            report(value, "must be \(Self.describe(types)), not \(Self.article(value.typeName))")
            return
        }
        if let constant = node.constant, value != constant {
            report(value, "must be \(constant.text), not \(Self.shown(value))")
        }
        if let allowed = node.allowed, !allowed.contains(value) {
            report(value, "must be one of \(allowed.map(\.text).joined(separator: ", ")), not \(Self.shown(value))")
        }
        var members: [JSONMember]?
        switch type {
        case .string:
            if let minimum = node.minLength, let text = value.stringValue, text.count < minimum {
                report(value, minimum == 1 ? "must not be empty" : "must be at least \(minimum) characters long, not \(text.count)")
            }
        case .array:
            checkItems(value, node)
        case .object:
            members = decoded ?? value.members ?? []
            checkMembers(value, members!, node, named: named)
        default:
            break
        }
        for part in node.allOf { check(value, part, named: named, decoded: members) }
        if let dispatch = node.dispatch, let members,
           let kind = members.last(where: { $0.key == dispatch.key })?.value.stringValue {
            for then in dispatch.cases[kind] ?? [] { check(value, then, named: named, decoded: members) }
        }
        if let condition = node.condition, matches(value, condition.if, decoded: members) {
            check(value, condition.then, named: named, decoded: members)
        }
        if !node.anyOf.isEmpty || !node.oneOf.isEmpty { checkAlternatives(value, node, decoded: members) }
    }

    /// `anyOf` and `oneOf`.
    private mutating func checkAlternatives(_ value: JSONValue, _ node: Node, decoded members: [JSONMember]?) {
        let schema = schema
        if !node.anyOf.isEmpty, !node.anyOf.contains(where: { matches(value, $0, decoded: members) }) {
            report(value, node.message ?? "must be \(Self.alternatives(node.anyOf, in: schema))")
        }
        if !node.oneOf.isEmpty {
            let matching = node.oneOf.filter { matches(value, $0, decoded: members) }.count
            if matching == 0 {
                report(value, node.message ?? "must be \(Self.alternatives(node.oneOf, in: schema))")
            } else if matching > 1 {
                report(value, node.message ?? "must be exactly one of \(Self.alternatives(node.oneOf, in: schema)), and it is \(matching) of them")
            }
        }
    }

    private mutating func checkItems(_ value: JSONValue, _ node: Node) {
        let count = value.count ?? 0
        if let minimum = node.minItems, count < minimum {
            report(value, node.maxItems == minimum ? "must hold exactly \(Self.items(minimum)), not \(count)"
                                                     : "must hold at least \(Self.items(minimum)), not \(count)")
        } else if let maximum = node.maxItems, count > maximum {
            report(value, node.minItems == maximum ? "must hold exactly \(Self.items(maximum)), not \(count)"
                                                     : "must hold at most \(Self.items(maximum)), not \(count)")
        }
        guard let items = node.items, let elements = value.arrayValue else { return }
        for (index, element) in elements.enumerated() {
            path.append(.index(index))
            check(element, items)
            path.removeLast()
        }
    }

    private mutating func checkMembers(_ value: JSONValue, _ members: [JSONMember], _ node: Node, named: Node?) {
        for key in node.required where !members.contains(where: { $0.key == key }) {
            report(value, "has no `\(key)`, which \(named?.title ?? "this object") requires", note: node.notes[key], missing: key)
        }
        guard !node.properties.isEmpty || node.additionalProperties != nil else { return }
        // Of a key given twice, only the last is read (by the SDKs' JSON readers and jf's): an
        // earlier one is not checked, so no violation names a value nobody reads. A scan for the
        // few members most objects have, a table of the last places for many (no square).
        let lastPlaces = members.count > 16
            ? Dictionary(members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { _, last in last }) : nil
        for (index, member) in members.enumerated() {
            guard let property = node.properties[member.key] ?? node.additionalProperties else { continue }
            let repeated = lastPlaces.map { $0[member.key] != index } ?? members[(index + 1)...].contains { $0.key == member.key }
            if repeated { continue }
            path.append(.key(member.key))
            let before = violations.count
            check(member.value, property)
            // A key's note is about its own value (`files` holding one file), not what is inside.
            if !node.notes.isEmpty, let note = node.notes[member.key], violations.count > before {
                let own = pointer
                for index in before..<violations.count where violations[index].note == nil && violations[index].pointer == own {
                    violations[index].note = note
                }
            }
            path.removeLast()
        }
    }

    /// True when `value` matches `node` (the violations are dropped).
    private func matches(_ value: JSONValue, _ node: Node, decoded: [JSONMember]?) -> Bool {
        var trial = Validation(schema: schema, isTrial: true)
        trial.check(value, node, decoded: decoded)
        return !trial.failed
    }

    /// "a column condition or a field condition": the alternatives by title, else by type.
    private static func alternatives(_ nodes: [Node], in schema: JSONSchema) -> String {
        let names = nodes.map { node -> String in
            let target = node.reference.map { schema.definitions[$0] }
            if let title = node.title ?? target?.title { return title }
            if let types = node.types ?? target?.types { return Self.describe(types) }
            if let constant = node.constant { return constant.text }
            return "another shape"
        }
        return names.joined(separator: " or ")
    }

    /// Records a violation at `value`; one about a `missing` key is placed at the object's
    /// opening brace.
    private mutating func report(_ value: JSONValue, _ problem: @autoclosure () -> String, note: String? = nil,
                                 missing: String? = nil) {
        if isTrial {
            failed = true
            return
        }
        var span = value.span
        if missing != nil, let start = span?.lowerBound { span = start..<start + 1 }
        violations.append(SchemaViolation(code: .validation, pointer: pointer, span: span,
                                          message: "\(name) \(problem())", note: note, missingKey: missing))
        if violations.count >= limit { failed = true }
    }

    /// The path as a JSON pointer.
    private var pointer: JSONPointer { JSONPointer(path) }

    /// The value in words: "`rowHeight`", "`fields[3]`", "the document".
    private var name: String {
        guard let last = path.last else { return "the document" }
        switch last {
        case .key(let key): return "`\(key)`"
        case .index(let index):
            if path.count >= 2, case .key(let key) = path[path.count - 2] { return "`\(key)[\(index)]`" }
            return "item \(index)"
        }
    }

    private static func describe(_ types: TypeSet) -> String {
        let order: [JSONType] = [.object, .array, .string, .number, .bool, .null]
        return order.filter(types.contains).map { type -> String in
            switch type {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }.joined(separator: " or ")
    }

    private static func article(_ typeName: String) -> String {
        typeName == "null" ? "null" : (typeName.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + typeName
    }

    /// A scalar as written; a container by its type.
    private static func shown(_ value: JSONValue) -> String {
        switch value.type {
        case .array, .object: return article(value.typeName)
        default: return value.text
        }
    }

    private static func items(_ count: Int) -> String {
        count == 1 ? "one item" : "\(count) items"
    }
}
