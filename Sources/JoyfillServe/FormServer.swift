#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Hummingbird
import JoyfillEditor
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import Logging
import NIOCore

/// `jf serve`'s HTTP server: the page, its script and style, and the JSON API the page calls
/// (docs/serve.md lists it). One ``FormSession`` holds the document.
///
/// Safety: the server answers only requests whose `Host` is the address it was started on or
/// a loopback name (so a web page elsewhere cannot reach it by renaming itself, "DNS
/// rebinding"), and a request that changes anything must carry the `X-JF-Request` header,
/// which a page of another origin cannot send without asking first (and nothing here says
/// yes). Bodies are capped; a bad request gets a JSON error and the server goes on.
public struct FormServer: Sendable {
    /// How the server is set up (see ``FormSession/Settings`` for the document's side).
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        /// 0: any free port (the URL printed says which).
        public var port = 8080
        public var view: DocumentView = .mobile
        public var options = EvaluationOptions()
        public var licensing: Licensing = .unrestricted
        public var readonly = false
        /// The largest document opened or uploaded, in bytes.
        public var maximumDocumentSize = 64 << 20
        /// The largest body of any other request, in bytes.
        public var maximumRequestSize = 1 << 20
        /// Reads a file the page asks to open; writes the document back to its file atomically.
        public var read: @Sendable (String) throws -> [UInt8]
        public var write: @Sendable ([UInt8], String) throws -> Void

        public init(read: @escaping @Sendable (String) throws -> [UInt8], write: @escaping @Sendable ([UInt8], String) throws -> Void) {
            self.read = read
            self.write = write
        }
    }

    let configuration: Configuration
    let session: FormSession

    /// A server of `document` (from `path`; nil for an upload), or of an empty document.
    public init(document: JoyDoc?, path: String?, configuration: Configuration) {
        self.configuration = configuration
        var settings = FormSession.Settings()
        settings.options = configuration.options
        settings.view = configuration.view
        settings.licensing = configuration.licensing
        settings.readonly = configuration.readonly
        settings.maximumDocumentSize = configuration.maximumDocumentSize
        settings.read = configuration.read
        settings.write = configuration.write
        session = FormSession(document: document ?? FormSession.emptyDocument, path: document == nil ? nil : path, settings: settings)
    }

    /// Serves until the process is asked to stop (SIGINT or SIGTERM: the server closes its
    /// connections and returns). `onRunning` gets the URL once the port is bound.
    public func run(onRunning: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "jf-serve")
        logger.logLevel = .error
        let host = configuration.host
        let app = Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port), serverName: "jf"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let shown = host.contains(":") ? "[\(host)]" : host
                onRunning("http://\(shown):\(port)/")
            },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError {
            let reason = String(cString: strerror(error.errnoCode))
            let hint = error.errnoCode == EADDRINUSE ? " (another server has the port; --port 0 picks a free one)" : ""
            throw StartError(description: reason + hint)
        }
    }

    /// Why the server could not start: the system's reason, said plainly.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The routes; internal so that tests can drive them without a socket.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let session = self.session
        let configuration = self.configuration
        router.add(middleware: Guard(host: configuration.host))

        router.get("/") { _, _ in
            Self.html(await session.page())
        }
        router.get("/assets/app.js") { _, _ in
            Self.asset(PackageResources.app_js, type: "text/javascript; charset=utf-8")
        }
        router.get("/assets/app.css") { _, _ in
            Self.asset(PackageResources.app_css, type: "text/css; charset=utf-8")
        }
        router.get("/api/form") { _, _ in
            Self.json(await session.form())
        }
        router.post("/api/change") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                try await session.change(body)
            }
        }
        router.post("/api/rows") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                guard let field = body["field"]?.stringValue, let page = body["page"]?.integerValue else {
                    throw ServeError("give {\"field\": ID, \"page\": N}")
                }
                return try await session.showRows(of: field, page: page)
            }
        }
        router.post("/api/readonly") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                guard let on = body["readonly"]?.boolValue else { throw ServeError("give {\"readonly\": true|false}") }
                return await session.setReadonly(on)
            }
        }
        router.post("/api/open") { request, context in
            if let path = request.uri.queryParameters["path"].map(String.init) {
                do throws(ServeError) {
                    return Self.json(try await session.open(path: path))
                } catch {
                    return Self.failure(error)
                }
            }
            let bytes: [UInt8]
            do {
                bytes = try await Self.body(request, limit: configuration.maximumDocumentSize)
            } catch {
                return Self.failure(error)
            }
            do throws(ServeError) {
                return Self.json(try await session.open(bytes, path: nil))
            } catch {
                return Self.failure(error)
            }
        }
        router.post("/api/save") { _, _ in
            do throws(ServeError) {
                let path = try await session.save()
                return Self.json(.object([JSONMember("saved", .string(path))]))
            } catch {
                return Self.failure(error)
            }
        }
        router.get("/api/document") { _, _ in
            let name = await session.path.map { String($0.split(separator: "/").last ?? "document.json") } ?? "document.json"
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"\(name.replacingQuotes())\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: await session.currentBytes())))
        }
        router.get("/api/changelog") { request, _ in
            var response = Self.json(.array(await session.changelogs))
            if request.uri.queryParameters["download"] != nil {
                response.headers[.contentDisposition] = "attachment; filename=\"changelog.json\""
            }
            return response
        }
        router.post("/api/playground") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                let (formula, cursor) = try Self.formula(body)
                return await session.analyse(formula, cursor: cursor)
            }
        }
        router.post("/api/complete") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                let (formula, cursor) = try Self.formula(body)
                return await session.complete(formula, cursor: cursor)
            }
        }
        router.get("/api/deps") { request, _ in
            guard let field = request.uri.queryParameters["field"].map(String.init) else {
                return Self.failure(ServeError("give ?field=ID", status: 400))
            }
            do throws(ServeError) {
                return Self.json(try await session.dependencies(of: field))
            } catch {
                return Self.failure(error)
            }
        }
        return router
    }

    /// Whether `host` names this machine only: `localhost`, `::1` or an address in 127.0.0.0/8.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    // MARK: Requests and responses

    /// The header a request that changes something must carry.
    static let requestHeader = HTTPFields.Element.Name("X-JF-Request")!

    /// A JSON body's request answered by `handle`; a body that is too large or not JSON gets
    /// an error, as does what `handle` throws.
    private static func answer(_ request: Request, limit: Int, _ handle: (JSONValue) async throws(ServeError) -> JSONValue) async throws -> Response {
        let body: JSONValue
        do {
            body = try JSONReader.read(try await Self.body(request, limit: limit))
        } catch let error as JSONError {
            return failure(ServeError("the request's body is not JSON: \(error)", status: 400))
        } catch {
            return failure(error)
        }
        do throws(ServeError) {
            return json(try await handle(body))
        } catch {
            return failure(error)
        }
    }

    private static func body(_ request: Request, limit: Int) async throws -> [UInt8] {
        do {
            var buffer = try await request.body.collect(upTo: limit)
            return buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch is NIOTooManyBytesError {
            throw ServeError("the request is larger than the \(limit) bytes it may be", status: 413)
        }
    }

    private static func formula(_ body: JSONValue) throws(ServeError) -> (String, Int) {
        guard let formula = body["formula"]?.stringValue else { throw ServeError("give {\"formula\": TEXT, \"cursor\": N}", status: 400) }
        guard formula.utf8.count <= 64 << 10 else { throw ServeError("a formula of more than 64 KiB is not analysed as you type", status: 413) }
        return (formula, body["cursor"]?.integerValue ?? formula.utf16.count)
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: value.text)))
    }

    static func failure(_ error: any Error) -> Response {
        let serve = error as? ServeError ?? ServeError("\(error)", status: 400)
        return json(serve.json, status: HTTPResponse.Status(code: serve.status))
    }

    static func html(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data: https: http:; style-src 'self' 'unsafe-inline'; "
            + "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func asset(_ bytes: [UInt8], type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// Refuses a request whose `Host` is not this server's, and a request that changes something
/// without the `X-JF-Request` header (see ``FormServer``).
struct Guard<Context: RequestContext>: RouterMiddleware {
    let host: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let given = request.head.authority ?? ""
        let name = Self.hostName(given)
        guard FormServer.isLoopback(name) || name == host else {
            return FormServer.failure(ServeError("this server answers requests for \(host) only, not for '\(given)'", status: 421))
        }
        if request.method != .get && request.method != .head && request.headers[FormServer.requestHeader] == nil {
            return FormServer.failure(ServeError("a request that changes something needs the X-JF-Request header (the page sends it)", status: 403))
        }
        return try await next(request, context)
    }

    /// The host name of a `Host` value: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `::1`.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("[") { return String(authority.dropFirst().prefix { $0 != "]" }) }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        String(map { $0 == "\"" || $0 == "\\" ? "_" : $0 })
    }
}
