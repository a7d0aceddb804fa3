import JoyfillJSON
import JoyfillModel
import Testing
@testable import JoyfillServe

/// Signatures, images and files put into a form: the `field.update` each operation makes, and
/// what is refused.
struct UploadsTests {
    static let document: JoyDoc = try! JoyDoc(bytes: Array("""
        {"fields": [{"_id": "s", "type": "signature"},
                    {"_id": "i", "type": "image", "value": [{"_id": "old", "url": "https://example.com/a.png", "fileName": "a.png"}]},
                    {"_id": "one", "type": "image", "multi": false, "value": [{"_id": "old", "url": "data:image/png;base64,AA==", "fileName": "a.png"}]},
                    {"_id": "f", "type": "file", "value": []},
                    {"_id": "t", "type": "text"}]}
        """.utf8))
    static let png = "data:image/png;base64,iVBORw0KGgo="

    static func value(_ operation: String, _ field: String, _ request: String) throws -> JSONValue? {
        let entries = try Uploads.entries(operation, on: document.field(field)!, current: document.field(field)!.value,
                                          try JSONReader.read(request), newID: { "new" })
        return entries.arrayValue?.first?["change"]?["value"]
    }

    @Test func eachOperationIsTheFieldsWholeNewValue() throws {
        #expect(try Self.value("sign", "s", #"{"url": "\#(Self.png)"}"#) == .string(Self.png))
        #expect(try Self.value("sign", "s", #"{"url": null}"#) == .string(""), "cleared")
        let added = try Self.value("addFiles", "i", #"{"files": [{"fileName": "b.png", "url": "\#(Self.png)"}]}"#)
        #expect(added?.arrayValue?.compactMap { $0["_id"]?.stringValue } == ["old", "new"])
        #expect(added?.arrayValue?.last == .object([JSONMember("_id", "new"), JSONMember("url", .string(Self.png)), JSONMember("fileName", "b.png")]))
        let replaced = try Self.value("addFiles", "one", #"{"files": [{"fileName": "b.png", "url": "\#(Self.png)"}]}"#)
        #expect(replaced?.arrayValue?.compactMap { $0["_id"]?.stringValue } == ["new"], "a field of one image has the new one instead")
        let file = try Self.value("addFiles", "f", #"{"files": [{"fileName": "notes.txt", "url": "data:text/plain;base64,aGk="}]}"#)
        #expect(file?.arrayValue?.first?["fileName"] == "notes.txt")
        #expect(try Self.value("removeFile", "i", #"{"file": "old"}"#) == .array([]))
    }

    /// The base64 text of `count` zero bytes, padded as an encoder pads it.
    static func base64(count: Int) -> String {
        let text = String(repeating: "A", count: (count + 2) / 3 * 4)
        let padding = (3 - count % 3) % 3
        return text.dropLast(padding) + String(repeating: "=", count: padding)
    }

    /// The limit counts the decoded bytes: base64's `=` padding adds none (2 MiB with one `=`,
    /// 2 MiB less one with two).
    @Test func aFileOfExactlyTheLimitIsTaken() throws {
        for count in [Uploads.maximumFileSize, Uploads.maximumFileSize - 1, Uploads.maximumFileSize - 2, 1, 2, 3] {
            let url = "data:application/octet-stream;base64," + Self.base64(count: count)
            let added = try Self.value("addFiles", "f", #"{"files": [{"fileName": "exact.bin", "url": "\#(url)"}]}"#)
            #expect(added?.arrayValue?.first?["url"]?.stringValue == url, "\(count) bytes")
        }
    }

    @Test func whatIsNotAFilesContentsIsRefused() throws {
        func refusal(_ operation: String, _ field: String, _ request: String) -> ServeError? {
            do {
                _ = try Self.value(operation, field, request)
                return nil
            } catch let error as ServeError {
                return error
            } catch {
                return nil
            }
        }
        #expect(refusal("addFiles", "i", #"{"files": [{"fileName": "x", "url": "https://example.com/x.png"}]}"#)?.message
                == "x: only a file's contents are taken, as a data: URL")
        #expect(refusal("addFiles", "i", #"{"files": [{"fileName": "x.txt", "url": "data:text/plain;base64,aGk="}]}"#)?.message
                == "x.txt is not an image (text/plain)")
        #expect(refusal("sign", "s", #"{"url": "data:image/png,raw"}"#)?.message == "the signature: the data: URL must be base64")
        let large = "data:text/plain;base64," + String(repeating: "A", count: (Uploads.maximumFileSize / 3 + 1) * 4)
        let tooLarge = refusal("addFiles", "f", #"{"files": [{"fileName": "big", "url": "\#(large)"}]}"#)
        #expect(tooLarge?.status == 413 && tooLarge?.message.hasPrefix("big is 2097152 bytes") == false && tooLarge?.message.contains("more than the 2097152 bytes") == true)
        #expect(refusal("sign", "t", #"{"url": null}"#)?.message == "'t' is a text field, not a signature")
        let tooLargeByOne = "data:text/plain;base64," + Self.base64(count: Uploads.maximumFileSize + 1)
        #expect(refusal("addFiles", "f", #"{"files": [{"fileName": "big", "url": "\#(tooLargeByOne)"}]}"#)?.message
                == "big is 2097153 bytes, more than the 2097152 bytes (2 MiB) a file may be")
        #expect(refusal("removeFile", "f", #"{"file": "nope"}"#)?.message == "'f' has no file with the _id 'nope'")
    }
}
