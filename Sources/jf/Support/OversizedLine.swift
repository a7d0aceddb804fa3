import Foundation
import JoyfillJSON

/// A line of a stream longer than ``limit`` (64 MiB): its text is kept in a temporary file, not
/// in memory, so that one large record is answered like any other bad line (echoed, or an error
/// under `--problems-key`) and the stream goes on. The file has no name from the moment it is
/// made (it is unlinked at once, and read through its descriptor), so the system frees it
/// when the line is done or `jf` ends, however it ends: nothing is left in the temporary
/// directory.
/// A line longer than ``maximumLength`` (1 GiB, the most jf reads of one input) ends the
/// stream with an error: an input without line breaks fills neither memory nor the disk. So
/// does a line that cannot be kept (no temporary file can be made or written: `TMPDIR` names
/// a folder that is missing or not writable, the disk is full), after the lines before it are
/// answered: the stream is not the data's to answer for, and its text is not in memory to echo.
final class OversizedLine: Sendable {
    /// The longest line a stream holds in memory.
    static var limit: Int { 64 << 20 }
    /// The longest line a stream reads at all.
    static var maximumLength: Int { 1 << 30 }

    /// The open, unnamed file that holds the line.
    private let descriptor: Int32
    let length: Int

    private init(descriptor: Int32, length: Int) {
        self.descriptor = descriptor
        self.length = length
    }

    deinit { close(descriptor) }

    /// What is said of it: "line 3 is longer than 64 MiB, the most one line may be".
    func message(line: Int) -> String {
        "line \(line) is \(length) bytes, longer than \(SourceBytes.describe(size: Self.limit)), the most one line of a stream may be"
    }

    /// Calls `body` with the line's text, a piece at a time.
    func forEachPiece(_ body: ([UInt8]) -> Void) {
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < length {
            // `pread`: no shared file position, so the line could be read by two threads.
            let count = piece.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, min($0.count, length - offset), off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            body(Array(piece[..<count]))
            offset += count
        }
    }

    /// Writes a line's text to a new temporary file.
    struct Writer {
        /// The system's error, or nil: the line is longer than ``OversizedLine/maximumLength``.
        struct Failure: Error { let code: Int32? }
        /// The file, buffered by the C library while it is written.
        private let file: UnsafeMutablePointer<FILE>
        private let descriptor: Int32
        private var length = 0

        /// The folder the file is made in: `TMPDIR`, or the system's.
        static var directory: String {
            let path = NSTemporaryDirectory()
            return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }

        init() throws(Failure) {
            var template = Array((Self.directory + "/jf-line-XXXXXX").utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else { throw Failure(code: errno) }
            // Nameless from now on: only the descriptor reaches it.
            unlink(template)
            guard let file = fdopen(descriptor, "wb") else {
                let code = errno
                close(descriptor)
                throw Failure(code: code)
            }
            let reader = dup(descriptor)
            guard reader >= 0 else {
                let code = errno
                fclose(file)
                throw Failure(code: code)
            }
            self.file = file
            self.descriptor = reader
        }

        mutating func write(_ bytes: ArraySlice<UInt8>) throws(Failure) {
            var failure: Failure?
            if length + bytes.count > OversizedLine.maximumLength {
                failure = Failure(code: nil)
            } else if bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) != bytes.count {
                failure = Failure(code: errno)
            }
            if let failure {
                fclose(file)
                close(descriptor)
                throw failure
            }
            length += bytes.count
        }

        /// The line, written out: read back through its own descriptor.
        func finish() -> OversizedLine {
            fclose(file)
            return OversizedLine(descriptor: descriptor, length: length)
        }
    }
}
