/// The texts a dropdown or multiSelect can read as, for the ``Checker``'s `unknown-option`:
/// formulas read a dropdown (a field, or a cell of a dropdown column) as its selected option's
/// text, or `""` when none is selected, and a multiSelect as the array of its selected
/// options' texts, so comparing one with any other text is decided before it runs.
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
    /// A multiSelect's: it reads as an array of the selected texts, not as one (the row
    /// tracker follows the one and the other apart).
    public var isMultiple: Bool

    public init(owner: String, texts: [String], ids: [String], isMultiple: Bool = false) {
        self.owner = owner
        self.texts = texts
        self.ids = ids
        self.isMultiple = isMultiple
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
        report("'\(text)' is not an option of \(options.owner), so this is always \(op == .equal ? "false" : "true")", at: span,
               literal: literal, options,
               note: "a dropdown reads as its selected option's text (\"\" when none is), and a multiSelect as its selected options' texts",
               in: tree, into: &diagnostics)
    }

    /// `unknown-option` in `countIf(array, "text")`, where the array holds option texts (a
    /// multiSelect, or a dropdown column read from rows: `site.children.checks.result`) and no
    /// option's text contains the criterion, ignoring case, as `countIf` matches text: it
    /// counts none. `arrayChoices` gives the options of an argument that holds such an array.
    static func optionCount(_ id: NodeID, in tree: SyntaxTree, registry: FunctionRegistry,
                            arrayChoices: (NodeID) -> OptionChoices?, into diagnostics: inout [Diagnostic]) {
        guard case .call(let name, let range) = tree[id], range.count == 2,
              registry.lookup(tree.name(name))?.signature.name == "countIf" else { return }
        let arguments = Array(tree.children(range))
        let criterion = arguments[1]
        guard case .string(let textID) = tree[criterion], let options = arrayChoices(arguments[0]) else { return }
        let text = tree.name(textID)
        let lowered = text.lowercased()
        guard !text.isEmpty, !options.texts.contains(where: { TextSearch.containsIgnoringCase($0, lowered) }) else { return }
        report("no option of \(options.owner) contains '\(text)', so countIf() counts none", at: tree.span(of: id),
               literal: criterion, options, note: "countIf() matches text that contains the criterion, ignoring case",
               in: tree, into: &diagnostics)
    }

    /// Reports a text literal that none of `options` can be, with the options (or whose id it
    /// is) and the option meant as the suggestion.
    private static func report(_ message: String, at span: SourceSpan, literal: NodeID, _ options: OptionChoices, note: String,
                               in tree: SyntaxTree, into diagnostics: inout [Diagnostic]) {
        guard case .string(let textID) = tree[literal] else { return }
        let text = tree.name(textID)
        let literalSpan = tree.span(of: literal)
        let quote = tree.source.utf8.dropFirst(literalSpan.start).first == UInt8(ascii: "'") ? "'" : "\""
        var notes = [note]
        let fix: Fix?
        if let position = options.ids.firstIndex(of: text) {
            let meant = options.texts[position]
            notes.insert("'\(text)' is the id of the option '\(meant)'; formulas read the option's text, not its id", at: 0)
            fix = quotable(meant, in: quote).map { .replace(literalSpan, with: $0, "use the option's text '\(meant)'", isSafe: false) }
        } else {
            notes.insert(options.texts.isEmpty ? "it has no options" : "its options are: " + listing(options.texts), at: 0)
            let closest = options.texts.first { $0.lowercased() == text.lowercased() } ?? Suggestions.closest(to: text, in: options.texts)
            fix = closest.flatMap { meant in
                quotable(meant, in: quote).map { .replace(literalSpan, with: $0, Suggestions.question(meant), isSafe: false) }
            }
        }
        diagnostics.append(Diagnostic(.type, message, at: span, severity: .warning, notes: notes, fix: fix, code: .unknownOption))
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
