import Foundation
import Testing

/// A headless Chromium driven through chromedriver's W3C WebDriver protocol, on loopback:
/// enough of the protocol for the browser tests (navigate, find, type, click, read, run a
/// script, take a screenshot). No Selenium: nothing is downloaded and nothing reports home;
/// Chromium starts with its background networking, component updates and sync switched off.
final class WebDriver: @unchecked Sendable {
    static let driverPath = ProcessInfo.processInfo.environment["JF_CHROMEDRIVER"] ?? "/usr/bin/chromedriver"
    static let browserPath = ProcessInfo.processInfo.environment["JF_CHROMIUM"] ?? "/usr/bin/chromium"

    /// Whether the browser tests can run: `.ci/run` installs Chromium and its driver and sets
    /// `JF_REQUIRE_BROWSER`, so there they always do.
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["JF_REQUIRE_BROWSER"] != nil { return true }
        return FileManager.default.isExecutableFile(atPath: driverPath) && FileManager.default.isExecutableFile(atPath: browserPath)
    }()

    private let driver = Process()
    private let port: Int
    private var session = ""

    /// An element, as the protocol names it.
    struct Element: Sendable {
        let id: String
        var json: [String: String] { ["element-6066-11e4-a52e-4f735466cecf": id] }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() async throws {
        let port = try Self.freePort()
        driver.executableURL = URL(fileURLWithPath: Self.driverPath)
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1", "--log-level=SEVERE"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        self.port = port
        do {
            try await startSession()
        } catch {
            stopDriver()
            throw error
        }
    }

    private func startSession() async throws {
        var ready = false
        var problem = "no answer"
        for _ in 0..<100 where !ready {
            do {
                let status = try await call("GET", "/status")
                ready = (status["value"] as? [String: Any])?["ready"] as? Bool == true
                problem = "\(status)"
            } catch {
                problem = "\(error)"
            }
            if !ready { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard ready else { throw Failure(description: "chromedriver did not start on port \(port): \(problem)") }
        let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                         "--disable-default-apps", "--disable-extensions", "--no-default-browser-check", "--lang=en-US"]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": Self.browserPath, "args": arguments],
        ]]]
        let answer = try await call("POST", "/session", capabilities)
        guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure(description: "no browser session: \(answer)")
        }
        session = id
    }

    /// Closes the browser and stops the driver.
    func quit() async {
        if !session.isEmpty { _ = try? await call("DELETE", "/session/\(session)") }
        stopDriver()
    }

    /// chromedriver does not stop on SIGTERM while it has a session: it is killed.
    private func stopDriver() {
        if driver.isRunning {
            kill(driver.processIdentifier, SIGKILL)
            driver.waitUntilExit()
        }
    }

    // MARK: Commands

    func open(_ url: String) async throws {
        _ = try await command("POST", "/url", ["url": url])
    }

    /// Runs `script` (a function body; `arguments` are its arguments) and returns its value.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// The input a label names (its `for`), or else the element whose `aria-label` is `label`:
    /// as a screen reader finds it.
    func input(labelled label: String) async throws -> Element {
        let found = try await run("""
            const name = (label) => {
                const copy = label.cloneNode(true);
                copy.querySelectorAll('[aria-hidden=true]').forEach(e => e.remove());
                return copy.textContent.trim().replace(/\\s+/g, ' ');
            };
            const label = [...document.querySelectorAll('label')].find(l => name(l) === arguments[0]);
            return (label && label.control) || document.querySelector(`[aria-label="${CSS.escape(arguments[0])}"]`);
            """, [label])
        return try Self.element(found, "no input labelled '\(label)'")
    }

    func find(_ css: String) async throws -> Element {
        try Self.element(try await command("POST", "/element", ["using": "css selector", "value": css]), "nothing matches \(css)")
    }

    /// A button by its text or its `aria-label` (or the start of its text, with `prefix`).
    func button(_ name: String, prefix: Bool = false) async throws -> Element {
        let found = try await run("""
            return [...document.querySelectorAll('button')].find(b => b.textContent.trim() === arguments[0]
                || b.getAttribute('aria-label') === arguments[0] || (arguments[1] && b.textContent.trim().startsWith(arguments[0])));
            """, [name, prefix])
        return try Self.element(found, "no button '\(name)'")
    }

    func type(_ text: String, into element: Element) async throws {
        _ = try await command("POST", "/element/\(element.id)/value", ["text": text])
    }

    func clear(_ element: Element) async throws {
        _ = try await command("POST", "/element/\(element.id)/clear", [:])
    }

    func click(_ element: Element) async throws {
        _ = try await command("POST", "/element/\(element.id)/click", [:])
    }

    /// Chooses the option with text `text` of a select, as a person does (a change event).
    func choose(_ text: String, in element: Element) async throws {
        let option = try await run("return [...arguments[0].options].find(o => o.textContent.trim() === arguments[1]);", [element.json, text])
        try await click(try Self.element(option, "no option '\(text)'"))
    }

    func property(_ name: String, of element: Element) async throws -> String? {
        try await command("GET", "/element/\(element.id)/property/\(name)") as? String
    }

    func text(of element: Element) async throws -> String {
        try await command("GET", "/element/\(element.id)/text") as? String ?? ""
    }

    /// Presses a pointer (`mouse`, `pen` or `touch`) on `element` at the first of `points`
    /// (offsets from its centre), moves it through the others and lifts it: a stroke drawn.
    func drag(on element: Element, through points: [(Int, Int)], pointer: String = "mouse") async throws {
        guard let first = points.first else { return }
        let origin = element.json
        var steps: [[String: Any]] = [["type": "pointerMove", "origin": origin, "x": first.0, "y": first.1], ["type": "pointerDown", "button": 0]]
        for point in points.dropFirst() {
            steps.append(["type": "pointerMove", "origin": origin, "x": point.0, "y": point.1, "duration": 20])
        }
        steps.append(["type": "pointerUp", "button": 0])
        _ = try await command("POST", "/actions", ["actions": [["type": "pointer", "id": "stroke", "parameters": ["pointerType": pointer],
                                                                 "actions": steps]]])
        _ = try await command("DELETE", "/actions", nil)
    }

    /// Makes the window `width` by `height` CSS pixels (a phone's 400, a laptop's 1,280).
    func resize(width: Int, height: Int) async throws {
        _ = try await command("POST", "/window/rect", ["width": width, "height": height])
    }

    /// Makes the page see the system's dark (or light) appearance, `prefers-color-scheme`
    /// (through Chromium's DevTools protocol, which chromedriver passes on).
    func prefersDark(_ dark: Bool) async throws {
        _ = try await command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setEmulatedMedia",
                                                            "params": ["features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]]])
    }

    /// A PNG of the page.
    func screenshot() async throws -> Data {
        guard let text = try await command("GET", "/screenshot") as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// Waits until `script` returns a truthy value, checking every 50 ms for up to
    /// `seconds`; returns that value, or throws with `what`.
    @discardableResult
    func wait(for what: String, seconds: Double = 20, _ script: String, _ arguments: [Any] = []) async throws -> Any {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = try await run(script, arguments), !(value is NSNull), (value as? Bool) != false, (value as? String) != "" {
                return value
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "waited \(seconds) s for \(what)")
    }

    // MARK: The protocol

    private func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let answer = try await call(method, "/session/\(session)\(path)", body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return answer["value"]
    }

    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let answer = try Self.request(port: port, method: method, path: path, body: data)
        return try JSONSerialization.jsonObject(with: answer) as? [String: Any] ?? [:]
    }

    /// One HTTP/1.1 request on loopback, answered in full. (Foundation's URLSession refuses
    /// chromedriver's answers, whose header lines have no space after the colon.)
    private static func request(port: Int, method: String, path: String, body: Data?) throws -> Data {
        let connection = try RawConnection(port: port)
        let socket = connection.socket
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        if let body {
            request += Data("Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        } else {
            request += Data("Content-Length: 0\r\n\r\n".utf8)
        }
        try request.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let count = send(socket, buffer.baseAddress! + sent, buffer.count - sent, 0)
                guard count > 0 else { throw Failure(description: "cannot send to 127.0.0.1:\(port)") }
                sent += count
            }
        }
        // Up to 2 minutes for an answer (starting a browser takes seconds).
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        while expected.map({ answer.count < $0 }) ?? true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { break }
            answer.append(contentsOf: chunk[..<count])
            // The answer ends after its headers and Content-Length bytes.
            if expected == nil, let end = answer.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                if let length { expected = end.upperBound + length }
            }
        }
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no HTTP answer from port \(port)") }
        return answer[end.upperBound...]
    }

    private static func element(_ value: Any?, _ message: String) throws -> Element {
        guard let object = value as? [String: Any], let id = object.values.first as? String else { throw Failure(description: message) }
        return Element(id: id)
    }

    /// A port no one listens on now (bound and released).
    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
