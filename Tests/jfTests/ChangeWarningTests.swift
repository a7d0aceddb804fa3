import Foundation
import Testing

/// A change to a disabled field is applied and said, whichever command makes it: the session
/// keeps the form's policy for all of them (`jf apply`'s is in ApplyModeTests).
struct ChangeWarningTests {
    static let document = """
        {"files": [], "fields": [{"_id": "name", "type": "text", "value": "Ada"},
          {"_id": "locked", "type": "number", "disabled": true, "value": 1},
          {"_id": "twice", "type": "number", "formulas": [{"formula": "f1", "key": "value"}]}],
         "formulas": [{"_id": "f1", "expression": "locked * 2"}]}
        """
    static let said = "the field is disabled, so the app lets no one change it; the change is applied"

    @Test func runSetSaysItInEachForm() throws {
        let text = try JF.run(["run", "--set", "locked=5", "--set", "name=\"Grace\"", "-"], stdin: Self.document)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("twice  10"))
        #expect(text.stderr.hasPrefix("jf: warning: -: --set locked: \(Self.said)\n"), "\(text.stderr)")
        #expect(text.stderr.contains("0 errors, 1 warning"))

        let json = try JF.run(["run", "--json", "--set", "locked=5", "-"], stdin: Self.document)
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""diagnostics":[{"severity":"warning","code":"disabled-field-change","kind":"other","field":"locked","formula":null,"message":"--set locked: \#(Self.said)"}]"#),
                "\(json.stdout)")
        #expect(!json.stderr.contains("jf: warning: -: --set"), "said once, in the report")

        let line = Self.document.replacingOccurrences(of: "\n", with: "")
        let stream = try JF.run(["run", "--jsonl", "--set", "locked=5"], stdin: line + "\n")
        #expect(stream.status == 0)
        #expect(stream.stdout.contains(#""value": 10"#))
        #expect(stream.stderr.contains(#"{"line":1,"severity":"warning","code":"disabled-field-change""#), "\(stream.stderr)")
    }

    @Test func evalSetSaysIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jf-disabled-\(UUID().uuidString).json")
        try Self.document.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try JF.run(["eval", "--doc", file.path, "--set", "locked=5", "twice"])
        #expect(result.status == 0)
        #expect(result.stdout == "10\n")
        #expect(result.stderr == "jf: warning: --set locked: \(Self.said)\n")
    }

    @Test func theREPLSaysItAfterSetAndApply() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jf-disabled-\(UUID().uuidString).json")
        try Self.document.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            :load \(file.path)
            :set locked 7
            :set name "Grace"
            :apply {"target": "field.update", "fieldId": "locked", "change": {"value": 3}}
            """
        let result = try JF.run(["repl"], stdin: script + "\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("locked = 7\n  twice → 14\nwarning: locked: \(Self.said)\nname = \"Grace\"\nnothing reads name\n"),
                "\(result.stdout)")
        #expect(result.stdout.contains("applied 1 change\n  twice → 6\nwarning: locked: \(Self.said)"), "\(result.stdout)")
    }
}
