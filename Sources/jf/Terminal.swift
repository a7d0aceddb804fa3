import Foundation
import JoyfillJSON

/// Buffered output to a file descriptor. Batch commands write a line per input; writing
/// through a buffer keeps that cheap.
final class Terminal {
    nonisolated(unsafe) static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    nonisolated(unsafe) static let standardError = Terminal(descriptor: STDERR_FILENO)

    let descriptor: Int32
    private var buffer: [UInt8] = []

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// True when the descriptor is a terminal.
    var isTerminal: Bool { isatty(descriptor) != 0 }

    /// Colour when writing to a terminal and `NO_COLOR` is unset (https://no-color.org).
    var wantsColor: Bool {
        isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 || descriptor == STDERR_FILENO { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                Foundation.write(descriptor, raw.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 {
                if errno == EINTR { continue }
                break   // the reader went away (EPIPE); drop the rest
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    static func flushAll() {
        standardOutput.flush()
        standardError.flush()
    }
}

/// Reading whole inputs: a path, or `-` for standard input.
enum Input {
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        Array(try source(path))
    }

    /// The input's bytes, mapped rather than copied when it is a large file.
    static func source(_ path: String) throws(Failure) -> SourceBytes {
        if path == "-" {
            return SourceBytes(FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .usage("\(path): no such file")
        }
        if isDirectory.boolValue { throw .usage("\(path): is a directory, not a file") }
        guard let bytes = SourceBytes.contentsOfFile(path) else {
            throw .usage("\(path): cannot read the file (permission denied?)")
        }
        return bytes
    }
}
