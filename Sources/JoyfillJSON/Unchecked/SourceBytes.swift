#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a JSON text, immutable and shared: what a ``JSONTape`` points into and what a
/// document is written back from.
///
/// The bytes live in memory the object owns (`malloc`'s, freed in deinit): a copy of an
/// array, or a file read into one buffer of its size. Files are read, never mapped: a mapped
/// file that another program truncates while it is read kills the reader with SIGBUS, and
/// inputs are files users edit.
public final class SourceBytes: RandomAccessCollection, @unchecked Sendable {
    // Sendable: the bytes are never written after initialization, and the owner frees them
    // only in deinit.

    /// The bytes.
    public let buffer: UnsafeBufferPointer<UInt8>

    /// The most bytes one input may have: 1 GiB. A larger file, or a stream that does not end
    /// (`/dev/zero`), is refused when the reader reaches this size, not when memory runs out.
    public static let maximumSize = 1 << 30

    /// A copy of `bytes`.
    public init(_ bytes: some Collection<UInt8>) {
        let memory = Self.allocate(Swift.max(bytes.count, 1))
        _ = UnsafeMutableBufferPointer(start: memory, count: bytes.count).initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: memory, count: bytes.count)
    }

    private init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    deinit {
        free(UnsafeMutableRawPointer(mutating: buffer.baseAddress))
    }

    /// `count` bytes of `malloc`'s; running out of memory is a trap, as Swift's allocation is.
    private static func allocate(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(count) else { fatalError("out of memory: \(count) bytes") }
        return memory.bindMemory(to: UInt8.self, capacity: count)
    }

    /// The whole content of the file at `path`, or nil when it cannot be opened or read (or is
    /// a directory); ``reading(_:limit:json:)`` says why.
    public static func contentsOfFile(_ path: String) -> SourceBytes? {
        try? reading(path)
    }

    /// The whole content of the file at `path`, at most `limit` bytes. A directory fails with
    /// `EISDIR`, a larger input with ``FileReadError/tooLarge(limit:)``. With `json`, an input
    /// that can be no JSON text is read only as far as shows it (see
    /// ``reading(descriptor:limit:json:)``).
    public static func reading(_ path: String, limit: Int = maximumSize, json: Bool = false) throws(FileReadError) -> SourceBytes {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadError(code: errno) }
        defer { close(descriptor) }
        return try reading(descriptor: descriptor, limit: limit, json: json)
    }

    /// Everything left to read from an open descriptor (standard input, say), at most `limit`
    /// bytes. A closed descriptor fails with `EBADF`, a directory with `EISDIR`.
    ///
    /// With `json`, reading stops early when the first byte that is not blank (after a UTF-8
    /// byte order mark) can start no JSON value, as a NUL byte cannot (`/dev/zero`, a binary
    /// file): the bytes read so far, with at least the four after that byte when the input has
    /// them, are returned, and reading them as JSON fails at that byte with the error the
    /// whole input would give. An endless input of that kind is refused at once, not at 1 GiB.
    public static func reading(descriptor: Int32, limit: Int = maximumSize, json: Bool = false) throws(FileReadError) -> SourceBytes {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(code: errno) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw FileReadError(code: EISDIR) }
        let size = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        guard size <= limit else { throw FileReadError.tooLarge(limit: limit) }
        return try readAll(descriptor, expected: size, limit: limit, json: json)
    }

    /// Reads to the end of the file into one buffer: of the file's size when it has one, grown
    /// (doubling) when the file grows while being read or reports no size (a pipe), up to
    /// `limit` bytes.
    ///
    /// The buffer grows with `realloc`, which moves a large block by remapping its pages
    /// rather than copying them (glibc and musl both do, above their mapping threshold of at
    /// most 32 MiB), and memory counts only pages written: reading holds the input's size, plus
    /// at most a copy below that threshold, never the old and the new buffer of a large input.
    private static func readAll(_ descriptor: Int32, expected: Int, limit: Int, json: Bool) throws(FileReadError) -> SourceBytes {
        // One byte more than the size, so that reaching the end is seen without a second buffer.
        var capacity = expected > 0 ? expected + 1 : 1 << 16
        var memory = allocate(capacity)
        var count = 0
        // With `json`: where the first byte that is not blank is looked for next, and once
        // it is found to start no JSON value, how far reading goes.
        var unexamined = json ? 0 : -1
        var stop = Int.max
        while count < stop {
            if count == capacity {
                guard count <= limit else {
                    free(memory)
                    throw .tooLarge(limit: limit)
                }
                capacity = Swift.min(capacity * 2, limit + 1)
                guard let grown = realloc(memory, capacity) else { fatalError("out of memory: \(capacity) bytes") }
                memory = grown.bindMemory(to: UInt8.self, capacity: capacity)
            }
            let result = read(descriptor, memory + count, capacity - count)
            if result < 0 && errno == EINTR { continue }
            if result < 0 {
                let code = errno
                free(memory)
                throw FileReadError(code: code)
            }
            if result == 0 { break }
            count += result
            if unexamined >= 0 {
                let bytes = UnsafeBufferPointer(start: memory, count: count)
                if unexamined == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { unexamined = 3 }
                if unexamined == 0 && count < 3 && bytes[0] == 0xEF { continue }   // perhaps a byte order mark
                while unexamined < count, isBlank(bytes[unexamined]) { unexamined += 1 }
                if unexamined < count {
                    if !canStartJSONValue(bytes[unexamined]) { stop = unexamined + 5 }
                    unexamined = -1
                }
            }
        }
        guard count <= limit else {
            free(memory)
            throw .tooLarge(limit: limit)
        }
        return SourceBytes(buffer: UnsafeBufferPointer(start: memory, count: count))
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether a JSON value can start with `byte`: `{ [ " -`, a digit, or `t f n` (true,
    /// false, null).
    private static func canStartJSONValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    // MARK: RandomAccessCollection

    public var startIndex: Int { 0 }
    public var endIndex: Int { buffer.count }
    /// Checked like an array's subscript: out of range is a trap, never a stray read.
    @inline(__always) public subscript(position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "SourceBytes index out of range")
        return buffer[position]
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(buffer)
    }

    // MARK: Scanning strings

    /// The offset of the first byte from `start` on that ends a string's plain run: `"`, `\`,
    /// a control character (below 0x20), or with `stoppingAtNonASCII` a byte of a multi-byte
    /// character (0x80 and up); `count` when there is none.
    ///
    /// Eight bytes are tested at a time, as simdjson finds structure a word at a time: most of
    /// a document's bytes are in strings, and a loop over them spent eight instructions a byte.
    /// A byte equal to `c` is found as a zero byte of `word ^ c…c`, and a zero byte as a borrow
    /// out of it in `(x - 0x01…01) & ~x & 0x80…80`; a borrow can mark bytes above a true match
    /// (later in the text, the loads being little-endian), never below it, so the lowest mark
    /// is exact.
    @inline(__always)
    func stringStop(from start: Int, stoppingAtNonASCII: Bool) -> Int {
        let end = buffer.count
        var index = start
        guard let base = buffer.baseAddress else { return end }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let nonASCII = stoppingAtNonASCII ? highs : 0
        while index &+ 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let marks = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)) & highs
                | word & nonASCII
            if marks != 0 { return index &+ marks.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < end {
            let byte = base[index]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || (stoppingAtNonASCII && byte >= 0x80) { return index }
            index &+= 1
        }
        return end
    }
}

/// Why a file could not be read: the system's error number (`errno`), or the size limit it
/// went past.
public struct FileReadError: Error, Equatable, CustomStringConvertible {
    public let code: Int32
    /// The limit the input went past, when that is why (`code` is then `EFBIG`).
    public let limit: Int?

    public init(code: Int32) {
        self.code = code
        limit = nil
    }

    private init(limit: Int) {
        code = EFBIG
        self.limit = limit
    }

    /// The input is larger than `limit` bytes.
    public static func tooLarge(limit: Int) -> FileReadError { FileReadError(limit: limit) }

    /// The system's words for it: "No such file or directory", "Permission denied"; for a
    /// loop of symbolic links, and for an input past the limit, jf's own.
    public var description: String {
        if let limit { return "larger than \(SourceBytes.describe(size: limit)), the most jf reads of one input" }
        if code == ELOOP { return "a loop of symbolic links" }
        return String(cString: strerror(code))
    }
}

extension SourceBytes {
    /// `bytes` in the largest binary unit that divides it ("1 GiB", "64 MiB"), else in bytes.
    public static func describe(size bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
