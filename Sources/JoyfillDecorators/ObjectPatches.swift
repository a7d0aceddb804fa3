import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// New values for members of objects read from a document, written at the end as edits of
/// those members alone: a member that exists has its value replaced, a new one is added
/// before the object's closing brace.
struct ObjectPatches {
    /// By the object's offset in the text: the object, and its members set so far.
    private var objects: [Int: (object: JSONValue, members: [JSONMember])] = [:]

    /// The member's value: as set here, or as stored.
    func member(_ key: String, of object: JSONValue) -> JSONValue? {
        if let start = object.span?.lowerBound, let members = objects[start]?.members,
           let member = members.last(where: { $0.key == key }) {
            return member.value
        }
        return object[key]
    }

    mutating func set(_ key: String, to value: JSONValue, in object: JSONValue) {
        guard let start = object.span?.lowerBound else { return }
        var entry = objects[start] ?? (object, [])
        if let index = entry.members.firstIndex(where: { $0.key == key }) {
            entry.members[index].value = value
        } else {
            entry.members.append(JSONMember(key, value))
        }
        objects[start] = entry
    }

    func edits() -> [JSONEdit] {
        var edits: [JSONEdit] = []
        for (_, entry) in objects.sorted(by: { $0.key < $1.key }) {
            guard entry.object.span != nil else { continue }
            var added: [JSONMember] = []
            for member in entry.members {
                if let old = entry.object[member.key], let oldSpan = old.span {
                    edits.append(JSONEdit(span: oldSpan, replacement: member.value.text))
                } else {
                    added.append(member)
                }
            }
            if let edit = JSONEdit(adding: added, to: entry.object) { edits.append(edit) }
        }
        return edits.sorted { $0.span.lowerBound < $1.span.lowerBound }
    }
}
