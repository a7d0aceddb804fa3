import JoyfillJSON

/// A document-level formula: `{_id, expression}` (other keys are kept in ``json``).
public struct FormulaDefinition: Sendable {
    public let id: String
    public let expression: String
    public let json: JSONValue
}

/// A formula applied to a field: `{_id, formula, key}`.
public struct AppliedFormula: Sendable {
    /// The application's own `_id` (may be empty).
    public let id: String
    /// The `_id` of the document formula it applies.
    public let formula: String
    /// What the result sets: `value` or `hidden` (others are reported by evaluation and lint).
    public let key: String
    public let json: JSONValue
}
