import JoyfillJSON
import JoyfillModel

/// How a formula field fared.
public enum FieldStatus: String, Sendable {
    case ok, error, circular, dependsOnCircular
    /// It reads a field whose formula failed (directly or through others): not evaluated, its
    /// value kept.
    case dependsOnFailure
}

/// A formula field after a run: its status and its stored value (nil when absent).
public struct FieldReport: Sendable {
    public let field: String
    public let type: FieldType
    public let status: FieldStatus
    public let value: JSONValue?
    /// For a field that waits on a failure, the field whose own formula failed.
    public var cause: String?
}
