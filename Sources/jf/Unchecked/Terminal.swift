import Foundation
import JoyfillJSON
import Synchronization

/// Buffered output to a file descriptor. Batch commands write a line per input; writing
/// through a buffer keeps that cheap. Any thread may write (the delivering thread of a batch,
/// the language server's watch of its client, the server's start-up); whole writes do not
/// interleave. Worker threads still return what they have to say (see
/// ``parallelForEach(_:workers:_:deliver:)``), so that it comes out in input order.
///
/// Invariant (hence `@unchecked Sendable`): the block, its count and the JSON line's writer are
/// touched only with `lock` held, and no pointer into the block outlives a write.
final class Terminal: @unchecked Sendable {
    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    static let standardError = Terminal(descriptor: STDERR_FILENO)

    let descriptor: Int32
    private let lock = NSLock()
    /// The bytes waiting to be written: a plain block rather than an array, whose append of a
    /// string's bytes cost hundreds of instructions (`jf eval` writes a few pieces per line).
    private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Terminal.capacity)
    private var count = 0
    /// The writer of ``writeJSONLine(_:)``.
    private var jsonLine = JSONWriter(capacity: 1024)
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

    /// The terminal's height in lines (`LINES` when set to a number); nil when the descriptor
    /// is no terminal.
    var rows: Int? {
        if let lines = ProcessInfo.processInfo.environment["LINES"].flatMap({ Int($0) }), lines > 0 { return lines }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
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
    static var colorChoice: ColorChoice {
        get { chosenColor.withLock { $0 } }
        set { chosenColor.withLock { $0 = newValue } }
    }
    private static let chosenColor = Mutex(ColorChoice.auto)

    func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { write(bytes: $0) }
        }
        if descriptor == STDERR_FILENO { flush() }
    }

    /// Writes one line of JSON: what `body` writes, then a line break. The writer is kept
    /// from line to line, so a stream of lines allocates nothing for it.
    func writeJSONLine(_ body: (inout JSONWriter) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        jsonLine.reset()
        body(&jsonLine)
        jsonLine.withBytes { append($0) }
        append(UnsafeBufferPointer(start: Self.lineFeed.utf8Start, count: 1))
    }

    /// Writes bytes as they are (a document, which need not be turned into a `String`).
    func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(bytes: $0) }
        if descriptor == STDERR_FILENO { flush() }
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        append(bytes)
        lock.unlock()
    }

    func flush() {
        lock.lock()
        flushHeld()
        lock.unlock()
    }

    private static let lineFeed: StaticString = "\n"

    /// Called with the lock held.
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > Terminal.capacity { flushHeld() }
        if bytes.count > Terminal.capacity {
            Self.writeAll(base, bytes.count, to: descriptor)
        } else {
            (buffer + count).update(from: base, count: bytes.count)
            count += bytes.count
        }
    }

    /// Called with the lock held.
    private func flushHeld() {
        Self.writeAll(buffer, count, to: descriptor)
        count = 0
    }

    private static func writeAll(_ start: UnsafePointer<UInt8>, _ length: Int, to descriptor: Int32) {
        var offset = 0
        while offset < length {
            let written = Foundation.write(descriptor, start + offset, length - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // Standard error has no one left to tell; what it could not take is dropped.
                if descriptor == STDOUT_FILENO { standardOutputFailed(written < 0 ? errno : EIO) }
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
            standardError.write("jf: error: cannot write to standard output: \(String(cString: strerror(code)))\n")
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
