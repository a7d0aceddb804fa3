/// Follows rows of known shape through one tree for the ``Checker``, node by node in its
/// forward pass, and reports the columns they do not have (`unknown-column`, and
/// `null-projection` where reading one from every row gives nulls instead of failing). It
/// follows option texts the same way, for `unknown-option`: a dropdown's or a multiSelect's,
/// into cells and into the callbacks that receive them.
///
/// A lambda's parameters come before the call that passes them their values (children come
/// first), so the tracker finds, before the pass, each callback lambda's first node and which
/// argument's elements its parameter receives; when the pass reaches that node the argument's
/// shape is known. Sibling lambdas share slots, so a lambda's slots are emptied at its end.
struct RowTracker {
    /// What a node holds, as far as rows go.
    enum Shape {
        case unknown
        /// An array of rows of `level` of the field `name`; `direct` when it is the field
        /// itself, whose paths the document resolves (with titles and errors).
        case rows(name: String, level: Int, direct: Bool)
        /// One row.
        case row(name: String, level: Int)
        /// A collection row's `children`: one array of rows per child schema.
        case children(name: String, level: Int)
        /// One column read from every row (`items.price`): an array of its cells, with their
        /// options when it is a dropdown or multiSelect column.
        case column(OptionChoices?)
        /// One option's text: a dropdown field or cell (`row.category`), or an element of an
        /// array of them passed to a callback (`(tag)` in `filter(tags, (tag) -> …)`).
        case optionText(OptionChoices)
        /// An array of option texts: a multiSelect field or cell.
        case optionTexts(OptionChoices)
    }

    private let tree: SyntaxTree
    private let registry: FunctionRegistry
    private var shapes: [Shape]
    /// The options of the names that hold a dropdown's or a multiSelect's selection.
    private let options: [String: OptionChoices]
    /// By a callback lambda's first node: the parameter slot that receives elements, and the
    /// argument they come from.
    private var bindings: [Int: [(slot: Int32, source: NodeID)]] = [:]
    private var slots: [Int32: Shape] = [:]

    /// A tracker for `tree`, or nil when no name in it holds rows of a known shape or options
    /// (most formulas), so that they cost the checker one look at each node.
    init?(_ tree: SyntaxTree, registry: FunctionRegistry, shapes known: [String: RowShapes], options: [String: OptionChoices] = [:]) {
        let readsRows = tree.nodes.contains { node in
            if case .reference(let name) = node { return known[tree.name(name)] != nil || options[tree.name(name)] != nil }
            return false
        }
        guard readsRows else { return nil }
        self.tree = tree
        self.registry = registry
        self.options = options
        shapes = Array(repeating: .unknown, count: tree.nodes.count)
        findBindings()
    }

    private mutating func findBindings() {
        let nodes = tree.nodes
        // The first node of each subtree: nodes are in post-order, so a subtree is the run of
        // nodes that ends at its root, and starts where its first child's does.
        var first = Array(nodes.indices)
        for index in nodes.indices {
            var child: NodeID?
            switch nodes[index] {
            case .member(let base, _), .index(let base, _): child = base
            case .unary(_, let operand): child = operand
            case .binary(_, let left, _): child = left
            case .call(_, let range), .array(let range): child = tree.children(range).first
            case .object(_, let values, let count): child = count > 0 ? tree.children[Int(values)] : nil
            case .lambda(_, let body, _): child = body
            case .number, .string, .boolean, .null, .undefined, .reference, .parameter: break
            }
            if let child { first[index] = first[child.index] }
        }
        for index in nodes.indices {
            // A call with more arguments than parameters (`now(x)`) is the checker's `wrong-arity`.
            guard case .call(let name, let range) = nodes[index], let signature = registry.lookup(tree.name(name))?.signature,
                  Int(range.count) <= signature.maximumArity else { continue }
            let arguments = Array(tree.children(range))
            for (position, argument) in arguments.enumerated() {
                guard let callback = signature.parameter(at: position).callback,
                      let element = callback.elementPosition, callback.elementsOf < arguments.count,
                      case .lambda(let parameters, _, let slotBase) = nodes[argument.index], element < parameters.count
                else { continue }
                bindings[first[argument.index], default: []].append((slotBase + Int32(element), arguments[callback.elementsOf]))
            }
        }
    }

    /// Works out node `id`'s shape from its children's, reporting what cannot be read.
    mutating func follow(_ id: NodeID, shapes known: [String: RowShapes], into diagnostics: inout [Diagnostic]) {
        for binding in bindings[id.index] ?? [] {
            if case .rows(let name, let level, _) = shapes[binding.source.index] {
                slots[binding.slot] = .row(name: name, level: level)
            } else if let texts = arrayChoices(of: binding.source) {
                slots[binding.slot] = .optionText(texts)
            }
        }
        switch tree[id] {
        case .reference(let name):
            let name = tree.name(name)
            if known[name] != nil {
                shapes[id.index] = .rows(name: name, level: 0, direct: true)
            } else if let choices = options[name] {
                shapes[id.index] = Self.reading(choices)
            }
        case .parameter(let slot, _):
            shapes[id.index] = slots[slot] ?? .unknown
        case .lambda(let parameters, _, let slotBase):
            for slot in slotBase..<slotBase + parameters.count { slots[slot] = nil }
        case .index(let base, _):
            if case .rows(let name, let level, _) = shapes[base.index] { shapes[id.index] = .row(name: name, level: level) }
        case .member(let base, let key):
            shapes[id.index] = member(tree.name(key), of: shapes[base.index], at: id, known: known, into: &diagnostics)
        case .call(let name, let range):
            guard let yields = registry.lookup(tree.name(name))?.signature.yields else { break }
            let arguments = tree.children(range)
            switch yields {
            case .elements(let position) where position < arguments.count:
                let source = arguments[arguments.startIndex + position]
                if case .rows(let name, let level, _) = shapes[source.index] {
                    shapes[id.index] = .rows(name: name, level: level, direct: false)
                } else if let texts = arrayChoices(of: source) {
                    // `filter(tags, …)`: some of a multiSelect's texts, still an array of them.
                    shapes[id.index] = .optionTexts(texts)
                }
            case .element(let position) where position < arguments.count:
                let source = arguments[arguments.startIndex + position]
                if case .rows(let name, let level, _) = shapes[source.index] {
                    shapes[id.index] = .row(name: name, level: level)
                } else if let texts = arrayChoices(of: source) {
                    shapes[id.index] = .optionText(texts)
                }
            default: break
            }
        default: break
        }
    }

    /// The shape of `base.key`, reporting a key that rows of a known shape do not have.
    private func member(_ key: String, of base: Shape, at id: NodeID, known: [String: RowShapes],
                        into diagnostics: inout [Diagnostic]) -> Shape {
        func report(_ message: String, among candidates: [String], notes: [String], on types: ValueTypes, projection: Bool = false) {
            let span = tree.nameSpan(ofMember: id)
            var notes = notes
            var fix = Suggestions.closest(to: key, in: candidates.filter(Lexer.isName)).map {
                Fix.replace(span, with: $0, Suggestions.question($0), isSafe: false)
            }
            // `items.length`: the call other languages write as a property.
            if case .member(let base, _) = tree[id], let call = registry.methodFix(key, base: tree.text(of: base), on: types, at: tree.span(of: id)) {
                if fix == nil { fix = call } else { notes.append(call.message) }
            }
            // A column projected from rows that lack it gives nulls and fails nothing: a warning.
            diagnostics.append(Diagnostic(.reference, message, at: span, severity: projection ? .warning : .error, notes: notes,
                                          fix: fix, code: projection ? .nullProjection : .unknownColumn))
        }
        let isIndex = Lexer.isIndex(key)
        switch base {
        case .unknown, .column, .optionText, .optionTexts:
            return .unknown
        case .rows(let name, let level, let direct):
            if isIndex { return .row(name: name, level: level) }
            let rows = known[name]!.levels[level]
            if direct {
                // The document resolves a field's own paths: by column id, or by title.
                if !rows.columns.contains(key), !rows.titles.contains(where: { $0?.lowercased() == key.lowercased() }) {
                    report("\(rows.owner) has no \(rows.noun.pathKey) '\(key)'", among: rows.columns + rows.titles.compactMap { $0 },
                           notes: [Self.listing(rows)], on: .array)
                    return .unknown
                }
            } else if !rows.keys.contains(key) {
                report("\(rows.noun.rows) of \(rows.owner) have no \(rows.noun.key) '\(key)', so every element is null",
                       among: rows.keys, notes: [Self.listing(rows)], on: .array, projection: true)
                return .unknown
            }
            // A field's own path may name a column by its title.
            let column = rows.columns.contains(key) ? key
                : rows.titles.firstIndex { $0?.lowercased() == key.lowercased() }.map { rows.columns[$0] } ?? key
            return .column(rows.options[column])
        case .row(let name, let level):
            let rows = known[name]!.levels[level]
            if key == "children", rows.children != nil { return .children(name: name, level: level) }
            if let nested = rows.arrays[key] { return .rows(name: name, level: nested, direct: false) }
            guard rows.columns.contains(key) else {
                report("a \(rows.noun.row) of \(rows.owner) has no \(rows.noun.key) '\(key)'", among: rows.keys,
                       notes: [Self.listing(rows)], on: .object)
                return .unknown
            }
            return rows.options[key].map(Self.reading) ?? .unknown
        case .children(let name, let level):
            let rows = known[name]!.levels[level]
            guard let child = rows.children?[key] else {
                let keys = (rows.children ?? [:]).keys.sorted()
                report("a row of \(rows.owner) has no child schema '\(key)'", among: keys,
                       notes: [keys.isEmpty ? "its schema has no children" : "its child schemas are: " + keys.joined(separator: ", ")],
                       on: .object)
                return .unknown
            }
            return .rows(name: name, level: child, direct: false)
        }
    }

    /// Whether `node` reads a column that the rows have from every row (`items.price`,
    /// `filter(items, …).qty`); it is followed already.
    func isColumn(_ node: NodeID) -> Bool {
        if case .column = shapes[node.index] { return true }
        return false
    }

    /// What can follow `node.` as far as the rows go: a field's or a row's columns in their
    /// order (and a collection row's `children`), or a `children` object's schemas by name;
    /// nil when the node is not known to hold rows.
    func keys(after node: NodeID, shapes known: [String: RowShapes]) -> [String]? {
        switch shapes[node.index] {
        case .unknown, .column, .optionText, .optionTexts: return nil
        case .rows(let name, let level, let direct):
            let rows = known[name]!.levels[level]
            return direct ? rows.columns : rows.keys
        case .row(let name, let level): return known[name]!.levels[level].keys
        case .children(let name, let level):
            return (known[name]!.levels[level].children ?? [:]).keys.sorted()
        }
    }

    /// The field and level of the one row `node` holds (a callback's parameter over rows, an
    /// element by index); nil otherwise.
    func rowOwner(of node: NodeID, shapes known: [String: RowShapes]) -> (field: String, level: RowShapes.Level)? {
        guard case .row(let name, let level) = shapes[node.index], let rows = known[name] else { return nil }
        return (name, rows.levels[level])
    }

    /// What a dropdown's (one text) or a multiSelect's (an array of texts) value is.
    private static func reading(_ choices: OptionChoices) -> Shape {
        choices.isMultiple ? .optionTexts(choices) : .optionText(choices)
    }

    /// The options of the one option's text `node` holds: a dropdown field or cell
    /// (`row.category`), or an element of an array of option texts in a callback; nil
    /// otherwise.
    func choices(of node: NodeID) -> OptionChoices? {
        if case .optionText(let choices) = shapes[node.index] { return choices }
        return nil
    }

    /// The options of the array of option texts `node` holds: a multiSelect field or cell, or
    /// a column of dropdowns read from rows (`items.category`); nil otherwise.
    func arrayChoices(of node: NodeID) -> OptionChoices? {
        switch shapes[node.index] {
        case .column(let choices?) where !choices.isMultiple: return choices
        case .optionTexts(let choices): return choices
        default: return nil
        }
    }

    /// "its columns are: price (Unit price), …", as the document's own error says it.
    private static func listing(_ rows: RowShapes.Level) -> String {
        guard !rows.columns.isEmpty else { return "it has no \(rows.noun.key == "column" ? "columns" : "properties")" }
        let named = rows.columns.prefix(12).enumerated().map { position, column in
            let title = position < rows.titles.count ? rows.titles[position] : nil
            return title.map { "\(column) (\($0))" } ?? column
        }
        return "\(rows.noun.listing): " + named.joined(separator: ", ")
    }
}
