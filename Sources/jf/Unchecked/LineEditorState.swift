import Foundation
import JoyfillREPL

/// What libedit's callbacks reach while ``LineEditor`` runs: libedit calls completion and the
/// SIGINT handler runs through C function pointers, which cannot capture, so what they need
/// is global.
///
/// Invariants: one editor per process; libedit calls back only on the thread that called it
/// (the REPL's), the only thread that touches ``session`` and ``matches``; ``interrupted`` is
/// written by the SIGINT handler and read by that thread, a `sig_atomic_t`, the one type a
/// handler may write.
enum LineEditorState {
    /// The session completions come from.
    nonisolated(unsafe) static var session: REPLSession?
    /// The completions of the word being completed, handed to libedit one by one.
    nonisolated(unsafe) static var matches: [String] = []
    /// Set by the SIGINT handler: Ctrl-C cancels the line being typed.
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0
}
