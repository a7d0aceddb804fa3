import Foundation
import Testing

/// `jf --generate-completion-script bash`, sourced into bash and asked as the shell asks it
/// on Tab: documents for document arguments, templates for lint, rules, functions.
struct CompletionScriptTests {
    /// The candidates bash's completion offers for the last of `words` (the word being typed),
    /// sorted, run from the repository's root.
    func complete(_ words: [String]) throws -> [String] {
        let script = try JF.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jf-completion-\(UUID().uuidString).bash")
        try script.stdout.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            source '\(file.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _jf jf "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", driver]
        process.currentDirectoryURL = JF.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test func argumentsCompleteToWhatTheyTake() throws {
        #expect(try complete(["jf", "run", "examples/in"]) == ["examples/inspection.json", "examples/invoice.json"])
        #expect(try complete(["jf", "lint", "examples/templates/ord"]) == ["examples/templates/order-form.json"])
        #expect(try complete(["jf", "repl", "examples/ord"]) == ["examples/order.json"])
        #expect(try complete(["jf", "lint", "--explain", "null-"]) == ["null-projection"])
        #expect(try complete(["jf", "lint", "--target", "w"]) == ["web"])
        #expect(try complete(["jf", "functions", "rou"]) == ["round"])
        #expect(try complete(["jf", "graph", "--format", ""]) == ["dot", "json", "mermaid", "text"])
    }
}
