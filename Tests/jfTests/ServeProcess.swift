import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `jf serve` started for a test on a free loopback port, and an HTTP client of it. The
/// server stops (SIGINT, as Ctrl-C) when the test is done with it.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    /// `http://127.0.0.1:PORT` (no trailing slash).
    let base: String
    private let errors: URL

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

    init(_ arguments: [String]) throws {
        process.executableURL = JF.executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = JF.root
        let output = Pipe()
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("jf-serve-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
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
        let url = text[range.lowerBound...].prefix { !$0.isWhitespace }
        base = String(url.hasSuffix("/") ? url.dropLast() : url)
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
            process.waitUntilExit()
        }
        let stderr = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(at: errors)
        return (process.terminationStatus, stderr)
    }

    deinit {
        if process.isRunning { stop() }
    }

    func get(_ path: String) async throws -> Answer {
        try await request(path, method: "GET", body: nil)
    }

    /// A POST with the header the page sends (unless `headers` replaces the set).
    func post(_ path: String, json: String, headers: [String: String] = ["X-JF-Request": "1"]) async throws -> Answer {
        try await request(path, method: "POST", body: Data(json.utf8), headers: headers)
    }

    func post(_ path: String, object: Any) async throws -> Answer {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try await request(path, method: "POST", body: body, headers: ["X-JF-Request": "1"])
    }

    func request(_ path: String, method: String, body: Data?, headers: [String: String] = [:]) async throws -> Answer {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Answer(status: http.statusCode, body: data, headers: fields)
    }
}
