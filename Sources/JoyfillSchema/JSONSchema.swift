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
    /// The schema's `$joyfillSchemaVersion` (the version the SDKs' guard compares with).
    public let version: String
    let root: Node
    let definitions: [String: Node]

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
        guard let version = json["$joyfillSchemaVersion"]?.stringValue else {
            throw CompileError(message: "the schema has no \"$joyfillSchemaVersion\" string")
        }
        self.version = version
        var definitions: [String: Node] = [:]
        for member in json["definitions"]?.members ?? [] {
            definitions[member.key] = try Node(member.value, at: "#/definitions/\(member.key)")
        }
        root = try Node(json, at: "#", isRoot: true)
        self.definitions = definitions
        for node in [root] + definitions.values {
            if let missing = node.references.first(where: { definitions[$0] == nil }) {
                throw CompileError(message: "$ref to a definition the schema does not have: \(missing)")
            }
        }
    }

    /// Every way `value` breaks the schema, in document order; empty when it matches.
    public func validate(_ value: JSONValue) -> [SchemaViolation] {
        var validation = Validation(schema: self)
        validation.check(value, root)
        return validation.violations
    }
}

/// One compiled subschema: each keyword in a form ready to check.
final class Node: Sendable {
    let types: Set<JSONType>?
    let properties: [String: Node]
    let required: [String]
    let items: Node?
    let additionalProperties: Node?
    /// The name of the definition a `$ref` points to.
    let reference: String?
    let allOf: [Node]
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

    init(_ json: JSONValue, at place: String, isRoot: Bool = false) throws {
        func fail(_ message: String) -> JSONSchema.CompileError {
            JSONSchema.CompileError(message: "\(place): \(message)")
        }
        guard let members = json.members else { throw fail("a schema must be an object") }
        for member in members
        where !Self.known.contains(member.key) && !Self.annotations.contains(member.key) && !(isRoot && Self.rootOnly.contains(member.key)) {
            throw fail("the keyword \"\(member.key)\" is not one this validator knows")
        }
        func schema(_ key: String) throws -> Node? {
            try json[key].map { try Node($0, at: "\(place)/\(key)") }
        }
        func schemas(_ key: String) throws -> [Node] {
            guard let value = json[key] else { return [] }
            guard let list = value.arrayValue, !list.isEmpty else { throw fail("\(key) must be a non-empty array") }
            return try list.enumerated().map { try Node($1, at: "\(place)/\(key)/\($0)") }
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
            self.types = Set(types)
        } else {
            types = nil
        }
        var properties: [String: Node] = [:]
        for member in json["properties"]?.members ?? [] {
            properties[member.key] = try Node(member.value, at: "\(place)/properties/\(member.key)")
        }
        self.properties = properties
        required = json["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        items = try schema("items")
        additionalProperties = try schema("additionalProperties")
        if let ref = try text("$ref") {
            guard ref.hasPrefix("#/definitions/") else { throw fail("$ref must point into #/definitions/") }
            reference = String(ref.dropFirst("#/definitions/".count))
        } else {
            reference = nil
        }
        allOf = try schemas("allOf")
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

    private static let typeNames: [String: JSONType] = [
        "null": .null, "boolean": .bool, "number": .number, "string": .string, "array": .array, "object": .object,
    ]

    /// The definitions this node and its subschemas refer to.
    var references: [String] {
        var found: [String] = []
        var pending: [Node] = [self]
        while let node = pending.popLast() {
            if let reference = node.reference { found.append(reference) }
            pending += Array(node.properties.values) + [node.items, node.additionalProperties].compactMap { $0 }
            pending += node.allOf + node.anyOf + node.oneOf
            if let condition = node.condition { pending += [condition.if, condition.then] }
        }
        return found
    }
}
