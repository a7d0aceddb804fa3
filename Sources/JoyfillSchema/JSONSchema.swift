import JoyfillJSON

/// A JSON Schema (draft-07), compiled for validation.
///
/// Only the keywords the JoyDoc schema uses are known: `type`, `properties`, `required`,
/// `items`, `additionalProperties` (as a schema every other member must match), `$ref` (to
/// `#/definitions/NAME`), `allOf`, `anyOf`, `oneOf`, `if`/`then`, `const`, `enum`,
/// `minLength`, `minItems`, `maxItems`; the annotations `$schema`, `$id`, `$comment`, `title`
/// and `description`; and two of jf's own for messages: `x-message` (what an `anyOf` or
/// `oneOf` here expects, in words) and `x-notes` (a note for each key, shown when that key is
/// missing or wrong). Any other keyword is an error when the schema is compiled, so a schema
/// can never mean more than this validator checks.
public struct JSONSchema: Sendable {
    /// The schema's `$joyfillSchemaVersion` (the version the SDKs' guard compares with); empty
    /// for a schema without one (those of jf's own outputs).
    public let version: String
    let root: Node
    /// The definitions, in the order of the file; a `$ref` holds its target's index here.
    let definitions: [Node]

    /// A schema that cannot be compiled: a keyword this validator does not know, a `$ref` to
    /// nothing, a keyword of the wrong shape.
    public struct CompileError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Compiles the schema in `text`.
    public init(text: some Collection<UInt8>) throws {
        let json: JSONValue
        do {
            json = try JSONReader.read(text)
        } catch {
            throw CompileError(message: "the schema is not JSON: \(error)")
        }
        if let version = json["$joyfillSchemaVersion"], version.stringValue == nil {
            throw CompileError(message: "the schema's \"$joyfillSchemaVersion\" is not a string")
        }
        self.version = json["$joyfillSchemaVersion"]?.stringValue ?? ""
        let members = json["definitions"]?.members ?? []
        let names = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        definitions = try members.map { try Node($0.value, at: "#/definitions/\($0.key)", definitions: names) }
        root = try Node(json, at: "#", definitions: names, isRoot: true)
    }

    /// Every way `value` breaks the schema (at most `limit`), in document order; empty when it
    /// matches.
    public func validate(_ value: JSONValue, limit: Int = .max) -> [SchemaViolation] {
        var validation = Validation(schema: self, limit: limit)
        validation.check(value, root)
        return validation.violations
    }
}

/// One compiled subschema: each keyword in a form ready to check.
final class Node: Sendable {
    let types: TypeSet?
    let properties: PropertyTable
    let required: [String]
    let items: Node?
    let additionalProperties: Node?
    /// The index of the definition a `$ref` points to (``JSONSchema/definitions``).
    let reference: Int?
    let allOf: [Node]
    /// An `allOf` of `if`/`then` pairs that each test one key for a string (`{"if":
    /// {"required": ["type"], "properties": {"type": {"const": "table"}}}, "then": …}`), the
    /// way a union of kinds is written, compiled to a lookup: the `then`s for each value of
    /// that key. It means exactly what the pairs mean, and saves a trial per kind per value.
    let dispatch: (key: String, cases: [String: [Node]])?
    let anyOf: [Node]
    let oneOf: [Node]
    let condition: (if: Node, then: Node)?
    let constant: JSONValue?
    let allowed: [JSONValue]?
    let minLength: Int?
    let minItems: Int?
    let maxItems: Int?
    /// What a value of this schema is, for messages ("a page").
    let title: String?
    let message: String?
    let notes: [String: String]

    private static let annotations: Set<String> = ["$schema", "$id", "$comment", "title", "description"]
    private static let rootOnly: Set<String> = ["definitions", "$joyfillSchemaVersion"]

    init(_ json: JSONValue, at place: String, definitions: [String: Int], isRoot: Bool = false) throws {
        func fail(_ message: String) -> JSONSchema.CompileError {
            JSONSchema.CompileError(message: "\(place): \(message)")
        }
        guard let members = json.members else { throw fail("a schema must be an object") }
        for member in members
        where !Self.known.contains(member.key) && !Self.annotations.contains(member.key) && !(isRoot && Self.rootOnly.contains(member.key)) {
            throw fail("the keyword \"\(member.key)\" is not one this validator knows")
        }
        func schema(_ key: String) throws -> Node? {
            try json[key].map { try Node($0, at: "\(place)/\(key)", definitions: definitions) }
        }
        func schemas(_ key: String) throws -> [Node] {
            guard let value = json[key] else { return [] }
            guard let list = value.arrayValue, !list.isEmpty else { throw fail("\(key) must be a non-empty array") }
            return try list.enumerated().map { try Node($1, at: "\(place)/\(key)/\($0)", definitions: definitions) }
        }
        func count(_ key: String) throws -> Int? {
            guard let value = json[key] else { return nil }
            guard let count = value.integerValue, count >= 0 else { throw fail("\(key) must be a whole number") }
            return count
        }
        func text(_ key: String) throws -> String? {
            guard let value = json[key] else { return nil }
            guard let text = value.stringValue else { throw fail("\(key) must be a string") }
            return text
        }

        if let type = json["type"] {
            let names = type.stringValue.map { [$0] } ?? type.arrayValue?.compactMap(\.stringValue) ?? []
            let types = try names.map { name -> JSONType in
                guard let type = Self.typeNames[name] else { throw fail("unknown type \"\(name)\"") }
                return type
            }
            guard !types.isEmpty else { throw fail("type must name a type or a list of types") }
            self.types = TypeSet(types)
        } else {
            types = nil
        }
        var properties: [String: Node] = [:]
        for member in json["properties"]?.members ?? [] {
            properties[member.key] = try Node(member.value, at: "\(place)/properties/\(member.key)", definitions: definitions)
        }
        self.properties = PropertyTable(properties)
        required = json["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        items = try schema("items")
        additionalProperties = try schema("additionalProperties")
        if let ref = try text("$ref") {
            guard ref.hasPrefix("#/definitions/") else { throw fail("$ref must point into #/definitions/") }
            guard let index = definitions[String(ref.dropFirst("#/definitions/".count))] else {
                throw fail("$ref to a definition the schema does not have: \(ref)")
            }
            reference = index
        } else {
            reference = nil
        }
        let allOf = try schemas("allOf")
        if let dispatch = Self.dispatch(allOf) {
            self.dispatch = dispatch
            self.allOf = []
        } else {
            self.dispatch = nil
            self.allOf = allOf
        }
        anyOf = try schemas("anyOf")
        oneOf = try schemas("oneOf")
        switch (try schema("if"), try schema("then")) {
        case (let condition?, let then?): self.condition = (condition, then)
        case (nil, nil): condition = nil
        default: throw fail("if and then go together")
        }
        constant = json["const"]
        allowed = json["enum"]?.arrayValue
        minLength = try count("minLength")
        minItems = try count("minItems")
        maxItems = try count("maxItems")
        title = try text("title")
        message = try text("x-message")
        var notes: [String: String] = [:]
        for member in json["x-notes"]?.members ?? [] {
            guard let note = member.value.stringValue else { throw fail("x-notes maps keys to strings") }
            notes[member.key] = note
        }
        self.notes = notes
    }

    /// The keywords checked (besides the annotations).
    private static let known: Set<String> = [
        "type", "properties", "required", "items", "additionalProperties", "$ref", "allOf", "anyOf", "oneOf", "if", "then",
        "const", "enum", "minLength", "minItems", "maxItems", "x-message", "x-notes",
    ]

    /// The lookup ``dispatch`` stands for, when every one of `parts` is an `if` that requires
    /// one key (the same for all) to be one of some strings, with a `then` and nothing else.
    private static func dispatch(_ parts: [Node]) -> (key: String, cases: [String: [Node]])? {
        var key: String?
        var cases: [String: [Node]] = [:]
        for part in parts {
            guard let (test, then) = part.condition, part.isOnlyCondition, test.required.count == 1,
                  key == nil || key == test.required[0], test.properties.count == 1,
                  let property = test.properties[test.required[0]], test.isOnlyRequiredAndProperties else { return nil }
            let values = property.constant.map { [$0] } ?? property.allowed ?? []
            let strings = values.compactMap(\.stringValue)
            guard !values.isEmpty, strings.count == values.count, property.isOnlyConstOrEnum else { return nil }
            key = test.required[0]
            for string in strings { cases[string, default: []].append(then) }
        }
        return key.map { ($0, cases) }
    }

    /// Whether the node holds an `if`/`then` and no other keyword.
    private var isOnlyCondition: Bool {
        types == nil && properties.isEmpty && required.isEmpty && items == nil && additionalProperties == nil && reference == nil
            && allOf.isEmpty && dispatch == nil && anyOf.isEmpty && oneOf.isEmpty && constant == nil && allowed == nil
            && minLength == nil && minItems == nil && maxItems == nil
    }

    /// Whether the node holds `required` and `properties` and no other keyword.
    private var isOnlyRequiredAndProperties: Bool {
        types == nil && items == nil && additionalProperties == nil && reference == nil && allOf.isEmpty && dispatch == nil
            && anyOf.isEmpty && oneOf.isEmpty && condition == nil && constant == nil && allowed == nil && minLength == nil
            && minItems == nil && maxItems == nil
    }

    /// Whether the node holds a `const` or an `enum` and no other keyword.
    private var isOnlyConstOrEnum: Bool {
        types == nil && properties.isEmpty && required.isEmpty && items == nil && additionalProperties == nil && reference == nil
            && allOf.isEmpty && dispatch == nil && anyOf.isEmpty && oneOf.isEmpty && condition == nil && minLength == nil
            && minItems == nil && maxItems == nil
    }

    private static let typeNames: [String: JSONType] = [
        "null": .null, "boolean": .bool, "number": .number, "string": .string, "array": .array, "object": .object,
    ]
}

/// A set of JSON types, as bits (a `type` keyword is checked on every value).
struct TypeSet: Sendable {
    private let bits: UInt8

    init(_ types: [JSONType]) {
        bits = types.reduce(0) { $0 | Self.bit($1) }
    }

    func contains(_ type: JSONType) -> Bool { bits & Self.bit(type) != 0 }

    private static func bit(_ type: JSONType) -> UInt8 {
        switch type {
        case .null: return 1
        case .bool: return 2
        case .number: return 4
        case .string: return 8
        case .array: return 16
        case .object: return 32
        }
    }
}
