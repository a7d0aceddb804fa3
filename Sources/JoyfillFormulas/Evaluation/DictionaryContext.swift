/// A context backed by a dictionary of names to values.
public final class DictionaryContext: EvaluationContext, Sendable {
    public let values: [String: Value]

    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    public func value(of name: String) throws(ResolutionError) -> Value? { values[name] }
    public var knownNames: [String] { values.keys.sorted() }
}
