import Crypto
import CryptoExtras
import Foundation
import JoyfillChanges
import JoyfillJSON
import JoyfillLicense
import JoyfillModel
@testable import JoyfillSession
import Testing

/// A key pair of the tests' own and licences signed with it, as an issuer signs them.
struct LicenseIssuer {
    let key: _RSA.Signing.PrivateKey

    init() throws {
        key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
    }

    var publicKeyPEM: String { key.publicKey.pemRepresentation }

    /// A JWT of `payload` (JSON text) under `header`, signed (RS256) with `key`.
    func token(_ payload: String, header: String = #"{"alg":"RS256","typ":"JWT"}"#,
               signedWith other: _RSA.Signing.PrivateKey? = nil) throws -> String {
        let signed = Self.base64URL(Data(header.utf8)) + "." + Self.base64URL(Data(payload.utf8))
        let signature = try (other ?? key).signature(for: SHA256.hash(data: Data(signed.utf8)), padding: .insecurePKCS1v1_5)
        return signed + "." + Self.base64URL(signature.rawRepresentation)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

struct LicenseTests {
    static let issuer = Result { try LicenseIssuer() }

    @Test func whatUnlocksCollections() throws {
        let issuer = try Self.issuer.get()
        let verifier = try LicenseVerifier(publicKeyPEM: issuer.publicKeyPEM)
        func unlocks(_ token: String?) -> Bool { Licensing(token: token, verifier: verifier).collections }
        #expect(unlocks(try issuer.token(#"{"collectionField": true}"#)))
        // The header is never read, nor any claim but collectionField: an expired licence works.
        #expect(unlocks(try issuer.token(#"{"collectionField": true, "exp": 1}"#, header: "not json")))
        #expect(!unlocks(try issuer.token(#"{"collectionField": false}"#)))
        #expect(!unlocks(try issuer.token(#"{"collectionField": "true"}"#)))
        // Only the JSON `true`: a number that Foundation would read as a Bool unlocks nothing.
        for notTrue in ["1", "1.0", "[true]", "{\"value\": true}", "null"] {
            #expect(!unlocks(try issuer.token(#"{"collectionField": \#(notTrue)}"#)), "\(notTrue)")
        }
        #expect(!unlocks(try issuer.token(#"[{"collectionField": true}]"#)), "a payload that is not an object")
        #expect(!unlocks(try issuer.token(#"[true]"#)))
        #expect(!unlocks(try issuer.token(#"{"collectionField": true}"#, signedWith: try _RSA.Signing.PrivateKey(keySize: .bits2048))))
        #expect(!unlocks(nil) && !unlocks("") && !unlocks("a.b"))
        // Empty pieces are dropped: `a..b..c` has three.
        let token = try issuer.token(#"{"collectionField": true}"#)
        #expect(unlocks(token.replacingOccurrences(of: ".", with: "..")))
        #expect(!unlocks(token + "x"), "a changed signature")
    }

    @Test func aKeyThatIsNoKeyIsAnError() {
        #expect(throws: LicenseKeyError.self) { try LicenseVerifier(publicKeyPEM: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n") }
    }

    static let form = """
        {"fields": [
          {"_id": "name", "type": "text", "required": true, "value": "Ada"},
          {"_id": "sites", "type": "collection", "required": true, "value": [],
           "schema": {"site": {"root": true, "tableColumns": [{"_id": "city", "type": "text"}]}}}
        ]}
        """

    /// Without a licence that unlocks them, collections are left out of validation and their
    /// changes are refused; the rest works as before.
    @Test func lockedCollections() throws {
        let issuer = try Self.issuer.get()
        let verifier = try LicenseVerifier(publicKeyPEM: issuer.publicKeyPEM)
        let document = try JoyDoc(bytes: Array(Self.form.utf8))
        let unlicensed = DocumentSession(document: document, licensing: Licensing(token: nil, verifier: verifier))
        #expect(try unlicensed.validate().status == .valid)
        #expect(try unlicensed.validate().fields.map(\.field.id) == ["name"])
        let licensed = DocumentSession(document: document, licensing: Licensing(token: try issuer.token(#"{"collectionField": true}"#),
                                                                              verifier: verifier))
        #expect(try licensed.validate().status == .invalid)
        #expect(try DocumentSession(document: document).validate().status == .invalid, "jf's default: everything available")

        let changes = try DocumentChange.list(from: try JSONReader.read(Array("""
            [{"target": "field.update", "fieldId": "name", "change": {"value": "Grace"}},
             {"target": "field.value.rowCreate", "fieldId": "sites", "change": {"row": {"cells": {"city": "Oslo"}}}}]
            """.utf8)))
        #expect(throws: ChangeError.self) {
            try DocumentSession(document: document, applying: changes, licensing: Licensing(token: nil, verifier: verifier))
        }
        let applied = try DocumentSession(document: document, applying: changes, licensing: licensed.licensing)
        #expect(applied.document.field("sites")?.json["value"]?.count == 1)
    }
}

/// `onError`: what the SDKs report there, in their shape.
struct EditorErrorTests {
    @Test func aDocumentTheSDKsRefuseIsReportedAndEdited() throws {
        let document = try JoyDoc(bytes: Array(#"{"fields": [{"_id": "a", "type": "number", "value": "1"}]}"#.utf8))
        var errors: [SessionError] = []
        let editor = DocumentSession(document: document, onError: { errors.append($0) })
        guard case .schemaValidation(let error)? = errors.first else { Issue.record("no schema error"); return }
        #expect(error.code == .validation && error.message == "Error detected during schema validation")
        #expect(error.violations.map(\.pointer.description) == ["", "/fields/0", "/fields/0/value"])
        let json = error.json(sdkVersion: "jf")
        #expect(json["details"]?.text == #"{"schemaVersion":"1.0.5","sdkVersion":"jf"}"#)
        #expect(json["error"]?.arrayValue?.last?.text == ##"{"error":"`value` must be a number, or \"\" for no value","instanceLocation":"/fields/0/value","keywordLocation":"#"}"##)
        #expect(editor.values.document.fields.count == 1, "the editor goes on with the document")

        var newer: [SessionError] = []
        _ = DocumentSession(document: try JoyDoc(bytes: Array(#"{"v": "2.1", "fields": []}"#.utf8)), onError: { newer.append($0) })
        guard case .schemaValidation(let version)? = newer.first else { Issue.record("no version error"); return }
        #expect(version.message == "Unsupported JoyDoc version detected. This SDK supports v1.x.x, but document version is v2.1")
        #expect(version.json(sdkVersion: "jf")["error"]?.isNull == true)
    }

    @Test func aDecoratorChangeThatFailsIsReported() throws {
        let document = try JoyDoc(bytes: Array(#"{"files": [{"_id": "f", "pages": [{"_id": "p", "fieldPositions": [{"_id": "x", "field": "a"}]}]}], "fields": [{"_id": "a", "type": "text"}]}"#.utf8))
        let changes = try DocumentChange.list(from: try JSONReader.read(Array(#"{"target": "decorators.remove", "path": "p/x", "change": {"action": "none"}}"#.utf8)))
        var errors: [SessionError] = []
        #expect(throws: ChangeError.self) { try DocumentSession(document: document, applying: changes, onError: { errors.append($0) }) }
        guard case .decorator(let message)? = errors.first else { Issue.record("no decorator error"); return }
        #expect(message.contains("none"))
    }
}
