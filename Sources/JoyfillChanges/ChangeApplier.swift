import JoyfillDecorators
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Applies changes to a document's text, all or none: the result is the text with each
/// changed value rewritten in place (an untouched row, field or byte keeps its text), or the
/// first change that cannot be applied. Formulas are not run here; ``DocumentSession`` runs them
/// on the result.
///
/// Changes are gathered per field in memory first, so any number of them costs one pass over
/// the document: within a table's changed rows only what changed is rewritten (a cell, a
/// collection row's child rows), new rows are added at the end of its `value`, and its
/// `rowOrder` is written when a row's place was given or a new row joins one. Decorator
/// changes are gathered the same way, by ``DecoratorEditor``, and written as edits of the
/// members they change. Changes to different fields commute, so both kinds share one pass; only
/// when one field gets a decorator change after a value change (or the other way round) is the
/// text written so far read again before going on. Copies of pages are gathered too and
/// written together (``PageDuplication/edits(of:in:)``), so a thousand copies cost one reading
/// of the text, not a thousand; a page deletion, a copy of a copy, and a value change after
/// copies read the text written so far again.
public enum ChangeApplier {
    public static func apply(_ changes: [DocumentChange], to document: JoyDoc,
                             newID: () -> String = ObjectID.make) throws(ChangeError) -> [UInt8] {
        var changelogs: [Int: [JSONValue]] = [:]
        return try apply(changes, to: document, newID: newID, createdOn: 0, pageChangelogs: &changelogs)
    }

    /// ``apply(_:to:newID:)``, with the changelogs of each page deletion or duplication by the
    /// change's index.
    package static func apply(_ changes: [DocumentChange], to document: JoyDoc, newID: () -> String, createdOn: Double,
                      pageChangelogs: inout [Int: [JSONValue]]) throws(ChangeError) -> [UInt8] {
        var batch = Batch(document: document)
        for (index, change) in changes.enumerated() {
            switch change.operation {
            case .pageDuplicate(let page, let withValues):
                // Copies of the document's own pages are gathered and written together; values
                // and decorators gathered before, or a copy of a page copied since the text was
                // read, are written and the result read first.
                if batch.hasValueChanges || (!batch.copies.isEmpty && !batch.hasPage(page)) { try batch.flush(at: index) }
                let copy: PageDuplication.Copy
                do throws(PageDeletion.Refusal) {
                    copy = try PageDuplication.copy(page, withValues: withValues, in: batch.document, order: batch.pageOrder,
                                                    newID: newID, createdOn: createdOn)
                } catch {
                    throw ChangeError(index: index, field: nil, message: error.summary, suggestions: error.suggestions,
                                      span: (change.json["change"]?["pageId"] ?? change.json).span)
                }
                // Each entry on its own: one that shared the document's tape would keep every
                // version of the document alive, its memory growing with the square of the changes.
                pageChangelogs[index] = copy.changelogs.map(\.detached)
                batch.add(copy)
                if copy.addsMembers { try batch.flush(at: index) }
                continue
            case .pageDelete(let page):
                // Structure, not values: what was gathered is written first, and the result read again.
                try batch.flush(at: index)
                let made: (edits: [JSONEdit], changelogs: [JSONValue])
                do throws(PageDeletion.Refusal) {
                    made = try PageDeletion.delete(page, in: batch.document, createdOn: createdOn)
                } catch {
                    throw ChangeError(index: index, field: nil, message: error.summary, suggestions: error.suggestions,
                                      span: (change.json["change"]?["pageId"] ?? change.json).span)
                }
                pageChangelogs[index] = made.changelogs.map(\.detached)
                try batch.replace(with: JSONEdit.apply(made.edits, to: batch.document.bytes), at: index)
                continue
            default:
                break
            }
            if !batch.copies.isEmpty { try batch.flush(at: index) }
            if change.target.isDecoratorChange {
                if let field = DecoratorScope.fieldIndex(ofPath: change.path ?? "", in: batch.document, lookup: batch.decorators.lookup),
                   batch.values.contains(field) {
                    try batch.flush(at: index)
                }
                try batch.addDecoratorChange(change, at: index)
            } else {
                if let field = batch.document.fieldIndex(change.fieldID), batch.decoratorFields.contains(field) {
                    try batch.flush(at: index)
                }
                try batch.addValueChange(change, at: index, newID: newID)
            }
        }
        return batch.written
    }

    /// The changes gathered since the document was last read: value and decorator changes,
    /// or copies of its pages (never both: one kind is written before the other is gathered).
    private struct Batch {
        private(set) var values: FieldChanges
        private(set) var decorators: DecoratorEditor
        private(set) var decoratorFields: Set<Int> = []
        private(set) var copies: [PageDuplication.Copy] = []
        /// The first file's `pageOrder` with the copies in, once a copy is gathered.
        private(set) var pageOrder: [String]?
        /// The ids of the document's pages, once a copy asks.
        private var pageIDs: Set<String>?

        var document: JoyDoc { values.document }

        init(document: JoyDoc) {
            values = FieldChanges(document: document)
            decorators = DecoratorEditor(document: document)
        }

        var hasValueChanges: Bool { !values.order.isEmpty || !decoratorFields.isEmpty }

        /// Whether the document, as last read, has the page `id` in its first file.
        mutating func hasPage(_ id: String) -> Bool {
            if pageIDs == nil {
                let pages = document.json["files"]?.arrayValue?.first?["pages"]?.arrayValue ?? []
                pageIDs = Set(pages.compactMap { $0["_id"]?.stringValue })
            }
            return pageIDs!.contains(id)
        }

        /// Gathers a page's copy, made from the document as last read.
        mutating func add(_ copy: PageDuplication.Copy) {
            if copies.isEmpty { pageOrder = PageDuplication.order(of: document) }
            copies.append(copy)
            if pageOrder != nil {
                if let index = pageOrder!.firstIndex(of: copy.original) {
                    pageOrder!.insert(copy.pageID, at: index + 1)
                } else {
                    pageOrder!.append(copy.pageID)
                }
            }
        }

        /// The document's text with the changes gathered written in.
        var written: [UInt8] {
            if !hasValueChanges && copies.isEmpty { return Array(document.bytes) }
            return JSONEdit.apply(decorators.edits + values.edits() + PageDuplication.edits(of: copies, in: document), to: document.bytes)
        }

        /// Writes the changes gathered and reads the result, to go on from there.
        mutating func flush(at index: Int) throws(ChangeError) {
            guard hasValueChanges || !copies.isEmpty else { return }
            try replace(with: written, at: index)
        }

        /// Goes on from the document `bytes`.
        mutating func replace(with bytes: [UInt8], at index: Int) throws(ChangeError) {
            do {
                self = Batch(document: try JoyDoc(bytes: bytes))
            } catch {
                throw ChangeError(index: index, field: nil, message: "the document changed so far does not read: \(error)")
            }
        }

        mutating func addValueChange(_ change: DocumentChange, at index: Int, newID: () -> String) throws(ChangeError) {
            try values.add(change, at: index, newID: newID)
        }

        mutating func addDecoratorChange(_ change: DocumentChange, at index: Int) throws(ChangeError) {
            decoratorFields.insert(try decorators.apply(change, at: index))
        }
    }
}

extension DecoratorEditor {
    /// Applies the decorator change `change`, the `index`th of its list; returns the position
    /// of the field it decorates. What the SDKs refuse is a ``ChangeError`` at the change's path.
    package mutating func apply(_ change: DocumentChange, at index: Int) throws(ChangeError) -> Int {
        do throws(DecoratorError) {
            switch change.operation {
            case .decoratorsAdd(let path, let list): return try add(list.map(\.json), at: path)
            case .decoratorsUpdate(let path, let action, let decorator): return try update(action: action, with: decorator.json, at: path)
            case .decoratorsRemove(let path, let action): return try remove(action: action, at: path)
            default: preconditionFailure("only decorator changes come here")
            }
        } catch {
            throw ChangeError(index: index, field: nil, message: error.summary, suggestions: error.suggestions,
                              span: change.json["path"]?.span ?? change.json.span)
        }
    }
}
