import Dispatch
import JoyfillFormulas
import JoyfillModel
import JoyfillREPL
import Synchronization

/// Where the playground's formulas are evaluated: a thread of its own, away from the server's
/// request loop and from the document's session, so that a formula that runs for seconds
/// delays nothing else (the form, edits, saving). Jobs run one at a time, in order; a new
/// analysis interrupts the one running (the page wants only the latest), and every evaluation
/// keeps the step budget (`--max-steps`). A request cancelled (the server stopping) interrupts
/// its evaluation too.
///
/// The REPL session the jobs use lives only on the worker's queue; it is made again from the
/// document's text when the document has changed (its version moved).
///
/// Invariant (hence `@unchecked Sendable`, the one construct of this module Swift cannot
/// check): ``session`` is read and written only by jobs on ``queue``, a serial queue; every
/// other property is a `let` of a Sendable type.
final class PlaygroundWorker: @unchecked Sendable {
    /// The document as the session last saw it: its version, text and name.
    struct Snapshot: Sendable {
        var version: Int
        var bytes: [UInt8]
        var name: String
    }

    private let queue = DispatchQueue(label: "jf-serve.playground")
    private let interruption = Interruption()
    private let options: EvaluationOptions
    /// The version of the document the queue's session is bound to (read without the queue,
    /// so that the document's text is taken only when it changed).
    private let boundVersion = Mutex<Int?>(nil)
    /// Only on `queue`.
    private var session: REPLSession?

    init(options: EvaluationOptions) {
        self.options = options
    }

    /// The version the worker's session is bound to, if any.
    var version: Int? { boundVersion.withLock { $0 } }

    /// Runs `job` on the worker's session, bound to `snapshot` (nil: the document is the one
    /// already bound). With `interrupting`, the job running now is asked to stop first.
    func run<Result: Sendable>(_ snapshot: Snapshot?, interrupting: Bool,
                               _ job: @escaping @Sendable (REPLSession) -> Result) async -> Result {
        if interrupting { interruption.request() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async {
                    self.interruption.reset()
                    continuation.resume(returning: job(self.session(for: snapshot)))
                }
            }
        } onCancel: {
            self.interruption.request()
        }
    }

    /// The session bound to `snapshot`'s document (made again when it is a new version).
    private func session(for snapshot: Snapshot?) -> REPLSession {
        if let session, snapshot == nil || snapshot?.version == version { return session }
        let session = REPLSession(files: NoFiles(), options: options)
        session.width = 100
        session.interruption = interruption
        if let snapshot, let document = try? JoyDoc(bytes: snapshot.bytes) { session.load(document, name: snapshot.name) }
        self.session = session
        boundVersion.withLock { $0 = snapshot?.version }
        return session
    }
}

/// The playground reads no file: `:load` and `:save` are not offered there.
struct NoFiles: REPLFileSystem {
    func read(_ path: String) throws -> [UInt8] { throw ServeError("the playground reads no file") }
    func write(_ bytes: [UInt8], to path: String) throws { throw ServeError("the playground writes no file") }
}
