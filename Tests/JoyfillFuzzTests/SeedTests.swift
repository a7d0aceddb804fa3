import Foundation
import JoyfillFuzz
import Testing

/// Every fuzz target's properties on its seeds (scripts/fuzz-seeds.sh), through the same
/// checks libFuzzer runs (``FuzzTarget/check(_:)``), in the ordinary build: the regression
/// check of the fuzzer's properties, without building the fuzzer. A broken property stops the
/// test process with the property and the seed's name. scripts/fuzz.sh runs them under the
/// address sanitizer, and goes on mutating.
@Suite(.serialized)
struct SeedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The seeds of `target`, by name, as scripts/fuzz-seeds.sh writes them.
    func seeds(of target: FuzzTarget) throws -> [(name: String, bytes: [UInt8])] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jf-seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/bash")
        script.arguments = [Self.root.appendingPathComponent("scripts/fuzz-seeds.sh").path, target.rawValue, folder.path]
        script.currentDirectoryURL = Self.root
        try script.run()
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func propertiesHoldOnTheSeeds(of target: FuzzTarget) throws {
        // The checks read examples/invoice.json by a relative path, as scripts/fuzz.sh runs them
        // from the repository's root, where `swift test` runs too.
        try #require(FileManager.default.fileExists(atPath: "examples/invoice.json"), "run the tests from the repository's root")
        let seeds = try seeds(of: target)
        #expect(seeds.count >= 2, "scripts/fuzz-seeds.sh wrote no seeds for \(target)")
        for seed in seeds {
            FuzzTarget.inputName = "\(target.rawValue) seed \(seed.name)"
            seed.bytes.withUnsafeBufferPointer { target.check($0) }
        }
        FuzzTarget.inputName = nil
        #expect(!target.dictionary.isEmpty)
    }
}
