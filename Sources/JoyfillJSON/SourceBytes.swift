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
/// The bytes live in memory the object owns: a copy of an array, a file read into one buffer
/// of its size, or, for large files, the file mapped read-only. A mapping costs no copy and no
/// fresh memory: the kernel hands over the pages it already caches, where reading would zero
/// and fill as many new ones (for a 400 MB document, a quarter of the memory `jf run` touches).
public final class SourceBytes: RandomAccessCollection, @unchecked Sendable {
    // Sendable: the bytes are never written after initialization, and the owner frees them
    // only in deinit.

    /// The bytes.
    public let buffer: UnsafeBufferPointer<UInt8>
    private let isMapped: Bool

    /// Files of at least this many bytes are mapped rather than read.
    public static let mappingThreshold = 16 << 20

    /// A copy of `bytes`.
    public init(_ bytes: some Collection<UInt8>) {
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
        _ = memory.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: memory[..<bytes.count])
        isMapped = false
    }

    private init(buffer: UnsafeBufferPointer<UInt8>, isMapped: Bool) {
        self.buffer = buffer
        self.isMapped = isMapped
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            buffer.deallocate()
        }
    }

    /// The whole content of the file at `path`, or nil when it cannot be opened or read (or is
    /// a directory); ``reading(_:)`` says why.
    public static func contentsOfFile(_ path: String) -> SourceBytes? {
        try? reading(path)
    }

    /// The whole content of the file at `path`. Regular files of ``mappingThreshold`` bytes or
    /// more are mapped; anything else (smaller files, pipes, files that report no size) is
    /// read. A directory fails with `EISDIR`.
    public static func reading(_ path: String) throws(FileReadError) -> SourceBytes {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadError(code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(code: errno) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw FileReadError(code: EISDIR) }
        let size = Int(status.st_size)
        if (status.st_mode & S_IFMT) == S_IFREG, size >= mappingThreshold, let mapped = map(descriptor, size: size) {
            return mapped
        }
        return try readAll(descriptor, expected: size)
    }

    private static func map(_ descriptor: Int32, size: Int) -> SourceBytes? {
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, size, PROT_READ, flags, descriptor, 0), address != MAP_FAILED else { return nil }
        return SourceBytes(buffer: UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size),
                           isMapped: true)
    }

    /// Reads to the end of the file into one buffer: of the file's size when it has one, grown
    /// (doubling) when the file grows while being read or reports no size (a pipe).
    private static func readAll(_ descriptor: Int32, expected: Int) throws(FileReadError) -> SourceBytes {
        // One byte more than the size, so that reaching the end is seen without a second buffer.
        var capacity = expected > 0 ? expected + 1 : 1 << 16
        var memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        var count = 0
        while true {
            if count == capacity {
                let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                grown.copyMemory(from: memory, byteCount: count)
                memory.deallocate()
                memory = grown
                capacity *= 2
            }
            let result = read(descriptor, memory + count, capacity - count)
            if result < 0 && errno == EINTR { continue }
            if result < 0 {
                let code = errno
                memory.deallocate()
                throw FileReadError(code: code)
            }
            if result == 0 { break }
            count += result
        }
        let bytes = memory.bindMemory(to: UInt8.self, capacity: capacity)
        return SourceBytes(buffer: UnsafeBufferPointer(start: bytes, count: count), isMapped: false)
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
}

/// Why a file could not be read: the system's error number (`errno`).
public struct FileReadError: Error, Equatable, CustomStringConvertible {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The system's words for it: "No such file or directory", "Permission denied".
    public var description: String { String(cString: strerror(code)) }
}
