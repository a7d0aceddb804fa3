import Crypto
import Foundation
import Testing

/// share/: the manual pages and shell completion scripts kept in the repository, so that they
/// install without Swift (scripts/install-man.sh, the release archive, the Debian package, the
/// wheel). They must say what the built jf's help says: a stale file fails here, naming
/// scripts/share.sh, which remakes them.
struct ShareTests {
    static let remake = "share/ is stale: run scripts/share.sh and commit what it writes"

    @Test(arguments: [("bash", "share/bash-completion/completions/jf"), ("zsh", "share/zsh/site-functions/_jf"),
                      ("fish", "share/fish/vendor_completions.d/jf.fish")])
    func completionScriptsAreTheBinarys(shell: String, path: String) throws {
        let script = try JF.run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        let committed = try String(contentsOf: JF.root.appendingPathComponent(path), encoding: .utf8)
        #expect(committed == script.stdout, "\(path): \(Self.remake)")
    }

    /// The pages are made from `jf --experimental-dump-help` alone; jf.1 records its SHA-256, so
    /// a change to any command's help shows here without building the page generator.
    @Test func manualPagesAreMadeFromTheBinarysHelp() throws {
        let help = try JF.run(["--experimental-dump-help"])
        #expect(help.status == 0)
        let digest = SHA256.hash(data: Data(help.stdout.utf8)).map { String(format: "%02x", $0) }.joined()
        let pages = JF.root.appendingPathComponent("share/man/man1")
        let main = try String(contentsOf: pages.appendingPathComponent("jf.1"), encoding: .utf8)
        #expect(main.split(separator: "\n").contains(".\\\" jf --experimental-dump-help sha256 \(digest)"), "\(Self.remake)")

        // A page for jf and for each of its commands, and no other.
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])
        let subcommands = try #require((tool["command"] as? [String: Any])?["subcommands"] as? [[String: Any]])
        let expected = Set(["jf.1"] + subcommands.compactMap { $0["commandName"] as? String }.map { "jf-\($0).1" })
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: pages.path))
        #expect(expected.count > 10)
        #expect(present == expected, "\(Self.remake)")
        let run = try String(contentsOf: pages.appendingPathComponent("jf-run.1"), encoding: .utf8)
        #expect(run.contains(".Dt JF-RUN 1") && run.contains(".Nm \"jf run\""))
        #expect(!main.contains(".Xr jf."), "SEE ALSO names the pages as they are installed (jf-run, not jf.run)")
    }

    /// A user with the binary alone (the wheel, a release archive) and a checkout installs the
    /// pages with no Swift on PATH, and man renders them.
    @Test func manualPagesInstallWithoutSwift() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("jf-man-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let result = try JF.shell("""
            export PATH=/usr/bin:/bin
            if command -v swift >/dev/null; then echo "swift is on PATH" >&2; exit 3; fi
            scripts/install-man.sh --prefix '\(prefix.path)' || exit
            if command -v man >/dev/null; then MANWIDTH=100 man -l '\(prefix.path)/share/man/man1/jf-run.1' 2>&1; fi
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("installed 13 manual pages"), "\(result.stdout)")
        let installed = try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("share/man/man1").path)
        #expect(installed.contains("jf.1") && installed.contains("jf-lint.1") && installed.contains("jf-serve.1"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            #expect(result.stdout.contains("jf run") && result.stdout.contains("--set-file"), "\(result.stdout.prefix(2000))")
        }
    }
}
