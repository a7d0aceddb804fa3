import ArgumentParser
import Foundation
import JoyfillLanguageServer
import JoyfillLint
import Synchronization

/// `jf lsp`: the language server, speaking the Language Server Protocol on standard input
/// and output (``LanguageServer``). Configuration is found for each file as `jf lint` finds
/// it, afresh for every change and whenever the client reports a changed `jf.toml`.
struct Lsp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server: jf lint's findings, fixes, formatting, hover and completion in an editor.",
        discussion: """
            Speaks the Language Server Protocol on standard input and output, for an editor to \
            start. JoyDoc templates (.json) and formula files (.jf, .formula) get jf lint's \
            findings as diagnostics while they are edited (configured by jf.toml as for jf lint), \
            its fixes as quick fixes and as "fix all" (source.fixAll.jf), jf fmt as document \
            formatting, the documentation of functions and fields on hover, completion of \
            fields, columns and functions, signature help, go to definition and references, highlights, renaming a field \
            everywhere the template names it, the outline of fields and \
            formulas, and each formula's result on the document's data as an inlay hint (its \
            errors as diagnostics). \
            Setting it up in VS Code, Neovim and Helix: docs/cli.md in jf's repository.

            Exits 0 after the client's shutdown and exit, 1 when the input ends or breaks first, \
            or when the client's process (--clientProcessId, or the processId of initialize) \
            is gone.
            """
    )

    @Flag(help: "Speak on standard input and output, which jf lsp always does (for clients that pass it, as VS Code's does).")
    var stdio = false

    @Option(name: .customLong("clientProcessId"), help: ArgumentHelp(
        "The editor's process id: the server exits when that process is gone (VS Code passes it).", valueName: "PID"))
    var clientProcessID: Int32?

    @Option(help: .hidden) var socket: String?
    @Option(help: .hidden) var pipe: String?
    @Flag(name: .customLong("node-ipc"), help: .hidden) var nodeIPC = false

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if socket != nil || pipe != nil || nodeIPC {
            throw ValidationError("jf lsp speaks only on standard input and output: set the client's transport to stdio")
        }
        if let clientProcessID, clientProcessID <= 0 { throw ValidationError("--clientProcessId must be a process id, above 0") }
    }

    func run() throws {
        let server = LanguageServer(version: JF.configuration.version) { path in
            try ConfigurationFinder(explicit: nil, disabled: false).configuration(for: path).settings(forFile: path)
        }
        if let clientProcessID { ClientWatch.start(clientProcessID) }
        // Started by hand, it would wait in silence for an editor's messages: say what it is.
        let byHand = isatty(STDIN_FILENO) != 0
        if byHand {
            Terminal.standardError.write("jf lsp: the Joyfill language server. It speaks the Language Server Protocol on standard input "
                                         + "and output, for an editor to start (jf lsp --help says how). Press Ctrl-D to leave.\n")
        }
        var framing = MessageFraming()
        let output = Terminal.standardOutput
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitCode == nil {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                // Ctrl-D at a terminal leaves, as the greeting says; an editor's pipe that ends
                // before its `exit` is the client's failure, exit 1 as the protocol has it.
                if byHand { return }
                throw Failure(message: "lsp: the input ended before the client's exit", code: 1)
            }
            framing.append(chunk[0..<count])
            do throws(MessageFraming.Error) {
                while server.exitCode == nil, let body = try framing.next() {
                    for message in server.handle(body) { output.write(bytes: MessageFraming.frame(message)) }
                    output.flush()
                    if clientProcessID == nil, let processID = server.clientProcessID { ClientWatch.start(processID) }
                }
                // Every message that has arrived is handled: changes to a document since its
                // last diagnostics are linted once, for its latest text.
                if server.exitCode == nil {
                    for message in server.publishStaleDiagnostics() { output.write(bytes: MessageFraming.frame(message)) }
                    output.flush()
                }
            } catch {
                throw Failure(message: "lsp: \(error.message)", code: 1)
            }
        }
        if server.exitCode != 0 { throw Failure(message: "", code: server.exitCode ?? 1) }
    }
}

/// Ends the server when the editor's process is gone, as the protocol asks (an editor that
/// crashed sends no `exit`, and its server should not live on). A thread looks every two
/// seconds whether the process still exists.
private enum ClientWatch {
    /// Whether a process is watched already: one watch a server.
    private static let watching = Atomic<Bool>(false)

    static func start(_ processID: Int32) {
        guard processID > 0, watching.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        Thread.detachNewThread {
            while true {
                Thread.sleep(forTimeInterval: 2)
                if kill(processID, 0) != 0 && errno == ESRCH {
                    Terminal.standardError.write("jf: error: lsp: the client's process \(processID) is gone\n")
                    Foundation.exit(1)
                }
            }
        }
    }
}
