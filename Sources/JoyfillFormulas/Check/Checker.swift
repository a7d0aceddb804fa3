/// Finds problems in a formula without evaluating it.
///
/// One forward pass over the tree's nodes (children come before parents) infers the set of
/// types each node may have, and reports what is certain to fail or to mislead:
///
/// | code | kind | finding |
/// |---|---|---|
/// | `unknown-function` | reference | a call to a function the registry does not have (with "did you mean") |
/// | `wrong-arity` | arguments | a call with too few or too many arguments |
/// | `type-mismatch` | type | an argument or operand whose type can never be accepted |
/// | `unknown-reference` | reference | a name that is not a known field (only when names are given) |
/// | `division-by-zero` | divisionByZero | a division or `mod` by a literal zero |
/// | `invalid-argument` | arguments | a string literal that is none of the words its parameter takes (`dateAdd(d, 1, "dayz")`) |
/// | `always-false-comparison` | type (warning) | `==` on arrays or objects, or values of different types; `<` on non-numbers |
/// | `unknown-column` | reference | a column that rows of a table or collection (or a chart's lines or points) do not have, read where that fails (only when ``rowShapes`` are given) |
/// | `null-projection` | reference (warning) | such a column read from every row of an array of them, which gives nulls |
/// | `date-milliseconds` | type (warning) | a small whole number added to a date (`due + 30`: 30 ms), or compared with a difference of dates |
/// | `unknown-option` | type (warning) | a dropdown compared with a text none of its options has, or a `countIf` of option texts by a text none contains (only when ``optionChoices`` or ``rowShapes`` are given) |
///
/// The checker never reports what depends on run-time values: a reference's type is unknown
/// unless the caller says (``nameTypes``), so `x + 1` is fine while `"a" * 2` is not. Row
/// shapes follow rows through paths (`items.0`, `row.children.checks`), the callbacks that
/// receive elements (`map(items, (row) -> …)`, declared by ``Callback``) and the functions
/// that yield them (`filter`, `find`, declared by ``FunctionSignature/Yield``).
public struct Checker: Sendable {
    public var registry: FunctionRegistry
    /// The names a formula may reference; nil to skip reference checks.
    public var knownNames: Set<String>? {
        didSet { suggestions = knownNames.map { Suggestions.Index($0.sorted()) } }
    }
    /// "Did you mean" over ``knownNames``, indexed once for all the formulas checked.
    private var suggestions: Suggestions.Index?
    /// Field ids by the ``Suggestions/looseKey(_:)`` of their titles and identifiers, for a
    /// formula that names a field the way a person would ("did you mean 'items'?" for
    /// `LineItems`).
    public var idsByAlias: [String: String] = [:]
    /// Known types of names (a number field is `number|null`); others are `any`.
    public var nameTypes: [String: ValueTypes]
    /// The rows of names that hold tables, collections and charts, for `unknown-column` and
    /// `null-projection`, with the options of their dropdown columns.
    public var rowShapes: [String: RowShapes]
    /// The options of names that hold a dropdown's or a multiSelect's selection, for
    /// `unknown-option`.
    public var optionChoices: [String: OptionChoices] = [:]

    public init(registry: FunctionRegistry = .standard, knownNames: Set<String>? = nil, nameTypes: [String: ValueTypes] = [:],
                rowShapes: [String: RowShapes] = [:]) {
        self.registry = registry
        self.knownNames = knownNames
        self.nameTypes = nameTypes
        self.rowShapes = rowShapes
        suggestions = knownNames.map { Suggestions.Index($0.sorted()) }
    }

    /// The parse diagnostics of `tree` followed by the checker's findings, in source order.
    public func check(_ tree: SyntaxTree) -> [Diagnostic] {
        analyze(tree).diagnostics
    }

    /// What to tell about a formula that has just evaluated without failing (`jf eval`, the
    /// REPL): the findings, all as warnings, since an error found there is in a part that did
    /// not run this time (an `if` branch not taken, a callback over no elements); such a
    /// finding says so in a note.
    public func advice(afterEvaluating tree: SyntaxTree) -> [Diagnostic] {
        check(tree).map { finding in
            guard finding.severity == .error else { return finding }
            var warning = finding
            warning.severity = .warning
            warning.notes.append("this part of the formula did not run this time; it fails when it does")
            return warning
        }
    }

    /// The types the root may have (`any` when unknown or when the tree has errors).
    public func resultTypes(of tree: SyntaxTree) -> ValueTypes {
        analyze(tree).result
    }

    /// Both at once, in one pass: the findings in source order and the root's types.
    public func analyze(_ tree: SyntaxTree) -> (diagnostics: [Diagnostic], result: ValueTypes) {
        var diagnostics = tree.diagnostics
        guard let root = tree.root else { return (diagnostics, .any) }
        var types = [ValueTypes](repeating: .any, count: tree.nodes.count)
        var rows = rowShapes.isEmpty && optionChoices.isEmpty ? nil
            : RowTracker(tree, registry: registry, shapes: rowShapes, options: optionChoices)
        for index in tree.nodes.indices {
            types[index] = infer(NodeID(index), in: tree, types: types, into: &diagnostics)
            rows?.follow(NodeID(index), shapes: rowShapes, into: &diagnostics)
            // A column read from a field's rows (`items.price`) is an array of its cells.
            if rows?.isColumn(NodeID(index)) == true { types[index] = .array }
            Self.dateMilliseconds(NodeID(index), in: tree, types: types, into: &diagnostics)
            if let rows { findUnknownOptions(NodeID(index), in: tree, rows: rows, into: &diagnostics) }
        }
        return (diagnostics.sorted { $0.span.start < $1.span.start }, types[root.index])
    }

    /// `unknown-option` at node `id`: a dropdown compared with a text it cannot be, or a
    /// `countIf` of a text over option texts that none of them contains.
    private func findUnknownOptions(_ id: NodeID, in tree: SyntaxTree, rows: RowTracker, into diagnostics: inout [Diagnostic]) {
        switch tree[id] {
        case .binary(let op, let left, let right):
            Self.optionComparison(op, left, right, at: tree.span(of: id), in: tree,
                                  choices: { rows.choices(of: $0) }, into: &diagnostics)
        case .call:
            Self.optionCount(id, in: tree, registry: registry,
                             arrayChoices: { rows.arrayChoices(of: $0) }, into: &diagnostics)
        default:
            break
        }
    }

    /// The texts that the string `literal` can be compared with, for completion: when it is
    /// one side of `==` or `!=` and the other side is a dropdown (a field, or a cell of a
    /// dropdown column, `row.category` in `filter(items, (row) -> row.category == "…`), its
    /// options' texts; nil otherwise.
    public func optionTexts(comparedWith literal: NodeID, in tree: SyntaxTree) -> [String]? {
        guard let comparison = tree.nodes.indices.first(where: { index in
            guard case .binary(let op, let left, let right) = tree.nodes[index], op == .equal || op == .notEqual else { return false }
            return left == literal || right == literal
        }), case .binary(_, let left, let right) = tree.nodes[comparison] else { return nil }
        let other = left == literal ? right : left
        guard var rows = RowTracker(tree, registry: registry, shapes: rowShapes, options: optionChoices) else { return nil }
        var ignored: [Diagnostic] = []
        for index in 0...other.index { rows.follow(NodeID(index), shapes: rowShapes, into: &ignored) }
        return rows.choices(of: other)?.texts
    }

    /// The names that can follow the `.` of member node `member` (`base.name`), for
    /// completion: the columns, `children` or child schemas of the rows `base` holds, as far
    /// as ``rowShapes`` tell; nil when `base` is not known to hold rows.
    public func keys(forMember member: NodeID, in tree: SyntaxTree) -> [String]? {
        guard case .member(let base, _) = tree[member], !rowShapes.isEmpty,
              var rows = RowTracker(tree, registry: registry, shapes: rowShapes) else { return nil }
        var ignored: [Diagnostic] = []
        for index in 0...base.index { rows.follow(NodeID(index), shapes: rowShapes, into: &ignored) }
        return rows.keys(after: base, shapes: rowShapes)
    }

    /// The field and the kind of rows whose row `base` is in member node `member` (`row` in
    /// `map(items, (row) -> row.price)`, `items.0`), for hover: nil when `base` is not known to
    /// hold a row.
    public func rowOwner(ofMember member: NodeID, in tree: SyntaxTree) -> (field: String, level: RowShapes.Level)? {
        guard case .member(let base, _) = tree[member], !rowShapes.isEmpty,
              var rows = RowTracker(tree, registry: registry, shapes: rowShapes) else { return nil }
        var ignored: [Diagnostic] = []
        for index in 0...base.index { rows.follow(NodeID(index), shapes: rowShapes, into: &ignored) }
        return rows.rowOwner(of: base, shapes: rowShapes)
    }

    private func infer(_ id: NodeID, in tree: SyntaxTree, types: [ValueTypes], into diagnostics: inout [Diagnostic]) -> ValueTypes {
        let span = tree.span(of: id)
        func type(_ node: NodeID) -> ValueTypes { types[node.index] }
        func report(_ kind: Diagnostic.Kind, _ code: DiagnosticCode, _ message: String, at span: SourceSpan,
                    severity: Diagnostic.Severity = .error, notes: [String] = [], fix: Fix? = nil) {
            diagnostics.append(Diagnostic(kind, message, at: span, severity: severity, notes: notes, fix: fix, code: code))
        }

        switch tree[id] {
        case .number: return .number
        case .string: return .string
        case .boolean: return .boolean
        case .null: return .null
        case .undefined: return .undefined
        case .lambda: return .lambda
        case .array: return .array
        case .object: return .object
        case .parameter: return .any

        case .reference(let nameID):
            let name = tree.name(nameID)
            if let knownNames, !knownNames.contains(name) {
                var notes: [String] = []
                if registry.lookup(name) != nil { notes.append("'\(name)' is a function; call it with parentheses: \(name)(…)") }
                let suggestion = suggestions?.closest(to: name) ?? idsByAlias[Suggestions.looseKey(name)]
                let fix = suggestion.map { Fix.replace(span, with: $0, Suggestions.question($0), isSafe: false) }
                if let suggestion, let note = Suggestions.aliasNote(for: name, suggestion: suggestion) { notes.append(note) }
                report(.reference, .unknownReference, "unknown name '\(name)'", at: span, notes: notes, fix: fix)
            }
            return nameTypes[name] ?? .any

        case .member(let base, let name):
            if type(base).isDisjoint(with: [.array, .object]) {
                report(.type, .typeMismatch, "cannot read property '\(tree.name(name))' of \(Signatures.article(type(base)))", at: span,
                       fix: registry.methodFix(tree.name(name), base: tree.text(of: base), on: type(base), at: span))
            }
            return .any

        case .index(let base, let index):
            if type(base).isDisjoint(with: .array) {
                report(.type, .typeMismatch, "only arrays can be indexed with [ ], not \(Signatures.article(type(base)))", at: tree.span(of: base))
            } else if type(index).isDisjoint(with: .number) {
                report(.type, .typeMismatch, "an array index must be a number, not \(Signatures.article(type(index)))", at: tree.span(of: index))
            }
            return .any

        case .unary(let op, let operand):
            let wanted: ValueTypes = op == .negate ? .number : .boolean
            if type(operand).isDisjoint(with: wanted) {
                report(.type, .typeMismatch, "'\(op.symbol)' needs \(Signatures.article(wanted)), not \(Signatures.article(type(operand)))", at: span)
            }
            return wanted

        case .binary(let op, let left, let right):
            return binary(op, left, right, span: span, tree: tree, types: types, report: report)

        case .call(let nameID, let range):
            let name = tree.name(nameID)
            let nameSpan = tree.nameSpan(ofCall: id)
            guard let function = registry.lookup(name) else {
                let advice = registry.adviceForUnknownFunction(name, at: nameSpan)
                report(.reference, .unknownFunction, "unknown function '\(name)'", at: nameSpan, notes: advice.notes, fix: advice.fix)
                return .any
            }
            let signature = function.signature
            let arguments = Array(tree.children(range))
            if arguments.count < signature.minimumArity || arguments.count > signature.maximumArity {
                report(.arguments, .wrongArity, "\(signature.name)() \(signature.arityDescription), got \(arguments.count)", at: span,
                       notes: ["usage: " + signature.usage])
                return signature.returns
            }
            for (position, argument) in arguments.enumerated() {
                let parameter = signature.parameter(at: position)
                if let callback = parameter.callback, case .lambda(let parameters, _, _) = tree[argument],
                   parameters.count == 0 || Int(parameters.count) > callback.supplies.count {
                    report(.arguments, .wrongArity, Signatures.callbackMismatch(signature, position, declares: Int(parameters.count)),
                           at: tree.span(of: argument))
                }
                if type(argument).isDisjoint(with: parameter.types) {
                    report(.type, .typeMismatch,
                           "\(signature.name)() expects \(parameter.name) (argument \(position + 1)) to be \(Signatures.article(parameter.types)), not \(Signatures.article(type(argument)))",
                           at: tree.span(of: argument), notes: ["usage: " + signature.usage])
                }
                if !parameter.choices.isEmpty, case .string(let wordID) = tree[argument] {
                    invalidChoice(tree.name(wordID), of: parameter, at: tree.span(of: argument), in: tree, report: report)
                }
                if ["mod"].contains(signature.name), position == 1, case .number(0) = tree[argument] {
                    report(.divisionByZero, .divisionByZero, "mod() by zero always fails", at: tree.span(of: argument))
                }
            }
            if ["if", "iff"].contains(signature.name.lowercased()), arguments.count == 3 {
                return type(arguments[1]).union(type(arguments[2]))
            }
            // concat gives an array only when every argument is one: an argument that cannot
            // be an array makes it text.
            if signature.name == "concat", arguments.contains(where: { type($0).isDisjoint(with: .array) }) {
                return .string
            }
            return signature.returns
        }
    }

    /// A string literal given for a parameter that takes only certain words, when it is none
    /// of them (`dateAdd(d, 1, "dayz")`): the call always fails. The closest word is offered
    /// as a suggestion, in the literal's own quotes.
    private func invalidChoice(_ word: String, of parameter: Parameter, at span: SourceSpan, in tree: SyntaxTree,
                               report: (Diagnostic.Kind, DiagnosticCode, String, SourceSpan, Diagnostic.Severity, [String], Fix?) -> Void) {
        guard !parameter.choices.contains(word.lowercased()) else { return }
        let (message, note, closest) = parameter.unknownChoice(word)
        let quote = tree.source.utf8.dropFirst(span.start).first == UInt8(ascii: "'") ? "'" : "\""
        let fix = closest.map { Fix.replace(span, with: quote + $0 + quote, "did you mean \"\($0)\"?", isSafe: false) }
        report(.arguments, .invalidArgument, message, span, .error, [note], fix)
    }

    private func binary(
        _ op: BinaryOperator, _ left: NodeID, _ right: NodeID, span: SourceSpan, tree: SyntaxTree, types: [ValueTypes],
        report: (Diagnostic.Kind, DiagnosticCode, String, SourceSpan, Diagnostic.Severity, [String], Fix?) -> Void
    ) -> ValueTypes {
        let l = types[left.index]
        let r = types[right.index]
        func mismatch(_ message: String) {
            // A column read from rows is an array (`items.price * items.qty`): the advice maps
            // the rows. A member is inferred an array only where the row tracker found a column.
            let advice: (notes: [String], fix: Fix?) = l == .array || r == .array
                ? ColumnArithmetic.advice(op, left, right, at: span, in: tree, isColumn: { types[$0.index] == .array })
                : ([], nil)
            report(.type, .typeMismatch, message, span, .error, advice.notes, advice.fix)
        }
        switch op {
        case .and, .or:
            for (side, node) in [(l, left), (r, right)] where side.isDisjoint(with: .boolean) {
                report(.type, .typeMismatch, "'\(op.symbol)' needs booleans, not \(Signatures.article(side))", tree.span(of: node), .error,
                       ["there is no implicit truthiness; compare explicitly"], nil)
            }
            return .boolean
        case .add:
            var result: ValueTypes = []
            if l.contains(.number) && r.contains(.number) { result.insert(.number) }
            if l.contains(.string) || r.contains(.string) { result.insert(.string) }
            if (l.contains(.date) && r.contains(.number)) || (l.contains(.number) && r.contains(.date)) { result.insert(.date) }
            if result.isEmpty {
                mismatch("cannot add \(Signatures.article(l)) and \(Signatures.article(r))")
                return .any
            }
            return result
        case .subtract:
            var result: ValueTypes = []
            if (l.contains(.number) && r.contains(.number)) || (l.contains(.date) && r.contains(.date)) { result.insert(.number) }
            if result.isEmpty {
                mismatch("cannot subtract \(Signatures.article(r)) from \(Signatures.article(l))")
                return .any
            }
            return result
        case .multiply, .divide:
            if l.isDisjoint(with: .number) || r.isDisjoint(with: .number) {
                mismatch("'\(op.symbol)' needs numbers, not \(Signatures.article(l.isDisjoint(with: .number) ? l : r))")
            }
            if op == .divide, case .number(0) = tree[right] {
                report(.divisionByZero, .divisionByZero, "division by zero always fails", tree.span(of: right), .error, [], nil)
            }
            return .number
        case .equal, .notEqual:
            let outcome = op == .equal ? "false" : "true"
            if l.isSubset(of: [.array, .object]) || r.isSubset(of: [.array, .object]) {
                report(.type, .alwaysFalseComparison, "arrays and objects are never equal, so this is always \(outcome)", span, .warning,
                       ["compare elements or properties instead, e.g. length(a) == 0"], nil)
            } else if l.isDisjoint(with: r) {
                report(.type, .alwaysFalseComparison,
                       "\(Signatures.article(l)) is never equal to \(Signatures.article(r)), so this is always \(outcome)", span, .warning,
                       ["'==' does not convert types; use toNumber() or toString() first"], nil)
            }
            return .boolean
        case .less, .lessEqual, .greater, .greaterEqual:
            let numbers = l.contains(.number) && r.contains(.number)
            let dates = l.contains(.date) && r.contains(.date)
            if !numbers && !dates {
                report(.type, .alwaysFalseComparison,
                       "'\(op.symbol)' compares only numbers with numbers and dates with dates, so this is always false", span, .warning,
                       l.contains(.string) || r.contains(.string) ? ["text is not ordered; compare lengths or use sort()"] : [], nil)
            }
            return .boolean
        }
    }
}
