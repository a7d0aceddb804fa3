import Foundation
import Testing
@testable import JoyfillJSON

struct JSONReaderTests {
    @Test func readsEveryKindWithSpans() throws {
        let text = #"{"a": [1, -2.50e+3, true, null], "b": "x\ny", "c": {}}"#
        let value = try JSONReader.read(text)
        let members = try #require(value.members)
        #expect(members.map(\.key) == ["a", "b", "c"])
        #expect(value["a"]?.arrayValue?.map(\.typeName) == ["number", "number", "boolean", "null"])
        #expect(value["a"]?.arrayValue?[1].numberText == "-2.50e+3")
        #expect(value["a"]?.arrayValue?[1].numberValue == -2500)
        #expect(value["b"]?.stringValue == "x\ny")
        let bytes = Array(text.utf8)
        let span = try #require(value["a"]?.span)
        #expect(String(decoding: bytes[span], as: UTF8.self) == "[1, -2.50e+3, true, null]")
        #expect(value.span == 0..<bytes.count)
    }

    @Test func aPrefixOfTheTextIsWrittenOnlyThatFar() throws {
        let value = try JSONReader.read(#"[{"a": "é", "b": [1, 2, 3]}, null]"#)
        #expect(value.textPrefix(100) == (#"[{"a":"é","b":[1,2,3]},null]"#, true))
        #expect(value.textPrefix(28) == (#"[{"a":"é","b":[1,2,3]},null]"#, true), "28 characters, 29 bytes")
        #expect(value.textPrefix(27) == (#"[{"a":"é","b":[1,2,3]},null"#, false))
        #expect(value.textPrefix(5) == (#"[{"a""#, false))
        let rows = JSONValue(.array(Array(repeating: value, count: 1_000_000)))
        #expect(rows.textPrefix(10) == (#"[[{"a":"é""#, false))
    }

    @Test func duplicateKeysAreKeptAndTheLastWins() throws {
        let value = try JSONReader.read(#"{"k": 1, "k": 2}"#)
        #expect(value.members?.count == 2)
        #expect(value["k"]?.numberText == "2")
    }

    /// One pass over an object's members sees each, duplicates and escaped keys included, in
    /// order, for a read object and a built one alike; anything else has none.
    @Test func membersAreReadInOnePass() throws {
        let read = try JSONReader.read(#"{"type": 1, "ty\u0070e": 2, "title": "t", "": null, "typ": 3}"#)
        let built = JSONValue.object(read.members ?? [])
        for object in [read, built] {
            var seen: [String] = [], type: JSONValue?, title: JSONValue?
            object.forEachMember { key, value in
                seen.append(key.text)
                switch key {
                case "type": type = value
                case "title": title = value
                default: break
                }
            }
            #expect(seen == ["type", "type", "title", "", "typ"])
            #expect(type?.numberText == "2", "the last of a key wins, as a lookup's")
            #expect(title?.stringValue == "t")
        }
        var calls = 0
        try JSONReader.read("[1, 2]").forEachMember { _, _ in calls += 1 }
        JSONValue.string("x").forEachMember { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test func stringsAreEscapedAndReadBack() throws {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("plain", #""plain""#),
            ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
            ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
            ("\u{01}\u{1F}\u{7F}", #""\u0001\u001f"# + "\u{7F}\""),
            ("größe 日本 🙂", #""größe 日本 🙂""#),
        ]
        for (text, literal) in cases {
            var writer = JSONWriter()
            writer.string(text)
            #expect(writer.text == literal)
            #expect(JSONText.string(text) == literal)
            #expect(try JSONReader.read(literal).stringValue == text)
        }
        var numbers = JSONWriter()
        numbers.beginArray()
        for value in [0, 7, -7, 1_234_567_890, Int.max, Int.min] { numbers.integer(value) }
        numbers.bool(true)
        numbers.endArray()
        #expect(numbers.text == "[0,7,-7,1234567890,\(Int.max),\(Int.min),true]")
    }

    /// Removing elements keeps the layout of the rest: runs at the front, in the middle, all.
    @Test func elementsAreRemovedWithTheirCommas() throws {
        let text = "[1, 2, 3,\n 4, 5]"
        let array = try JSONReader.read(text)
        func removed(_ indices: Set<Int>) -> String {
            String(decoding: JSONEdit.apply(JSONEdit.removing(indices, from: array), to: Array(text.utf8)), as: UTF8.self)
        }
        #expect(removed([0]) == "[2, 3,\n 4, 5]")
        #expect(removed([0, 1, 4]) == "[3,\n 4]")
        #expect(removed([2, 3]) == "[1, 2, 5]")
        #expect(removed([0, 1, 2, 3, 4]) == "[]")
        #expect(removed([]) == text)
    }

    /// The writer places commas and colons itself, across nesting, keys from text and
    /// values built elsewhere; a document written in parts comes out whole.
    @Test func theWriterPunctuatesWhatItWrites() throws {
        var json = JSONWriter()
        json.beginObject()
        json.key("a"); json.beginArray(); json.endArray()
        json.key("b"); json.beginObject(); json.key("c"); json.null(); json.key("d"); json.number(text: "1.5e+3"); json.endObject()
        let documentKey = "quote \" key"   // a key from text is escaped
        json.key(documentKey); json.value(.object(["x": .strings(["y"])]))
        json.key("bad"); json.number(text: "NaN")
        json.key("list")
        json.beginArray()
        let start = json.flush()
        for index in 0..<3 {
            var element = JSONWriter()
            element.beginObject(); element.key("i"); element.integer(index); element.endObject()
            json.lineBreak()
            json.value(element.encoded)
        }
        json.endArray()
        json.endObject()
        let whole = start + json.text
        #expect(whole == #"{"a":[],"b":{"c":null,"d":1.5e+3},"quote \" key":{"x":["y"]},"bad":null,"list":[{"i":0},"#
            + "\n" + #"{"i":1},"# + "\n" + #"{"i":2}]}"#)
        #expect(try JSONReader.read(whole)["list"]?.count == 3)
        for number in ["0", "-0.5", "12", "1e5", "1E-7", "-0"] { #expect(JSONWriter.isNumber(number), "\(number)") }
        for text in ["", "-", "01", "1.", ".5", "1e", "+1", "Infinity", "1 "] { #expect(!JSONWriter.isNumber(text), "\(text)") }
    }

    @Test func escapesAndUnicode() throws {
        let value = try JSONReader.read(#"["\u00e9\"\\\/\b\f\n\r\t", "\ud83d\ude00", "\ud800x", "é😀"]"#)
        let strings = (value.arrayValue ?? []).compactMap { $0.stringValue }
        #expect(strings == ["é\"\\/\u{8}\u{C}\n\r\t", "😀", "\u{FFFD}x", "é😀"])
        // Escapes first, last, alone and between runs of plain text.
        let runs = try JSONReader.read(#"["\n", "x\\", "\"start", "ab\u0041cd\tef", "\\\\"]"#)
        #expect((runs.arrayValue ?? []).compactMap(\.stringValue) == ["\n", "x\\", "\"start", "abAcd\tef", "\\\\"])
    }

    @Test func decodedOffsetsMapToRawOnesThroughEscapes() {
        // "a\"é\u00e9😀": decoded a " é(2 bytes) é(2 bytes) 😀(4 bytes); raw indices from 1.
        let literal = Array(#""a\"é\u00e9\ud83d\ude00""#.utf8)
        #expect(JSONText.rawOffsets(inLiteral: literal) == [1, 2, 4, 5, 6, 12, 12, 24, 24, 24, 24])
        #expect(JSONText.rawOffsets(inLiteral: Array(#""""#.utf8)) == [1])
    }

    @Test func errorsNameLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("", 1, 1, "the input is empty: expected a JSON value"),
            ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after the member name \"b\", found '2'"),
            ("[1, 2", 1, 6, "expected ',' or ']' after an array element, found the end of input"),
            ("{\"a\": 1,}", 1, 9, "a trailing comma is not allowed in JSON"),
            ("[01]", 1, 3, "a number may not have leading zeros"),
            ("\"abc", 1, 1, "unterminated string"),
            ("[\"a\tb\"]", 1, 4, "a control character must be escaped in a string"),
            ("{} x", 1, 4, "unexpected 'x' after the end of the JSON value"),
            ("[tru]", 1, 2, "expected a JSON value, found 't'"),
            ("\"\\q\"", 1, 3, "invalid escape sequence '\\q' in a string"),
            ("\"\\\u{01}\"", 1, 3, "invalid escape sequence: byte 0x01 after a backslash in a string"),
        ]
        for (text, line, column, message) in cases {
            do {
                _ = try JSONReader.read(text)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.line == line, "\(text)")
                #expect(error.column == column, "\(text)")
                #expect(error.message == message, "\(text)")
            }
        }
    }

    @Test func numbersBeyondADoublesRangeAreNoted() throws {
        let huge = "1" + String(repeating: "0", count: 400)
        let tiny = "0." + String(repeating: "0", count: 400) + "1"
        let text = "[1e308, 1e309, -2E+400, 1e-999, \(tiny), \(huge), 1.5]"
        let json = try JSONReader.read(text)
        let starts = json.outOfRangeNumbers
        #expect(starts.map { String(text.utf8.dropFirst($0).prefix(6))! } == ["1e309,", "-2E+40", "100000"])
        #expect(json.arrayValue?[1].numberValue == .infinity)
        #expect(try JSONReader.read("[1, 2.5e10]").outOfRangeNumbers.isEmpty)
    }

    /// The one line map: lines and columns in bytes, characters and UTF-16 units, and back;
    /// a lone `\r` ends a line only as the language server protocol counts lines.
    @Test func theLineMapPlacesOffsetsInEveryUnit() {
        let text = "ab\nçd\n\n😀fg\r\nx\ry"
        let map = LineMap(text)
        #expect(map.count == 5)
        #expect([9, 0, 4, 3, 7, 12, 4].map { map.location(of: $0, in: .byte).line } == [4, 1, 2, 2, 3, 4, 2])
        let emoji = Array(text.utf8).firstIndex(of: 0xF0)!
        #expect(map.location(of: emoji + 4, in: .byte) == (4, 5))
        #expect(map.location(of: emoji + 4, in: .character) == (4, 2))
        #expect(map.location(of: emoji + 4, in: .utf16) == (4, 3))
        #expect(map.text(ofLine: 4) == "😀fg")
        #expect(map.offset(line: 4, column: 2, in: .character) == emoji + 4)
        #expect(map.offset(line: 4, column: 2, in: .utf16) == emoji + 4, "inside a surrogate pair: the character's end")
        #expect(map.offset(line: 2, column: 99) == 6, "past the line's end: its end")
        #expect(map.offset(line: 99, column: 1) == text.utf8.count)
        #expect(map.text(ofLine: 5) == "x\ry")
        let protocolLines = LineMap(text, breaks: .anyNewline)
        #expect(protocolLines.count == 6 && protocolLines.text(ofLine: 6) == "y")
        // A long line: columns from the checkpoints, the same as counted from the line's start.
        let long = String(repeating: "é", count: 3000) + "x"
        let longMap = LineMap(long)
        #expect(longMap.location(of: 6000, in: .character) == (1, 3001))
        #expect(longMap.offset(line: 1, column: 3001) == 6000)
        #expect(longMap.location(of: 6000, in: .utf16) == (1, 3001))
    }

    /// The one pointer type: read and written as RFC 6901 says (`~1`, `~0`), a step's meaning
    /// settled by the value it is taken in.
    @Test func pointersReadWriteAndResolve() throws {
        let pointer = try #require(JSONPointer("/a~1b/0/m~0n/01"))
        #expect(pointer.steps == [.key("a/b"), .index(0), .key("m~n"), .key("01")])
        #expect(pointer.description == "/a~1b/0/m~0n/01")
        #expect(JSONPointer("")?.isRoot == true)
        #expect(JSONPointer("fields") == nil && JSONPointer("/a~2") == nil && JSONPointer("/a~") == nil)
        let json = try JSONReader.read(#"{"a/b": [{"m~n": {"01": true}}], "7": "seven", "list": [1, 2]}"#)
        #expect(pointer.value(in: json)?.boolValue == true)
        #expect(JSONPointer([.index(7)]).value(in: json)?.stringValue == "seven", "an index in an object names a member")
        #expect(JSONPointer([.key("list"), .key("1")]).value(in: json)?.numberValue == 2, "a key of digits in an array is an index")
        #expect(JSONPointer([.key("list"), .index(2)]).value(in: json) == nil)
    }

    /// A string's quote, escape, control character or non-ASCII character is found at every
    /// offset from the string's start, whichever eight-byte word it falls in.
    @Test func stringsAreReadWhateverTheOffsetOfWhatEndsTheirRuns() throws {
        for length in 0..<24 {
            let plain = String(repeating: "x", count: length)
            for offset in 0...length {
                let prefix = String(plain.prefix(offset)), suffix = String(plain.dropFirst(offset))
                let read = try JSONReader.read("[\"\(prefix)\\n\(suffix)\", \"\(prefix)é\(suffix)\", \"\(plain)\"]")
                #expect(read.arrayValue?.compactMap(\.stringValue) == [prefix + "\n" + suffix, prefix + "é" + suffix, plain])
                do {
                    _ = try JSONReader.read("[\"\(prefix)\t\(suffix)\"]")
                    Issue.record("a tab at \(offset) of \(length) was read")
                } catch {
                    #expect(error.column == offset + 3 && error.message == "a control character must be escaped in a string")
                }
            }
        }
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: JSONError.self) { try JSONReader.read([0x22, 0xFF, 0x22]) }
        #expect(throws: JSONError.self) { try JSONReader.read([0x22, 0x5C, 0x6E, 0xC3, 0x22]) }
    }

    @Test func hostileNestingStopsAtTheLimit() throws {
        let deep = String(repeating: "[", count: 1_000_000)
        do {
            _ = try JSONReader.read(deep)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "arrays and objects nested deeper than 512 levels")
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try JSONReader.read(fine).arrayValue?.count == 1)
    }

    @Test func largeArrays() throws {
        let text = "[" + (0..<200_000).map { "{\"i\":\($0)}" }.joined(separator: ",") + "]"
        let value = try JSONReader.read(text)
        #expect(value.arrayValue?.count == 200_000)
        #expect(value.arrayValue?.last?["i"]?.numberText == "199999")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONReader.read([0xEF, 0xBB, 0xBF] + Array("1".utf8)).numberText == "1")
    }
}

struct JSONWriterTests {
    @Test func compactTextKeepsOrderAndNumberText() throws {
        let text = "{ \"b\" : 1.50 , \"a\" : [ true , null , \"q\\\"\" ] }"
        #expect(try JSONReader.read(text).text == #"{"b":1.50,"a":[true,null,"q\""]}"#)
    }

    @Test func numbersFromDoubles() {
        #expect(JSONValue.number(12).text == "12")
        #expect(JSONValue.number(0.1).text == "0.1")
        #expect(JSONValue.number(1e-7).text == "1e-7")
        #expect(JSONValue.number(1e300).text == "1e+300")
        #expect(JSONValue.number(.nan).text == "null")
    }

    @Test func editsReplaceOnlyWhatChanged() throws {
        let text = "{\n  \"fields\": [ {\"_id\": \"total\", \"value\": 10.0, \"x\": 1e2} ],\n  \"other\": 1.50\n}\n"
        let bytes = Array(text.utf8)
        let document = try JSONReader.read(bytes)
        let field = try #require(document["fields"]?.arrayValue?.first)
        let edit = try #require(JSONEdit(replacing: field["value"]!, with: .number(12.5)))
        let result = String(decoding: JSONEdit.apply([edit], to: bytes), as: UTF8.self)
        #expect(result == "{\n  \"fields\": [ {\"_id\": \"total\", \"value\": 12.5, \"x\": 1e2} ],\n  \"other\": 1.50\n}\n")
        #expect(JSONEdit.apply([], to: bytes) == bytes)
        // The same edits over a collection that is not contiguous, and over a document's own bytes.
        let expected = JSONEdit.apply([edit], to: bytes)
        #expect(JSONEdit.apply([edit], to: bytes.indices.lazy.map { bytes[$0] }) == expected)
        #expect(JSONEdit.apply([edit], to: SourceBytes(bytes)) == expected)
    }

    /// A value built from a read one is written back as edits of only the parts that differ:
    /// a member changed deep down, a member added after the last one, an element appended;
    /// the rest keeps its layout.
    @Test func editsOfABuiltValueRewriteOnlyWhatDiffers() throws {
        let text = "{ \"a\": { \"b\": [ 1,  2 ], \"c\": \"keep\" } ,\n  \"d\": [ ] }"
        let bytes = Array(text.utf8)
        let original = try JSONReader.read(bytes)
        let a = original["a"]!
        let b = JSONValue.array(a["b"]!.arrayValue! + [.number(3)])
        var changed = JSONValue.setting("a", to: JSONValue.setting("b", to: b, in: a), in: original)
        changed = JSONValue.setting("d", to: .array([.string("x")]), in: changed)
        changed = JSONValue.setting("e", to: .bool(true), in: changed)
        let edits = try #require(JSONEdit.edits(rewriting: original, as: changed))
        #expect(String(decoding: JSONEdit.apply(edits, to: bytes), as: UTF8.self)
                == "{ \"a\": { \"b\": [ 1,  2, 3 ], \"c\": \"keep\" } ,\n  \"d\": [ \"x\"], \"e\": true }")
        #expect(JSONEdit.edits(rewriting: original, as: original) == [])
        // A member replaced by another kind of value, or an array that shrinks, is written whole.
        let shrunk = JSONValue.setting("b", to: .array([.number(1)]), in: a)
        #expect(try #require(JSONEdit.edits(rewriting: a, as: shrunk)).map(\.replacement) == ["[1]"])
        #expect(JSONEdit.edits(rewriting: .number(1), as: .number(2)) == nil, "a built value has no text to edit")
    }

    @Test func escapingRoundTrips() throws {
        let original = "tab\t quote\" back\\ nul\u{0} é 😀"
        let text = JSONText.string(original)
        #expect(text == "\"tab\\t quote\\\" back\\\\ nul\\u0000 é 😀\"")
        #expect(try JSONReader.read(text).stringValue == original)
    }
}

struct SourceBytesTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jf-source-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test func filesOfEverySizeAreReadWhole() throws {
        for size in [0, 1, 70_000, (16 << 20) + 3] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = try temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let source = try #require(SourceBytes.contentsOfFile(path))
            #expect(source.count == size)
            #expect(source.elementsEqual(bytes))
        }
    }

    /// The word-at-a-time scan stops where a byte-by-byte scan does: every stop byte at every
    /// offset within and across the eight-byte words, and random bytes.
    @Test func aStringsPlainRunEndsWhereAByteScanSaysSo() {
        func reference(_ bytes: [UInt8], _ start: Int, _ nonASCII: Bool) -> Int {
            bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || (nonASCII && $0 >= 0x80) } ?? bytes.count
        }
        var samples: [[UInt8]] = []
        for length in 0..<20 {
            for stop: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xC3, 0xFF] {
                for offset in 0..<max(length, 1) where offset < length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[offset] = stop
                    samples.append(bytes)
                    // A byte just above a stop: a borrow from 0x20 - 1 must not hide it.
                    if offset + 1 < length { bytes[offset + 1] = 0x21; samples.append(bytes) }
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            samples.append((0..<length).map { _ in [0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0x1F, 0x01, 0x61][Int.random(in: 0..<12, using: &generator)] })
        }
        for bytes in samples {
            let source = SourceBytes(bytes)
            for start in 0...bytes.count {
                for nonASCII in [true, false] {
                    #expect(source.stringStop(from: start, stoppingAtNonASCII: nonASCII) == reference(bytes, start, nonASCII),
                            "\(bytes) from \(start)")
                }
            }
        }
    }

    @Test func filesThatReportNoSizeAreReadToTheEnd() throws {
        let source = try #require(SourceBytes.contentsOfFile("/proc/self/status"))
        #expect(String(decoding: source.buffer, as: UTF8.self).contains("Name:"))
    }

    /// An input larger than the limit is refused when the reader reaches the limit, whether
    /// its size is known (a file) or not (a stream that does not end).
    @Test func inputsPastTheLimitAreRefused() throws {
        let path = try temporaryFile(Array(repeating: 0x20, count: 5000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FileReadError.tooLarge(limit: 4096)) { try SourceBytes.reading(path, limit: 4096) }
        #expect(try SourceBytes.reading(path, limit: 5000).count == 5000)
        #expect(throws: FileReadError.tooLarge(limit: 100_000)) { try SourceBytes.reading("/dev/zero", limit: 100_000) }
        #expect("\(FileReadError.tooLarge(limit: 1 << 30))" == "larger than 1 GiB, the most jf reads of one input")
    }

    @Test func missingFilesAndDirectoriesAreNil() {
        #expect(SourceBytes.contentsOfFile("/no/such/file.json") == nil)
        #expect(SourceBytes.contentsOfFile(FileManager.default.temporaryDirectory.path) == nil)
    }

    /// Values keep the bytes they were read from alive after the source variable is gone.
    @Test func readJSONOutlivesItsVariable() throws {
        let padding = String(repeating: "x", count: 16 << 20)
        let text = #"{"note": "\#(padding)", "n": 1.50, "s": "\u00e9"}"#
        let path = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let value: JSONValue = try {
            let source = try #require(SourceBytes.contentsOfFile(path))
            return try JSONReader.read(source)
        }()
        #expect(value["n"]?.numberText == "1.50")
        #expect(value["s"]?.stringValue == "é")
        #expect(value["note"]?.stringValue?.count == padding.count)
        #expect(value.source?.count == text.utf8.count)
    }
}

struct StringIndexTests {
    @Test func positionsInInsertionOrder() {
        var index = StringIndex()
        let keys = ["", "a", "ab", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq", "größe", "6857510fbfed1553e168161b"]
        for (position, key) in keys.enumerated() {
            let result = index.insert(key)
            #expect(result.inserted && result.position == position)
        }
        for (position, key) in keys.enumerated() {
            #expect(index.position(of: key) == position)
            #expect(index[position] == key)
            let again = index.insert(key)
            #expect(!again.inserted && again.position == position)
        }
        #expect(index.position(of: "abcdefg") == nil)
        #expect(index.position(of: "abcdefghijklmno") == nil)
        #expect(index.count == keys.count)
    }

    @Test func growsPastManyKeys() {
        var index = StringIndex(capacity: 2)
        for number in 0..<20_000 { index.insert("field\(number)") }
        #expect(index.count == 20_000)
        for number in stride(from: 0, to: 20_000, by: 7) { #expect(index.position(of: "field\(number)") == number) }
        #expect(index.position(of: "field20000") == nil)
    }

    @Test func wordsPackBytesExactly() {
        // Every length up to 16 hashes the same through the packed words as through the bytes.
        let text = Array("0123456789abcdef".utf8)
        text.withUnsafeBytes { bytes in
            for count in 0...16 {
                let low = StringIndex.word(bytes.baseAddress!, count: min(count, 8))
                let high = count > 8 ? StringIndex.word(bytes.baseAddress! + 8, count: count - 8) : 0
                var expected: UInt64 = 0
                for offset in 0..<min(count, 8) { expected |= UInt64(text[offset]) << (8 * UInt64(offset)) }
                #expect(low == expected)
                #expect(StringIndex.hash(low: low, high: high, count: count)
                        == StringIndex.hash(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<count])))
            }
        }
    }
}
