import Foundation
import Synchronization
import Testing

/// `jf serve` on a shared machine (docs/serve.md, "Security"): the token, the name asked for,
/// the origin of a change, the files it may touch, a Save that would lose someone's work, and
/// the requests meant to stall it. Each over real loopback sockets against the built `jf`.
@Suite(.serialized)
struct ServeSecurityTests {
    /// A folder of its own with a copy of the invoice, for a test that opens and saves.
    static func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: JF.root.appendingPathComponent("examples/invoice.json"),
                                         to: directory.appendingPathComponent("invoice.json"))
        return directory
    }

    static func message(_ answer: ServeProcess.Answer) -> String {
        ((try? answer.json()["error"]) as? [String: Any])?["message"] as? String ?? answer.text
    }

    @Test func withoutTheTokenEveryRouteIsRefusedAndRevealsNothing() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        #expect(server.token.count == 48 && server.token.allSatisfy(\.isHexDigit), "192 random bits, printed once in the URL")
        let routes = ["/", "/api/form", "/api/document", "/api/changelog", "/api/deps?field=total", "/assets/app.js"]
        for route in routes {
            let none = try await server.get(route, headers: ["Authorization": ""])
            #expect(none.status == 401, "\(route)")
            #expect(!none.text.contains("Acme"), "\(route) shows nothing of the document")
            #expect(none.text.contains("token"), "it says what is missing: \(none.text)")
            let wrong = try await server.get(route, headers: ["Authorization": "Token 0123456789abcdef"])
            #expect(wrong.status == 403, "\(route)")
            #expect(!wrong.text.contains("Acme"))
        }
        let change = try await server.post("/api/change", json: #"{"version": 0, "changes": []}"#, headers: ["X-JF-Request": "1", "Authorization": ""])
        #expect(change.status == 401)
        // The printed URL: the page, and the cookie that carries the token from then on.
        let page = try await server.get("/?token=\(server.token)", headers: ["Authorization": ""])
        #expect(page.status == 200)
        let cookie = try #require(page.headers["set-cookie"])
        #expect(cookie == "jf-token-\(server.port)=\(server.token); Path=/; HttpOnly; SameSite=Strict")
        let withCookie = try await server.get("/api/form", headers: ["Authorization": "", "Cookie": "other=1; jf-token-\(server.port)=\(server.token)"])
        #expect(withCookie.status == 200)
        let staleCookie = try await server.get("/api/form", headers: ["Authorization": "", "Cookie": "jf-token-\(server.port)=\(String(repeating: "0", count: 48))"])
        #expect(staleCookie.status == 403)
        let bearer = try await server.get("/api/form", headers: ["Authorization": "Bearer \(server.token)"])
        #expect(bearer.status == 200)
        let query = try await server.get("/api/form?token=\(server.token)", headers: ["Authorization": ""])
        #expect(query.status == 200)
    }

    @Test func onlyThisServersNameIsAnswered() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        let port = server.port, token = server.token
        func status(_ head: String) throws -> Int? {
            try RawConnection.status(port: port, head + "Authorization: Token \(token)\r\nConnection: close\r\n\r\n").status
        }
        // DNS rebinding: a page of another name that points here.
        for host in ["127.attacker.example:\(port)", "127.0.0.1.evil.example:\(port)", "127.0.0.1@evil.example",
                     "127.0.0.1:\(port)@evil.example", "127.0.0.1", "localhost", "127.0.0.2:\(port)", "evil.example"] {
            #expect(try status("GET /api/form HTTP/1.1\r\nHost: \(host)\r\n") == 421, "\(host)")
        }
        #expect(try status("GET /api/form HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n") == 200)
        #expect(try status("GET /api/form HTTP/1.1\r\nHost: localhost:\(port)\r\n") == 200)
        #expect(try status("GET /api/form HTTP/1.1\r\nHost: LOCALHOST:\(port)\r\n") == 200)
        // One Host only, whatever the first says.
        #expect(try status("GET /api/form HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n") == 400)
        // An absolute-form target names the host asked for (RFC 9112 §3.2.2).
        #expect(try status("GET http://evil.example/api/form HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n") == 421)
        #expect(try status("GET http://127.0.0.1:\(port)/api/form HTTP/1.1\r\nHost: evil.example\r\n") == 200)
        // A change from another page, even one that knows the token.
        let evil = try await server.post("/api/change", json: #"{"version": 0, "changes": []}"#,
                                         headers: ["X-JF-Request": "1", "Origin": "http://evil.example"])
        #expect(evil.status == 403)
        let rebound = try await server.post("/api/change", json: #"{"version": 0, "changes": []}"#,
                                            headers: ["X-JF-Request": "1", "Origin": "http://127.attacker.example:\(port)"])
        #expect(rebound.status == 403)
        let own = try await server.post("/api/change", json: #"{"version": 0, "changes": []}"#,
                                        headers: ["X-JF-Request": "1", "Origin": "http://localhost:\(port)"])
        #expect(own.status == 200)
    }

    @Test func filesAreOpenedAndSavedOnlyUnderItsFolders() async throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try Self.folder()
        defer { try? FileManager.default.removeItem(at: other) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: directory.appendingPathComponent("link.json").path,
                                       withDestinationPath: other.appendingPathComponent("invoice.json").path)
        try manager.copyItem(at: JF.root.appendingPathComponent("examples/order.json"), to: directory.appendingPathComponent("order.txt"))
        #expect(mkfifo(directory.appendingPathComponent("pipe.json").path, 0o600) == 0)
        let server = try ServeProcess([directory.appendingPathComponent("invoice.json").path])
        defer { server.stop() }
        func open(_ path: String) async throws -> ServeProcess.Answer {
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/._-%")))!
            return try await server.post("/api/open?path=\(encoded)", json: "")
        }
        for outside in ["/etc/passwd", other.appendingPathComponent("invoice.json").path, directory.appendingPathComponent("link.json").path,
                        directory.path + "/../" + other.lastPathComponent + "/invoice.json", JF.root.appendingPathComponent("examples/order.json").path] {
            let answer = try await open(outside)
            #expect(answer.status == 403, "\(outside): \(answer.text)")
            #expect(Self.message(answer).contains("only under"))
        }
        #expect(try await open(directory.appendingPathComponent("invoice.json").path + "%00.txt").status == 400)
        #expect(try await open(directory.appendingPathComponent("order.txt").path).status == 422)
        // A named pipe is refused without waiting for a writer.
        let pipe = try await open(directory.appendingPathComponent("pipe.json").path)
        #expect(pipe.status == 422 && Self.message(pipe).contains("not a regular file"), "\(pipe.text)")
        #expect(try await server.get("/api/form").status == 200)
        let inside = try await open(directory.appendingPathComponent("invoice.json").path)
        #expect(inside.status == 200)
        // Save as: only a new .json file under the folders.
        let outsideSave = try await server.post("/api/save", object: ["path": other.appendingPathComponent("new.json").path])
        #expect(outsideSave.status == 403)
        let existing = try await server.post("/api/save", object: ["path": directory.appendingPathComponent("order.txt").path])
        #expect(existing.status == 409)
        server.stop()

        // --root adds a folder.
        let wider = try ServeProcess(["--root", other.path, directory.appendingPathComponent("invoice.json").path])
        defer { wider.stop() }
        let opened = try await wider.post("/api/open?path=\(other.appendingPathComponent("invoice.json").path)", json: "")
        #expect(opened.status == 200)
        let missing = try JF.run(["serve", "--root", directory.appendingPathComponent("nowhere").path, "examples/invoice.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--root") && missing.stderr.contains("nowhere"), "\(missing.stderr)")
    }

    @Test func saveRefusesToOverwriteAFileChangedOnDisk() async throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.json")
        let server = try ServeProcess([file.path])
        defer { server.stop() }
        _ = try await server.post("/api/change", object: ServeCommandTests.change("customer", "Zenith Ltd", version: 0))
        // Someone else changes the file.
        let theirs = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Acme Tools Ltd", with: "Theirs Ltd")
        try theirs.write(to: file, atomically: true, encoding: .utf8)
        let refused = try await server.post("/api/save", json: "{}")
        #expect(refused.status == 409)
        let error = try #require(try refused.json()["error"] as? [String: Any])
        #expect(error["conflict"] as? Bool == true)
        #expect((error["message"] as? String)?.contains("changed on disk") == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == theirs, "their work is kept")
        // Save as keeps ours beside it.
        let copy = directory.appendingPathComponent("ours.json")
        let saved = try await server.post("/api/save", object: ["path": copy.path]).json()
        #expect(saved["saved"] as? String == copy.path)
        #expect(try String(contentsOf: copy, encoding: .utf8).contains("Zenith Ltd"))
        // Saving again goes to the new file, which nobody changed.
        #expect(try await server.post("/api/save", json: "{}").status == 200)
        // Reload reads the file as it is now.
        let reloadServer = try ServeProcess([file.path])
        defer { reloadServer.stop() }
        _ = try await reloadServer.post("/api/change", object: ServeCommandTests.change("customer", "Mine", version: 0))
        try theirs.replacingOccurrences(of: "Theirs Ltd", with: "Later Ltd").write(to: file, atomically: true, encoding: .utf8)
        #expect(try await reloadServer.post("/api/save", json: "{}").status == 409)
        let reloaded = try await reloadServer.post("/api/reload", json: "{}").json()
        #expect((reloaded["form"] as? String)?.contains("Later Ltd") == true)
        #expect(try await reloadServer.post("/api/save", json: "{}").status == 200)
    }

    @Test func aChangeOfAnyOtherVersionIsNeverApplied() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        defer { server.stop() }
        let change = #"[{"target": "field.update", "fieldId": "customer", "change": {"value": "Stale Ltd"}}]"#
        for version in ["1e300", "9223372036854775808", "-1", "1.0", "\"0\"", "\"x\"", "null", "[]", "{}", "1", "5"] {
            let answer = try await server.post("/api/change", json: #"{"version": \#(version), "changes": \#(change)}"#)
            let reload = try? answer.json()["reload"] as? Bool
            #expect(answer.status == 400 || reload == true, "\(version): \(answer.text)")
        }
        let missing = try await server.post("/api/change", json: #"{"changes": \#(change)}"#)
        #expect(missing.status == 400)
        let document = try await server.get("/api/document")
        #expect(!document.text.contains("Stale Ltd"), "no stale change was applied")
        #expect(try await server.get("/api/changelog").text == "[]")
        let current = try await server.post("/api/change", json: #"{"version": 0, "changes": \#(change)}"#)
        #expect(current.status == 200)
        #expect(try await server.get("/api/document").text.contains("Stale Ltd"))
    }

    @Test func noRequestStallsTheServerOrItsShutdown() async throws {
        let server = try ServeProcess(["examples/invoice.json"])
        // A head of 64 MB of spaces is cut off long before its end.
        let flood = try RawConnection(port: server.port)
        var flooded = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Flood: ".utf8)
        flooded += [UInt8](repeating: 0x20, count: 64 << 20)
        let sent = flood.send(flooded)
        #expect(sent < flooded.count, "the server stopped reading after its limit (\(sent) bytes sent)")
        let answer = try RawConnection.status(port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Flood: "
                                              + String(repeating: "a", count: 70_000) + "\r\nConnection: close\r\n\r\n")
        #expect(answer.status == 431)
        // A formula that runs for seconds holds up neither the form nor a later formula.
        let slow = "length(reduce(map(concat([1,2,3,4,5,6,7,8,9,10],[1,2,3,4,5,6,7,8,9,10]), (a) -> 1), "
            + "(acc, x) -> concat(acc, map(concat(acc, acc), (y) -> y)), [1]))"
        let finished = Mutex(false)
        let running = Task {
            let answer = try await server.post("/api/playground", object: ["formula": slow])
            finished.withLock { $0 = true }
            return answer
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await server.get("/api/form").status == 200)
        let formAnsweredFirst = !finished.withLock { $0 }
        let quick = try await server.post("/api/playground", object: ["formula": "1 + 2"]).json()
        #expect(quick["value"] as? String == "3")
        let interrupted = try await running.value.json()
        #expect(formAnsweredFirst, "the form was answered while the slow formula ran")
        #expect(interrupted["ok"] as? Bool == false, "the slow one was interrupted by the later one")
        // A body that never comes does not keep Ctrl-C from stopping the server.
        let stalled = try RawConnection(port: server.port)
        let head = "POST /api/change HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAuthorization: Token \(server.token)\r\n"
        stalled.send(Array((head + "X-JF-Request: 1\r\nContent-Length: 1000\r\n\r\nabcd").utf8))
        try await Task.sleep(for: .milliseconds(300))
        let (status, stderr) = server.stop()
        #expect(status == 0, "\(stderr)")
        withExtendedLifetime(stalled) {}
    }
}
