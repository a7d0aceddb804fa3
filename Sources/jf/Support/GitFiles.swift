import Foundation

/// Where git keeps what the ignore rules need beyond the `.gitignore` files.
enum GitFiles {
    /// The repository's git directory: `.git` itself, or where a `.git` file points
    /// (`gitdir: …`, in worktrees and submodules), or for a worktree its main repository's
    /// (`commondir`), which holds `info/exclude`.
    static func directory(ofRepository top: String) -> String? {
        let dotGit = top + "/.git"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { return dotGit }
        guard let text = try? String(contentsOfFile: dotGit, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first, line.hasPrefix("gitdir:") else { return nil }
        var gitDirectory = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
        if !gitDirectory.hasPrefix("/") { gitDirectory = top + "/" + gitDirectory }
        if let common = try? String(contentsOfFile: gitDirectory + "/commondir", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), !common.isEmpty {
            return common.hasPrefix("/") ? common : gitDirectory + "/" + common
        }
        return gitDirectory
    }

    /// Git's global excludes file: `core.excludesFile` as the configuration files set it (the
    /// repository's over the user's `~/.gitconfig` over `~/.config/git/config`), or else
    /// `$XDG_CONFIG_HOME/git/ignore` (`~/.config/git/ignore`). Nil without a home directory.
    static func excludesFile(gitDirectory: String?) -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let configs = [configHome + "/git/config", home + "/.gitconfig"] + (gitDirectory.map { [$0 + "/config"] } ?? [])
        var path = configHome + "/git/ignore"
        for config in configs {
            if let set = coreExcludesFile(inConfig: config) { path = set }
        }
        if path.hasPrefix("~/") { path = home + path.dropFirst(1) }
        return path
    }

    /// The `excludesFile` key of the `[core]` section of a git configuration file (names in
    /// any letter case; the last one set wins; a value may be quoted).
    static func coreExcludesFile(inConfig path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var inCore = false, found: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                inCore = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces).lowercased() == "core"
                continue
            }
            guard inCore, let equals = line.firstIndex(of: "="),
                  line[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "excludesfile" else { continue }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !value.isEmpty { found = value }
        }
        return found
    }
}
