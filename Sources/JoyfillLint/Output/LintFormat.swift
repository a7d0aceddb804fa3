import JoyfillFormulas
import JoyfillJSON

/// The output formats of `jf lint --format`.
public enum LintFormat: String, Sendable, CaseIterable {
    case human, concise, json, sarif, github, gitlab, junit
}
