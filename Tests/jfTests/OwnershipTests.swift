import Foundation
import Testing

/// The session owns the document: no front end reaches the formulas' engine beneath it. On
/// Linux, SwiftPM lets a module import any module the build made, listed among its target's
/// dependencies or not, so the rule is checked here, on the sources and on Package.swift.
struct OwnershipTests {
    /// The front ends, each with the folder of its sources.
    static let frontEnds = [("jf", "Sources/jf"), ("JoyfillREPL", "Sources/JoyfillREPL"),
                            ("JoyfillLanguageServer", "Sources/JoyfillLanguageServer"), ("JoyfillServe", "Sources/JoyfillServe"),
                            ("JoyfillLint", "Sources/JoyfillLint"), ("JoyfillFuzz", "Fuzz/JoyfillFuzz"), ("jf-fuzz", "Fuzz/jf-fuzz")]

    @Test func noFrontEndImportsTheEngine() throws {
        var offenders: [String] = []
        for (_, folder) in Self.frontEnds {
            let directory = JF.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(!files.isEmpty, "no sources under \(folder)")
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import JoyfillEngine") {
                    offenders.append("\(folder)/\(file.lastPathComponent): \(line)")
                }
            }
        }
        #expect(offenders.isEmpty, "front ends read the document through JoyfillSession: \(offenders)")
    }

    @Test func noFrontEndTargetDependsOnTheEngine() throws {
        let whole = try String(contentsOf: JF.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try #require(whole.range(of: "\n    targets: ["), "Package.swift's list of targets")
        let manifest = whole[targets.upperBound...]
        for (name, _) in Self.frontEnds {
            // A target's declaration runs from its name to the next target's.
            guard let start = manifest.range(of: "name: \"\(name)\"") else {
                #expect(name == "jf-fuzz", "no target \(name) in Package.swift")
                continue
            }
            let rest = manifest[start.upperBound...]
            let end = [rest.range(of: ".target(")?.lowerBound, rest.range(of: "Target(")?.lowerBound].compactMap { $0 }.min() ?? rest.endIndex
            #expect(!rest[..<end].contains("\"JoyfillEngine\""), "\(name) lists JoyfillEngine among its dependencies")
        }
    }
}
