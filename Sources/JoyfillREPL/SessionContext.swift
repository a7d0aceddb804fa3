import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// `let name = expression`.
struct Binding {
    var name: String
    var expression: String

    init?(_ source: String) {
        let text = source.trimmingSpaces()
        guard text.hasPrefix("let ") else { return nil }
        let rest = text.dropFirst(4)
        guard let equals = rest.firstIndex(of: "=") else { return nil }
        let name = rest[..<equals].trimmingSpaces()
        let after = rest[rest.index(after: equals)...]
        guard !after.hasPrefix("="), !name.isEmpty,
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }),
              !("0"..."9").contains(name.unicodeScalars.first!) else { return nil }
        self.name = name
        expression = String(after)
    }
}

/// Names a session formula sees: session variables, then the document's fields.
final class SessionContext: EvaluationContext {
    let variables: [String: Value]
    let document: (any EvaluationContext)?

    init(variables: [String: Value], document: (any EvaluationContext)?) {
        self.variables = variables
        self.document = document
    }

    func value(of name: String) throws(ResolutionError) -> Value? {
        if let value = variables[name] { return value }
        return try document?.value(of: name)
    }

    func member(_ member: String, of name: String) throws(ResolutionError) -> Value? {
        if variables[name] != nil { return nil }
        return try document?.member(member, of: name)
    }

    var knownNames: [String] { variables.keys.sorted() + (document?.knownNames ?? []) }
}
