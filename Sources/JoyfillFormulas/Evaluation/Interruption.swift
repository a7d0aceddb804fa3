import Synchronization

/// A request, from another thread or a signal handler, that evaluations stop: `jf repl` makes
/// one on Ctrl-C, so a runaway formula returns to the prompt instead of running to its step
/// budget. An evaluator looks at it only where it checks its step budget, every
/// ``Evaluator/interruptionCheckInterval`` steps, so it costs nothing on the hot path.
public final class Interruption: Sendable {
    private let requested = Atomic<Bool>(false)

    public init() {}

    /// Asks evaluations that watch this to stop. Safe in a signal handler: one atomic store.
    public func request() {
        requested.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for since the last ``reset()``.
    public var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Forgets the request (before the next evaluation).
    public func reset() {
        requested.store(false, ordering: .relaxed)
    }
}
