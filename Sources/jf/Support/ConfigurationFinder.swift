import Foundation
import JoyfillLint

/// Finds and caches the configuration that applies to each linted path.
final class ConfigurationFinder {
    /// A configuration and the directory its path patterns are relative to.
    struct Located {
        var configuration: LintConfiguration
        var directory: String?

        /// The settings for a file, by its path relative to the configuration's directory.
        func settings(forFile path: String) -> LintSettings {
            configuration.settings(for: relative(path))
        }

        /// A file's path relative to the configuration's directory, as its patterns read it.
        func relative(_ path: String) -> String {
            guard let directory else { return path }
            let absolute = Located.absolute(path)
            return absolute.hasPrefix(directory + "/") ? String(absolute.dropFirst(directory.count + 1)) : absolute
        }

        /// The overrides' patterns that match no file of `files` (the run's, under this
        /// configuration) nor any file `jf lint` would lint under the configuration's directory:
        /// an override written relative to another directory (the repository's, say) is inert.
        /// The directory is searched only under each pattern's literal part, and only when the
        /// run's files did not match; each directory once, a directory inside one searched
        /// already not again (its files are among those found).
        func inertPatterns(given files: [String], followingIgnoreFiles: Bool) -> [LintConfiguration.Pattern] {
            guard let directory else { return [] }
            let unmatched = configuration.patterns(matchingNoneOf: files.map(relative))
            func searched(_ pattern: LintConfiguration.Pattern) -> String {
                pattern.glob.literalDirectory.isEmpty ? directory : directory + "/" + pattern.glob.literalDirectory
            }
            // The outermost directories first, so that those inside them reuse their files.
            var found: [String: [String]] = [:]
            for under in Set(unmatched.map(searched)).sorted(by: { $0.count < $1.count }) {
                if let outer = found.keys.first(where: { under.hasPrefix($0 + "/") }) {
                    found[under] = found[outer]!.filter { $0.hasPrefix(under + "/") }
                } else {
                    found[under] = (try? Files.lintable(in: under, followingIgnoreFiles: followingIgnoreFiles)) ?? []
                }
            }
            return unmatched.filter { pattern in
                !found[searched(pattern), default: []].contains { pattern.glob.matches(relative($0)) }
            }
        }

        static func absolute(_ path: String) -> String {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
            return url.standardizedFileURL.path
        }
    }

    private let explicit: String?
    private let disabled: Bool
    private var cache: [String: Located] = [:]

    init(explicit: String?, disabled: Bool) {
        self.explicit = explicit
        self.disabled = disabled
    }

    func configuration(for path: String) throws -> Located {
        if disabled { return Located(configuration: .standard, directory: nil) }
        if let explicit { return try load(explicit) }
        var directory = Located.absolute(path)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
            directory = (directory as NSString).deletingLastPathComponent
        }
        while true {
            for name in LintConfiguration.fileNames {
                let candidate = (directory as NSString).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate) { return try load(candidate) }
            }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory || parent.isEmpty { return Located(configuration: .standard, directory: nil) }
            directory = parent
        }
    }

    private func load(_ path: String) throws -> Located {
        if let cached = cache[path] { return cached }
        let bytes = try Input.read(path)
        do {
            let configuration = try LintConfiguration(text: bytes, name: path)
            let located = Located(configuration: configuration,
                                  directory: (Located.absolute(path) as NSString).deletingLastPathComponent)
            cache[path] = located
            return located
        } catch {
            // Each problem of the file on a line of its own, as `jf: error:` says each.
            throw Failure.usage(error.messages.joined(separator: "\njf: error: "))
        }
    }
}
