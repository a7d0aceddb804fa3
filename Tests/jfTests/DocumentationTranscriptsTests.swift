import Foundation
import Testing

/// The `$ jf …` transcripts of the docs, run: each command, with the built `jf`, prints what
/// the docs show under it (standard output, then standard error).
///
/// A transcript is a `$ jf` line in a code block of `docs/*.md` and the lines after it, up to
/// the next `$` line or the block's end. In the shown output a line `…` stands for any lines,
/// and times (`in 0.01 s`) are not compared. Commands run in the repository's top level; a
/// document named without its folder (`--doc invoice.json`) is the example of that name.
/// Interactive commands and servers (`jf repl`, `jf lsp`, `jf serve`) and commands with pipes
/// or redirections are not run.
struct DocumentationTranscriptsTests {
    struct Transcript: CustomStringConvertible {
        let place: String
        let command: String
        let output: [String]
        var description: String { "\(place): $ \(command)" }
    }

    @Test func transcriptsShowWhatTheCommandsPrint() throws {
        let transcripts = try Self.transcripts()
        #expect(transcripts.count >= 6, "the docs' transcripts were not found")
        for transcript in transcripts {
            let arguments = try #require(Self.words(transcript.command), "\(transcript): unbalanced quotes").dropFirst()
                .map(Self.locatingExamples)
            let result = try JF.run(Array(arguments))
            let printed = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init).reversed().drop { $0.isEmpty }.reversed().map(Self.withoutTimes)
            #expect(Self.matches(Array(printed), transcript.output.map(Self.withoutTimes)),
                    "\(transcript) prints:\n\(printed.joined(separator: "\n"))")
        }
    }

    /// The transcripts of the docs, in file order.
    static func transcripts() throws -> [Transcript] {
        let docs = JF.root.appendingPathComponent("docs")
        let files = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        var transcripts: [Transcript] = []
        for file in files {
            let lines = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            var inBlock = false
            var current: (place: String, command: String, output: [String])?
            func finish() {
                if let current, isRunnable(current.command) {
                    transcripts.append(Transcript(place: current.place, command: current.command, output: current.output))
                }
                current = nil
            }
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("```") {
                    finish()
                    inBlock.toggle()
                } else if inBlock, line.hasPrefix("$ ") {
                    finish()
                    if line.hasPrefix("$ jf ") { current = ("docs/\(file):\(index + 1)", String(line.dropFirst(2)), []) }
                } else if inBlock {
                    current?.output.append(String(line))
                }
            }
        }
        return transcripts
    }

    /// Whether the command runs by itself to an end: not the REPL or the language server, and
    /// no pipe or redirection outside quotes.
    static func isRunnable(_ command: String) -> Bool {
        guard let words = words(command), words.count > 1, !["repl", "lsp", "serve"].contains(words[1]) else { return false }
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if "|<>".contains(character) {
                return false
            }
        }
        return true
    }

    /// The command's words as a POSIX shell splits them (quotes, no expansions); nil when a
    /// quote is not closed.
    static func words(_ command: String) -> [String]? {
        var words: [String] = [], word = "", inWord = false
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// `invoice.json` for `examples/invoice.json`, when only the example has that name.
    static func locatingExamples(_ argument: String) -> String {
        guard argument.hasSuffix(".json"), !argument.contains("/"),
              !FileManager.default.fileExists(atPath: JF.root.appendingPathComponent(argument).path) else { return argument }
        return "examples/" + argument
    }

    static func withoutTimes(_ line: String) -> String {
        line.replacing(/\ in [0-9]+\.[0-9]+ s/, with: " in … s")
    }

    /// Whether `printed` is what `shown` shows, a `…` line in `shown` standing for any lines.
    static func matches(_ printed: [String], _ shown: [String]) -> Bool {
        guard let gap = shown.firstIndex(of: "…") else { return printed == shown }
        let before = shown[..<gap], after = Array(shown[(gap + 1)...])
        guard printed.starts(with: before) else { return false }
        let rest = Array(printed.dropFirst(before.count))
        return (0...rest.count).contains { matches(Array(rest[$0...]), after) }
    }
}
