import Foundation
import JoyfillJSON
import JoyfillModel

/// A table's rows as a ``TableView`` shows them: those a search finds, in the order of the
/// sort, each with its place in the document's order. A cell is searched as the form shows it
/// (a number with 15 digits, an option's text, a date in its format) and sorted by what it
/// holds: numbers and dates by value, text by its letters with numbers in it read as numbers
/// (`Item 9` before `Item 10`), any case; empty cells last, whichever the direction.
struct TableRows {
    let columns: [TableColumn]

    func viewed(_ rows: [JSONValue], as view: TableView) -> [(place: Int, row: JSONValue)] {
        var result = rows.enumerated().map { (place: $0.offset, row: $0.element) }
        if !view.search.isEmpty {
            let searched = columns.filter { view.searchColumn == nil || $0.id == view.searchColumn }
            result = result.filter { _, row in
                searched.contains { text(of: row["cells"]?[$0.id], in: $0).range(of: view.search, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            }
        }
        if let sort = view.sort, let column = columns.first(where: { $0.id == sort.column }) {
            let keys = result.map { key(of: $0.row["cells"]?[column.id], in: column) }
            let order = keys.indices.sorted { a, b in
                switch Key.compare(keys[a], keys[b], descending: sort.descending) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: result[a].place < result[b].place
                }
            }
            result = order.map { result[$0] }
        }
        return result
    }

    /// What a cell shows, as text.
    func text(of value: JSONValue?, in column: TableColumn) -> String {
        guard let value, !value.isNull else { return "" }
        switch column.type {
        case .dropdown:
            let id = value.stringValue ?? ""
            return column.options.first { $0.id == id }?.text ?? id
        case .multiSelect:
            let ids = value.arrayValue?.compactMap(\.stringValue) ?? []
            return ids.map { id in column.options.first { $0.id == id }?.text ?? id }.joined(separator: ", ")
        case .date:
            guard let milliseconds = value.numberValue else { return FormRenderer.text(value) }
            let format = column.json["format"]?.stringValue ?? DateText.defaultFormat
            let zone = DateText.Zone(format: format, tz: column.json["tz"]?.stringValue)
            return DateText.format(zone.local(milliseconds) ?? milliseconds, as: format)
        default:
            return FormRenderer.text(value)
        }
    }

    private func key(of value: JSONValue?, in column: TableColumn) -> Key {
        guard let value, !value.isNull else { return .empty }
        if column.type == .number || column.type == .date, let number = value.numberValue { return .number(number) }
        let text = self.text(of: value, in: column)
        return text.isEmpty ? .empty : .text(text)
    }

    /// What a cell is sorted by: numbers before text, empty cells last.
    private enum Key {
        case number(Double)
        case text(String)
        case empty

        static func compare(_ a: Key, _ b: Key, descending: Bool) -> ComparisonResult {
            let ascending: ComparisonResult
            switch (a, b) {
            case (.empty, .empty): return .orderedSame
            case (.empty, _): return .orderedDescending
            case (_, .empty): return .orderedAscending
            case let (.number(x), .number(y)): ascending = x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
            case (.number, .text): ascending = .orderedAscending
            case (.text, .number): ascending = .orderedDescending
            case let (.text(x), .text(y)): ascending = x.compare(y, options: [.caseInsensitive, .numeric])
            }
            guard descending else { return ascending }
            switch ascending {
            case .orderedAscending: return .orderedDescending
            case .orderedDescending: return .orderedAscending
            case .orderedSame: return .orderedSame
            }
        }
    }
}
