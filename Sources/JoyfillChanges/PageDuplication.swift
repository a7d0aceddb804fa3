import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The SDKs' `duplicatePage(pageID:copyWithValues:)`, on a document's text (docs/cli.md,
/// `jf apply`, the `page.duplicate` entry), with jf's rules where the SDKs' leave the copy
/// tied to the original (docs/compatibility.md):
///
/// - every id in the copy is new: the page, its positions, its fields (`field_` and an
///   ObjectId, as the SDKs name them), the formulas they apply and those applications;
/// - the copy reads the copy: a condition on the original page or on a field copied with it
///   is re-pointed in every logic slot (a field's `logic` and `requiredLogic`, a column's
///   four, a collection schema's `logic`, the page's own), and a formula's references to a
///   copied field are renamed by its syntax, never inside a text literal;
/// - a formula applied by several copied fields is copied once.
///
/// A field placed twice is copied once; a position whose field does not exist is dropped.
/// The page goes after the original in `pageOrder`; with a mobile view that holds the page, its
/// view page is copied too, with the same new id. Without values, each copied field but a
/// disabled one or a block is emptied. Every other byte stays as it was.
enum PageDuplication {
    /// One page's copy, made from a document: what it adds to the document's arrays.
    struct Copy {
        /// The page copied, and the copy's new id.
        let original: String
        let pageID: String
        /// The first file's new page, and the view's when the view holds the page.
        let page: JSONValue
        let viewPage: JSONValue?
        let fields: [JSONValue]
        let formulas: [JSONValue]
        /// The changelogs an SDK reports for it (`field.create` per copied field, then
        /// `page.create`, the view's first).
        let changelogs: [JSONValue]
        /// Writing it adds a member the document lacks (the view's `pageOrder`, the document's
        /// `formulas`) or goes into an order that is no array: a copy after it must read the
        /// text it wrote.
        let addsMembers: Bool
    }

    /// The copy of page `id` made from `document`, whose first file's `pageOrder` stands as
    /// `currentOrder` (its page ids; by default the document's), for the changelog's
    /// `targetIndex`.
    static func copy(_ id: String, withValues: Bool, in document: JoyDoc, order currentOrder: [String]? = nil, newID: () -> String,
                     createdOn: Double) throws(PageDeletion.Refusal) -> Copy {
        guard let file = document.json["files"]?.arrayValue?.first, let list = file["pages"]?.arrayValue else {
            throw PageDeletion.Refusal(summary: "the document has no pages", suggestion: nil)
        }
        let ids = list.map { $0["_id"]?.stringValue ?? "" }
        guard let index = ids.firstIndex(of: id) else {
            throw PageDeletion.Refusal(summary: "no page of the first file has the _id '\(id)'", suggestion: Suggestions.closest(to: id, in: ids))
        }
        let page = list[index]
        let view = file["views"]?.arrayValue?.first
        let viewPage = view?["pages"]?.arrayValue?.first { $0["_id"]?.stringValue == id }

        // The fields placed, each copied once under a new id, and the formulas they apply.
        var copies: [String: String] = [:]
        var copiedOrder: [Int] = []
        for placed in [page, viewPage].compactMap({ $0 }).flatMap({ $0["fieldPositions"]?.arrayValue ?? [] }) {
            guard let field = placed["field"]?.stringValue, copies[field] == nil, let position = document.fieldIndex(field) else { continue }
            copies[field] = "field_" + newID()
            copiedOrder.append(position)
        }
        var formulaCopies: [String: String] = [:]
        var formulaOrder: [FormulaDefinition] = []
        for position in copiedOrder {
            for applied in document.fields[position].appliedFormulas where formulaCopies[applied.formula] == nil {
                guard let definition = document.formula(applied.formula) else { continue }
                formulaCopies[applied.formula] = newID()
                formulaOrder.append(definition)
            }
        }
        let newPageID = newID()
        let pointing = Repointing(page: (id, newPageID), fields: copies)

        let fieldCopies = copiedOrder.map { position -> JSONValue in
            var field = pointing.field(document.fields[position].json)
            field = JSONValue.setting("_id", to: .string(copies[document.fields[position].id]!), in: field)
            if let applied = field["formulas"]?.arrayValue {
                field = JSONValue.setting("formulas", to: .array(applied.map { entry in
                    var entry = JSONValue.setting("_id", to: .string(newID()), in: entry)
                    if let target = entry["formula"]?.stringValue, let copy = formulaCopies[target] {
                        entry = JSONValue.setting("formula", to: .string(copy), in: entry)
                    }
                    return entry
                }), in: field)
            }
            return withValues ? field : Self.emptied(field)
        }
        let formulaCopiesJSON = formulaOrder.map { definition -> JSONValue in
            var formula = JSONValue.setting("_id", to: .string(formulaCopies[definition.id]!), in: definition.json)
            formula = JSONValue.setting("expression", to: .string(pointing.expression(definition.expression)), in: formula)
            return formula
        }
        func pageCopy(_ original: JSONValue) -> JSONValue {
            var copy = JSONValue.setting("_id", to: .string(newPageID), in: original)
            copy = JSONValue.setting("deletable", to: .bool(true), in: copy)
            copy = JSONValue.setting("copyable", to: .strings(["with-values", "without-values"]), in: copy)
            if let logic = copy["logic"] { copy = JSONValue.setting("logic", to: pointing.logic(logic), in: copy) }
            let positions = (original["fieldPositions"]?.arrayValue ?? []).compactMap { placed -> JSONValue? in
                guard let field = placed["field"]?.stringValue, let copied = copies[field] else { return nil }
                return JSONValue.setting("field", to: .string(copied), in: JSONValue.setting("_id", to: .string(newID()), in: placed))
            }
            return JSONValue.setting("fieldPositions", to: .array(positions), in: copy)
        }
        let newPage = pageCopy(page)
        let newViewPage = viewPage.map(pageCopy)

        // Changelogs, as the SDKs make them: none without the document's `_id` and
        // `identifier`, or the file's `pageOrder`, or when a view does not hold the page.
        var changelogs: [JSONValue] = []
        if document.json["identifier"] != nil, let order = currentOrder ?? Self.order(of: document),
           view == nil || newViewPage != nil, let log = PageChangelog(document: document, file: file, createdOn: createdOn) {
            let targetIndex = order.firstIndex(of: id).map { $0 + 1 } ?? order.count
            for field in fieldCopies { changelogs.append(log.entry("field.create", [], change: field.members ?? [])) }
            if let newViewPage, let viewID = view?["_id"]?.stringValue {
                changelogs.append(log.entry("page.create", [JSONMember("view", "mobile"), JSONMember("viewId", .string(viewID))],
                                            change: [JSONMember("page", newViewPage), JSONMember("targetIndex", .integer(targetIndex))]))
            }
            changelogs.append(log.entry("page.create", [], change: [JSONMember("page", newPage), JSONMember("targetIndex", .integer(targetIndex))]))
        }
        let orders = [file["pageOrder"], newViewPage == nil ? nil : view?["pageOrder"]].compactMap { $0 }
        let addsMembers = (newViewPage != nil && view?["pageOrder"] == nil)
            || (!formulaCopiesJSON.isEmpty && document.json["formulas"] == nil) || orders.contains { !$0.isArray }
        return Copy(original: id, pageID: newPageID, page: newPage, viewPage: newViewPage, fields: fieldCopies,
                    formulas: formulaCopiesJSON, changelogs: changelogs, addsMembers: addsMembers)
    }

    /// The page ids of the first file's `pageOrder`; nil when it has none.
    static func order(of document: JoyDoc) -> [String]? {
        document.json["files"]?.arrayValue?.first?["pageOrder"]?.arrayValue?.compactMap(\.stringValue)
    }

    /// The edits that write `copies`, made one after the other from `document`, into its text,
    /// as writing each and reading the result before the next would: pages, fields and formulas
    /// appended in order, and in a `pageOrder` each copy right after its page (the latest
    /// copy first) or, when the order lacks the page, at the end. Only the last copy may add
    /// members (``Copy/addsMembers``).
    static func edits(of copies: [Copy], in document: JoyDoc) -> [JSONEdit] {
        guard let file = document.json["files"]?.arrayValue?.first, let pages = file["pages"] else { return [] }
        var edits: [JSONEdit] = []
        edits += [JSONEdit(appending: copies.map(\.page), to: pages)].compactMap { $0 }
        if let order = file["pageOrder"] { edits += Self.inserting(copies, in: order) }
        let viewCopies = copies.filter { $0.viewPage != nil }
        if let view = file["views"]?.arrayValue?.first, !viewCopies.isEmpty, let viewPages = view["pages"] {
            edits += [JSONEdit(appending: viewCopies.compactMap(\.viewPage), to: viewPages)].compactMap { $0 }
            if let order = view["pageOrder"] {
                edits += Self.inserting(viewCopies, in: order)
            } else {
                edits += [JSONEdit(adding: [JSONMember("pageOrder", .strings(viewCopies.map(\.pageID)))], to: view)].compactMap { $0 }
            }
        }
        if let fields = document.json["fields"] { edits += [JSONEdit(appending: copies.flatMap(\.fields), to: fields)].compactMap { $0 } }
        let formulas = copies.flatMap(\.formulas)
        if !formulas.isEmpty {
            if let existing = document.json["formulas"] {
                edits += [JSONEdit(appending: formulas, to: existing)].compactMap { $0 }
            } else {
                edits += [JSONEdit(adding: [JSONMember("formulas", .array(formulas))], to: document.json)].compactMap { $0 }
            }
        }
        return edits
    }

    /// `field` without its value, as the SDKs copy a page without values: a table's rows and
    /// `rowOrder` and a collection's rows emptied, any other field's `value` removed; a
    /// disabled field and a block keep theirs.
    private static func emptied(_ field: JSONValue) -> JSONValue {
        if field["disabled"]?.boolValue == true || field["type"]?.stringValue == "block" { return field }
        switch field["type"]?.stringValue {
        case "table": return JSONValue.setting("rowOrder", to: .array([]), in: JSONValue.setting("value", to: .array([]), in: field))
        case "collection": return JSONValue.setting("value", to: .array([]), in: field)
        default: return .object((field.members ?? []).filter { $0.key != "value" })
        }
    }

    /// The edits that put each copy's id in a `pageOrder`: right after its page (copies of one
    /// page latest first, as each goes right after it), or at the end when the order lacks the
    /// page; insertions at one place are one edit, in that order.
    private static func inserting(_ copies: [Copy], in order: JSONValue) -> [JSONEdit] {
        guard let elements = order.arrayValue else {
            return [JSONEdit(appending: copies.map { .string($0.pageID) }, to: order)].compactMap { $0 }
        }
        var first: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            if let id = element.stringValue, first[id] == nil { first[id] = index }
        }
        var after: [Int: [String]] = [:]
        var appended: [String] = []
        for copy in copies {
            if let index = first[copy.original], elements[index].span != nil {
                after[index, default: []].append(copy.pageID)
            } else {
                appended.append(copy.pageID)
            }
        }
        var edits = after.keys.sorted().map { index in
            let end = elements[index].span!.upperBound
            return JSONEdit(span: end..<end, replacement: after[index]!.reversed().map { ", " + JSONText.string($0) }.joined())
        }
        if let append = JSONEdit(appending: appended.map(JSONValue.string), to: order) {
            // At the end of the last element, after what goes right after it.
            if let last = edits.last, last.span == append.span {
                edits[edits.count - 1].replacement += append.replacement
            } else {
                edits.append(append)
            }
        }
        return edits
    }
}

/// What a copied page's fields, logic and formulas read: the copy of the page and of every
/// field copied with it, in place of the originals. The fields are renamed by the
/// ``FieldRenamer``; the page, which only conditions name, here.
private struct Repointing {
    let page: (original: String, copy: String)
    let renamer: FieldRenamer

    init(page: (original: String, copy: String), fields: [String: String]) {
        self.page = page
        renamer = FieldRenamer(fields)
    }

    /// A field with every logic slot of its own, of its columns and of its collection
    /// schemas re-pointed.
    func field(_ json: JSONValue) -> JSONValue {
        LogicSlots.mapping(field: json, logic)
    }

    /// A logic object whose conditions read the copy.
    func logic(_ logic: JSONValue) -> JSONValue {
        let renamed = renamer.logic(logic)
        guard let conditions = renamed["conditions"]?.arrayValue else { return renamed }
        return JSONValue.setting("conditions", to: .array(conditions.map { condition in
            guard condition.isObject, condition["page"]?.stringValue == page.original else { return condition }
            return JSONValue.setting("page", to: .string(page.copy), in: condition)
        }), in: renamed)
    }

    /// A formula whose references to copied fields name the copies: the names the parser reads
    /// as field references (not a lambda's parameters, not text in quotes, not a column).
    func expression(_ text: String) -> String {
        renamer.expression(text)
    }
}
