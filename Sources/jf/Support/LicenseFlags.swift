import ArgumentParser
import Foundation
import JoyfillLicense
import JoyfillSession

/// `--license` and `--license-key`, shared by `validate` and `apply`: answer as an app with that
/// licence does (docs/validation.md, "Licences"). Without `--license-key` every feature is
/// available, as a toolchain checks everything.
struct LicenseFlags: ParsableArguments {
    @Option(help: ArgumentHelp("The app's licence (a JWT), or @FILE to read it from a file; needs --license-key.",
                               valueName: "TOKEN"))
    var license: String?

    @Option(help: ArgumentHelp("The PEM public key the app's licences are signed with: collections then need a licence that unlocks them, as in the app.",
                               valueName: "FILE"), completion: .file())
    var licenseKey: String?

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if license != nil && licenseKey == nil {
            throw ValidationError("--license needs --license-key, the public key that verifies it")
        }
    }

    /// What the licence unlocks.
    func licensing() throws(Failure) -> Licensing {
        guard let licenseKey else { return .unrestricted }
        let pem: String
        do {
            pem = try String(contentsOfFile: licenseKey, encoding: .utf8)
        } catch {
            throw .usage("--license-key: cannot read \(licenseKey): \(error.localizedDescription)")
        }
        let verifier: LicenseVerifier
        do {
            verifier = try LicenseVerifier(publicKeyPEM: pem)
        } catch {
            throw .usage("--license-key: \(licenseKey) is \(error)")
        }
        var token = license
        if let path = license, path.hasPrefix("@") {
            do {
                token = try String(contentsOfFile: String(path.dropFirst()), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw .usage("--license: cannot read \(path.dropFirst()): \(error.localizedDescription)")
            }
        }
        return Licensing(token: token, verifier: verifier)
    }
}
