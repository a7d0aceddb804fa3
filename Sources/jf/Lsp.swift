import ArgumentParser
import Foundation
import JoyfillLanguageServer
import JoyfillLint

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
            Setting it up in VS Code, Neovim and Helix: docs/cli.md.

            Exits 0 after the client's shutdown and exit, 1 when the input ends or breaks first.
            """
    )

    func run() throws {
        let server = LanguageServer(version: JF.configuration.version) { path in
            try ConfigurationFinder(explicit: nil, disabled: false).configuration(for: path).settings(forFile: path)
        }
        var framing = MessageFraming()
        let output = Terminal.standardOutput
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitCode == nil {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(message: "lsp: the input ended before the client's exit", code: 1) }
            framing.append(chunk[0..<count])
            do throws(MessageFraming.Error) {
                while server.exitCode == nil, let body = try framing.next() {
                    for message in server.handle(body) { output.write(bytes: MessageFraming.frame(message)) }
                    output.flush()
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
