import Foundation
import JoyfillJSON
import JoyfillSchema
import Testing

/// Runs the built `jf` executable, as a user would.
enum JF {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The `jf` binary next to the test bundle (SwiftPM builds it because the tests depend on
    /// it), or the one `JF_BINARY` names (to measure a release build with the browser tests).
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["JF_BINARY"] { return URL(fileURLWithPath: path, relativeTo: root) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("jf")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/jf")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        let input = Pipe()
        // Standard error goes to a file, so that a large output on either stream cannot block the child.
        let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent("jf-test-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorsPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsPath) }
        let errors = try FileHandle(forWritingTo: errorsPath)
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        try errors.close()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = try Data(contentsOf: errorsPath)
        let result = Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
        checkAgainstItsSchema(result, of: arguments)
        return result
    }

    // MARK: Decision D9: every machine-readable output a test produces matches its schema.

    /// The schema (in docs/schemas) of what `arguments` print on standard output, and whether
    /// the output is one JSON value a line.
    static func outputSchema(for arguments: [String]) -> (name: String, perLine: Bool)? {
        switch arguments.first {
        case "eval" where arguments.contains("--json"): return ("eval", true)
        case "functions" where arguments.contains("--json"): return ("functions", false)
        case "run" where arguments.contains("--json"): return ("run", false)
        case "graph" where isJSON(arguments): return ("graph", false)
        case "validate" where arguments.contains("--jsonl"): return ("validate", true)
        case "validate" where arguments.contains("--json") || isJSON(arguments): return ("validate", false)
        case "lint" where arguments.contains("--list-rules") && isJSON(arguments): return ("lint-rules", false)
        // Not --diff (a unified diff), nor --fix on standard input (the fixed text).
        case "lint" where isJSON(arguments) && !arguments.contains("--explain") && !arguments.contains("--diff")
            && !(arguments.contains("--fix") && (arguments.contains("--stdin") || arguments.contains("-"))):
            return ("lint", false)
        default: return nil
        }
    }

    /// Whether the arguments ask for JSON output (`--format json` or `--format=json`).
    private static func isJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json") || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }

    /// The schemas, compiled once each.
    nonisolated(unsafe) private static var schemas: [String: JSONSchema] = [:]
    private static let schemasLock = NSLock()

    static func schema(named name: String) throws -> JSONSchema {
        schemasLock.lock()
        defer { schemasLock.unlock() }
        if let schema = schemas[name] { return schema }
        let text = try Data(contentsOf: root.appendingPathComponent("docs/schemas/\(name).schema.json"))
        let schema = try JSONSchema(text: Array(text))
        schemas[name] = schema
        return schema
    }

    /// Records an issue for each output value of `result` that does not match its schema.
    static func checkAgainstItsSchema(_ result: Result, of arguments: [String]) {
        guard let (name, perLine) = outputSchema(for: arguments), !result.stdout.isEmpty else { return }
        do {
            let schema = try schema(named: name)
            let values = perLine ? result.stdout.split(separator: "\n").map(String.init) : [result.stdout]
            for (index, text) in values.enumerated() {
                let violations = schema.validate(try JSONReader.read(Array(text.utf8)), limit: 3)
                for violation in violations {
                    Issue.record("jf \(arguments.joined(separator: " ")): output \(perLine ? "line \(index + 1) " : "")breaks docs/schemas/\(name).schema.json at \(violation.pointer): \(violation.message)")
                }
            }
        } catch {
            Issue.record("jf \(arguments.joined(separator: " ")): output not checked against docs/schemas/\(name).schema.json: \(error)")
        }
    }

    /// `bash -c script` in the package's root, `$JF` set to the built `jf`, standard input empty.
    private static func bash(_ script: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["JF"] = executable.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// ``shell(_:)`` awaited without holding a thread while the script runs: Swift Testing runs
    /// tests on a pool as wide as the machine has processors, so a test that waits minutes on a
    /// child (a Spark job, the wheel's test) would otherwise keep every other test off one of
    /// them. The child's output goes to files, read when it has exited.
    static func shellAwaiting(_ script: String) async throws -> Result {
        let process = bash(script)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("jf-shell-\(UUID().uuidString)")
        let outPath = base.appendingPathExtension("out"), errPath = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outPath.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outPath)
            try? FileManager.default.removeItem(at: errPath)
        }
        let out = try FileHandle(forWritingTo: outPath), err = try FileHandle(forWritingTo: errPath)
        process.standardOutput = out
        process.standardError = err
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try out.close()
        try err.close()
        return Result(status: status, stdout: String(decoding: try Data(contentsOf: outPath), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errPath), as: UTF8.self))
    }

    /// Runs a bash script in the package's root with `$JF` set to the built `jf`, for what
    /// needs the shell: closed or odd standard input, `/dev/full`, pipes, signal dispositions.
    static func shell(_ script: String) throws -> Result {
        let process = bash(script)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on its own thread, so that neither pipe can fill and block the script.
        nonisolated(unsafe) var errorData = Data()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.signal()
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs `jf` as a coprocess: writes each input line and waits for one line of output before
    /// writing the next, as a client that needs each answer does. An answer that does not come
    /// within `patience` seconds (standard input still open) is nil, and the rest are not asked.
    static func converse(_ arguments: [String], lines: [String], patience: Double = 120) throws -> [String?] {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        let reader = LineReader(output.fileHandleForReading)
        var answers: [String?] = []
        for line in lines {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            let answer = reader.next(within: patience)
            answers.append(answer)
            if answer == nil { break }
        }
        try input.fileHandleForWriting.close()
        return answers
    }

    /// Lines of a pipe, read on a thread of their own so that waiting for one can time out.
    private final class LineReader: @unchecked Sendable {
        private let lines = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var complete: [String] = []

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                var pending = Data()
                while true {
                    let data = handle.availableData
                    if data.isEmpty { return }
                    pending.append(data)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending = Data(pending[(newline + 1)...])
                        lock.withLock { complete.append(line) }
                        lines.signal()
                    }
                }
            }
        }

        func next(within seconds: Double) -> String? {
            guard lines.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.withLock { complete.removeFirst() }
        }
    }
}
