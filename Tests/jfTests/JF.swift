import Foundation

/// Runs the built `jf` executable, as a user would.
enum JF {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The `jf` binary next to the test bundle (SwiftPM builds it because the tests depend on it).
    static let executable: URL = {
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
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
