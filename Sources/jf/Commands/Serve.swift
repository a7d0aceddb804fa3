import ArgumentParser
import Foundation
import JoyfillModel
import JoyfillServe
import Synchronization

/// `jf serve`: the form and the formula playground in a browser (``FormServer``).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show a JoyDoc as a live form, with a formula playground, in the browser.",
        discussion: """
            Starts a local web server and prints its URL. The page shows the document as the \
            SDK shows it (pages, every field type, tables and collections, charts), applies \
            each edit as a change-API entry with only what it reaches recomputed (formulas, \
            logic, validation), keeps the session's changelog, and saves back to DOC (atomically, \
            only when asked) or downloads. The playground evaluates a formula against the \
            document as you type, with diagnostics, completion, signature help, :explain and \
            the dependencies of a field.

            Without DOC it starts with an empty document; the page opens one (an upload, or a \
            path). The server listens on 127.0.0.1 unless --host says otherwise, and stops on \
            Ctrl-C; with unsaved changes, on a terminal, it asks for a second Ctrl-C first.

            Only you can use it: the URL it prints carries a token made for this run, which the \
            page keeps in a cookie; a request without it is refused, and so is one for another \
            host name or, for a change, from another page. It opens and saves only .json files \
            under DOC's folder (without DOC, the current directory) and the folders named with \
            --root. This help is also man jf-serve; the full reference is docs/serve.md in jf's repository.

              jf serve examples/invoice.json
              jf serve --port 0 --open examples/order.json
            """
    )

    @Argument(help: ArgumentHelp("The JoyDoc to show.", valueName: "DOC"), completion: .documents)
    var document: String?

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "N"))
    var port: Int = 8080

    @Option(help: ArgumentHelp("The address to listen on. Anything but a loopback address lets other machines fill the form.",
                               valueName: "ADDRESS"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open, open).")
    var open = false

    @Flag(help: "Start in read-only mode: every input disabled, changes refused (the page can switch it).")
    var readonly = false

    @Option(help: ArgumentHelp("The view whose pages and hiddenViews are shown: mobile (the Swift SDK's) or desktop.",
                               valueName: "VIEW"))
    var view: DocumentView = .mobile

    @Option(name: .customLong("root"),
            help: ArgumentHelp("A folder whose .json files the page may open and save (repeatable); DOC's folder always is.",
                               valueName: "DIR"),
            completion: .directory)
    var roots: [String] = []

    @OptionGroup var evaluation: EvaluationFlags
    @OptionGroup var licence: LicenseFlags

    func validate() throws {
        guard !JF.checksSuspended else { return }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    }

    func run() throws {
        var configuration = FormServer.Configuration(write: { bytes, path in try Serve.writeDocument(bytes, to: path) })
        configuration.host = host
        configuration.port = port
        configuration.view = view
        configuration.options = try evaluation.options()
        configuration.licensing = try licence.licensing()
        configuration.readonly = readonly
        var document: JoyDoc?
        if let path = self.document {
            let bytes = try Input.read(path)
            do {
                document = try JoyDoc(bytes: bytes)
            } catch {
                throw Failure.usage("\(path):\(error.line.map { "\($0):\(error.column ?? 1):" } ?? "") \(error.message)")
            }
        }
        // The served document's folder, or without one the current directory, and --root's.
        let documentFolder = self.document.map { ($0 as NSString).deletingLastPathComponent } ?? "."
        do {
            configuration.folders = try DocumentFolders([documentFolder.isEmpty ? "." : documentFolder] + roots)
        } catch {
            throw Failure.usage("--root: \(error)")
        }
        if !FormServer.isLoopback(host) {
            Terminal.standardError.write("jf serve: warning: listening on \(host): anyone who can reach it can read and change the document\n")
        }
        // On a terminal, Ctrl-C with unsaved changes asks for a second one (as Jupyter's server
        // asks); without one (a service, a script), or on SIGTERM, the server stops at once.
        if isatty(STDIN_FILENO) != 0 {
            configuration.onInterruptWithUnsavedChanges = { message in
                Terminal.standardError.write("\njf serve: \(message)\n")
            }
        }
        let server: FormServer
        do {
            server = try FormServer(document: document, path: self.document, configuration: configuration)
        } catch {
            throw Failure.usage("\(error)")
        }
        let opens = open
        let finished = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Task.detached {
            do {
                try await server.run { url in
                    Terminal.standardOutput.write("jf serve: \(url)\n")
                    Terminal.standardOutput.flush()
                    if opens { Serve.openInBrowser(url) }
                }
            } catch {
                failure.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.withLock({ $0 }) {
            throw Failure.usage("cannot serve on \(host):\(port): \(error)")
        }
    }

    static func writeDocument(_ bytes: [UInt8], to path: String) throws {
        do {
            try Files.writeAtomically(bytes, to: path)
        } catch {
            throw ServeFileError(error.message)
        }
    }

    static func openInBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(macOS)
        process.arguments = ["open", url]
        #else
        process.arguments = ["xdg-open", url]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Terminal.standardError.write("jf serve: cannot open a browser (\(error)); open \(url)\n")
        }
    }
}

/// A file `jf serve` could not read or write, said as `jf` says it.
struct ServeFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

