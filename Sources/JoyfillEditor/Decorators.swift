import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// A decorator path, resolved: which decorators of which field it names.
///
/// Paths are the SDKs' (`PAGE/POSITION` and what follows; `schemas`, `rows` and `columns` are
/// reserved words, anything else is an id; empty segments and spaces around them are ignored):
///
/// | path | scope |
/// |---|---|
/// | `PAGE/POSITION` | the field |
/// | `…/rows` | every row (a collection's root schema) |
/// | `…/columns/COLUMN` | every cell of a column |
/// | `…/ROW` | one row |
/// | `…/ROW/COLUMN` or `…/ROW/columns/COLUMN` | one cell |
/// | `…/schemas/SCHEMA/rows`, `…/schemas/SCHEMA/columns/COLUMN` | a collection schema's rows, columns |
/// | `…/ROW/schemas/SCHEMA/ROW2[/COLUMN]` | a nested collection row (or cell) under `ROW` |
///
/// `POSITION` is a field position's `_id`; the `_id` of the field placed there also does.
public struct DecoratorScope: Sendable {
    public enum Kind: Sendable, Equatable {
        case field
        /// Every row of the table, or of the collection schema ``DecoratorScope/schema``.
        case commonRows
        /// Every cell of a column.
        case commonColumn(String)
        /// One row: the last of ``DecoratorScope/rows``.
        case row
        /// One cell of the last of ``DecoratorScope/rows``.
        case cell(String)
    }

    public let kind: Kind
    /// The path as given.
    public let path: String
    /// The field's position in ``JoyDoc/fields``.
    public let field: Int
    /// The collection schema of the rows or columns named (nil for a table or the field).
    public let schema: String?
    /// The rows walked to reach a row or cell, outermost first (each as stored).
    let rows: [JSONValue]

    /// Reads `path` against `document`.
    public static func resolve(_ path: String, in document: JoyDoc) throws(DecoratorError) -> DecoratorScope {
        try resolve(path, in: document, lookup: DecoratorLookup(document))
    }

    /// The position in ``JoyDoc/fields`` of the field a path names (its `PAGE/POSITION`), or nil.
    static func fieldIndex(ofPath path: String, in document: JoyDoc, lookup: DecoratorLookup) -> Int? {
        let segments = path.split(separator: "/").map { String(String($0).trimmingSpaces) }.filter { !$0.isEmpty }
        guard segments.count >= 2, let page = lookup.pages.first(where: { $0.id == segments[0] }),
              let position = page.positions.first(where: { $0.id == segments[1] }) ?? page.positions.first(where: { $0.field == segments[1] })
        else { return nil }
        return document.fieldIndex(position.field)
    }

    /// Reads `path` with the pages and row ids of `lookup`, which a batch of paths shares.
    static func resolve(_ path: String, in document: JoyDoc, lookup: DecoratorLookup) throws(DecoratorError) -> DecoratorScope {
        let segments = path.split(separator: "/").map { String(String($0).trimmingSpaces) }.filter { !$0.isEmpty }
        func fail(_ message: String, _ suggestion: String? = nil) -> DecoratorError {
            DecoratorError(path: path, message: message, suggestion: suggestion)
        }
        guard segments.count >= 2 else {
            throw fail("a decorator path starts with a page and a field position: PAGE/POSITION[/…]")
        }
        let pages = lookup.pages
        guard let page = pages.first(where: { $0.id == segments[0] }) else {
            throw fail("no page has the _id '\(segments[0])'", Suggestions.closest(to: segments[0], in: pages.map(\.id)))
        }
        let name = segments[1]
        let byPosition: FieldPosition? = page.positions.first { $0.id == name }
        guard let position = byPosition ?? page.positions.first(where: { $0.field == name }) else {
            let names: [String] = page.positions.map { $0.id } + page.positions.map { $0.field }
            throw fail("page '\(page.id)' places no field at a position or field _id '\(name)'", Suggestions.closest(to: name, in: names))
        }
        guard let index = document.fieldIndex(position.field) else {
            throw fail("position '\(segments[1])' of page '\(page.id)' places the field '\(position.field)', which the document does not have")
        }
        let field = document.fields[index]
        let rest = segments.dropFirst(2)
        if rest.isEmpty { return DecoratorScope(kind: .field, path: path, field: index, schema: nil, rows: []) }
        let isCollection = field.type == .collection
        guard field.type == .table || isCollection else {
            throw fail("'\(field.id)' is a \(field.type.name) field: only tables and collections have rows and columns to decorate")
        }
        let root = isCollection ? field.rootSchema?.key : nil

        func columns(of schema: String?) -> [TableColumn] { schema.flatMap { field.schema[$0]?.columns } ?? field.columns }
        func column(_ id: String, of schema: String?) throws(DecoratorError) -> String {
            let known = columns(of: schema)
            guard known.contains(where: { $0.id == id }) else {
                let owner = schema.map { "schema '\($0)' of '\(field.id)'" } ?? "'\(field.id)'"
                throw fail("\(owner) has no column '\(id)'", Suggestions.closest(to: id, in: known.map(\.id)))
            }
            return id
        }

        var rows: [JSONValue] = []
        var rowSchema: String? = root        // the schema of the rows at the current level
        var pending: String?                 // a `schemas/SCHEMA` read and not yet used
        var cursor = rest.startIndex
        func next() -> String? {
            guard cursor < rest.endIndex else { return nil }
            defer { cursor += 1 }
            return rest[cursor]
        }
        func finished() -> Bool { cursor == rest.endIndex }

        while let segment = next() {
            switch segment {
            case "schemas":
                guard isCollection else { throw fail("'schemas' names a collection schema, and '\(field.id)' is a table") }
                guard let key = next() else { throw fail("'schemas' must be followed by a schema key") }
                guard field.schema[key] != nil else {
                    throw fail("'\(field.id)' has no schema '\(key)'", Suggestions.closest(to: key, in: field.schema.keys.sorted()))
                }
                if let parent = rows.last, let parentSchema = rowSchema,
                   !(field.schema[parentSchema]?.children.contains(key) ?? false) {
                    throw fail("schema '\(key)' is not a child of '\(parentSchema)', the schema of row '\(parent["_id"]?.stringValue ?? "")'")
                }
                guard !finished() else { throw fail("'schemas/\(key)' must be followed by 'rows', 'columns/COLUMN' or a row id") }
                pending = key
            case "rows":
                guard finished() else { throw fail("'rows' must end the path") }
                guard rows.isEmpty || pending != nil else {
                    throw fail("'ROW/rows' is not a decorator scope: every row is 'PAGE/POSITION/rows', a schema's rows 'PAGE/POSITION/schemas/SCHEMA/rows'")
                }
                return DecoratorScope(kind: .commonRows, path: path, field: index, schema: pending ?? root, rows: [])
            case "columns":
                guard let id = next() else { throw fail("'columns' must be followed by a column id") }
                guard finished() else { throw fail("'columns/\(id)' must end the path") }
                if let schema = pending {
                    return DecoratorScope(kind: .commonColumn(try column(id, of: schema)), path: path, field: index, schema: schema, rows: [])
                }
                if !rows.isEmpty {
                    return DecoratorScope(kind: .cell(try column(id, of: rowSchema)), path: path, field: index, schema: rowSchema, rows: rows)
                }
                return DecoratorScope(kind: .commonColumn(try column(id, of: root)), path: path, field: index, schema: root, rows: [])
            default:
                if !rows.isEmpty, pending == nil {
                    // After a row: a bare column id names a cell.
                    guard finished() else {
                        throw fail(isCollection ? "a row's nested rows are named with '…/ROW/schemas/SCHEMA/ROW2'"
                                                : "a table row is followed by a column id only")
                    }
                    return DecoratorScope(kind: .cell(try column(segment, of: rowSchema)), path: path, field: index,
                                          schema: rowSchema, rows: rows)
                }
                if rows.isEmpty, let schema = pending, schema != root {
                    throw fail("rows of schema '\(schema)' are nested: name the parent row first ('…/PARENT_ROW/schemas/\(schema)/ROW')")
                }
                let found: JSONValue?
                let candidates: [JSONValue]
                if let parent = rows.last {
                    candidates = parent["children"]?[pending ?? ""]?["value"]?.arrayValue ?? []
                    found = candidates.first { $0["_id"]?.stringValue == segment && $0["deleted"]?.boolValue != true }
                } else {
                    // Top-level rows by id: a batch of changes to a large table looks each up once.
                    (candidates, found) = lookup.row(segment, of: index, in: field)
                }
                guard let row = found else {
                    let live = candidates.filter { $0["deleted"]?.boolValue != true }.compactMap { $0["_id"]?.stringValue }
                    let owner = rows.last.map { "row '\($0["_id"]?.stringValue ?? "")' has no '\(pending ?? "")' row" } ?? "'\(field.id)' has no row"
                    throw fail("\(owner) '\(segment)' (deleted rows cannot be decorated)", Suggestions.closest(to: segment, in: live))
                }
                rows.append(row)
                if let schema = pending { rowSchema = schema }
                pending = nil
            }
        }
        if pending != nil { throw fail("'schemas/SCHEMA' must be followed by 'rows', 'columns/COLUMN' or a row id") }
        return DecoratorScope(kind: .row, path: path, field: index, schema: rowSchema, rows: rows)
    }

    /// The scope whose decorators this one shows until it has its own: every row for a row,
    /// every cell of the column for a cell (nil for the others).
    var common: DecoratorScope? {
        switch kind {
        case .row: return DecoratorScope(kind: .commonRows, path: path, field: field, schema: schema, rows: [])
        case .cell(let column): return DecoratorScope(kind: .commonColumn(column), path: path, field: field, schema: schema, rows: [])
        case .field, .commonRows, .commonColumn: return nil
        }
    }

    /// True for the scopes drawn in a table's or schema's decorator column (`decorate`).
    var isRowScope: Bool { kind == .row || kind == .commonRows }
}

/// What resolving paths reads again and again, read once: the pages, and each table's or
/// collection's top-level rows by id (the first live row with an id, as the SDKs find it).
final class DecoratorLookup {
    let pages: [Page]
    private var rowsByField: [Int: (rows: [JSONValue], ids: StringIndex, live: [Int])] = [:]

    init(_ document: JoyDoc) { pages = document.pages }

    /// The field's top-level rows, and the live one with this id.
    func row(_ id: String, of field: Int, in value: Field) -> (rows: [JSONValue], row: JSONValue?) {
        if rowsByField[field] == nil {
            let rows = value.value?.arrayValue ?? []
            var ids = StringIndex(capacity: rows.count)
            var live: [Int] = []
            for (index, row) in rows.enumerated() where row["deleted"]?.boolValue != true {
                if let id = row["_id"]?.stringValue, ids.insert(id).inserted { live.append(index) }
            }
            rowsByField[field] = (rows, ids, live)
        }
        let entry = rowsByField[field]!
        return (entry.rows, entry.ids.position(of: id).map { entry.rows[entry.live[$0]] })
    }
}

/// A decorator path that does not resolve, or a decorator change the SDKs reject.
public struct DecoratorError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String
    public var suggestion: String?

    /// The error without its suggestion.
    public var summary: String { "decorator path '\(path)': \(message)" }

    public var description: String { summary + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") }
}

/// The decorators of a document, read and changed: the SDKs' `getDecorators`,
/// `addDecorators`, `updateDecorator` and `removeDecorator`, on the document's text.
///
/// Changes are held as new values of members of the document's objects (a field's
/// `decorators`, a column's, a row's …) and written as edits of those members only, so a
/// decorator on one row of a large table rewrites that row's `decorators` and nothing else.
public struct DecoratorEditor {
    public let document: JoyDoc
    private var patches = ObjectPatches()
    let lookup: DecoratorLookup

    public init(document: JoyDoc) {
        self.document = document
        lookup = DecoratorLookup(document)
    }

    private func resolve(_ path: String) throws(DecoratorError) -> DecoratorScope {
        try DecoratorScope.resolve(path, in: document, lookup: lookup)
    }

    /// The decorators stored at `path` (a row or cell with none of its own: none).
    public func decorators(at path: String) throws(DecoratorError) -> [Decorator] {
        stored(try resolve(path))
    }

    /// The decorators shown at `path`: a row or cell without its own shows those of every row,
    /// or of its column.
    public func shownDecorators(at path: String) throws(DecoratorError) -> [Decorator] {
        let scope = try resolve(path)
        let own = stored(scope)
        return own.isEmpty ? scope.common.map(stored) ?? [] : own
    }

    /// Every scope that stores decorators, with a path that names it, page by page in the
    /// order fields are placed (a field placed twice is listed under its first place): the
    /// field, every row, each column, then each row and cell with decorators of its own.
    public func storedScopes() -> [(path: String, decorators: [Decorator])] {
        var scopes: [(path: String, decorators: [Decorator])] = []
        func add(_ path: String, _ json: JSONValue?) {
            let list = Decorator.list(json)
            if !list.isEmpty { scopes.append((path, list)) }
        }
        var seen: Set<Int> = []
        for page in lookup.pages {
            for position in page.positions {
                guard let index = document.fieldIndex(position.field), seen.insert(index).inserted else { continue }
                let field = fields[index]
                let base = "\(page.id)/\(position.id.isEmpty ? field.id : position.id)"
                add(base, patches.member("decorators", of: field.json))
                guard field.type == .table || field.type == .collection else { continue }
                let root = field.type == .collection ? field.rootSchema?.key : nil
                if field.type == .table {
                    add("\(base)/rows", patches.member("rowDecorators", of: field.json))
                    for column in field.json["tableColumns"]?.arrayValue ?? [] {
                        if let id = column["_id"]?.stringValue { add("\(base)/columns/\(id)", patches.member("decorators", of: column)) }
                    }
                }
                for member in field.json["schema"]?.members ?? [] where field.type == .collection {
                    let prefix = member.key == root ? base : "\(base)/schemas/\(member.key)"
                    add("\(prefix)/rows", patches.member("rowDecorators", of: member.value))
                    for column in member.value["tableColumns"]?.arrayValue ?? [] {
                        if let id = column["_id"]?.stringValue { add("\(prefix)/columns/\(id)", patches.member("decorators", of: column)) }
                    }
                }
                // Rows with decorators of their own, nested rows after their parent.
                field.forEachLiveRow { row, _, parent in
                    guard let parent, let id = row["_id"]?.stringValue else { return }
                    let own = patches.member("decorators", of: row)
                    add("\(base)\(parent)/\(id)", own?["all"])
                    for cell in own?["cells"]?.members ?? [] { add("\(base)\(parent)/\(id)/\(cell.key)", cell.value) }
                }
            }
        }
        return scopes
    }

    /// Adds decorators at `path`. Each needs a non-empty `action` that no other decorator of
    /// the scope has, and a `color`, if any, of the form `#RRGGBB`. A row or cell that had none
    /// of its own first takes a copy of those it showed (copy on write). Adding row decorators
    /// turns the table's (or schema's) `decorate` on.
    /// Returns the position of the field decorated in ``JoyDoc/fields``, as update and remove do.
    @discardableResult
    public mutating func add(_ decorators: [JSONValue], at path: String) throws(DecoratorError) -> Int {
        let scope = try resolve(path)
        guard !decorators.isEmpty else { return scope.field }
        for (index, decorator) in decorators.enumerated() {
            if let problem = Decorator(json: decorator).problem {
                let name = decorators.count == 1 ? "the decorator" : "decorator \(index + 1) of \(decorators.count)"
                throw DecoratorError(path: path, message: "\(name) \(problem)")
            }
        }
        var list = stored(scope).map(\.json)
        if list.isEmpty, let common = scope.common { list = stored(common).map(\.json) }
        var actions = Set(list.compactMap { $0["action"]?.stringValue })
        var batch = Set<String>()
        for decorator in decorators {
            let action = decorator["action"]!.stringValue!
            guard batch.insert(action).inserted else {
                throw DecoratorError(path: path, message: "two of the decorators added have the action '\(action)'")
            }
            guard actions.insert(action).inserted else {
                throw DecoratorError(path: path, message: "a decorator with the action '\(action)' is already there (update it instead)")
            }
        }
        write(list + decorators, to: scope)
        if scope.isRowScope { setDecorate(true, for: scope) }
        return scope.field
    }

    /// Replaces the decorator whose action is `action` (it may take a new action that no other
    /// decorator of the scope has).
    @discardableResult
    public mutating func update(action: String, with decorator: JSONValue, at path: String) throws(DecoratorError) -> Int {
        let scope = try resolve(path)
        if let problem = Decorator(json: decorator).problem { throw DecoratorError(path: path, message: "the decorator \(problem)") }
        var list = stored(scope).map(\.json)
        let index = try position(of: action, in: list, path: path)
        let renamed = decorator["action"]!.stringValue!
        if renamed != action, list.contains(where: { $0["action"]?.stringValue == renamed }) {
            throw DecoratorError(path: path, message: "a decorator with the action '\(renamed)' is already there")
        }
        list[index] = decorator
        write(list, to: scope)
        if scope.isRowScope { turnDecorateOffIfUnused(scope) }
        return scope.field
    }

    /// Removes the decorator whose action is `action`.
    @discardableResult
    public mutating func remove(action: String, at path: String) throws(DecoratorError) -> Int {
        let scope = try resolve(path)
        var list = stored(scope).map(\.json)
        list.remove(at: try position(of: action, in: list, path: path))
        write(list, to: scope)
        if scope.isRowScope { turnDecorateOffIfUnused(scope) }
        return scope.field
    }

    /// The edits of the document's text that write the changes made.
    public var edits: [JSONEdit] { patches.edits() }

    private func position(of action: String, in list: [JSONValue], path: String) throws(DecoratorError) -> Int {
        guard let index = list.firstIndex(where: { $0["action"]?.stringValue == action }) else {
            let actions = list.compactMap { $0["action"]?.stringValue }
            throw DecoratorError(path: path, message: actions.isEmpty ? "no decorator has the action '\(action)': the scope has none of its own"
                                                                       : "no decorator has the action '\(action)'",
                                 suggestion: Suggestions.closest(to: action, in: actions))
        }
        return index
    }

    // MARK: Where each scope's list is stored

    private var fields: [Field] { document.fields }

    /// The object that holds the scope's list, and the list's key in it.
    private func holder(_ scope: DecoratorScope) -> (object: JSONValue, key: String)? {
        let field = fields[scope.field]
        switch scope.kind {
        case .field: return (field.json, "decorators")
        case .commonRows:
            guard let schema = scope.schema else { return (field.json, "rowDecorators") }
            return field.json["schema"]?[schema].map { ($0, "rowDecorators") }
        case .commonColumn(let id):
            let columns = scope.schema.map { field.json["schema"]?[$0]?["tableColumns"] } ?? field.json["tableColumns"]
            return columns?.arrayValue?.first { $0["_id"]?.stringValue == id }.map { ($0, "decorators") }
        case .row, .cell:
            return scope.rows.last.map { ($0, "decorators") }
        }
    }

    private func stored(_ scope: DecoratorScope) -> [Decorator] {
        guard let (object, key) = holder(scope) else { return [] }
        let value = patches.member(key, of: object)
        switch scope.kind {
        case .row: return Decorator.list(value?["all"])
        case .cell(let column): return Decorator.list(value?["cells"]?[column])
        case .field, .commonRows, .commonColumn: return Decorator.list(value)
        }
    }

    private mutating func write(_ list: [JSONValue], to scope: DecoratorScope) {
        guard let (object, key) = holder(scope) else { return }
        switch scope.kind {
        case .row, .cell:
            var all = patches.member(key, of: object) ?? .object([])
            if !all.isObject { all = .object([]) }
            if case .cell(let column) = scope.kind {
                var cells = all["cells"] ?? .object([])
                if !cells.isObject { cells = .object([]) }
                all = JSONValue.setting("cells", to: JSONValue.setting(column, to: .array(list), in: cells), in: all)
            } else {
                all = JSONValue.setting("all", to: .array(list), in: all)
            }
            patches.set(key, to: all, in: object)
        case .field, .commonRows, .commonColumn:
            patches.set(key, to: .array(list), in: object)
        }
    }

    // MARK: The decorator column (`decorate`)

    /// The object with the `decorate` flag of the scope's rows: the table, or the schema entry.
    private func flagHolder(_ scope: DecoratorScope) -> JSONValue? {
        let field = fields[scope.field]
        guard let schema = scope.schema else { return field.json }
        return field.json["schema"]?[schema]
    }

    private mutating func setDecorate(_ on: Bool, for scope: DecoratorScope) {
        guard let object = flagHolder(scope), patches.member("decorate", of: object)?.boolValue != on else { return }
        patches.set("decorate", to: .bool(on), in: object)
    }

    /// Turns `decorate` off once no row of the scope's table (or schema) shows a decorator: as
    /// the SDKs do, so the empty column goes away; it is written `false`, not removed.
    private mutating func turnDecorateOffIfUnused(_ scope: DecoratorScope) {
        guard let object = flagHolder(scope), patches.member("decorate", of: object)?.boolValue == true else { return }
        let common = DecoratorScope(kind: .commonRows, path: scope.path, field: scope.field, schema: scope.schema, rows: [])
        if stored(common).contains(where: \.isDisplayed) { return }
        for row in rowsOf(scope) {
            let own = Decorator.list(patches.member("decorators", of: row)?["all"])
            if own.contains(where: \.isDisplayed) { return }
        }
        patches.set("decorate", to: .bool(false), in: object)
    }

    /// The live rows of the scope's table, or of its schema wherever it is nested.
    private func rowsOf(_ scope: DecoratorScope) -> [JSONValue] {
        var found: [JSONValue] = []
        fields[scope.field].forEachLiveRow { row, schema, _ in
            if schema == scope.schema { found.append(row) }
        }
        return found
    }
}

extension Field {
    /// Visits every live row of a table or collection, each parent before its nested rows (with
    /// a stack: a collection nests without bound). `schema` is the row's collection schema (nil
    /// in a table); `parent` the path segments that name its level after `PAGE/POSITION` (""
    /// at the top, `/ROW/schemas/SCHEMA` below a row), nil below a row without an `_id`.
    func forEachLiveRow(_ visit: (_ row: JSONValue, _ schema: String?, _ parent: String?) -> Void) {
        let isCollection = type == .collection
        var stack: [(rows: [JSONValue], next: Int, schema: String?, parent: String?)] =
            [(value?.arrayValue ?? [], 0, isCollection ? rootSchema?.key : nil, "")]
        while !stack.isEmpty {
            let level = stack.count - 1
            guard stack[level].next < stack[level].rows.count else { stack.removeLast(); continue }
            let row = stack[level].rows[stack[level].next]
            stack[level].next += 1
            guard row["deleted"]?.boolValue != true else { continue }
            let (schema, parent) = (stack[level].schema, stack[level].parent)
            visit(row, schema, parent)
            guard isCollection, let children = row["children"]?.members else { continue }
            let path = parent.flatMap { parent in row["_id"]?.stringValue.map { "\(parent)/\($0)" } }
            for child in children.reversed() {
                stack.append((child.value["value"]?.arrayValue ?? [], 0, child.key, path.map { "\($0)/schemas/\(child.key)" }))
            }
        }
    }
}

/// New values for members of objects read from a document, written at the end as edits of
/// those members alone: a member that exists has its value replaced, a new one is added
/// before the object's closing brace.
struct ObjectPatches {
    /// By the object's offset in the text: the object, and its members set so far.
    private var objects: [Int: (object: JSONValue, members: [JSONMember])] = [:]

    /// The member's value: as set here, or as stored.
    func member(_ key: String, of object: JSONValue) -> JSONValue? {
        if let start = object.span?.lowerBound, let members = objects[start]?.members,
           let member = members.last(where: { $0.key == key }) {
            return member.value
        }
        return object[key]
    }

    mutating func set(_ key: String, to value: JSONValue, in object: JSONValue) {
        guard let start = object.span?.lowerBound else { return }
        var entry = objects[start] ?? (object, [])
        if let index = entry.members.firstIndex(where: { $0.key == key }) {
            entry.members[index].value = value
        } else {
            entry.members.append(JSONMember(key, value))
        }
        objects[start] = entry
    }

    func edits() -> [JSONEdit] {
        var edits: [JSONEdit] = []
        for (_, entry) in objects.sorted(by: { $0.key < $1.key }) {
            guard entry.object.span != nil else { continue }
            var added: [JSONMember] = []
            for member in entry.members {
                if let old = entry.object[member.key], let oldSpan = old.span {
                    edits.append(JSONEdit(span: oldSpan, replacement: member.value.text))
                } else {
                    added.append(member)
                }
            }
            if let edit = JSONEdit(adding: added, to: entry.object) { edits.append(edit) }
        }
        return edits.sorted { $0.span.lowerBound < $1.span.lowerBound }
    }
}
