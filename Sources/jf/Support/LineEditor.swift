import CEditLine
import Foundation
import JoyfillFormulas
import JoyfillREPL

/// Line editing for `jf repl`, through libedit's readline interface: emacs keys, history
/// (Up/Down, Ctrl-R reverse search) and Tab completion from the session. The only file that
/// touches libedit.
final class LineEditor {
    init(session: REPLSession, history: [String]) {
        LineEditorState.session = session
        Self.useUTF8CharacterType()
        // Names end at anything that is not part of a name: complete `su` in `1 + su`.
        jf_editline_setup("jf", " \t\n\"'()[]{},+-*/<>=!&|:;") { text, _, end in
            jf_editline_completion_over(1)
            guard let session = LineEditorState.session, let text else { return nil }
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
            LineEditorState.matches = candidates.map { head + $0 }
            jf_editline_append_character(LineEditor.after(candidates, before: before, next: Int(end) < line.count ? line[Int(end)] : nil))
            return rl_completion_matches(text) { _, state in
                let index = Int(state)
                guard index < LineEditorState.matches.count else { return nil }
                return strdup(LineEditorState.matches[index])
            }
        }
        for entry in history { add_history(entry) }
        // Ctrl-C drops the line being typed, or stops the input being evaluated.
        _ = Interrupts.evaluation.isRequested
        signal(SIGINT) { _ in
            LineEditorState.interrupted = 1
            Interrupts.evaluation.request()
        }
        Interrupts.receiveCtrlC()
    }

    /// libedit reads and draws characters by the locale's character type, which a program
    /// starts without ("C": bytes past ASCII are dropped as they are typed). The environment's
    /// is taken (LANG, LC_ALL, LC_CTYPE); when it is not UTF-8, C.UTF-8 is, since jf's text is.
    private static func useUTF8CharacterType() {
        let chosen = setlocale(LC_CTYPE, "")
        if chosen == nil || !String(cString: nl_langinfo(nl_item(CODESET))).uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// What follows a unique completion: the quote that closes the text it completes
    /// (`status == "Pa` → `"Paid"`, none when the quote is there already), else a space, but
    /// none after a function name (it ends in `(`), a name inside a call (`sum(subt` →
    /// `sum(subtotal`), or before what closes or goes on from a name (`f(a|, b)`, `row|.price`).
    private static func after(_ candidates: [String], before: String, next: UInt8?) -> Int32 {
        guard candidates.count == 1 else { return 0 }
        if let quote = Lexer.openQuote(before), let byte = quote.asciiValue {
            return next == byte ? 0 : Int32(byte)
        }
        let closes = next.map { Array(",)]}.".utf8).contains($0) } ?? false
        if candidates[0].hasSuffix("(") || closes || Lexer.openCall(before: before) != nil { return 0 }
        return 32
    }

    enum Line {
        case text(String)
        /// Ctrl-C: drop the current input.
        case cancelled
        /// Ctrl-D on an empty line.
        case end
    }

    func read(prompt: String) -> Line {
        LineEditorState.interrupted = 0
        guard let pointer = readline(prompt) else {
            return LineEditorState.interrupted != 0 ? .cancelled : .end
        }
        defer { free(pointer) }
        if LineEditorState.interrupted != 0 { return .cancelled }
        return .text(String(cString: pointer))
    }

    func remember(_ entry: String) {
        add_history(entry)
    }
}
