import JoyfillFormulas
import JoyfillLint
import JoyfillModel
import JoyfillSession

extension REPLSession {
    /// Completions of the word that ends `line` (the text before the cursor), sorted:
    /// function names with their `(`, session variables, the document's field ids and the
    /// literals in formulas; after a `.`, the columns of the rows before it (`items.`, and
    /// `row.` in `map(items, (row) -> row.`), or the keys of the objects a variable or field
    /// holds (`order.customer.`); meta-commands at the start of a line; field ids
    /// after `:deps` and `:formulas`, and cell paths after `:set`; function names after `:doc`;
    /// rule names after `:lint`; tables, operations and row ids after `:rows`;
    /// in a string, the words its parameter takes (`dateAdd`'s units) or the options of the
    /// dropdown it is compared with (`status == "`). Nil means "complete a file name"
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
            case "load", "save", "apply": return nil
            case "decorators":
                let pages = document?.document.pages ?? []
                return matching(pages.flatMap { page in page.positions.map { "\(page.id)/\($0.id)" } }, word)
            case "validate":
                let pages = document?.document.pages ?? []
                return matching(pages.map(\.id) + pages.flatMap { page in page.positions.map { "\(page.id)/\($0.id)" } }, word)
            case "doc": return matching(registry.names, word)
            case "set": return cellPathCompletions(String(before.drop { $0.isWhitespace }.dropFirst(4).drop { $0.isWhitespace }), word)
            case "deps", "formulas": return matching(document?.document.fields.map(\.id) ?? [], word)
            case "lint", "fix":
                // A rule name holds '-', which ends a completion word: match the whole name typed
                // since the last comma or space, and complete the word's part of it.
                let typed = String(before.reversed().prefix { $0 != "," && !$0.isWhitespace }.reversed()) + word
                return matching(LintRule.names, typed).map { String($0.dropFirst(typed.count - word.count)) }
            case "rows": return rowsCompletions(before.split(whereSeparator: \.isWhitespace).dropFirst().map(String.init), word)
            case "tz", "now", "help", "quit", "fields", "graph", "vars": return []
            default: break   // :type, :ast, :explain, :time take a formula
            }
        }
        // Inside a string: the words its parameter takes (`dateAdd(d, 1, "da` → days), the
        // options of a dropdown it is compared with (`status == "Pa` → Paid), or none.
        let formula = (pending.lines + [String(line)]).joined(separator: "\n")
        if Lexer.endsInsideString(formula) {
            if let (name, argument) = Lexer.openCall(before: formula), let signature = registry.lookup(name)?.signature,
               argument < signature.maximumArity, case let choices = signature.parameter(at: argument).choices, !choices.isEmpty {
                return matching(choices, word)
            }
            guard let (tree, literal) = Parser.parseCompletingString(formula), case .string(let typedID) = tree[literal],
                  let options = checker().optionTexts(comparedWith: literal, in: tree) else { return [] }
            // An option's text may hold spaces, which end the word completed: match the whole
            // text typed in the string, and complete the word's part of it.
            let typed = tree.name(typedID)
            return matching(options, typed).map { String($0.dropFirst(typed.count - word.count)) }
        }
        if before.last == "." { return memberCompletions(before: String(before), word: word) }
        var candidates = matching(registry.names, word).map { $0 + "(" }
        candidates += matching(variables.keys.sorted(), word)
        candidates += matching(document?.document.fields.map(\.id) ?? [], word)
        candidates += matching(["true", "false", "null"], word)
        return candidates
    }

    /// `:rows FIELD OP ROW…`: the tables and collections, then the operations, then the ids of
    /// the field's live rows (at any depth of a collection).
    private func rowsCompletions(_ words: [String], _ word: String) -> [String] {
        guard let document = document?.document else { return [] }
        switch words.count {
        case 0: return matching(document.fields.filter { $0.type == .table || $0.type == .collection }.map(\.id), word)
        case 1: return matching(["insert", "filtered", "below", "duplicate", "delete", "up", "down", "edit"], word)
        default:
            guard let field = document.field(words[0]), words[1] != "insert", words[1] != "filtered" else { return [] }
            let rows = field.value?.arrayValue ?? []
            var ids = Field.liveRows(rows, order: field.rowOrder).compactMap { $0["_id"]?.stringValue }
            if field.type == .collection { ids += CollectionRows.liveIDs(under: rows) }
            return matching(ids, word)
        }
    }

    /// The names that can follow the `.` that ends `before` (and the lines before it): the
    /// checker's columns of the rows before it, or else the keys of the values there.
    private func memberCompletions(before: String, word: String) -> [String] {
        guard let (tree, member) = Parser.parseCompletingMember((pending.lines + [before]).joined(separator: "\n")) else { return [] }
        if let keys = checker().keys(forMember: member, in: tree) { return matching(keys, word) }
        return matching(valueKeys(beforeMember: member, in: tree), word)
    }

    /// The keys of what a path of names and literal indexes holds, read from the values the
    /// session has (`order.customer.` for a variable holding objects, `photo.0.` for an image
    /// field): an object's keys, or the keys of the objects in an array, in order. Nothing is
    /// evaluated, so completing never runs a formula.
    private func valueKeys(beforeMember member: NodeID, in tree: SyntaxTree) -> [String] {
        guard case .member(var node, _) = tree[member] else { return [] }
        var path: [String] = []
        while true {
            switch tree[node] {
            case .member(let base, let key):
                path.append(tree.name(key))
                node = base
                continue
            case .index(let base, let index):
                guard case .number(let number) = tree[index], number >= 0, number < 1e9, number == number.rounded() else { return [] }
                path.append(String(Int(number)))
                node = base
                continue
            case .reference(let name):
                let context = SessionContext(variables: variables, document: document?.evaluationContext)
                guard case var value?? = try? context.value(of: tree.name(name)) else { return [] }
                for key in path.reversed() {
                    guard let next = Evaluator.member(key, of: value) else { return [] }
                    value = next
                }
                return Self.keys(of: value)
            default:
                return []
            }
        }
    }

    /// The keys an object has, or that the objects of an array have (each once, in order).
    private static func keys(of value: Value) -> [String] {
        switch value {
        case .object(let object): return object.keys
        case .array(let array):
            var seen = Set<String>()
            return array.prefix(1_000).flatMap { element -> [String] in
                guard case .object(let object) = element else { return [] }
                return object.keys.filter { seen.insert($0).inserted }
            }
        default: return []
        }
    }

    /// After `:set`: field ids, then for a table or collection (`items.`) its rows' `_id`s,
    /// then (`items.r1.`) its columns; nothing once the path is followed by its value.
    private func cellPathCompletions(_ path: String, _ word: String) -> [String] {
        guard let session = document, !path.contains(where: \.isWhitespace) else { return [] }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 1 { return matching(session.document.fields.map(\.id), word) }
        guard let position = session.document.fieldIndex(String(parts[0])) else { return [] }
        let field = session.document.fields[position]
        switch parts.count {
        case 2:
            let rows = session.storedValue(ofFieldAt: position)?.arrayValue ?? []
            return matching(Field.liveRowIndices(rows, order: field.rowOrder).compactMap { rows[$0]["_id"]?.stringValue }, word)
        case 3:
            return matching((field.type == .table ? field.columns : field.rootSchema?.columns ?? []).map(\.id), word)
        default:
            return []
        }
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
