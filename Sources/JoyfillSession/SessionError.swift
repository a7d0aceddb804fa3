import JoyfillSchema

/// What the SDKs report through `onError`, for a host that observes a session
/// (``DocumentSession/init(document:registry:options:view:mode:licensing:onError:)``).
public enum SessionError: Sendable {
    /// The SDKs would refuse the document at load (their form then shows nothing; jf's session
    /// goes on with it).
    case schemaValidation(SchemaError)
    /// A decorator change that cannot be applied: the path names nothing, the decorator is
    /// invalid, the action is unknown or taken (the SDKs' `decoratorError`).
    case decorator(message: String)
}
