import Foundation
import Testing

/// The hooks of `.pre-commit-hooks.yaml` that run an installed jf (`jf-lint-system`,
/// `jf-fmt-system`), run by pre-commit itself on a temporary template repository, as a
/// template repository's CI runs them: nothing is built, and the jf found is the one on PATH.
/// That jf is the one `JF_INSTALLED` names (`.ci/run`: the Debian package's /usr/bin/jf), else
/// the built one. `.ci/run` installs pre-commit and sets `JF_REQUIRE_PRECOMMIT`; elsewhere the
/// test runs when `python3 -m pre_commit` does.
struct PreCommitTests {
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["JF_REQUIRE_PRECOMMIT"] != nil { return true }
        return (try? JF.shell("python3 -m pre_commit --version"))?.status == 0
    }()

    @Test(.enabled(if: isAvailable, "pre-commit is not installed (pip install pre-commit)"))
    func installedHooksLintAndFormatATemplateRepository() throws {
        let installed = ProcessInfo.processInfo.environment["JF_INSTALLED"] ?? JF.executable.path
        let run = """
            set -eu
            python=$(python3 -c 'import sys; print(sys.executable)')
            work=$(mktemp -d)
            trap 'rm -rf "$work"' EXIT
            git() { command git -c user.name=jf -c user.email=jf@localhost -c init.defaultBranch=main "$@"; }
            # The hooks' repository: this one's hook definitions, committed.
            mkdir "$work/hooks" "$work/bin" "$work/templates"
            cp .pre-commit-hooks.yaml "$work/hooks/"
            git -C "$work/hooks" init -q && git -C "$work/hooks" add . && git -C "$work/hooks" commit -q -m hooks
            rev=$(git -C "$work/hooks" rev-parse HEAD)
            # The template repository: the invoice, and a copy with a misspelt function.
            cp examples/invoice.json "$work/templates/invoice.json"
            sed 's/round(subtotal/rund(subtotal/' examples/invoice.json > "$work/templates/broken.json"
            printf 'repos:\\n  - repo: %s\\n    rev: %s\\n    hooks:\\n      - id: jf-lint-system\\n      - id: jf-fmt-system\\n' \\
              "$work/hooks" "$rev" > "$work/templates/.pre-commit-config.yaml"
            git -C "$work/templates" init -q && git -C "$work/templates" add .
            # On PATH: the installed jf, the system's tools, and no Swift.
            ln -s "$JF_INSTALLED_PATH" "$work/bin/jf"
            hooks() { (cd "$work/templates" && env PATH="$work/bin:/usr/bin:/bin" PRE_COMMIT_HOME="$work/cache" "$python" -m pre_commit run --all-files --color never 2>&1); }
            echo "== with the misspelt function"
            hooks && echo "status 0" || echo "status $?"
            sed -i 's/rund(subtotal/round(subtotal/' "$work/templates/broken.json"
            echo "== fixed"
            hooks && echo "status 0" || echo "status $?"
            """
        let result = try JF.shell("JF_INSTALLED_PATH='\(installed)'\n" + run)
        #expect(result.status == 0, "\(result.stderr)")
        let parts = result.stdout.components(separatedBy: "== fixed")
        #expect(parts.count == 2, "\(result.stdout)")
        let broken = parts[0], fixed = parts.count == 2 ? parts[1] : ""
        #expect(broken.contains("jf lint (installed jf)") && broken.contains("Failed"), "\(broken)")
        #expect(broken.contains("unknown function 'rund'") && broken.contains("broken.json"), "\(broken)")
        #expect(broken.contains("status 1"), "\(broken)")
        #expect(fixed.contains("jf lint (installed jf)") && fixed.contains("jf fmt (installed jf)"), "\(fixed)")
        #expect(!fixed.contains("Failed") && fixed.contains("status 0"), "\(fixed)")
        #expect(!result.stdout.contains("Installing environment"), "nothing is built: \(result.stdout)")
    }
}
