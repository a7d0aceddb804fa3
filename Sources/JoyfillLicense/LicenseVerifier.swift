import Crypto
import CryptoExtras
import Foundation
import JoyfillSession
import JoyfillJSON

// JoyfillLicense: the one module that links swift-crypto. It verifies the SDKs' licences
// (RSA signatures of JWTs) for JoyfillSession's licence gate, which takes any
// `LicenseVerifying`; the command line and the server give it this one.

/// Checks a licence as the SDKs do: three base64url pieces (empty pieces dropped), an
/// RSASSA-PKCS1-v1_5 SHA-256 signature of `header.payload` by the configured key, and a payload
/// that is a JSON object. The header is never decoded and no claim but `collectionField` is
/// read: an expired licence still verifies, as in the SDKs.
public struct LicenseVerifier: LicenseVerifying {
    private let key: _RSA.Signing.PublicKey

    /// A verifier for licences signed with the RSA key whose public half is `pem` (a PEM
    /// `PUBLIC KEY` block, 2048 bits or more).
    public init(publicKeyPEM pem: String) throws(LicenseKeyError) {
        do {
            key = try _RSA.Signing.PublicKey(pemRepresentation: pem)
        } catch {
            throw LicenseKeyError(message: "not an RSA public key in PEM form (-----BEGIN PUBLIC KEY----- …): \(error)")
        }
    }

    /// The payload of `token` when its signature verifies and it is a JSON object.
    public func payload(of token: String?) -> JSONValue? {
        guard let token, !token.isEmpty else { return nil }
        let pieces = token.split(separator: ".", omittingEmptySubsequences: true)
        guard pieces.count == 3, let signature = Self.base64URL(pieces[2]), let payload = Self.base64URL(pieces[1]) else { return nil }
        let signed = Data("\(pieces[0]).\(pieces[1])".utf8)
        guard key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signed),
                                   padding: .insecurePKCS1v1_5) else { return nil }
        guard let object = try? JSONReader.read(Array(payload)), object.members != nil else { return nil }
        return object
    }

    /// Strict base64url: the alphabet only, padding restored.
    private static func base64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// A licence key that cannot be read.
public struct LicenseKeyError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
