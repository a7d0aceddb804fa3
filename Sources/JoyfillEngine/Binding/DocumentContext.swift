import JoyfillFormulas
import JoyfillModel

/// Resolves formula names against a JoyDoc (specification §7.1): a name is the field whose `_id`
/// equals it. Values are converted once per field and cached.
///
/// `table.col` projects a column by `_id`, then by title (case-insensitively); `table.N` is
/// row N; collections do the same over their root schema; an unknown column or row is a
/// `reference` error (§7.4). Other paths are read from the field's value in the generic way.
///
/// ``override(_:with:)`` replaces a field's stored value (a computed formula result), so the
/// engine can evaluate dependents before anything is written back.
///
/// A field's slot is its position in the document; ``slots(for:)`` resolves a formula's names
/// once, so that repeated evaluations read values by slot without hashing names.
/// Its tables (values, overrides, changes, projections) are declared in its superclass,
/// ``DocumentContextState``.
public final class DocumentContext: DocumentContextState, EvaluationContext {
    public let document: JoyDoc

    public init(document: JoyDoc) {
        self.document = document
        super.init(fieldCount: document.fields.count)
    }

    /// Replaces the value formulas see for `field` (a result already written back).
    public func override(_ field: String, with value: Value) {
        guard let index = document.fieldIndex(field) else { return }
        override(at: index, with: value)
    }

    /// Replaces the value formulas see for the field at `index` in the document's fields.
    public func override(at index: Int, with value: Value) {
        values[index] = value
        overridden[index] = true
        if !projections[index].isEmpty { projections[index] = [] }
        changes.append(Int32(index))
    }

    public var changeVersion: UInt64 { UInt64(changes.count) }

    public func changedSlots(since version: UInt64) -> ArraySlice<Int32>? {
        changes[min(Int(version), changes.count)...]
    }

    public func value(of name: String) throws(ResolutionError) -> Value? {
        guard let index = document.fieldIndex(name) else { return nil }
        return value(atSlot: index)
    }

    public func slots(for names: [String]) -> [Int32] {
        names.map { name in document.fieldIndex(name).map(Int32.init) ?? -1 }
    }

    public func value(atSlot slot: Int) -> Value? {
        if let value = values[slot] { return value }
        let value = ValueConversion.value(of: document.fields[slot])
        values[slot] = value
        return value
    }

    public func member(_ member: String, of name: String) throws(ResolutionError) -> Value? {
        try self.member(member, of: name, atSlot: -1)
    }

    public func member(_ member: String, of name: String, atSlot slot: Int) throws(ResolutionError) -> Value? {
        guard let index = slot >= 0 ? slot : document.fieldIndex(name), !overridden[index] else { return nil }
        // The field's parts are read where they lie: a copy of the whole field retains each.
        let type = document.fields[index].type
        if type == .chart { return try chartLines(member, of: name, atSlot: index) }
        guard type == .table || type == .collection, case .array(let rows)? = value(atSlot: index) else { return nil }
        if Lexer.isIndex(member) {
            // Digits past any Int are a row too, as for a chart's lines: never a column.
            guard let index = Int(member), index < rows.count else {
                throw ResolutionError(.reference, "\(type.name) '\(name)' has \(rows.count) row\(rows.count == 1 ? "" : "s"); there is no row \(member)")
            }
            return rows[index]
        }
        if let projected = projections[index].first(where: { $0.column == member }) { return projected.value }
        let columns = type == .table ? document.fields[index].columns : document.fields[index].rootSchema?.columns ?? []
        let column = columns.first { $0.id == member }
            ?? columns.first { $0.title?.lowercased() == member.lowercased() }
        guard let column else {
            // Only what can be written after the dot (`Unit price` cannot) is suggested.
            let names = (columns.map(\.id) + columns.compactMap(\.title)).filter(Lexer.isName)
            let listing = columns.prefix(12).map { column in column.title.map { "\(column.id) (\($0))" } ?? column.id }
            throw ResolutionError(.reference, "\(type.name) '\(name)' has no column '\(member)'",
                                  notes: ["its columns are: " + listing.joined(separator: ", ")],
                                  suggestion: Suggestions.closest(to: member, in: names), code: .unknownColumn)
        }
        let projected = Value.array(ArrayValue(rows.map { row in
            if case .object(let object) = row { return object[column.id] ?? .null }
            return .null
        }))
        projections[index].append((member, projected))
        return projected
    }

    /// `chart.N` and `chart.KEY`: as for any array of objects, except that the errors name the
    /// chart and its lines, and a key no line has is an error rather than a list of nulls, as
    /// for tables (§7.4).
    private func chartLines(_ member: String, of name: String, atSlot index: Int) throws(ResolutionError) -> Value? {
        if Lexer.isIndex(member) {
            guard case .array(let lines)? = value(atSlot: index) else { return nil }
            guard let line = Int(member), line < lines.count else {
                throw ResolutionError(.reference, "chart '\(name)' has \(lines.count) line\(lines.count == 1 ? "" : "s"); there is no line \(member)")
            }
            return lines[line]
        }
        if ValueConversion.chartLineKeys.contains(member) { return nil }
        throw ResolutionError(.reference, "chart '\(name)' has no line property '\(member)'",
                              notes: ["its lines' properties are: " + ValueConversion.chartLineKeys.joined(separator: ", ")],
                              suggestion: Suggestions.closest(to: member, in: ValueConversion.chartLineKeys), code: .unknownColumn)
    }

    public var knownNames: [String] { document.fields.map(\.id) }

    /// The field ids, indexed for suggestions on the first unknown name.
    private lazy var nameIndex = Suggestions.Index(document.fields.map(\.id))

    /// Field ids by their titles and identifiers (``Suggestions/looseKey(_:)``), made on the
    /// first unknown name that is spelt like no id.
    private lazy var idsByAlias = Suggestions.idsByLooseKey(document.fields.map(\.aliases))

    public func suggestion(for name: String) -> String? {
        nameIndex.closest(to: name) ?? idsByAlias[Suggestions.looseKey(name)]
    }
}
