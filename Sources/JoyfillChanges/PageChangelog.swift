import JoyfillJSON
import JoyfillModel

/// The changelogs of page operations (`page.delete`, `page.duplicate`), in the SDKs' shape:
/// `v`, `sdk`, `target`, the document's `_id` and `identifier`, the first file's `_id`, then
/// the operation's own members, `change` and `createdOn` (seconds).
struct PageChangelog {
    let documentID: String
    let identifier: String?
    let fileID: String?
    let createdOn: Double

    /// Nil for a document without `_id`: the SDKs report no change for it.
    init?(document: JoyDoc, file: JSONValue, createdOn: Double) {
        guard let documentID = document.json["_id"]?.stringValue else { return nil }
        self.documentID = documentID
        identifier = document.json["identifier"]?.stringValue
        fileID = file["_id"]?.stringValue
        self.createdOn = createdOn
    }

    func entry(_ target: String, _ members: [JSONMember], change: [JSONMember]) -> JSONValue {
        var all: [JSONMember] = [JSONMember("v", 1), JSONMember("sdk", "swift"), JSONMember("target", .string(target)),
                                 JSONMember("_id", .string(documentID))]
        if let identifier { all.append(JSONMember("identifier", .string(identifier))) }
        if let fileID { all.append(JSONMember("fileId", .string(fileID))) }
        all += members
        all.append(JSONMember("change", .object(change)))
        all.append(JSONMember("createdOn", .number(createdOn)))
        return .object(all)
    }
}
