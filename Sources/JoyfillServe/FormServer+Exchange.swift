import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

extension FormServer {
    /// One answer of ``exchange(_:port:)``.
    public struct Answer: Sendable {
        /// The request answered, as the routes saw it (after an absolute-form target was read).
        public var method: String
        public var path: String
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
    }

    /// The run's token, which a request must present (``Admission``).
    public var token: String { admission.token }

    /// `bytes` as a client writes them on one connection to this server, listening on its
    /// `host` and `port`, answered without a socket through what a socket's bytes go through:
    /// ``GuardedHTTP1Channel``'s handlers around the HTTP/1 parser, then the checks of
    /// ``Admission`` and the routes. For tests and fuzzing. A head past its limit ends the
    /// exchange with 431 and bytes that are not HTTP with 400, as they end a connection.
    public func exchange(_ bytes: [UInt8], port: Int = 8080) async -> [Answer] {
        admission.bind(host: configuration.host, address: configuration.host, port: port)
        let (parts, refusal) = Self.requests(in: bytes)
        let responder = router().buildResponder()
        var logger = Logger(label: "jf-serve")
        logger.logLevel = .critical
        // The context's channel is not used by the routes; this one may be touched from any thread.
        let channel = NIOAsyncTestingChannel()
        var request: HTTPRequest?
        var body = ByteBuffer()
        var answers: [Answer] = []
        for part in parts {
            switch part {
            case .head(let head):
                request = head
                body = ByteBuffer()
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                guard let head = request else { continue }
                request = nil
                let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
                var answer = Answer(method: head.method.rawValue, path: head.path ?? "", status: 500, headers: [], body: [])
                do {
                    let response = try await responder.respond(to: Request(head: head, body: RequestBody(buffer: body)), context: context)
                    answer.status = response.status.code
                    answer.headers = response.headers.map { ($0.name.rawName, $0.value) }
                    let sink = BodySink()
                    try await response.body.write(BodyCollector(sink: sink))
                    answer.body = sink.bytes
                } catch let error as any HTTPResponseError {
                    answer.status = error.status.code
                } catch {
                    answer.status = 500
                }
                answers.append(answer)
            }
        }
        _ = try? await channel.finish()   // (its pipeline and the channel hold each other until then)
        return answers + (refusal.map { [$0] } ?? [])
    }

    /// The request parts in `bytes`, read by the handlers of ``GuardedHTTP1Channel`` and the
    /// HTTP/1 parser on a channel of their own (all on this thread, as such a channel needs),
    /// and the answer that ended the connection early, if any (431 or 400).
    private static func requests(in bytes: [UInt8]) -> (parts: [HTTPRequestPart], refusal: Answer?) {
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish() }
        let head = HeadState()
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = GuardedHTTP1Channel.maximumHeadSize
        limits.maxHeaderListSize = GuardedHTTP1Channel.maximumHeadSize
        var parts: [HTTPRequestPart] = []
        var refusal: Answer?
        do {
            try channel.pipeline.syncOperations.addHandlers([
                HeadSizeLimit(state: head, limit: GuardedHTTP1Channel.maximumHeadSize),
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits)),
                RequestTarget(state: head), HTTP1ToHTTPServerCodec(secure: false),
            ])
            try channel.writeInbound(ByteBuffer(bytes: bytes))
        } catch {
            refusal = Answer(method: "", path: "", status: 400, headers: [], body: Array("\(error)".utf8))
        }
        while let part = try? channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        if let refused = try? channel.readOutbound(as: ByteBuffer.self) {
            refusal = Answer(method: "", path: "", status: 431, headers: [], body: Array(refused.readableBytesView))
        }
        return (parts, refusal)
    }
}

/// Where ``BodyCollector`` puts a response's bytes.
private final class BodySink {
    var bytes: [UInt8] = []
}

/// A response body written into memory.
private struct BodyCollector: ResponseBodyWriter {
    let sink: BodySink

    mutating func write(_ buffer: ByteBuffer) async throws {
        sink.bytes += buffer.readableBytesView
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
