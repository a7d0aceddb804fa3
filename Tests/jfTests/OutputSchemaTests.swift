import Foundation
import JoyfillJSON
import JoyfillSchema
import Testing

/// Decision D9: every machine-readable output has a JSON Schema in docs/schemas, and the tests
/// check each output they produce against it (`JF.run` does, for every invocation). These
/// runs make each kind of output at least once, on what exercises its variants.
struct OutputSchemaTests {
    @Test func everySchemaCompilesAndIsUsed() throws {
        let directory = JF.root.appendingPathComponent("docs/schemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".schema.json") }.sorted()
        #expect(files == ["eval.schema.json", "functions.schema.json", "graph.schema.json", "lint-rules.schema.json", "lint.schema.json",
                          "run.schema.json", "validate.schema.json"])
        for file in files { _ = try JF.schema(named: String(file.dropLast(".schema.json".count))) }
    }

    @Test func eachOutputMatchesItsSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-schemas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try "{\"fields\": [1,}".write(to: broken, atomically: true, encoding: .utf8)
        let invoice = try String(contentsOf: JF.root.appendingPathComponent("examples/invoice.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: "")

        let runs: [([String], String?)] = [
            (["eval", "--json", "--lines", "-"], "round(3.14159, 2)\nrund(1)\nsum(1,\n1 / 0\n[1, \"a\", true]\n"),
            (["functions", "--json"], nil),
            (["lint", "--format", "json", "examples/templates", "examples/invoice.json", broken.path], nil),
            (["lint", "--format", "json", "--statistics", "examples/templates"], nil),
            (["lint", "--list-rules", "--format", "json"], nil),
            (["run", "--json", "examples/cycle.json", "examples/invoice.json", broken.path], nil),
            (["run", "--json", "--set", "nope=1", "examples/invoice.json"], nil),
            (["validate", "--json", "examples/work-order.json", "examples/inspection.json", broken.path], nil),
            (["validate", "--jsonl"], invoice + "\nnot json\n\n"),
            (["graph", "--format", "json", "examples/cycle.json"], nil),
            (["graph", "--format", "json", "examples/invoice.json"], nil),
        ]
        for (arguments, input) in runs {
            let result = try JF.run(arguments, stdin: input)
            #expect(JF.outputSchema(for: arguments) != nil, "\(arguments) has no schema")
            // An unreadable document makes the run exit 2, and its report is still a report.
            #expect(!result.stdout.isEmpty, "\(arguments): \(result.stderr)")
        }
    }
}
