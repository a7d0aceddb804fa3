import Foundation
import JoyfillJSON

/// A line of a stream longer than ``limit`` (64 MiB): its text is kept in a temporary file, not
/// in memory, so that one large record is answered like any other bad line (echoed, or an error
/// under `--problems-key`) and the stream goes on. The file is removed when the line is done.
/// A line longer than ``maximumLength`` (1 GiB, the most jf reads of one input) ends the
/// stream with an error: an input without line breaks fills neither memory nor the disk.
final class OversizedLine: Sendable {
    /// The longest line a stream holds in memory.
    static var limit: Int { 64 << 20 }
    /// The longest line a stream reads at all.
    static var maximumLength: Int { 1 << 30 }

    let path: String
    let length: Int

    private init(path: String, length: Int) {
        self.path = path
        self.length = length
    }

    deinit { unlink(path) }

    /// What is said of it: "line 3 is longer than 64 MiB, the most one line may be".
    func message(line: Int) -> String {
        "line \(line) is \(length) bytes, longer than \(SourceBytes.describe(size: Self.limit)), the most one line of a stream may be"
    }

    /// Calls `body` with the line's text, a piece at a time.
    func forEachPiece(_ body: ([UInt8]) -> Void) {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&piece, 1, piece.count, file)
            if count <= 0 { break }
            body(Array(piece[..<count]))
        }
    }

    /// Writes a line's text to a new temporary file.
    struct Writer {
        /// The system's error, or nil: the line is longer than ``OversizedLine/maximumLength``.
        struct Failure: Error { let code: Int32? }
        private let file: UnsafeMutablePointer<FILE>
        private let path: String
        private var length = 0

        init() throws(Failure) {
            var template = Array((NSTemporaryDirectory() + "/jf-line-XXXXXX").utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0, let file = fdopen(descriptor, "wb") else { throw Failure(code: errno) }
            self.file = file
            path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
                unlink(path)
                throw failure
            }
            length += bytes.count
        }

        /// The line, its file closed.
        func finish() -> OversizedLine {
            fclose(file)
            return OversizedLine(path: path, length: length)
        }
    }
}
