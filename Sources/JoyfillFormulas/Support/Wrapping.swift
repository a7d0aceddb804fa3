extension String {
    /// The text in lines of at most `width` characters, broken at spaces (a word longer than
    /// `width` has a line of its own): prose laid out for a terminal, such as the REPL's
    /// `:help` and `jf functions`.
    public func wrapped(to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
