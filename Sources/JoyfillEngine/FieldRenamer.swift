import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Renames fields everywhere a JoyDoc names them by id: a field's `_id`, the formulas that
/// read it (by their syntax: a lambda's parameter, a column or a text literal of the same
/// name is left alone), the positions that place it on pages and views' pages, and the
/// conditions of every logic slot (``LogicSlots``: fields', columns', collection schemas',
/// pages'). The one renamer of the toolchain: page duplication points a copied page at its
/// copied fields with it, and the language server's rename edits a template with it.
public struct FieldRenamer: Sendable {
    /// The new id of each renamed field, by its old id.
    public let names: [String: String]

    public init(_ names: [String: String]) {
        self.names = names
    }

    // MARK: Values built from the document

    /// A logic object whose conditions read the new names.
    public func logic(_ logic: JSONValue) -> JSONValue {
        guard let conditions = logic["conditions"]?.arrayValue else { return logic }
        return JSONValue.setting("conditions", to: .array(conditions.map { condition in
            guard condition.isObject, let field = condition["field"]?.stringValue, let new = names[field] else { return condition }
            return JSONValue.setting("field", to: .string(new), in: condition)
        }), in: logic)
    }

    /// A field whose every logic slot (its own, its columns', its schemas' and their columns')
    /// reads the new names.
    public func field(_ json: JSONValue) -> JSONValue {
        LogicSlots.mapping(field: json, logic)
    }

    /// A formula whose reads of renamed fields name the new names.
    public func expression(_ text: String) -> String {
        let tree = Parser.parse(text)
        var bytes = Array(text.utf8)
        for (span, name) in references(in: tree).reversed() {
            bytes.replaceSubrange(span.start..<span.end, with: Array(name.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The reads of renamed fields in a formula, in order: where each is, and its new name.
    public func references(in tree: SyntaxTree) -> [(span: SourceSpan, name: String)] {
        tree.nodes.indices.compactMap { index in
            guard case .reference(let name) = tree.nodes[index], let new = names[tree.name(name)] else { return nil }
            return (tree.span(of: NodeID(index)), new)
        }
    }

    // MARK: The document's text

    /// The edits that rename the fields in `document`'s text, in order of place: each renamed
    /// field's `_id`, each read in a document formula (written as the formula's JSON string
    /// holds it), each position's `field` and each logic condition's `field`.
    public func edits(in document: JoyDoc) -> [JSONEdit] {
        var edits: [JSONEdit] = []
        func rename(_ value: JSONValue?) {
            guard let value, let old = value.stringValue, let new = names[old], let span = value.span else { return }
            edits.append(JSONEdit(span: span, replacement: JSONText.string(new)))
        }
        for field in document.fields { rename(field.json["_id"]) }
        for definition in document.formulas {
            let place = document.textOffsets(of: definition)
            for (span, name) in references(in: Parser.parse(definition.expression)) {
                edits.append(JSONEdit(span: place(span.start)..<place(span.end), replacement: name))
            }
        }
        for file in document.json["files"]?.arrayValue ?? [] {
            for page in LogicSlots.pages(of: file) {
                for position in page["fieldPositions"]?.arrayValue ?? [] { rename(position["field"]) }
            }
        }
        for logic in LogicSlots.all(in: document.json) {
            for condition in logic["conditions"]?.arrayValue ?? [] { rename(condition["field"]) }
        }
        return edits.sorted { $0.span.lowerBound < $1.span.lowerBound }
    }
}
