import Foundation
import Testing

/// `jf lsp` end to end: a whole session on standard input, the framed answers on standard output.
struct LspCommandTests {
    static func frame(_ message: [String: Any]) throws -> String {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
        return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    /// The bodies of the framed messages in `output`, decoded.
    static func messages(_ output: String) throws -> [[String: Any]] {
        var bytes = Array(output.utf8)[...]
        var messages: [[String: Any]] = []
        while let headerEnd = bytes.indices.first(where: { bytes[$0...].starts(with: Array("\r\n\r\n".utf8)) }) {
            let header = String(decoding: bytes[..<headerEnd], as: UTF8.self)
            let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = bytes[(headerEnd + 4)..<(headerEnd + 4 + length)]
            messages.append(try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
            bytes = bytes[(headerEnd + 4 + length)...]
        }
        return messages
    }

    @Test func aSessionLintsTheOpenTemplateWithItsConfiguration() throws {
        let directory = try workspace(["templates"])
        defer { discard(directory) }
        try "[lint]\nignore = [\"circular-reference\"]\n".write(to: directory.appendingPathComponent("jf.toml"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("templates/order-form.json")
        let uri = file.absoluteString
        let session = try [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "capabilities": [:]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": uri, "languageId": "json", "version": 1, "text": try String(contentsOf: file, encoding: .utf8)]]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ].map(Self.frame).joined()
        let result = try JF.run(["lsp"], stdin: session)
        #expect(result.status == 0, "\(result.stderr)")
        let messages = try Self.messages(result.stdout)
        #expect(messages.count == 3)
        let capabilities = (messages[0]["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        let params = try #require(messages[1]["params"] as? [String: Any])
        #expect(params["uri"] as? String == uri)
        let codes = (params["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        // As jf lint finds them (jf.toml applied), and what the run adds: the three formulas that
        // read the failed subtotal wait on it.
        #expect(codes == LintCommandTests.seededRules.filter { $0 != "circular-reference" } + Array(repeating: "depends-on-failure", count: 3),
                "\(codes)")
        #expect(messages[2]["id"] as? Int == 2)
    }

    @Test func anInputThatEndsOrBreaksEndsTheServerWithAnError() throws {
        let ended = try JF.run(["lsp"], stdin: try Self.frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]))
        #expect(ended.status == 1)
        #expect(ended.stderr == "jf: error: lsp: the input ended before the client's exit\n")
        #expect(try Self.messages(ended.stdout).count == 1, "what came before was answered")
        let broken = try JF.run(["lsp"], stdin: "Content-Type: text\r\n\r\n{}")
        #expect(broken.status == 1)
        #expect(broken.stderr == "jf: error: lsp: a message header without Content-Length\n")
    }

    /// VS Code's client starts a server as `jf lsp --stdio --clientProcessId=PID`: both are
    /// accepted, and the server ends when that process is gone (as when the processId of
    /// `initialize` is); other transports are refused with what to do.
    @Test func theFlagsEditorsPassAreAccepted() throws {
        let session = try [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "capabilities": [:]]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"],
        ].map(Self.frame).joined()
        let alive = try JF.run(["lsp", "--stdio", "--clientProcessId=\(getpid())"], stdin: session)
        #expect(alive.status == 0, "\(alive.stderr)")
        #expect(try Self.messages(alive.stdout).count == 2)
        // A process that has ended: the server stops although its input stays open.
        let gone = try JF.shell("""
            true & pid=$!; wait $pid
            fifo=$(mktemp -u); mkfifo "$fifo"   # opened to read and write: an input that never ends
            $JF lsp --stdio --clientProcessId $pid <> "$fifo"; echo "exit $?"; rm "$fifo"
            """)
        #expect(gone.stdout == "exit 1\n")
        #expect(gone.stderr.hasPrefix("jf: error: lsp: the client's process "), "\(gone.stderr)")
        let socket = try JF.run(["lsp", "--socket=5000"])
        #expect(socket.status == 2)
        #expect(socket.stderr.hasPrefix("jf: error: jf lsp speaks only on standard input and output: set the client's transport to stdio\n"))
    }

    /// Started by hand on a terminal, it says what it is and how to leave, and Ctrl-D leaves.
    @Test func onATerminalItSaysWhatItIs() throws {
        let script = """
            import os, pty, select, sys, time
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], [sys.argv[1], "lsp"])
            seen = b""
            deadline = time.time() + 10
            while b"Ctrl-D" not in seen and time.time() < deadline:
                if select.select([fd], [], [], 0.5)[0]:
                    seen += os.read(fd, 4096)
            os.write(fd, b"\\x04")
            while True:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
            _, status = os.waitpid(pid, 0)
            sys.stdout.write(seen.decode() + "exit %d" % os.WEXITSTATUS(status))
            """
        let result = try JF.shell("python3 -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))' \"$JF\"")
        #expect(result.stdout.contains("jf lsp: the Joyfill language server."), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Press Ctrl-D to leave."))
        // It leaves as it said it would: quietly, with 0 (an editor's pipe that ends early is 1).
        #expect(result.stdout.hasSuffix("exit 0"), "\(result.stdout)")
        #expect(!result.stdout.contains("jf: error"), "\(result.stdout)")
    }
}
