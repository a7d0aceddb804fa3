import Foundation
import JoyfillJSON

/// The lines of standard input, read one after another with a bound on a line's length, for
/// the commands that take input a line at a time without working on lines in parallel (the
/// REPL on a pipe). A line that grows past the bound is refused where it passes it, so an
/// input without line breaks (`/dev/zero`) costs a bounded amount of memory.
struct InputLines {
    private let descriptor: Int32
    private let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var ended = false
    /// The number of the last line returned, from 1.
    private(set) var number = 0

    /// Why a line could not be read.
    enum Failure: Error {
        /// Line `line` is longer than the limit.
        case tooLong(line: Int, limit: Int)
        /// Reading failed with this `errno`.
        case unreadable(code: Int32)
        /// Line `line`, longer than ``OversizedLine/limit``, could not be kept in a temporary
        /// file in `directory` (making or writing it failed with this `errno`).
        case unkept(line: Int, directory: String, code: Int32)

        var message: String {
            switch self {
            case .tooLong(let line, let limit):
                return "standard input: line \(line) is longer than \(SourceBytes.describe(size: limit)), the most one line may be"
            case .unreadable(let code):
                return "cannot read standard input: \(FileReadError(code: code))"
            case .unkept(let line, let directory, let code):
                return "standard input: line \(line) is longer than \(SourceBytes.describe(size: OversizedLine.limit)), so its text goes to a "
                    + "temporary file, and none could be written in \(directory): \(FileReadError(code: code)) "
                    + "(TMPDIR names the folder; the lines before it were answered)"
            }
        }
    }

    init(descriptor: Int32 = STDIN_FILENO, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line, without its `\n` or `\r\n`, decoded as UTF-8 (invalid bytes become
    /// U+FFFD); nil at the end of the input.
    mutating func next() throws(Failure) -> String? {
        var line: [UInt8] = []
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 0x0A) {
                line.append(contentsOf: buffer[start..<newline])
                start = newline + 1
                return take(line)
            }
            line.append(contentsOf: buffer[start..<end])
            start = end
            if line.count > limit { throw .tooLong(line: number + 1, limit: limit) }
            if ended { return line.isEmpty ? nil : take(line) }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(code: errno)
            }
            start = 0
            end = count
            ended = count == 0
        }
    }

    private mutating func take(_ line: [UInt8]) -> String {
        number += 1
        return String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
    }
}
