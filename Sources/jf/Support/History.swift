import Foundation

/// The REPL's persistent history: `$XDG_STATE_HOME/jf/history`, or `~/.local/state/jf/history`.
///
/// One entry per line; a backslash and a line break inside an entry are written `\\` and `\n`,
/// so a multi-line input stays one entry. Every write happens under an exclusive `flock` on a
/// lock file next to it: an accepted line is appended, and when the file holds more than twice
/// ``limit`` entries it is rewritten (atomically, by rename) with the newest ``limit``. Two
/// REPLs at once interleave their entries and never tear one.
struct History {
    /// Entries kept.
    static let limit = 1_000

    let path: String

    /// The default place, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    static var defaultPath: String? {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/jf/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/jf/history"
    }

    /// The newest ``limit`` entries, oldest first.
    func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return lines.suffix(Self.limit).map { Self.decode($0) }
    }

    /// Appends an entry; failures are ignored (history is a convenience, never a reason to stop).
    func append(_ entry: String) {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        withLock {
            let line = Array((Self.encode(entry) + "\n").utf8)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            guard descriptor >= 0 else { return }
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            close(descriptor)
            trimIfLong()
        }
    }

    private func trimIfLong() {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let lines = data.split(separator: UInt8(ascii: "\n"))
        guard lines.count > 2 * Self.limit else { return }
        var kept: [UInt8] = []
        for line in lines.suffix(Self.limit) { kept += line + [UInt8(ascii: "\n")] }
        try? Files.writeAtomically(kept, to: path)
    }

    private func withLock(_ body: () -> Void) {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        body()
        flock(descriptor, LOCK_UN)
    }

    static func encode(_ entry: String) -> String {
        // Scalar by scalar, not with Foundation's search, which traps on some text.
        var result = String.UnicodeScalarView()
        for scalar in entry.unicodeScalars {
            switch scalar {
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    static func decode(_ line: Substring) -> String {
        var result = ""
        var escaped = false
        for character in line {
            if escaped {
                result.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
