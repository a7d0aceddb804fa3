import JoyfillJSON

/// The SDKs' licence gate (docs/validation.md, "Licences"): a licence is a JWT whose payload's
/// `collectionField` unlocks collection fields. Without it, the SDKs leave collections out of
/// the form and out of validation, and refuse their decorator writes.
///
/// jf's commands treat every licensed feature as available (``Licensing/unrestricted``): a
/// toolchain checks everything. A host that must answer as its app does gives a
/// ``LicenseVerifying`` that checks its licences' signatures (JoyfillLicense's
/// `LicenseVerifier`, with the public key they are signed with): the session reads only what a
/// verified payload says, so it needs no cryptography of its own, nor does anything built on
/// it (the linter, the language server).
public struct Licensing: Sendable {
    /// Whether collection fields are available.
    public let collections: Bool

    /// Why a change to a collection is refused when ``collections`` is false.
    static let lockedCollections = "collection fields need a licence that unlocks them (\"collectionField\": true); no change is applied"

    /// Everything available, as in jf's commands by default.
    public static let unrestricted = Licensing(collections: true)

    private init(collections: Bool) {
        self.collections = collections
    }

    /// What `token` unlocks, checked by `verifier`. No token, an empty one, a malformed or
    /// wrongly signed one, and one whose `collectionField` is not `true` all unlock nothing,
    /// silently, as in the SDKs.
    public init(token: String?, verifier: some LicenseVerifying) {
        // The JSON `true` only: Foundation's reader would give 1 as a Bool too.
        collections = verifier.payload(of: token)?["collectionField"] == .bool(true)
    }
}

/// What checks a licence: the payload of a token whose signature verifies, as a JSON object;
/// nil for anything else.
public protocol LicenseVerifying: Sendable {
    func payload(of token: String?) -> JSONValue?
}
