import JoyfillFormulas

extension REPLSession {
    /// Completions of the word that ends `line` (the text before the cursor), sorted:
    /// function names with their `(`, session variables, the document's field ids and the
    /// literals in formulas; after a `.`, the columns of the rows before it (`items.`, and
    /// `row.` in `map(items, (row) -> row.`); meta-commands at the start of a line; field ids
    /// after `:set` and `:deps`; function names after `:doc`. Nil means "complete a file name"
    /// (`:load`, `:save`).
    public func completions(for line: String) -> [String]? {
        let word = String(line.unicodeScalars.reversed().prefix { Self.isNameScalar($0) }.reversed().map(Character.init))
        let before = line.dropLast(word.count)
        let trimmed = before.trimmingSpaces()
        if !isContinuing, trimmed == ":" || (trimmed.isEmpty && line.hasPrefix(":")) {
            return Self.commands.map { ":" + $0.name }.filter { $0.hasPrefix(":" + word) }.map { String($0.dropFirst()) }
        }
        if !isContinuing, trimmed.hasPrefix(":") {
            let command = trimmed.dropFirst().prefix { !$0.isWhitespace }
            switch command {
            case "load", "save": return nil
            case "decorators":
                let pages = engine?.document.pages ?? []
                return matching(pages.flatMap { page in page.positions.map { "\(page.id)/\($0.id)" } }, word)
            case "validate":
                let pages = engine?.document.pages ?? []
                return matching(pages.map(\.id) + pages.flatMap { page in page.positions.map { "\(page.id)/\($0.id)" } }, word)
            case "doc": return matching(registry.names, word)
            case "set", "deps": return matching(engine?.document.fields.map(\.id) ?? [], word)
            case "tz", "now", "help", "quit", "fields", "formulas", "graph", "vars": return []
            default: break   // :type, :ast, :explain, :time take a formula
            }
        }
        if before.last == "." { return memberCompletions(before: String(before), word: word) }
        var candidates = matching(registry.names, word).map { $0 + "(" }
        candidates += matching(variables.keys.sorted(), word)
        candidates += matching(engine?.document.fields.map(\.id) ?? [], word)
        candidates += matching(["true", "false", "null"], word)
        return candidates
    }

    /// The names that can follow the `.` that ends `before`: the input so far is closed with
    /// a placeholder name and the brackets it leaves open, parsed, and the checker asked what
    /// the rows before the placeholder have.
    private func memberCompletions(before: String, word: String) -> [String] {
        let placeholder = "jf_completion_placeholder"
        let source = (pending + [before + placeholder]).joined(separator: "\n")
        guard let closers = InputCompleteness.closers(source) else { return [] }
        let tree = Parser.parse(source + closers)
        let member = tree.nodes.indices.last { index in
            if case .member(_, let name) = tree.nodes[index] { return tree.name(name) == placeholder }
            return false
        }
        guard let member, let keys = checker().keys(forMember: NodeID(member), in: tree) else { return [] }
        return matching(keys, word)
    }

    private func matching(_ names: [String], _ prefix: String) -> [String] {
        let lowered = prefix.lowercased()
        return names.filter { $0.lowercased().hasPrefix(lowered) }.sorted()
    }

    /// The scalars of the word a completion replaces: the name at the end of the line, not
    /// what comes before a `.` in it (`p` in `row.p`).
    public static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar)
    }
}
