import JoyfillChanges
import JoyfillJSON
import JoyfillModel
import Testing

/// Copies of pages gathered and written together give, byte for byte and changelog for
/// changelog, what writing each and reading the text again before the next gives.
@Suite struct PageCopiesTests {
    /// Three pages in a pageOrder, a view that holds two of them in its own order, fields with
    /// formulas on each page.
    static let ordered = """
    {"_id": "doc1", "identifier": "doc_1",
     "files": [{"_id": "file1",
       "pages": [{"_id": "p1", "fieldPositions": [{"_id": "x1", "field": "qty"}, {"_id": "x2", "field": "total"}]},
                 {"_id": "p2", "fieldPositions": [{"_id": "x3", "field": "note"}]},
                 {"_id": "p3", "fieldPositions": [{"_id": "x4", "field": "price"}]}],
       "pageOrder": ["p1", "p2", "p3"],
       "views": [{"_id": "v1", "type": "mobile", "pages": [{"_id": "p2", "fieldPositions": [{"_id": "y3", "field": "note"}]},
                                                           {"_id": "p1", "fieldPositions": [{"_id": "y1", "field": "qty"}]}],
                  "pageOrder": ["p2", "p1"]}]}],
     "formulas": [{"_id": "f1", "expression": "qty * 2"}],
     "fields": [
      {"_id": "qty", "type": "number", "file": "file1", "value": 3},
      {"_id": "total", "type": "number", "file": "file1", "formulas": [{"_id": "a1", "key": "value", "formula": "f1"}]},
      {"_id": "note", "type": "text", "file": "file1", "value": "n"},
      {"_id": "price", "type": "number", "file": "file1", "value": 1}
     ]}
    """

    /// The same without the view's pageOrder and the document's formulas: the first copies
    /// add them.
    static let bare = """
    {"_id": "doc2", "identifier": "doc_2",
     "files": [{"_id": "file1",
       "pages": [{"_id": "p1", "fieldPositions": [{"_id": "x1", "field": "qty"}, {"_id": "x2", "field": "total"}]},
                 {"_id": "p2", "fieldPositions": [{"_id": "x3", "field": "note"}]}],
       "views": [{"_id": "v1", "type": "mobile", "pages": [{"_id": "p1", "fieldPositions": [{"_id": "y1", "field": "qty"}]}]}]}],
     "fields": [
      {"_id": "qty", "type": "number", "file": "file1", "value": 3},
      {"_id": "total", "type": "number", "file": "file1", "formulas": [{"_id": "a1", "key": "value", "formula": "f9"}]},
      {"_id": "note", "type": "text", "file": "file1", "value": "n"}
     ]}
    """

    struct Counter {
        var next = 0
        mutating func make() -> String {
            next += 1
            return String(format: "%024d", next)
        }
    }

    @Test(arguments: [ordered, bare])
    func copiesWrittenTogetherAreCopiesWrittenOneByOne(_ text: String) throws {
        let original = try JoyDoc(bytes: Array(text.utf8))
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        // The reference: each change written, and the text read again, before the next.
        var changes: [DocumentChange] = []
        var reference = original
        var referenceLogs: [Int: [JSONValue]] = [:]
        var counter = Counter()
        for step in 0..<40 {
            let pages = (reference.json["files"]?.arrayValue?.first?["pages"]?.arrayValue ?? []).compactMap { $0["_id"]?.stringValue }
            let entry: String
            switch random(10) {
            case 0: entry = #"{"target": "field.update", "fieldId": "qty", "change": {"value": \#(step)}}"#
            case 1 where pages.count > 4: entry = #"{"target": "page.delete", "change": {"pageId": "\#(pages[pages.count - 1])"}}"#
            case 2, 3: entry = #"{"target": "page.duplicate", "change": {"pageId": "\#(pages[random(pages.count)])", "copyWithValues": false}}"#
            default: entry = #"{"target": "page.duplicate", "change": {"pageId": "\#(pages[random(min(2, pages.count))])"}}"#
            }
            let change = try DocumentChange.list(from: try JSONReader.read(Array(entry.utf8)))
            var logs: [Int: [JSONValue]] = [:]
            reference = try JoyDoc(bytes: try ChangeApplier.apply(change, to: reference, newID: { counter.make() }, createdOn: 5,
                                                                  pageChangelogs: &logs))
            referenceLogs[changes.count] = logs[0]
            changes += change
        }
        var together = Counter()
        var logs: [Int: [JSONValue]] = [:]
        let bytes = try ChangeApplier.apply(changes, to: original, newID: { together.make() }, createdOn: 5, pageChangelogs: &logs)
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: reference.bytes, as: UTF8.self))
        #expect(logs.keys.sorted() == referenceLogs.keys.sorted())
        for (index, entries) in referenceLogs {
            #expect(logs[index]?.map(\.text) == entries.map(\.text), "change \(index)")
        }
    }
}
