/// The base protocol's framing: each message is a header of `Name: value` lines ended by an
/// empty line (`\r\n\r\n`), whose `Content-Length` gives the length in bytes of the JSON body
/// that follows. Other header fields (`Content-Type`) are read past.
public struct MessageFraming: Sendable {
    /// The longest body accepted (256 MiB); a larger `Content-Length` is a framing error.
    public static let maxBodyLength = 256 << 20
    /// The longest header accepted before its empty line.
    public static let maxHeaderLength = 8 << 10

    /// Why the stream cannot be read on: without a length, where the next message starts is
    /// unknown.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    private var buffer: [UInt8] = []
    /// Where the unread bytes of ``buffer`` start.
    private var start = 0

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        // Drop what was read before growing, so the buffer holds about one message.
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message's body, or nil until more bytes arrive.
    public mutating func next() throws(Error) -> [UInt8]? {
        guard let headerEnd = endOfHeader() else {
            if buffer.count - start > Self.maxHeaderLength {
                throw Error(message: "a message header longer than \(Self.maxHeaderLength) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw Error(message: "a header line without ':': \(line.prefix(80))") }
            let name = line[..<colon].trimmingSpaces()
            guard name.lowercased() == "content-length" else { continue }
            guard let value = Int(line[line.index(after: colon)...].trimmingSpaces()), value >= 0 else {
                throw Error(message: "Content-Length is not a length: \(line.prefix(80))")
            }
            length = value
        }
        guard let length else { throw Error(message: "a message header without Content-Length") }
        guard length <= Self.maxBodyLength else {
            throw Error(message: "a message of \(length) bytes, more than the limit of \(Self.maxBodyLength)")
        }
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        start = bodyStart + length
        return Array(buffer[bodyStart..<start])
    }

    /// A message's bytes: its header and `body`.
    public static func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
    }

    /// Where the header's `\r\n\r\n` starts, if it has arrived.
    private func endOfHeader() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
