import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import JoyfillSession

/// A field as a symbol of the template: the places that name it highlighted, and renamed
/// all at once by the ``FieldRenamer``: its `"_id"`, the formulas that read it, the positions
/// that place it on pages (and in mobile views), and the conditions of every logic slot
/// (fields', columns', collection schemas', pages'); a rename edits every one, or none.
extension LanguageServer {
    /// The field under the cursor: a name in a formula that reads it, or its `"_id"` value;
    /// with where the name is in the file (for an `"_id"`, inside its quotes).
    func fieldUnderCursor(_ cursor: Cursor) -> (field: Field, name: Range<Int>)? {
        guard let document = cursor.analysis.document else { return nil }
        if let formula = cursor.formula, let (tree, node) = cursor.node(), case .reference(let name) = tree[node] {
            guard let field = document.field(tree.name(name)) else { return nil }
            let span = tree.span(of: node)
            return (field, formula.fileOffset(span.start)..<formula.fileOffset(span.end))
        }
        guard let field = document.fields.first(where: { $0.json["_id"]?.span?.contains(cursor.offset) == true }),
              let span = field.json["_id"]?.span else { return nil }
        return (field, (span.lowerBound + 1)..<(span.upperBound - 1))
    }

    /// Where the document's formulas read the field `id`: each read's formula, its tree, its
    /// span in the formula and its place in the file. A lambda parameter of the same name
    /// reads no field and is left out (the parser makes it a parameter).
    func reads(of id: String, in document: JoyDoc) -> [(formula: String, tree: SyntaxTree, span: SourceSpan, file: Range<Int>)] {
        var reads: [(formula: String, tree: SyntaxTree, span: SourceSpan, file: Range<Int>)] = []
        for definition in document.formulas {
            let tree = Parser.parse(definition.expression)
            let place = document.textOffsets(of: definition)
            for index in tree.nodes.indices {
                guard case .reference(let name) = tree.nodes[index], tree.name(name) == id else { continue }
                let span = tree.span(of: NodeID(index))
                reads.append((definition.id, tree, span, place(span.start)..<place(span.end)))
            }
        }
        return reads
    }

    /// Where the document's formulas read the field `id`, in the file.
    func readSpans(of id: String, in document: JoyDoc) -> [Range<Int>] {
        reads(of: id, in: document).map(\.file)
    }

    /// The field under the cursor, its `"_id"` and every name that reads it, highlighted.
    func documentHighlights(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let document = cursor.analysis.document,
              let (field, _) = fieldUnderCursor(cursor) else { return .array([]) }
        // DocumentHighlightKind: 1 text (the declaration), 2 read.
        var highlights = readSpans(of: field.id, in: document).map { ($0, 2) }
        if let declaration = field.json["_id"]?.span { highlights.insert((declaration, 1), at: 0) }
        return .array(highlights.map { span, kind in
            .object([JSONMember("range", range(span.lowerBound, span.upperBound, cursor.lines)), JSONMember("kind", .number(Double(kind)))])
        })
    }

    /// Whether the cursor is on a field that can be renamed: the name's range and the id.
    func prepareRename(_ params: JSONValue) -> JSONValue {
        guard let cursor = cursor(params), let (field, name) = fieldUnderCursor(cursor) else { return .null }
        return .object([JSONMember("range", range(name.lowerBound, name.upperBound, cursor.lines)),
                        JSONMember("placeholder", .string(field.id))])
    }

    /// The edits that rename the field under the cursor to `newName`, everywhere the document
    /// names it; or why it cannot be renamed: a new name that formulas could not read, that
    /// another field has, or that a lambda parameter around one of the field's reads would
    /// capture.
    func rename(_ params: JSONValue) -> Result<JSONValue, RenameError> {
        guard let cursor = cursor(params), let document = cursor.analysis.document,
              let (field, _) = fieldUnderCursor(cursor) else { return .failure(RenameError("there is no field here to rename")) }
        // A name that starts with a digit reads in jf only (`non-portable`): not offered here.
        guard let newName = params["newName"]?.stringValue, Lexer.isName(newName), newName.first?.isNumber != true else {
            let shown = params["newName"]?.stringValue ?? ""
            return .failure(RenameError("'\(shown)' cannot be read by formulas: a field id for formulas is a letter or '_' followed by letters, digits or '_' (and not true, false, null or undefined)"))
        }
        if newName == field.id { return .success(.object([JSONMember("changes", .object([]))])) }
        if document.field(newName) != nil { return .failure(RenameError("the document already has a field '\(newName)'")) }
        for read in reads(of: field.id, in: document) where Self.lambda(around: read.span, in: read.tree, declares: newName) {
            return .failure(RenameError("in formula '\(read.formula)', '\(field.id)' is read inside a lambda whose parameter is '\(newName)', which would hide the field: choose another name, or rename the parameter first"))
        }
        let edits = FieldRenamer([field.id: newName]).edits(in: document)
        return .success(workspaceEdit(cursor.document.uri, edits, cursor.lines))
    }

    /// Whether a lambda whose body holds `span` declares a parameter `name`.
    private static func lambda(around span: SourceSpan, in tree: SyntaxTree, declares name: String) -> Bool {
        tree.nodes.indices.contains { index in
            guard case .lambda(let params, let body, _) = tree.nodes[index] else { return false }
            let bodySpan = tree.span(of: body)
            return bodySpan.start <= span.start && span.end <= bodySpan.end && params.indices.contains { tree.names[$0] == name }
        }
    }
}

/// Why a rename cannot be made (sent back as the request's error).
struct RenameError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
