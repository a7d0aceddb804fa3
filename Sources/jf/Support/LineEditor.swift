import CEditLine
import Foundation
import JoyfillREPL

/// Line editing for `jf repl`, through libedit's readline interface: emacs keys, history
/// (Up/Down, Ctrl-R reverse search) and Tab completion from the session. The only file that
/// touches libedit.
final class LineEditor {
    /// libedit calls completion through C function pointers, which cannot capture; the
    /// session they complete from lives here while the editor runs (one editor per process).
    nonisolated(unsafe) private static var session: REPLSession?
    nonisolated(unsafe) private static var matches: [String] = []
    /// Set by the SIGINT handler: Ctrl-C cancels the line being typed.
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    init(session: REPLSession, history: [String]) {
        Self.session = session
        // Names end at anything that is not part of a name: complete `su` in `1 + su`.
        jf_editline_setup("jf", " \t\n\"'()[]{},+-*/<>=!&|:;") { text, _, end in
            jf_editline_completion_over(1)
            guard let session = LineEditor.session, let text else { return nil }
            let line = Array(String(cString: jf_editline_buffer()).utf8)
            let before = String(decoding: line.prefix(Int(end)), as: UTF8.self)
            guard let candidates = session.completions(for: before) else {
                jf_editline_completion_over(0)   // libedit completes file names
                return nil
            }
            // libedit replaces its word, which runs on over a `.` (`row.p`); a candidate
            // replaces only the name after it, so the part before is kept.
            let word = String(cString: text).unicodeScalars
            let head = String(word.prefix(word.count - word.reversed().prefix(while: REPLSession.isNameScalar).count))
            LineEditor.matches = candidates.map { head + $0 }
            // No space after a function name, which ends in `(`, nor before what closes or
            // goes on from a name (`sum(subtotal|)`, `f(a|, b)`, `row|.price`).
            let next = Int(end) < line.count ? line[Int(end)] : nil
            let closes = next.map { Array(",)]}.".utf8).contains($0) } ?? false
            jf_editline_append_character(candidates.count == 1 && !candidates[0].hasSuffix("(") && !closes ? 32 : 0)
            return rl_completion_matches(text) { _, state in
                let index = Int(state)
                guard index < LineEditor.matches.count else { return nil }
                return strdup(LineEditor.matches[index])
            }
        }
        for entry in history { add_history(entry) }
        // Ctrl-C drops the line being typed, or stops the input being evaluated.
        _ = Interrupts.evaluation.isRequested
        signal(SIGINT) { _ in
            LineEditor.interrupted = 1
            Interrupts.evaluation.request()
        }
        Interrupts.receiveCtrlC()
    }

    enum Line {
        case text(String)
        /// Ctrl-C: drop the current input.
        case cancelled
        /// Ctrl-D on an empty line.
        case end
    }

    func read(prompt: String) -> Line {
        Self.interrupted = 0
        guard let pointer = readline(prompt) else {
            return Self.interrupted != 0 ? .cancelled : .end
        }
        defer { free(pointer) }
        if Self.interrupted != 0 { return .cancelled }
        return .text(String(cString: pointer))
    }

    func remember(_ entry: String) {
        add_history(entry)
    }
}
