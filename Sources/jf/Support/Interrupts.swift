import Foundation
import JoyfillFormulas

/// What Ctrl-C (SIGINT) and Ctrl-\ (SIGQUIT) do in `jf`.
///
/// - Ctrl-\ ends `jf` as it ends any program, without the Swift runtime's backtrace (which it
///   prints for SIGQUIT otherwise: hundreds of lines for a key a user presses to leave).
/// - In `jf eval`, Ctrl-C asks the evaluation to stop (``evaluation``): it ends with an
///   `interrupted` error and `jf` exits 130, as a program stopped by SIGINT does; a second
///   Ctrl-C before that ends it at once.
/// - In `jf repl`, Ctrl-C drops the line being typed, or stops the input being evaluated and
///   returns to the prompt (``LineEditor``).
enum Interrupts {
    /// The interruption evaluations watch; requested by the SIGINT handlers.
    static let evaluation = Interruption()

    /// The exit code of a command stopped by Ctrl-C: 128 + SIGINT.
    static let exitCode: Int32 = 130

    /// SIGQUIT ends the process by its default action, not the runtime's backtracer.
    static func quitWithoutBacktrace() {
        signal(SIGQUIT, SIG_DFL)
    }

    /// Ctrl-C asks ``evaluation`` to stop; a second, before it has, ends the process by
    /// SIGINT itself (so that work that does not look at the request can still be stopped).
    static func stopEvaluationOnCtrlC() {
        _ = evaluation.isRequested   // made before the handler can run: a handler must not allocate
        signal(SIGINT) { _ in
            if Interrupts.evaluation.isRequested {
                signal(SIGINT, SIG_DFL)
                raise(SIGINT)
            }
            Interrupts.evaluation.request()
        }
        receiveCtrlC()
    }

    /// Unblocks SIGINT: a parent may have blocked it (the mask survives exec), and Ctrl-C must
    /// reach `jf`.
    static func receiveCtrlC() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
