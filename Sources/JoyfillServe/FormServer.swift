#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import Hummingbird
import HummingbirdCore
import JoyfillSession
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// `jf serve`'s HTTP server: the page, its script and style, and the JSON API the page calls
/// (docs/serve.md lists it). One ``FormSession`` holds the document.
///
/// Safety: ``Admission`` says who is answered (the name asked for, the run's token, and for a
/// change its origin); ``DocumentFolders`` which files are opened and saved;
/// ``GuardedHTTP1Channel`` caps a request's head, and the routes its body. A bad request gets
/// a JSON error and the server goes on. The playground evaluates on a ``PlaygroundWorker``, so
/// a slow formula holds up nothing else; Ctrl-C stops the server within a second, whatever
/// its clients are doing.
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
        public var maximumRequestSize = 4 << 20
        /// Where documents are opened and saved (nil: nowhere; the page can only upload and download).
        public var folders: DocumentFolders?
        /// Writes the document to a (real) path atomically.
        public var write: @Sendable ([UInt8], String) throws -> Void
        /// The token requests must present; nil makes a random one (what `jf serve` does).
        public var token: String?
        /// Told when Ctrl-C (SIGINT) comes while the document has unsaved changes: nil stops at
        /// once, as SIGTERM always does. Given (by `jf serve` on a terminal), the first Ctrl-C
        /// is said to it, and only a second within ``interruptWindow`` stops the server, as
        /// Jupyter's server asks before it drops work.
        public var onInterruptWithUnsavedChanges: (@Sendable (String) -> Void)?

        public init(write: @escaping @Sendable ([UInt8], String) throws -> Void) {
            self.write = write
        }
    }

    let configuration: Configuration
    let session: FormSession
    let admission: Admission
    let playground: PlaygroundWorker

    /// A server of `document` (from `path`; nil for an upload), or of an empty document. A
    /// `path` outside the folders, or not a `.json` file, is refused.
    public init(document: JoyDoc?, path: String?, configuration: Configuration) throws {
        self.configuration = configuration
        var settings = FormSession.Settings()
        settings.options = configuration.options
        settings.view = configuration.view
        settings.licensing = configuration.licensing
        settings.readonly = configuration.readonly
        settings.maximumDocumentSize = configuration.maximumDocumentSize
        settings.folders = configuration.folders
        settings.write = configuration.write
        session = try FormSession(document: document ?? FormSession.emptyDocument, path: document == nil ? nil : path, settings: settings)
        admission = Admission(token: configuration.token)
        playground = PlaygroundWorker(options: configuration.options)
    }

    /// How long Ctrl-C (or SIGTERM) lets requests in progress finish before their connections
    /// are closed.
    static let shutdownGrace = Duration.milliseconds(500)

    /// Serves until the process is asked to stop (SIGINT or SIGTERM: requests in progress get
    /// ``shutdownGrace`` to finish, then the connections are closed and it returns).
    /// `onRunning` gets the URL, with the token, once the port is bound.
    public func run(onRunning: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "jf-serve")
        logger.logLevel = .error
        let host = configuration.host
        let admission = self.admission
        let app = Application(
            router: router(),
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder) },
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port), serverName: "jf"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                admission.bind(host: host, address: channel.localAddress?.ipAddress, port: port)
                onRunning("http://\(Admission.bracketed(host)):\(port)/?token=\(admission.token)")
            },
            logger: logger)
        let asks = configuration.onInterruptWithUnsavedChanges
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: asks == nil ? [.sigterm, .sigint] : [.sigterm],
                                              logger: logger)
        group.maximumGracefulShutdownDuration = Self.shutdownGrace
        let services = ServiceGroup(configuration: group)
        var interrupts: (any DispatchSourceSignal)?
        if let asks {
            interrupts = Self.watchInterrupts(of: session, stopping: services, asking: asks)
        }
        defer { interrupts?.cancel() }
        do {
            try await services.run()
        } catch let error as IOError {
            let reason = String(cString: strerror(error.errnoCode))
            let hint = error.errnoCode == EADDRINUSE ? " (another server has the port; --port 0 picks a free one)" : ""
            throw StartError(description: reason + hint)
        }
    }

    /// How long after Ctrl-C with unsaved changes a second one stops the server.
    static let interruptWindow = Duration.seconds(5)

    /// Handles SIGINT itself: with unsaved changes, the first is said to `ask` and a second
    /// within ``interruptWindow`` stops `services`; without them, the first stops it.
    private static func watchInterrupts(of session: FormSession, stopping services: ServiceGroup,
                                        asking ask: @escaping @Sendable (String) -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "jf-serve.interrupts"))
        /// When the last Ctrl-C with unsaved changes was said.
        final class Warning: Sendable { let said = Mutex<ContinuousClock.Instant?>(nil) }
        let warned = Warning()
        let handle: @Sendable () -> Void = {
            Task {
                let unsaved = await session.hasUnsavedChanges
                let now = ContinuousClock.now
                let confirmed = warned.said.withLock { last -> Bool in
                    if let last, now - last < interruptWindow { return true }
                    last = now
                    return false
                }
                if unsaved && !confirmed {
                    ask("the document has unsaved changes: press Ctrl-C again within 5 seconds to stop and lose them, or save them in the page first")
                    return
                }
                await services.triggerGracefulShutdown()
            }
        }
        source.setEventHandler(handler: handle)
        source.resume()
        return source
    }

    /// Why the server could not start: the system's reason, said plainly.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The routes, behind ``Guard`` (``exchange(_:port:)`` drives them without a socket).
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let session = self.session
        let configuration = self.configuration
        let playground = self.playground
        router.add(middleware: Guard(admission: admission))

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
        router.post("/api/undo") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                try await session.undo(body)
            }
        }
        router.post("/api/redo") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                try await session.redo(body)
            }
        }
        router.post("/api/rows") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                try await session.showRows(body)
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
        router.post("/api/save") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize, allowEmpty: true) { body throws(ServeError) in
                let newPath = body["path"]?.stringValue
                if body["path"] != nil, newPath?.isEmpty != false { throw ServeError("give {\"path\": FILE} to save as, or {} to save", status: 400) }
                let path = try await session.save(as: newPath)
                return .object([JSONMember("saved", .string(path)), JSONMember("path", .string(path))])
            }
        }
        router.post("/api/reload") { _, _ in
            do throws(ServeError) {
                return Self.json(try await session.reload())
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
                let snapshot = await session.playgroundSnapshot(known: playground.version)
                return await playground.run(snapshot, interrupting: true) { Playground(session: $0).analyse(formula, cursor: cursor) }
            }
        }
        router.post("/api/format") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                try Playground.format(try Self.formula(body).0)
            }
        }
        router.post("/api/complete") { request, context in
            try await Self.answer(request, limit: configuration.maximumRequestSize) { body throws(ServeError) in
                let (formula, cursor) = try Self.formula(body)
                let snapshot = await session.playgroundSnapshot(known: playground.version)
                return await playground.run(snapshot, interrupting: false) { Playground(session: $0).complete(formula, cursor: cursor) }
            }
        }
        router.get("/api/deps") { request, _ in
            guard let field = request.uri.queryParameters["field"].map(String.init) else {
                return Self.failure(ServeError("give ?field=ID", status: 400))
            }
            let snapshot = await session.playgroundSnapshot(known: playground.version)
            let answer = await playground.run(snapshot, interrupting: false) { session -> Result<JSONValue, ServeError> in
                guard let bound = session.document else { return .failure(ServeError("no document is open")) }
                guard bound.document.field(field) != nil else {
                    return .failure(ServeError("no field '\(field)'", suggestion: Suggestions.closest(to: field, in: bound.document.fields.map(\.id))))
                }
                return .success(Playground(session: session).dependencies(of: field, in: bound))
            }
            switch answer {
            case .success(let value): return Self.json(value)
            case .failure(let error): return Self.failure(error)
            }
        }
        return router
    }

    /// Whether `host` names this machine only: `localhost`, `::1` or an address in 127.0.0.0/8.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1 && UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    // MARK: Requests and responses

    /// The header a request that changes something must carry.
    static let requestHeader = HTTPFields.Element.Name("X-JF-Request")!

    /// A JSON body's request answered by `handle`; a body that is too large or not JSON gets
    /// an error, as does what `handle` throws.
    private static func answer(_ request: Request, limit: Int, allowEmpty: Bool = false,
                               _ handle: (JSONValue) async throws(ServeError) -> JSONValue) async throws -> Response {
        let body: JSONValue
        do {
            let bytes = try await Self.body(request, limit: limit)
            body = allowEmpty && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) ? .object([])
                : try JSONReader.read(bytes)
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

/// Answers only what ``Admission`` admits: the name asked for, then the token, then for a
/// change its origin and the `X-JF-Request` header. A refusal says what is wrong and nothing of
/// the document. A request that brings the token in its URL gets the cookie that carries it
/// from then on.
struct Guard<Context: RequestContext>: RouterMiddleware {
    let admission: Admission

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first `Host` is the request's authority; any other is left among the headers.
        if request.headers[Self.host] != nil {
            return FormServer.failure(ServeError("a request has one Host header", status: 400))
        }
        let given = request.head.authority ?? ""
        guard admission.admits(authority: given) else {
            return FormServer.failure(ServeError("this server does not answer requests for '\(given)'", status: 421))
        }
        let credential = admission.credential(query: request.uri.queryParameters["token"].map(String.init),
                                              authorization: request.headers[values: .authorization],
                                              cookies: request.headers[values: .cookie])
        switch credential {
        case .none:
            return Self.refusal(request, status: 401, "jf serve needs the token of this run: open the URL it printed "
                                    + "(http://…/?token=…), or send the header Authorization: Token …")
        case .wrong:
            return Self.refusal(request, status: 403, "this is not the token of this run of jf serve: open the URL it printed last")
        case .valid:
            break
        }
        if request.method != .get && request.method != .head {
            if let origin = request.headers[.origin], !admission.admits(origin: origin) {
                return FormServer.failure(ServeError("a change from the page of '\(origin)' is refused: only this server's own page changes the document", status: 403))
            }
            if request.headers[FormServer.requestHeader] == nil {
                return FormServer.failure(ServeError("a request that changes something needs the X-JF-Request header (the page sends it)", status: 403))
            }
        }
        var response = try await next(request, context)
        if credential == .valid(fromQuery: true) {
            response.headers[.setCookie] = admission.cookie
        }
        return response
    }

    /// The second and later `Host` headers.
    static var host: HTTPFields.Element.Name { HTTPFields.Element.Name("Host")! }

    /// A refused token: JSON for a script, a page that says what to do for a browser.
    private static func refusal(_ request: Request, status: Int, _ message: String) -> Response {
        guard request.uri.path == "/" else { return FormServer.failure(ServeError(message, status: status)) }
        var response = FormServer.html("<!doctype html><meta charset=utf-8><title>jf serve</title>" + Markup.build { $0.element("p", text: message) }.html)
        response.status = HTTPResponse.Status(code: status)
        return response
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        String(map { $0 == "\"" || $0 == "\\" ? "_" : $0 })
    }
}
