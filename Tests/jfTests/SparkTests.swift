import Foundation
import Testing

/// `jf run --jsonl` as a stage of a real Spark job (PySpark's `RDD.pipe`, local mode, two
/// threads, on the loopback address): thousands of JoyDocs, some with failing formulas, come
/// out exactly as a direct run gives them, and the job does not fail. `.ci/run` installs
/// PySpark and sets `JF_REQUIRE_SPARK`, so there the test always runs; elsewhere it runs when
/// PySpark is installed (`pip install pyspark`, with Java 17).
struct SparkTests {
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["JF_REQUIRE_SPARK"] != nil { return true }
        guard let check = try? JF.shell("python3 -c 'import pyspark' && command -v java") else { return false }
        return check.status == 0
    }()

    @Test(.enabled(if: isAvailable, "PySpark and Java are not installed"))
    func aStreamWithBadDocumentsPassesThroughSpark() async throws {
        let script = JF.fixtures.appendingPathComponent("spark_pipe.py").path
        let result = try await JF.shellAwaiting("python3 '\(script)' \"$JF\" 3000 2>/dev/null")
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                   "\(result.stdout)")
        #expect(summary["input"] as? Int == 3000)
        #expect(summary["piped"] as? Int == 3000, "every line answered through Spark")
        #expect(summary["direct"] as? Int == 3000)
        #expect(summary["different"] as? [Int] == [], "Spark's output is the direct run's, line for line")
        #expect(summary["directExit"] as? Int == 0)
        #expect(summary["withoutResult"] as? Int == 663, "the failing formulas were there, and reported")
        #expect(summary["stderrLines"] as? Int == 663)
        #expect(summary["strictFailed"] as? Bool == true, "with --strict, exit 1 fails the Spark task")
    }
}
