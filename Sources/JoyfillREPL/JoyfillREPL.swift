// JoyfillREPL: the session behind `jf repl`, without the terminal.
//
// Session.swift            REPLSession: lines in, REPLOutput out; unfinished input continues,
//                          `let` bindings, evaluation against variables then the document.
// Commands.swift           the meta-commands (:load, :set, :explain …) over the bound document's session.
// Completion.swift         completion candidates for the word before the cursor.
// ValuePrinter.swift       values by type, indented when long, coloured on request.
// SyntaxTreePrinter.swift  :ast's outline, walked with an explicit stack.
//
// Files come through REPLFileSystem; libedit, the history file and the loop live in `jf`.
