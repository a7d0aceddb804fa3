import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// `jf serve`'s HTTP/1 connection: Hummingbird's, with two handlers around its parser.
///
/// - ``HeadSizeLimit``, in front of the parser, counts the bytes of each request's head
///   (its line and headers) whatever they are: the parser skips the spaces before a header's
///   value without counting them, so a header of 64 MB of spaces would otherwise be read to its
///   end. Past ``maximumHeadSize`` the connection gets 431 and is closed.
/// - ``RequestTarget``, behind the parser, reads the request as it came: an absolute-form
///   target (`GET http://evil.example/api/form`) names the host asked for, which replaces any
///   `Host` header (RFC 9112 §3.2.2), so the server's own check of the name sees it; and it
///   tells ``HeadSizeLimit`` where each head ends.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    /// The largest request head, in bytes.
    static let maximumHeadSize = 64 << 10

    let http: HTTP1Channel

    init(responder: @escaping HTTPChannelHandler.Responder) {
        var configuration = HTTP1Channel.Configuration()
        configuration.httpDecoder = .init(maxHeaderFieldSize: Self.maximumHeadSize, maxHeaderListSize: Self.maximumHeadSize)
        http = HTTP1Channel(responder: responder, configuration: configuration)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let head = HeadState()
        do {
            try channel.pipeline.syncOperations.addHandler(HeadSizeLimit(state: head, limit: Self.maximumHeadSize))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let state = NIOLoopBound(head, eventLoop: channel.eventLoop)
        return http.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let codec = try channel.pipeline.syncOperations.handler(type: HTTP1ToHTTPServerCodec.self)
            try channel.pipeline.syncOperations.addHandler(RequestTarget(state: state.value), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http.handle(value: value, logger: logger)
    }
}

/// Whether a connection is reading a request's head, and how much of it: shared by the two
/// handlers of one connection, on its event loop.
final class HeadState {
    var readingHead = true
    var bytes = 0
}

/// Refuses a request head longer than `limit` bytes: 431, and the connection closed.
final class HeadSizeLimit: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let state: HeadState
    let limit: Int
    private var refused = false

    init(state: HeadState, limit: Int) {
        self.state = state
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if state.readingHead {
            state.bytes += unwrapInboundIn(data).readableBytes
            if state.bytes > limit {
                refused = true
                let body = "the request's head (its line and headers) is longer than the \(limit) bytes it may be\n"
                let answer = "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n"
                    + "connection: close\r\ncontent-length: \(body.utf8.count)\r\n\r\n" + body
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in channel.close(promise: nil) }
                return
            }
        }
        context.fireChannelRead(data)
    }
}

/// Puts an absolute-form target's authority in `Host` and marks where each head ends.
final class RequestTarget: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    let state: HeadState

    init(state: HeadState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head(var head):
            state.readingHead = false
            if let (authority, path) = Self.absoluteForm(head.uri) {
                head.headers.remove(name: "Host")
                head.headers.add(name: "Host", value: authority)
                head.uri = path
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
        case .body:
            break
        case .end:
            state.readingHead = true
            state.bytes = 0
        }
        context.fireChannelRead(data)
    }

    /// `http://host:port/path?q` → (`host:port`, `/path?q`); nil for an origin-form target.
    static func absoluteForm(_ target: String) -> (authority: String, path: String)? {
        guard let schemeEnd = target.range(of: "://"), !target.hasPrefix("/") else { return nil }
        let rest = target[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let path = rest[authorityEnd...]
        return (String(rest[..<authorityEnd]), path.isEmpty ? "/" : path.hasPrefix("/") ? String(path) : "/" + path)
    }
}
