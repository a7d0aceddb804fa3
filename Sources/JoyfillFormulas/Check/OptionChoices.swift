/// The texts a dropdown can read as, for the ``Checker``'s `unknown-option`: formulas read a
/// dropdown (a field, or a cell of a dropdown column) as its selected option's text, or `""`
/// when none is selected, so comparing it with any other text is decided before it runs.
/// `status == "paid"` is always false when the option is `Paid`, and so is comparing with an
/// option's `_id`, which is what the document stores but never what a formula reads.
public struct OptionChoices: Sendable {
    /// What reads as one of the texts, in messages: `dropdown 'status'`, `column 'category'
    /// of table 'items'`.
    public var owner: String
    /// The options' texts, deleted options included (a row may still have one selected).
    public var texts: [String]
    /// The options' ids, in the order of ``texts``.
    public var ids: [String]

    public init(owner: String, texts: [String], ids: [String]) {
        self.owner = owner
        self.texts = texts
        self.ids = ids
    }
}

extension Checker {
    /// `unknown-option`: `==` or `!=` between a dropdown (`left` or `right`, whose choices
    /// `choices` gives) and a text literal it can never read as. The fix, a suggestion since it
    /// changes what the formula does, is the text of the option whose id was written, or the
    /// closest text.
    static func optionComparison(_ op: BinaryOperator, _ left: NodeID, _ right: NodeID, at span: SourceSpan, in tree: SyntaxTree,
                                 choices: (NodeID) -> OptionChoices?, into diagnostics: inout [Diagnostic]) {
        guard op == .equal || op == .notEqual else { return }
        let literal: NodeID, dropdown: NodeID
        if case .string = tree[right] { (literal, dropdown) = (right, left) } else { (literal, dropdown) = (left, right) }
        guard case .string(let textID) = tree[literal], let options = choices(dropdown) else { return }
        let text = tree.name(textID)
        guard !text.isEmpty, !options.texts.contains(text) else { return }
        let outcome = op == .equal ? "false" : "true"
        let literalSpan = tree.span(of: literal)
        let quote = tree.source.utf8.dropFirst(literalSpan.start).first == UInt8(ascii: "'") ? "'" : "\""
        var notes = ["a dropdown reads as its selected option's text, or \"\" when none is selected"]
        let fix: Fix?
        if let position = options.ids.firstIndex(of: text) {
            let meant = options.texts[position]
            notes.insert("'\(text)' is the id of the option '\(meant)'; formulas read the option's text, not its id", at: 0)
            fix = quotable(meant, in: quote).map { .replace(literalSpan, with: $0, "use the option's text '\(meant)'", isSafe: false) }
        } else {
            notes.insert(options.texts.isEmpty ? "it has no options" : "its options are: " + listing(options.texts), at: 0)
            let closest = options.texts.first { $0.lowercased() == text.lowercased() } ?? Suggestions.closest(to: text, in: options.texts)
            fix = closest.flatMap { meant in
                quotable(meant, in: quote).map { .replace(literalSpan, with: $0, "did you mean '\(meant)'?", isSafe: false) }
            }
        }
        diagnostics.append(Diagnostic(.type, "'\(text)' is not an option of \(options.owner), so this is always \(outcome)",
                                      at: span, severity: .warning, notes: notes, fix: fix, code: "unknown-option"))
    }

    /// `text` as a literal between `quote`s, when it can be written so (a string has no
    /// escapes: one holding this quote takes the other).
    private static func quotable(_ text: String, in quote: String) -> String? {
        if !text.contains(quote) { return quote + text + quote }
        let other = quote == "\"" ? "'" : "\""
        return text.contains(other) ? nil : other + text + other
    }

    private static func listing(_ texts: [String]) -> String {
        texts.prefix(12).joined(separator: ", ") + (texts.count > 12 ? ", … (\(texts.count) in all)" : "")
    }
}
