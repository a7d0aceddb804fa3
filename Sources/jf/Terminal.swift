import ArgumentParser
import Foundation
import JoyfillJSON
import JoyfillModel

/// Buffered output to a file descriptor. Batch commands write a line per input; writing
/// through a buffer keeps that cheap. Not thread-safe: worker threads return what they have
/// to say (see ``parallelForEach(_:workers:_:deliver:)``) for one thread to write.
final class Terminal {
    nonisolated(unsafe) static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    nonisolated(unsafe) static let standardError = Terminal(descriptor: STDERR_FILENO)

    let descriptor: Int32
    /// The bytes waiting to be written: a plain block rather than an array, whose append of a
    /// string's bytes cost hundreds of instructions (`jf eval` writes a few pieces per line).
    private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Terminal.capacity)
    @exclusivity(unchecked) private var count = 0
    private static let capacity = 1 << 16

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// True when the descriptor is a terminal.
    var isTerminal: Bool { isatty(descriptor) != 0 }

    /// The width to lay output out for: `COLUMNS` when it is set to a number (as `ls` and
    /// `git` take it), otherwise the terminal's width; nil when the descriptor is no terminal.
    var columns: Int? {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether to colour what is written here: as `--color` says (``colorChoice``), or with
    /// `auto`, when `FORCE_COLOR` is set (and not `0` or `false`: for CI logs that show colour),
    /// or else when this is a terminal and `NO_COLOR` is unset (https://no-color.org).
    /// `FORCE_COLOR` wins over `NO_COLOR`, as in Node.
    var wantsColor: Bool {
        switch Terminal.colorChoice {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            if let force = environment["FORCE_COLOR"] { return !["0", "false"].contains(force.lowercased()) }
            return isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true
        }
    }

    /// When to colour output: the `--color` option of the commands that print findings.
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    /// The `--color` given, for every output.
    nonisolated(unsafe) static var colorChoice = ColorChoice.auto

    func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { write(bytes: $0) }
        }
        if descriptor == STDERR_FILENO { flush() }
    }

    /// Writes bytes as they are (a document, which need not be turned into a `String`).
    func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(bytes: $0) }
        if descriptor == STDERR_FILENO { flush() }
    }

    private func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > Terminal.capacity { flush() }
        if bytes.count > Terminal.capacity {
            writeAll(base, bytes.count)
        } else {
            (buffer + count).update(from: base, count: bytes.count)
            count += bytes.count
        }
    }

    func flush() {
        writeAll(buffer, count)
        count = 0
    }

    private func writeAll(_ start: UnsafePointer<UInt8>, _ length: Int) {
        var offset = 0
        while offset < length {
            let written = Foundation.write(descriptor, start + offset, length - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // Standard error has no one left to tell; what it could not take is dropped.
                if descriptor == STDOUT_FILENO { Terminal.standardOutputFailed(written < 0 ? errno : EIO) }
                return
            }
            offset += written
        }
    }

    /// Ends `jf` when its output cannot be written, so that output is never lost without an
    /// error (docs/cli.md): exit 2, with the reason on standard error ("No space left on
    /// device"), or quietly when the reader has gone away (`EPIPE`: `jf … | head -1`).
    /// `SIGPIPE` is ignored (``ignoreBrokenPipeSignals()``), so a closed pipe ends `jf` here,
    /// promptly, whether or not the parent ignored the signal, and never by the signal.
    private static func standardOutputFailed(_ code: Int32) -> Never {
        if code != EPIPE {
            standardError.write("jf: cannot write to standard output: \(String(cString: strerror(code)))\n")
        }
        Foundation.exit(2)
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing `jf` by `SIGPIPE`.
    static func ignoreBrokenPipeSignals() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func flushAll() {
        standardOutput.flush()
        standardError.flush()
    }
}

extension Terminal.ColorChoice: ExpressibleByArgument {}

/// `--color`, for the commands that print findings (`eval`, `run`, `lint`, `validate`,
/// `apply`, `fmt`); it sets ``Terminal/colorChoice`` for all their output.
struct ColorFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.",
                               valueName: "WHEN"))
    var color: Terminal.ColorChoice = .auto

    func validate() throws {
        Terminal.colorChoice = color
    }
}

/// The reports of a batch of documents on standard output, written as each document is done:
/// one after another, or with `json`, the items of `{"documents":[…]}`. On a terminal each
/// report is flushed at once; elsewhere they are buffered.
struct ReportStream {
    private let output = Terminal.standardOutput
    private let json: Bool
    private let interactive: Bool
    /// How many reports were written.
    private(set) var count = 0

    init(json: Bool) {
        self.json = json
        interactive = output.isTerminal
    }

    mutating func write(_ report: String) {
        if json { output.write(count == 0 ? "{\"documents\":[" : ",\n") }
        output.write(report)
        count += 1
        if interactive { output.flush() }
    }

    /// Closes the JSON list (an empty one when there were no reports) and flushes.
    func finish() {
        if json { output.write(count == 0 ? "{\"documents\":[]}\n" : "]}\n") }
        output.flush()
    }
}

/// Reading whole inputs: a path, or `-` for standard input.
enum Input {
    /// The input's bytes, as an array (copied in one go from ``source(_:)``'s buffer).
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let source = try source(path)
        return withExtendedLifetime(source) { Array(source.buffer) }
    }

    /// The JSON line that reports a stream line which is not a JoyDoc:
    /// `{"line":N,"_id":…,"identifier":…,"column":C,"field":…,"error":…}`. The line is the
    /// stream's; `_id` and `identifier` are the document's, when the line is a JSON object
    /// that has them (under Spark a line number counts within a partition, so it cannot find
    /// the document alone); the column counts characters within the line (a JSON line has no
    /// line breaks of its own); `column` and `field` appear when the reader knows them.
    static func unreadableLine(_ number: Int, _ error: DocumentError, text: ArraySlice<UInt8>) -> String {
        // A line that is JSON but no JoyDoc may still name itself.
        let json = error.isNotJoyDoc ? try? JSONReader.read(Array(text)) : nil
        var text = "{" + streamHead(number, document: json)
        if let column = error.column { text += ",\"column\":\(column)" }
        if let field = error.field { text += ",\"field\":" + JSONText.string(field) }
        return text + ",\"error\":" + JSONText.string(error.message) + "}"
    }

    /// The members that name a document of a stream in what is said of it, without braces:
    /// `"line":N`, then the document's `_id` and `identifier` when it has them as strings.
    static func streamHead(_ number: Int, document: JSONValue?) -> String {
        var members = [JSONMember("line", .number(Double(number)))]
        for key in ["_id", "identifier"] {
            if let value = document?[key], value.stringValue != nil { members.append(JSONMember(key, value)) }
        }
        return String(JSONValue.object(members).text.dropFirst().dropLast())
    }

    /// Whether a line of a stream holds nothing but spaces and tabs.
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The input's bytes: the file at `path`, or standard input for `-`, at most
    /// ``SourceBytes/maximumSize``. Every reader of a whole input comes here, so each failure
    /// (a closed standard input, a directory, a loop of links, an endless stream) is a usage
    /// error naming the input, never a crash.
    static func source(_ path: String) throws(Failure) -> SourceBytes {
        do {
            return path == "-" ? try SourceBytes.reading(descriptor: STDIN_FILENO) : try SourceBytes.reading(path)
        } catch {
            throw .usage(describe(error, reading: path))
        }
    }

    /// What went wrong reading `path` (`-`: standard input), in the words `cannot write` uses:
    /// "cannot read a.json: Permission denied", "forms: is a directory, not a file".
    static func describe(_ error: FileReadError, reading path: String) -> String {
        let name = path == "-" ? "standard input" : path
        if error.code == EISDIR { return "\(name): is a directory, not a file" }
        return "cannot read \(name): \(error)"
    }
}
