import JoyfillJSON

/// The SDKs' `SchemaValidationError`: what a host's `onError` receives when they refuse a
/// document at load, with every violation jf found (the SDKs list theirs under `error`).
public struct SchemaError: Sendable {
    public let code: SchemaViolation.Code
    /// The SDKs' message for the case.
    public let message: String
    public let violations: [SchemaViolation]
    /// The version of the schema checked against (`1.0.5`).
    public let schemaVersion: String

    /// The error of `violations` of `document` (``SchemaCheck/check(_:against:limit:structure:)``);
    /// nil when there are none.
    public init?(_ violations: [SchemaViolation], of document: JSONValue, schemaVersion: String = SchemaCheck.joyDoc.version) {
        guard let first = violations.first else { return nil }
        code = first.code
        self.violations = violations
        self.schemaVersion = schemaVersion
        switch first.code {
        case .version:
            let version = document["v"]?.stringValue ?? ""
            message = SchemaVersion.major(of: version) == nil ? "Error detected with targeted schema version"
                : "Unsupported JoyDoc version detected. This SDK supports v\(SchemaVersion.major(of: schemaVersion)?.description ?? "1").x.x, but document version is v\(version)"
        case .validation:
            message = "Error detected during schema validation"
        }
    }

    /// In the SDKs' shape: `{code, message, error, details: {schemaVersion, sdkVersion}}`, where
    /// `error` lists each violation as `{error, instanceLocation, keywordLocation}` (null for a
    /// version error). jf does not track the keyword's path: `keywordLocation` is `#`.
    public func json(sdkVersion: String) -> JSONValue {
        let errors: JSONValue = code == .version ? .null : .array(violations.map { violation in
            .object([JSONMember("error", .string(violation.message)), JSONMember("instanceLocation", .string(violation.pointer.description)),
                     JSONMember("keywordLocation", "#")])
        })
        return .object([
            JSONMember("code", .string(code.rawValue)), JSONMember("message", .string(message)), JSONMember("error", errors),
            JSONMember("details", .object([JSONMember("schemaVersion", .string(schemaVersion)), JSONMember("sdkVersion", .string(sdkVersion))])),
        ])
    }
}
