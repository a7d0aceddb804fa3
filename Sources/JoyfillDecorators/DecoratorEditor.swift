import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The decorators of a document, read and changed: the SDKs' `getDecorators`,
/// `addDecorators`, `updateDecorator` and `removeDecorator`, on the document's text.
///
/// Changes are held as new values of members of the document's objects (a field's
/// `decorators`, a column's, a row's …) and written as edits of those members only, so a
/// decorator on one row of a large table rewrites that row's `decorators` and nothing else.
public struct DecoratorEditor {
    public let document: JoyDoc
    private var patches = ObjectPatches()
    package let lookup: DecoratorLookup

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

    /// The edits of ``edits`` inside the object of the field at `position`.
    public func edits(inFieldAt position: Int) -> [JSONEdit] {
        guard let span = fields[position].json.span else { return [] }
        return edits.filter { span.contains($0.span.lowerBound) }
    }

    /// The decorators of the field at `position` itself (not its rows' or columns'), with the
    /// changes made: what a form shows on the field.
    public func fieldDecorators(ofFieldAt position: Int) -> [Decorator] {
        Decorator.list(patches.member("decorators", of: fields[position].json))
    }

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
