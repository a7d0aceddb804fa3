import ArgumentParser
import Foundation

/// The PATH arguments of `jf run` and `jf validate`: JoyDocs or directories, `-` for standard
/// input, or none at all, when standard input is a pipe (as jq and ripgrep read one:
/// `curl -s $URL | jf run`); with `--jsonl`, none or `-`, since the stream is standard input.
enum DocumentPaths {
    /// What to read: the PATHs given, or standard input when there are none.
    static func inputs(_ paths: [String], jsonl: Bool) -> [String] {
        paths.isEmpty && !jsonl ? ["-"] : paths
    }

    /// The usage errors of PATHs: some with `--jsonl`, none from a terminal, `-` twice.
    static func check(_ paths: [String], jsonl: Bool) throws {
        if jsonl && paths.contains(where: { $0 != "-" }) {
            throw ValidationError("--jsonl reads standard input (- or no PATH); to stream a file: jf run --jsonl < FILE")
        }
        if !jsonl && paths.isEmpty && isatty(STDIN_FILENO) != 0 {
            throw ValidationError("give at least one PATH (a JoyDoc or a directory), pipe one JoyDoc in, or use --jsonl")
        }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }
}
