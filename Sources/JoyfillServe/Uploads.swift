import JoyfillChanges
import JoyfillJSON
import JoyfillModel

/// What a person puts into a form's signature, image and file fields, as the value the SDKs
/// store: a signature is its picture as a `data:image/png` URL (a string); an image or a file
/// field holds a list of `{_id, url, fileName}`, the file itself in `url` as a `data:` URL.
/// The page sends the operations `sign`, `addFiles` and `removeFile`; each becomes a
/// `field.update` of the field's whole new value, so it goes through the session's one door
/// (read-only mode, disabled fields, the changelog, undo).
///
/// Limits: a file (or a signature's picture) of at most ``maximumFileSize`` bytes, sent one
/// at a time; only `data:` URLs are taken, and an image field takes only images.
enum Uploads {
    /// The largest file taken, in bytes (its `data:` URL is a third larger).
    static let maximumFileSize = 2 << 20

    /// The operations, by the name the page sends.
    static let operations = ["sign", "addFiles", "removeFile"]

    /// The `field.update` entries of upload operation `name` on `field`, whose value is now
    /// `current` (changes since the document was read are in the session's values), from `request`:
    /// `{"url"}` (null clears) for `sign`, `{"files": [{"fileName", "url"}]}` for `addFiles`,
    /// `{"file": ID}` for `removeFile`.
    static func entries(_ name: String, on field: Field, current: JSONValue?, _ request: JSONValue,
                        newID: () -> String = ObjectID.make) throws(ServeError) -> JSONValue {
        let value: JSONValue
        switch name {
        case "sign":
            guard field.type == .signature else { throw ServeError("'\(field.id)' is a \(field.type.name) field, not a signature") }
            guard let url = request["url"], !url.isNull else {
                value = .string("")
                break
            }
            value = .string(try dataURL(url, image: true, what: "the signature"))
        case "addFiles":
            guard field.type == .image || field.type == .file else {
                throw ServeError("'\(field.id)' is a \(field.type.name) field: files go into image and file fields")
            }
            guard let files = request["files"]?.arrayValue, !files.isEmpty else {
                throw ServeError("give the \"files\" to add, as [{\"fileName\", \"url\"}]")
            }
            var added: [JSONValue] = []
            for file in files {
                let name = file["fileName"]?.stringValue ?? "file"
                let url = try dataURL(file["url"] ?? .null, image: field.type == .image, what: name)
                added.append(.object([JSONMember("_id", .string(newID())), JSONMember("url", .string(url)),
                                      JSONMember("fileName", .string(name))]))
            }
            // An image field that takes one image has the new one instead.
            let keeps = field.type == .file || field.json["multi"]?.boolValue != false
            value = .array((keeps ? current?.arrayValue ?? [] : []) + (keeps ? added : [added.last!]))
        default:
            guard field.type == .image || field.type == .file else {
                throw ServeError("'\(field.id)' is a \(field.type.name) field, which holds no files")
            }
            guard let id = request["file"]?.stringValue else { throw ServeError("give the \"file\" to remove, by its _id") }
            let files = current?.arrayValue ?? []
            guard files.contains(where: { $0["_id"]?.stringValue == id }) else {
                throw ServeError("'\(field.id)' has no file with the _id '\(id)'")
            }
            value = .array(files.filter { $0["_id"]?.stringValue != id })
        }
        return .array([.object([JSONMember("target", .string(DocumentChange.Target.fieldUpdate.rawValue)),
                                JSONMember("fieldId", .string(field.id)), JSONMember("change", .object([JSONMember("value", value)]))])])
    }

    /// `url` when it is a `data:` URL, base64, of at most ``maximumFileSize`` bytes (and an
    /// image's when `image`); else what is wrong with it, naming `what`.
    static func dataURL(_ url: JSONValue, image: Bool, what: String) throws(ServeError) -> String {
        guard let text = url.stringValue, text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else {
            throw ServeError("\(what): only a file's contents are taken, as a data: URL")
        }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        guard header.hasSuffix(";base64") else { throw ServeError("\(what): the data: URL must be base64") }
        if image && !header.hasPrefix("image/") { throw ServeError("\(what) is not an image (\(header.dropLast(7)))") }
        // Each four base64 characters carry three bytes; the one or two `=` that pad the last
        // four carry none, so they are not counted (nor is a partial group's remainder).
        let payload = text.utf8[text.utf8.index(after: comma)...]
        let padding = payload.reversed().prefix(2).prefix(while: { $0 == UInt8(ascii: "=") }).count
        let bytes = (payload.count - padding) * 3 / 4
        guard bytes <= maximumFileSize else {
            throw ServeError("\(what) is \(bytes) bytes, more than the \(maximumFileSize) bytes (2 MiB) a file may be", status: 413)
        }
        return text
    }
}
