import Foundation
import JoyfillLint

/// The rules of one `.gitignore` file, which a directory search follows as git does: a
/// template repository's build output, vendored packages or drafts are not linted, formatted
/// or run.
///
/// - A line is a pattern; blank lines and lines starting with `#` are none. `!` before a
///   pattern takes a path back in; a `\` before a leading `#` or `!` makes it literal.
/// - A pattern ending in `/` matches directories only.
/// - A pattern with a `/` at its start or in its middle is anchored to the file's directory
///   (`/local.json`, `forms/drafts`); one without matches a name at any depth (`*.tmp.json`).
/// - `*`, `?`, `[…]` and `**` as in ``Glob``.
/// - Rules of a deeper `.gitignore` override those above it, and in one file the last rule
///   that matches decides. A directory that is ignored is not entered, so nothing in it can
///   be taken back in.
/// - In a git repository, its `.git/info/exclude` and git's global excludes file
///   (`core.excludesFile`, by default `~/.config/git/ignore`) apply too, below every
///   `.gitignore`, as in git: their patterns are relative to the repository's top.
struct IgnoreRules {
    /// One pattern of the file.
    struct Rule {
        let glob: Glob
        let takesBackIn: Bool
        let directoriesOnly: Bool
    }

    /// The absolute directory the rules' paths are relative to, followed by `/`.
    private let basePrefix: String
    let rules: [Rule]
    /// Whether any rule is anchored, so that a path must be split to be matched.
    private let hasAnchoredRules: Bool

    init(text: String, base: String) {
        basePrefix = base + "/"
        var rules: [Rule] = []
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            // Trailing spaces are not part of a pattern unless escaped.
            while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line.removeLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            var takesBackIn = false
            if line.hasPrefix("!") {
                takesBackIn = true
                line.removeFirst()
            } else if line.hasPrefix("\\#") || line.hasPrefix("\\!") {
                line.removeFirst()
            }
            var directoriesOnly = false
            if line.hasSuffix("/") {
                directoriesOnly = true
                line.removeLast()
            }
            guard !line.isEmpty else { continue }
            let pattern = String(line).replacingOccurrences(of: "\\ ", with: " ")
            // A pattern without a slash matches a name at any depth (Glob matches the name
            // alone); one with a slash, only from the file's directory (Glob anchors it).
            let glob = Glob(pattern.contains("/") && !pattern.hasPrefix("/") ? "/" + pattern : pattern)
            rules.append(Rule(glob: glob, takesBackIn: takesBackIn, directoriesOnly: directoriesOnly))
        }
        self.rules = rules
        hasAnchoredRules = rules.contains { !$0.glob.matchesNameOnly }
    }

    /// What the rules say of the entry named `name` (UTF-8) at the absolute `path`: nil when
    /// none matches, true when the last that matches ignores it, false when it takes it back
    /// in. Most rules match the name alone; the path is split only for anchored ones.
    func verdict(on path: String, name: ArraySlice<UInt8>, isDirectory: Bool) -> Bool? {
        guard path.hasPrefix(basePrefix) else { return nil }
        var parts: ArraySlice<[UInt8]>?
        for rule in rules.reversed() where !rule.directoriesOnly || isDirectory {
            let matched: Bool
            if rule.glob.matchesNameOnly {
                matched = rule.glob.matches(name: name)
            } else {
                if parts == nil {
                    parts = path.dropFirst(basePrefix.count).split(separator: "/").map { Array($0.utf8) }[...]
                }
                matched = rule.glob.matches(parts: parts!)
            }
            if matched { return !rule.takesBackIn }
        }
        return nil
    }

    /// The rules of `directory`'s own `.gitignore`, if it has one with any.
    static func read(in directory: String) -> IgnoreRules? {
        read(file: directory + "/.gitignore", base: directory)
    }

    /// The rules of the ignore file at `path`, relative to `base`, if it has any.
    private static func read(file path: String, base: String) -> IgnoreRules? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let rules = IgnoreRules(text: String(decoding: data, as: UTF8.self), base: base)
        return rules.rules.isEmpty ? nil : rules
    }

    /// The rules that apply from above to a search of `directory` (absolute), when it is in a
    /// git repository (the nearest directory with `.git`, itself or a parent), outermost (the
    /// weakest) first: git's global excludes file, the repository's `.git/info/exclude`, then
    /// the `.gitignore` files of the parents of `directory` up to the repository's top. None
    /// outside a repository.
    static func above(_ directory: String) -> [IgnoreRules] {
        var parents: [String] = []
        var current = directory
        while current != "/" && !current.isEmpty {
            if FileManager.default.fileExists(atPath: current + "/.git") {
                return excludes(ofRepository: current) + parents.reversed().compactMap { read(in: $0) }
            }
            current = (current as NSString).deletingLastPathComponent
            parents.append(current)
        }
        return []
    }

    /// The global excludes file's rules and the repository's `info/exclude`, in that order.
    private static func excludes(ofRepository top: String) -> [IgnoreRules] {
        let gitDirectory = GitFiles.directory(ofRepository: top)
        return [GitFiles.excludesFile(gitDirectory: gitDirectory).flatMap { read(file: $0, base: top) },
                gitDirectory.flatMap { read(file: $0 + "/info/exclude", base: top) }].compactMap { $0 }
    }

    /// Whether the entry named `name` at `path` is ignored by `layers` (outermost first): the
    /// deepest that has a verdict decides.
    static func ignores(_ path: String, name: ArraySlice<UInt8>, isDirectory: Bool, by layers: [IgnoreRules]) -> Bool {
        for layer in layers.reversed() {
            if let verdict = layer.verdict(on: path, name: name, isDirectory: isDirectory) { return verdict }
        }
        return false
    }
}
