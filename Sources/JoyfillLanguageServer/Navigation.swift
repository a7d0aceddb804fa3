import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// Reading a formula in the editor: hover, completion, signature help, going to a
/// definition, finding references, the outline, and the symbols of every open document.
extension LanguageServer {
    /// The documentation of the function, or the description of the field or a table's
    /// column, under the cursor in a formula.
    func hover(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let formula = cursor.formula, let (tree, node) = cursor.node() else { return .null }
        let span = tree.span(of: node)
        let text: String
        let shown: SourceSpan
        switch tree[node] {
        case .call(let name, _):
            let name = tree.name(name)
            shown = SourceSpan(start: span.start, end: span.start + name.utf8.count)
            guard cursor.local < shown.end else { return .null }
            if let function = FunctionRegistry.standard.lookup(name) {
                text = "```\n" + FunctionReference.text(function.signature) + "```"
            } else {
                // What the diagnostic says of it, where the pointer is.
                let advice = FunctionRegistry.standard.adviceForUnknownFunction(name, at: shown)
                text = "**`\(name)`**: unknown function" + (advice.fix.map { "; \($0.message)" } ?? "")
                    + advice.notes.map { "\n\n" + $0 }.joined()
            }
        case .parameter(let slot, _):
            guard let lambda = Self.lambda(declaring: slot, around: node, in: tree),
                  let described = describeParameter(Int(slot) - Int(lambda.slotBase), of: lambda.node, in: tree, cursor: cursor) else { return .null }
            shown = span
            text = described
        case .lambda(let params, let body, _):
            // The parameter list `(row, index)` before the arrow: the name under the cursor.
            guard cursor.local < tree.span(of: body).start,
                  let (position, name) = Self.parameterName(at: cursor.local, lambda: span, count: params.indices.count, in: tree.source)
            else { return .null }
            shown = name
            guard let described = describeParameter(position, of: node, in: tree, cursor: cursor) else { return .null }
            text = described
        case .reference(let name):
            shown = span
            guard let field = cursor.analysis.document?.field(tree.name(name)) else { return .null }
            text = Self.describe(field)
        case .member(let base, let name):
            // A table's column read by its id or title (`items.price`, `items.Unit price` is not a name).
            shown = tree.nameSpan(ofMember: node)
            let key = tree.name(name).lowercased()
            guard shown.start <= cursor.local else { return .null }
            if case .reference(let fieldName) = tree[base], let field = cursor.analysis.document?.field(tree.name(fieldName)),
               let column = field.columns.first(where: { $0.id.lowercased() == key || $0.title?.lowercased() == key }) {
                text = Self.describe(column, of: field)
            } else if let owner = rowOwner(ofMember: node, in: tree, fields: cursor.analysis.document?.fields ?? []) {
                // A cell of a row a callback is given (`row.price` in `map(items, (row) -> row.price)`).
                let field = cursor.analysis.document?.field(owner.field)
                if let field, let column = field.columns.first(where: { $0.id.lowercased() == key || $0.title?.lowercased() == key }) {
                    text = Self.describe(column, of: field) + "\n\nread from each row of `\(field.id)`"
                } else if let index = owner.level.columns.firstIndex(where: { $0.lowercased() == key }) {
                    let title = owner.level.titles.indices.contains(index) ? owner.level.titles[index] : nil
                    text = "**`\(owner.level.columns[index])`**: \(owner.level.noun.key)" + (title.map { " “\($0)”" } ?? "")
                        + " of \(owner.level.owner)"
                } else {
                    return .null
                }
            } else {
                return .null
            }
        default:
            return .null
        }
        return .object([
            JSONMember("contents", .object([JSONMember("kind", .string("markdown")), JSONMember("value", .string(text))])),
            JSONMember("range", range(formula.fileOffset(shown.start), formula.fileOffset(shown.end), cursor.lines)),
        ])
    }

    /// The lambda whose parameter occupies local `slot`, among those around `node`: the
    /// innermost lambda whose span holds it and whose slots include `slot`.
    private static func lambda(declaring slot: Int32, around node: NodeID, in tree: SyntaxTree) -> (node: NodeID, slotBase: Int32)? {
        let span = tree.span(of: node)
        var found: (node: NodeID, slotBase: Int32, length: Int)?
        for index in tree.nodes.indices {
            guard case .lambda(let params, _, let slotBase) = tree[NodeID(index)],
                  slotBase <= slot, slot < slotBase + Int32(params.indices.count) else { continue }
            let around = tree.span(of: NodeID(index))
            guard around.start <= span.start, span.end <= around.end else { continue }
            if found == nil || around.end - around.start < found!.length { found = (NodeID(index), slotBase, around.end - around.start) }
        }
        return found.map { ($0.node, $0.slotBase) }
    }

    /// Which of a lambda's `count` parameters is written at `offset` of its header, and where:
    /// the names are the identifiers between its start and its arrow.
    private static func parameterName(at offset: Int, lambda span: SourceSpan, count: Int, in source: String) -> (Int, SourceSpan)? {
        let bytes = Array(source.utf8)
        var position = 0
        var index = span.start
        while index < min(span.end, bytes.count), position < count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") else {
                if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "=") { break }   // the arrow: the header is over
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "_") || bytes[end] >= 0x80 || (bytes[end] | 0x20) >= UInt8(ascii: "a") && (bytes[end] | 0x20) <= UInt8(ascii: "z")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            if index <= offset && offset <= end { return (position, SourceSpan(start: index, end: end)) }
            position += 1
            index = end
        }
        return nil
    }

    /// What hover says of parameter `position` of `lambda`: what the function it is given to
    /// passes there, and when that is a row of a table or collection, its columns.
    private func describeParameter(_ position: Int, of lambda: NodeID, in tree: SyntaxTree, cursor: Cursor) -> String? {
        guard case .lambda(let params, _, _) = tree[lambda], position < params.indices.count else { return nil }
        let name = tree.names[params.indices.lowerBound + position]
        var text = "**`\(name)`**: parameter of a lambda"
        // The call the lambda is an argument of, and what its signature passes there.
        for index in tree.nodes.indices {
            guard case .call(let callName, let range) = tree[NodeID(index)],
                  let argument = Array(tree.children(range)).firstIndex(of: lambda),
                  let function = FunctionRegistry.standard.lookup(tree.name(callName)) else { continue }
            let signature = function.signature
            guard let callback = signature.parameter(at: argument).callback, position < callback.supplies.count else { break }
            let arguments = Array(tree.children(range))
            let supplied = callback.supplies[position]
            text = "**`\(name)`**: \(signature.name)() passes it the \(supplied)"
            if position == callback.elementPosition, callback.elementsOf < arguments.count {
                let array = arguments[callback.elementsOf]
                text += " of `\(tree.text(of: array))`"
                if case .reference(let fieldName) = tree[array], let field = cursor.analysis.document?.field(tree.name(fieldName)),
                   !field.columns.isEmpty {
                    let columns = field.columns.prefix(8).map { "`\(name).\($0.id)`" }.joined(separator: ", ")
                    text += ": a row of the \(field.type.name) `\(field.id)`, whose cells read as " + columns
                        + (field.columns.count > 8 ? ", …" : "")
                }
            }
            break
        }
        return text
    }

    /// A column of a table or collection field, as hover shows it.
    static func describe(_ column: TableColumn, of field: Field) -> String {
        "**`\(column.id)`**: \(column.type.name) column" + (column.title.map { " “\($0)”" } ?? "")
            + " of \(field.type.name) `\(field.id)`" + (column.required ? "\n\nrequired in every row" : "")
    }

    /// The field and rows a member's base is a row of, as the checker follows rows.
    private func rowOwner(ofMember member: NodeID, in tree: SyntaxTree, fields: [Field]) -> (field: String, level: RowShapes.Level)? {
        var checker = Checker(knownNames: Set(fields.map(\.id)))
        checker.learn(fields)
        return checker.rowOwner(ofMember: member, in: tree)
    }

    /// What can be written at the cursor in a formula: in a string given for a parameter that
    /// takes certain words, those words (`dateAdd(d, 1, "` offers the units), in a string
    /// compared with a dropdown its options' texts, and in another string nothing; after a
    /// `.`, the columns of the rows before it (`items.`, `row.` in `map(items, (row) -> row.`),
    /// the children of a collection row, or a chart's line properties; elsewhere the
    /// document's fields and the functions.
    func completion(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let formula = cursor.formula else { return .array([]) }
        func item(_ label: String, kind: Int, detail: String?, documentation: String? = nil) -> JSONValue {
            var members = [JSONMember("label", .string(label)), JSONMember("kind", .number(Double(kind)))]
            if let detail { members.append(JSONMember("detail", .string(detail))) }
            if let documentation { members.append(JSONMember("documentation", .string(documentation))) }
            return .object(members)
        }
        let fields = cursor.analysis.document?.fields ?? []
        let bytes = Array(formula.expression.utf8)
        // Inside a string given for a parameter that takes certain words (`dateAdd`'s unit).
        let before = String(decoding: bytes[..<cursor.local], as: UTF8.self)
        if Lexer.endsInsideString(before) {
            if let (name, argument) = Lexer.openCall(before: before),
               let signature = FunctionRegistry.standard.lookup(name)?.signature, argument < signature.maximumArity,
               case let parameter = signature.parameter(at: argument), !parameter.choices.isEmpty {
                return .array(parameter.choices.map { item($0, kind: 12, detail: "\(parameter.name) of \(signature.name)()") })
            }
            // A string compared with a dropdown: its options (`status == "` offers Paid …).
            var checker = Checker(knownNames: Set(fields.map(\.id)))
            checker.learn(fields)
            guard let (tree, literal) = Parser.parseCompletingString(before),
                  let options = checker.optionTexts(comparedWith: literal, in: tree) else { return .array([]) }
            return .array(options.map { item($0, kind: 20, detail: "option") })
        }
        if let dot = Self.dotBeforeWord(in: bytes, at: cursor.local) {
            var checker = Checker(knownNames: Set(fields.map(\.id)))
            checker.learn(fields)
            guard let (tree, member) = Parser.parseCompletingMember(String(decoding: bytes[..<(dot + 1)], as: UTF8.self)),
                  let keys = checker.keys(forMember: member, in: tree) else { return .array([]) }
            // A field's own columns come with their types and titles.
            let base: String? = {
                guard case .member(let base, _) = tree[member], case .reference(let name) = tree[base] else { return nil }
                return tree.name(name)
            }()
            let columns = fields.first { $0.id == base }?.columns ?? []
            return .array(keys.map { key in
                let column = columns.first { $0.id == key }
                return item(key, kind: 5, detail: column.map { Self.detail($0.type, $0.title) })
            })
        }
        // The fields and functions that begin with the word typed, at most ``completionLimit``
        // of them: a template of thousands of fields is not sent whole on every keystroke. A
        // list cut short is marked incomplete, so the editor asks again as the word grows.
        var start = min(cursor.local, bytes.count)
        while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
        let word = String(decoding: bytes[start..<min(cursor.local, bytes.count)], as: UTF8.self).lowercased()
        var items: [JSONValue] = []
        var complete = true
        for field in fields where word.isEmpty || field.id.lowercased().hasPrefix(word) {
            guard items.count < Self.completionLimit else { complete = false; break }
            items.append(item(field.id, kind: 6, detail: Self.detail(field.type, field.title)))
        }
        for signature in FunctionRegistry.standard.signatures where word.isEmpty || signature.name.lowercased().hasPrefix(word) {
            guard items.count < Self.completionLimit else { complete = false; break }
            items.append(item(signature.name, kind: 3, detail: signature.usage, documentation: signature.summary))
        }
        // Filtered by the word, the list is incomplete too: a shorter word (after a backspace)
        // would find more.
        if !word.isEmpty { complete = false }
        return complete ? .array(items) : .object([JSONMember("isIncomplete", .bool(true)), JSONMember("items", .array(items))])
    }

    /// The most fields and functions one completion answer lists.
    static let completionLimit = 200

    /// Where the `.` is that the word at the cursor follows (`items.pr|`), or nil when the
    /// word follows no `.`.
    static func dotBeforeWord(in bytes: [UInt8], at offset: Int) -> Int? {
        var index = min(offset, bytes.count)
        while index > 0, isNameByte(bytes[index - 1]) { index -= 1 }
        return index > 0 && bytes[index - 1] == UInt8(ascii: ".") ? index - 1 : nil
    }

    /// A byte of a name: a letter, a digit, `_`, or part of a character past ASCII.
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The signature of the function whose call the cursor is in (``Lexer/openCall(before:)``),
    /// with the parameter being typed.
    func signatureHelp(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let formula = cursor.formula else { return .null }
        let before = String(decoding: Array(formula.expression.utf8)[..<cursor.local], as: UTF8.self)
        guard let (name, argument) = Lexer.openCall(before: before),
              let signature = FunctionRegistry.standard.lookup(name)?.signature, !signature.parameters.isEmpty else { return .null }
        let (label, spans) = signature.usageWithParameters
        let parameters = spans.map { span in
            JSONValue.object([JSONMember("label", .array([.number(Double(label.utf16Offset(ofByte: span.lowerBound))),
                                                           .number(Double(label.utf16Offset(ofByte: span.upperBound)))]))])
        }
        let active = min(argument, signature.parameters.count - 1)
        return .object([
            JSONMember("signatures", .array([.object([
                JSONMember("label", .string(label)), JSONMember("documentation", .string(signature.summary)),
                JSONMember("parameters", .array(parameters)),
            ])])),
            JSONMember("activeSignature", .number(0)),
            JSONMember("activeParameter", .number(Double(active))),
        ])
    }

    /// From a name in a formula, the field it reads; from a field's `"formula": "f_id"`, the
    /// formula it applies.
    func definition(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let document = cursor.analysis.document else { return .null }
        var target: Range<Int>?
        if let (tree, node) = cursor.node(), case .reference(let name) = tree[node] {
            target = document.field(tree.name(name))?.json.span
        } else {
            search: for field in document.fields {
                for applied in field.appliedFormulas {
                    guard let span = applied.json["formula"]?.span, span.contains(cursor.offset) else { continue }
                    target = document.formula(applied.formula)?.json.span
                    break search
                }
            }
        }
        guard let target else { return .null }
        return .object([JSONMember("uri", .string(cursor.document.uri)),
                        JSONMember("range", range(target.lowerBound, target.upperBound, cursor.lines))])
    }

    /// Where the field under the cursor (a name in a formula, or a field's `"_id"` value) is
    /// read: the names in every formula that read it, and with `includeDeclaration`, its
    /// `"_id"`. A lambda parameter of the same name reads no field and is left out.
    func references(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let document = cursor.analysis.document,
              let (field, _) = fieldUnderCursor(cursor) else { return .array([]) }
        var spans = readSpans(of: field.id, in: document)
        if params["context"]?["includeDeclaration"]?.boolValue == true, let declaration = field.json["_id"]?.span {
            spans.insert(declaration, at: 0)
        }
        let uri = JSONMember("uri", .string(cursor.document.uri))
        return .array(spans.map { .object([uri, JSONMember("range", range($0.lowerBound, $0.upperBound, cursor.lines))]) })
    }

    /// The document's outline: its fields (with their types and titles) and its formulas.
    func symbols(_ params: JSONValue) -> JSONValue {
        guard let open = openDocument(params),
              let document = analyze(open).document else { return .array([]) }
        let lines = TextLines(open.text, encoding: encoding)
        func symbol(_ name: String, detail: String, kind: Int, _ json: JSONValue) -> JSONValue? {
            guard let span = json.span else { return nil }
            let selection = json["_id"]?.span ?? span
            return .object([
                JSONMember("name", .string(name.isEmpty ? "(no _id)" : name)), JSONMember("detail", .string(detail)),
                JSONMember("kind", .number(Double(kind))),
                JSONMember("range", range(span.lowerBound, span.upperBound, lines)),
                JSONMember("selectionRange", range(selection.lowerBound, selection.upperBound, lines)),
            ])
        }
        let fields = document.fields.compactMap { field in
            symbol(field.id, detail: Self.detail(field.type, field.title), kind: 8, field.json)
        }
        let formulas = document.formulas.compactMap { symbol($0.id, detail: $0.expression, kind: 12, $0.json) }
        return .array(fields + formulas)
    }

    /// The most symbols a workspace search returns (an editor shows the first few).
    static let maxWorkspaceSymbols = 500

    /// "Go to symbol in workspace": the fields and formulas of the open documents whose id, or
    /// a field's title, holds the query's characters in order, ignoring letter case (as
    /// editors match symbols: `itpr` finds `item_price`).
    func workspaceSymbols(_ params: JSONValue) -> JSONValue {
        let query = Array((params["query"]?.stringValue ?? "").lowercased())
        var found: [JSONValue] = []
        for uri in documents.keys.sorted() {
            guard let open = documents[uri], let document = analyze(open).document else { continue }
            let lines = TextLines(open.text, encoding: encoding)
            func add(_ name: String, title: String?, kind: Int, _ json: JSONValue) {
                guard found.count < Self.maxWorkspaceSymbols, let span = json["_id"]?.span ?? json.span,
                      Self.holds(query, in: name) || title.map({ Self.holds(query, in: $0) }) == true else { return }
                found.append(.object([
                    JSONMember("name", .string(name)), JSONMember("kind", .number(Double(kind))),
                    JSONMember("location", .object([JSONMember("uri", .string(uri)),
                                                    JSONMember("range", range(span.lowerBound, span.upperBound, lines))])),
                    JSONMember("containerName", .string(String(uri.split(separator: "/").last ?? ""))),
                ]))
            }
            for field in document.fields { add(field.id, title: field.title, kind: 8, field.json) }
            for formula in document.formulas { add(formula.id, title: nil, kind: 12, formula.json) }
        }
        return .array(found)
    }

    /// Whether `text` holds the characters of `query` (lower case) in order, ignoring letter case.
    static func holds(_ query: [Character], in text: String) -> Bool {
        var next = query.startIndex
        for character in text.lowercased() where next < query.endIndex && character == query[next] { next += 1 }
        return next == query.endIndex
    }

    /// A field's or column's type and title, as completion and the outline show them: `number · Quantity`.
    static func detail(_ type: FieldType, _ title: String?) -> String {
        [type.name, title].compactMap { $0 }.joined(separator: " · ")
    }

    /// A field as hover shows it: id, type, title, and its value (cut short).
    static func describe(_ field: Field) -> String {
        var text = "**`\(field.id)`**: \(field.type.name) field"
        if let title = field.title, !title.isEmpty { text += " “\(title)”" }
        if !field.columns.isEmpty {
            text += "\n\ncolumns: " + field.columns.map { column in
                column.title.map { "`\(column.id)` (\($0))" } ?? "`\(column.id)`"
            }.joined(separator: ", ")
        }
        let options = field.options.filter { !$0.deleted }
        if !options.isEmpty {
            text += "\n\noptions: " + options.prefix(20).map { "“\($0.text)”" }.joined(separator: ", ") + (options.count > 20 ? ", …" : "")
        }
        if field.hasValueFormula { text += "\n\nits value is computed by a formula" }
        if let value = field.value, !value.isNull {
            let (prefix, isWhole) = value.textPrefix(200)
            text += "\n\nvalue: `\(prefix)\(isWhole ? "" : "…")`"
            // The document stores options by id; a formula reads their texts.
            let ids = value.arrayValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
            let selected = field.options.filter { ids.contains($0.id) }.map { "“\($0.text)”" }
            if !selected.isEmpty, field.type == .dropdown || field.type == .multiSelect {
                text += ", which formulas read as " + (field.type == .dropdown ? selected[0] : "[" + selected.joined(separator: ", ") + "]")
            }
            // The text of a JSON array or object reads as that value.
            if let json = FieldValueTypes.jsonText(field) {
                text += ", the text of a JSON \(json.type.rawValue), which formulas read as the \(json.type.rawValue)"
            }
        }
        return text
    }
}
