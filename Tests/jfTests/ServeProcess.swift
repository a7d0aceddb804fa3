import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `jf serve` started for a test on a free loopback port, and an HTTP client of it that
/// presents the run's token (`Authorization: Token …`) unless told not to. The server stops
/// (SIGINT, as Ctrl-C) when the test is done with it.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:PORT` (no trailing slash).
    let base: String
    /// The URL printed, with the token: what a person opens.
    let url: String
    /// The run's token.
    let token: String
    /// The port.
    var port: Int { Int(base.split(separator: ":").last ?? "") ?? 0 }
    private let errors: URL
    /// The controlling side of the pseudo-terminal that is the server's standard input and
    /// error, when it runs on one: what the server writes there is read here.
    private var terminal: FileHandle?

    struct Answer {
        var status: Int
        var body: Data
        var headers: [String: String]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body as a JSON object.
        func json() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "\(text)")
        }
    }

    /// A server of `arguments`; with `onTerminal`, its standard input and error are a
    /// pseudo-terminal, as when a person runs it (its standard output, the URL, stays a pipe).
    init(_ arguments: [String], in directory: URL = JF.root, onTerminal: Bool = false) throws {
        process.executableURL = JF.executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("jf-serve-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = output
        var device: FileHandle?
        if onTerminal {
            let pair = try Self.pseudoTerminal()
            terminal = pair.controller
            device = pair.device
            process.standardInput = pair.device
            process.standardError = pair.device
        } else {
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        // The server holds the terminal's device now; this process keeps only its controller.
        try? device?.close()
        // The first line is the URL, once the port is bound.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            line += data
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://") else {
            process.waitUntilExit()
            throw ServeFailure(message: "jf serve printed no URL: \(text) \(String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))")
        }
        url = String(text[range.lowerBound...].prefix { !$0.isWhitespace })
        guard let query = url.range(of: "/?token=") else {
            throw ServeFailure(message: "jf serve printed a URL without a token: \(text)")
        }
        base = String(url[..<query.lowerBound])
        token = String(url[query.upperBound...])
    }

    /// A new pseudo-terminal: its controller (kept here) and its device (given to the server).
    /// Swift's Glibc module leaves out the X/Open terminal calls, so they are looked up by name.
    private static func pseudoTerminal() throws -> (controller: FileHandle, device: FileHandle) {
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(nil, name) else { throw ServeFailure(message: "no \(name) in the C library") }
            return unsafeBitCast(address, to: type)
        }
        let controller = try function("posix_openpt", as: Call.self)(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard controller >= 0, try function("grantpt", as: Call.self)(controller) == 0,
              try function("unlockpt", as: Call.self)(controller) == 0,
              try function("ptsname_r", as: Name.self)(controller, &name, name.count) == 0 else {
            throw ServeFailure(message: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else { throw ServeFailure(message: "cannot open \(String(cString: name))") }
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        return (FileHandle(fileDescriptor: controller, closeOnDealloc: true), FileHandle(fileDescriptor: device, closeOnDealloc: true))
    }

    /// Sends the server Ctrl-C (SIGINT), as a person at its terminal does.
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Whether the server still runs.
    var isRunning: Bool { process.isRunning }

    /// What the server wrote to its terminal, waiting up to `seconds` for `text`.
    func terminalText(containing text: String, seconds: Double = 10) -> String {
        guard let terminal else { return "" }
        var collected = ""
        let end = Date().addingTimeInterval(seconds)
        while !collected.contains(text) && Date() < end {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(terminal.fileDescriptor, &buffer, buffer.count)
            if count > 0 { collected += String(decoding: buffer[..<count], as: UTF8.self) } else { usleep(50_000) }
        }
        return collected
    }

    struct ServeFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Stops the server as Ctrl-C does; returns its exit status and what it wrote to standard error.
    @discardableResult
    func stop() -> (status: Int32, stderr: String) {
        if process.isRunning {
            kill(process.processIdentifier, SIGINT)
            // On a terminal with unsaved changes the first asks; the second stops it.
            if terminal != nil {
                usleep(200_000)
                kill(process.processIdentifier, SIGINT)
            }
            // Ctrl-C stops it within a second whatever its clients do; one that has not
            // stopped after 20 is killed, and its status says so (SIGKILL).
            for _ in 0..<200 where process.isRunning { usleep(100_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let stderr = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(at: errors)
        return (process.terminationStatus, stderr)
    }

    deinit {
        if process.isRunning { stop() }
    }

    func get(_ path: String, headers: [String: String]? = nil) async throws -> Answer {
        try await request(path, method: "GET", body: nil, headers: headers)
    }

    /// A POST with the header the page sends (unless `headers` replaces the set).
    func post(_ path: String, json: String, headers: [String: String]? = nil) async throws -> Answer {
        try await request(path, method: "POST", body: Data(json.utf8), headers: headers ?? ["X-JF-Request": "1"])
    }

    func post(_ path: String, object: Any) async throws -> Answer {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try await request(path, method: "POST", body: body, headers: ["X-JF-Request": "1"])
    }

    /// A client that keeps no cookies: each request presents only what a test gives it.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    /// A request with `headers` and, unless they name one, the token's `Authorization`.
    func request(_ path: String, method: String, body: Data?, headers: [String: String]? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        var headers = headers ?? [:]
        if headers["Authorization"] == nil { headers["Authorization"] = "Token \(token)" }
        for (name, value) in headers where !value.isEmpty { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Answer(status: http.statusCode, body: data, headers: fields)
    }
}

/// A raw HTTP/1.1 connection to a `jf serve`, for what URLSession will not send: several
/// `Host` headers, an absolute-form target, a head of megabytes, a body that never comes.
final class RawConnection {
    let socket: Int32

    init(port: Int) throws {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard socket >= 0, connected else { throw ServeProcess.ServeFailure(message: "cannot connect to 127.0.0.1:\(port)") }
        #if !os(Linux)
        // Writing to a connection the server closed is an error here, not a SIGPIPE.
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Sends `bytes` until done or the server stops reading; returns how many went.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress! + sent, bytes.count - sent, MSG_NOSIGNAL_OR_ZERO) }
            if count <= 0 { break }
            sent += count
        }
        return sent
    }

    /// Everything the server sends until it closes the connection (or 30 s pass).
    func receive() -> String {
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { break }
            answer += chunk[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// One request's text sent whole, and the status of the answer (nil: none came).
    static func status(port: Int, _ request: String) throws -> (status: Int?, text: String) {
        let connection = try RawConnection(port: port)
        connection.send(Array(request.utf8))
        let text = connection.receive()
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
        return (status, text)
    }
}

#if os(Linux)
private let MSG_NOSIGNAL_OR_ZERO = Int32(MSG_NOSIGNAL)
#else
private let MSG_NOSIGNAL_OR_ZERO: Int32 = 0
#endif
