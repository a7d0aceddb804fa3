import JoyfillJSON
import JoyfillLogic
import JoyfillModel

/// A table or collection field as an HTML table: its shown columns, a page of its live rows in
/// their order, a cell input of each column's type, row actions (move, duplicate, delete) and
/// "Add row"; a collection's rows open to the tables of their child schemas.
struct TableRenderer {
    let form: FormRenderer
    let field: Field
    /// The field's input id, the prefix of its cells' ids.
    let input: String
    let disabled: Bool

    /// The table at row page `page` (clamped to the pages there are).
    func table(_ value: JSONValue?, page: Int) -> String {
        let rows = Field.liveRows(value?.arrayValue ?? [], order: field.rowOrder)
        let columns = field.columns.filter { form.editor.visibility.shows(column: $0, in: field) }
        return level(rows: rows, columns: columns, allColumns: field.columns, schema: nil, parent: nil, ancestors: [], page: page,
                     prefix: input, depth: 0)
    }

    /// The collection at root row page `page`.
    func collection(_ value: JSONValue?, page: Int) -> String {
        guard let root = field.rootSchema else { return "<p class=\"placeholder\">The collection has no root schema</p>" }
        guard form.editor.licensing.collections else {
            return "<p class=\"placeholder\">Collections are locked without a licence that unlocks them</p>"
        }
        let rows = Field.liveRows(value?.arrayValue ?? [], order: field.rowOrder)
        return schemaLevel(root, rows: rows, parent: nil, ancestors: [], page: page, prefix: input, depth: 0)
    }

    private func schemaLevel(_ schema: CollectionSchema, rows: [JSONValue], parent: String?, ancestors: [Visibility.Ancestor],
                             page: Int, prefix: String, depth: Int) -> String {
        let columns = schema.columns.filter { form.editor.visibility.shows(column: $0, schema: schema.key, in: field) }
        return level(rows: rows, columns: columns, allColumns: schema.columns, schema: schema, parent: parent, ancestors: ancestors,
                     page: page, prefix: prefix, depth: depth)
    }

    /// One list of rows: the root rows of a table or collection, or a collection row's rows
    /// of one child schema.
    private func level(rows: [JSONValue], columns: [TableColumn], allColumns: [TableColumn], schema: CollectionSchema?,
                       parent: String?, ancestors: [Visibility.Ancestor], page: Int, prefix: String, depth: Int) -> String {
        let perPage = FormRenderer.rowsPerPage
        let pages = max(1, (rows.count + perPage - 1) / perPage)
        let page = depth == 0 ? min(max(page, 0), pages - 1) : 0
        let first = depth == 0 ? page * perPage : 0
        let shownRows = depth == 0 ? rows[min(first, rows.count)..<min(first + perPage, rows.count)] : rows[...]
        let invalid = form.invalidCells(of: field.id)
        let fieldAttribute = "data-field=\"\(HTML.escape(field.id))\""
        let schemaAttribute = schema.map { " data-schema=\"\(HTML.escape($0.key))\"" } ?? ""
        let parentAttribute = parent.map { " data-parent=\"\(HTML.escape($0))\"" } ?? ""
        let name = schema?.title.flatMap { $0.isEmpty ? nil : $0 } ?? (field.title.flatMap { $0.isEmpty ? nil : $0 } ?? field.id)
        var html = "<div class=\"table-wrap\"><table class=\"rows\" \(fieldAttribute)\(schemaAttribute) aria-label=\"\(HTML.escape(name))\">"
        html += "<thead><tr><th scope=\"col\" class=\"row-number\">#</th>"
        for column in columns {
            let required = form.editor.visibility.requires(column: column, schema: schema?.key, in: field)
                ? " <abbr class=\"required\" title=\"required\">*</abbr>" : ""
            html += "<th scope=\"col\">\(HTML.escape(Self.title(of: column)))\(required)</th>"
        }
        html += "<th scope=\"col\" class=\"actions\"><span class=\"visually-hidden\">Row actions</span></th></tr></thead><tbody>"
        let children = schema?.children.compactMap { field.schema[$0] } ?? []
        for (offset, row) in shownRows.enumerated() {
            let number = first + offset + 1
            let id = row["_id"]?.stringValue ?? ""
            let rowPrefix = "\(prefix)-r\(first + offset)"
            let bad = invalid[id] ?? []
            html += "<tr data-row=\"\(HTML.escape(id))\"\(bad.isEmpty ? "" : " class=\"invalid\"")><th scope=\"row\" class=\"row-number\">\(number)</th>"
            for (index, column) in columns.enumerated() {
                let shown = form.editor.visibility.shows(cell: column, schema: schema?.key, in: field, row: row, columns: allColumns)
                let label = "\(Self.title(of: column)), row \(number)"
                guard shown else {
                    html += "<td class=\"hidden-cell\" aria-label=\"\(HTML.escape(label)) (hidden)\"></td>"
                    continue
                }
                let mark = bad.contains(column.id) ? " aria-invalid=\"true\"" : ""
                html += "<td\(bad.contains(column.id) ? " class=\"invalid\"" : "")>"
                    + cell(column, value: row["cells"]?[column.id], id: "\(rowPrefix)-c\(index)", row: id, label: label, mark: mark) + "</td>"
            }
            html += "<td class=\"actions\">" + actions(row: id, number: number, last: first + offset == rows.count - 1) + "</td></tr>"
            if !children.isEmpty {
                html += "<tr class=\"children\"><td colspan=\"\(columns.count + 2)\">"
                html += nested(children, under: row, number: number, ancestors: ancestors + [(schema!.key, row)], prefix: rowPrefix,
                               depth: depth + 1)
                html += "</td></tr>"
            }
        }
        if rows.isEmpty { html += "<tr><td colspan=\"\(columns.count + 2)\" class=\"placeholder\">No rows</td></tr>" }
        html += "</tbody></table></div><div class=\"table-tools\">"
        if !disabled {
            let what = schema.map { $0.isRoot ? "row" : (($0.title.flatMap { $0.isEmpty ? nil : $0 } ?? $0.key) + " row") } ?? "row"
            html += "<button type=\"button\" data-action=\"insertRow\" \(fieldAttribute)\(schemaAttribute)\(parentAttribute)>Add \(HTML.escape(what))</button>"
        }
        if depth == 0 && pages > 1 {
            html += "<span class=\"pager\" role=\"group\" aria-label=\"Row pages\">Rows \(first + 1)–\(min(first + perPage, rows.count)) of \(rows.count) "
            html += "<button type=\"button\" data-action=\"tablePage\" \(fieldAttribute) data-page=\"\(page - 1)\"\(page == 0 ? " disabled" : "")>Previous rows</button>"
            html += "<button type=\"button\" data-action=\"tablePage\" \(fieldAttribute) data-page=\"\(page + 1)\"\(page == pages - 1 ? " disabled" : "")>Next rows</button></span>"
        }
        return html + "</div>"
    }

    /// The child schemas' rows under a collection row, each level in a `details` element.
    private func nested(_ children: [CollectionSchema], under row: JSONValue, number: Int, ancestors: [Visibility.Ancestor],
                        prefix: String, depth: Int) -> String {
        guard depth <= FormRenderer.maximumDepth else {
            return "<p class=\"placeholder\">Rows nested deeper than \(FormRenderer.maximumDepth) levels are not shown</p>"
        }
        let id = row["_id"]?.stringValue ?? ""
        var html = ""
        for (index, child) in children.enumerated() where form.editor.visibility.shows(schema: child, in: field, under: ancestors) {
            let (rows, order) = Field.childRows(of: row, schema: child.key)
            let live = Field.liveRows(rows, order: order)
            let title = child.title.flatMap { $0.isEmpty ? nil : $0 } ?? child.key
            html += "<details class=\"child-rows\"\(live.isEmpty ? "" : " open")><summary>\(HTML.escape(title)) of row \(number) (\(live.count))</summary>"
            html += schemaLevel(child, rows: live, parent: id, ancestors: ancestors, page: 0, prefix: "\(prefix)-s\(index)", depth: depth)
            html += "</details>"
        }
        return html
    }

    private func actions(row: String, number: Int, last: Bool) -> String {
        guard !disabled else { return "" }
        let row = HTML.escape(row)
        let field = HTML.escape(field.id)
        func button(_ action: String, _ symbol: String, _ label: String, off: Bool = false) -> String {
            "<button type=\"button\" data-action=\"\(action)\" data-field=\"\(field)\" data-row=\"\(row)\" aria-label=\"\(label)\" title=\"\(label)\"\(off ? " disabled" : "")>\(symbol)</button>"
        }
        return button("moveRowUp", "↑", "Move row \(number) up", off: number == 1)
            + button("moveRowDown", "↓", "Move row \(number) down", off: last)
            + button("duplicateRows", "❐", "Duplicate row \(number)")
            + button("deleteRows", "✕", "Delete row \(number)")
    }

    /// A cell's input, of its column's type.
    private func cell(_ column: TableColumn, value: JSONValue?, id: String, row: String, label: String, mark: String) -> String {
        let off = disabled || column.json["disabled"]?.boolValue == true ? " disabled" : ""
        let data = "data-field=\"\(HTML.escape(field.id))\" data-row=\"\(HTML.escape(row))\" data-column=\"\(HTML.escape(column.id))\"\(mark)"
        let aria = "aria-label=\"\(HTML.escape(label))\""
        switch column.type {
        case .number:
            return "<input type=\"number\" step=\"any\" id=\"\(id)\" \(data) \(aria) value=\"\(HTML.escape(value?.numberText ?? FormRenderer.text(value)))\"\(off)>"
        case .dropdown:
            return form.select(options: column.options, selected: value?.stringValue, input: id, data: data, disabled: off, label: label)
        case .multiSelect:
            let selected = Set(value?.arrayValue?.compactMap(\.stringValue) ?? [])
            var html = "<select multiple id=\"\(id)\" \(data) \(aria)\(off)>"
            for option in column.options where !option.deleted || selected.contains(option.id) {
                html += "<option value=\"\(HTML.escape(option.id))\"\(selected.contains(option.id) ? " selected" : "")>\(HTML.escape(option.text))</option>"
            }
            return html + "</select>"
        case .date:
            let format = column.json["format"]?.stringValue ?? DateText.defaultFormat
            let withTime = DateText.hasTime(format)
            let text = value?.numberValue.map { DateText.inputValue($0, withTime: withTime) } ?? ""
            return "<input type=\"\(withTime ? "datetime-local" : "date")\" id=\"\(id)\" \(data) \(aria) value=\"\(text)\"\(off)>"
        case .image, .signature:
            let source = column.type == .signature ? value?.stringValue : value?.arrayValue?.first?["url"]?.stringValue
            guard let source, HTML.isImageSource(source) else { return "<span class=\"placeholder\" \(aria)>—</span>" }
            return "<img class=\"cell-image\" src=\"\(HTML.escape(source))\" alt=\"\(HTML.escape(label))\">"
        case .block:
            return "<span class=\"block\" \(aria)>\(HTML.escape(FormRenderer.text(value ?? column.json["value"])))</span>"
        default:
            return "<input type=\"text\" id=\"\(id)\" \(data) \(aria) value=\"\(HTML.escape(FormRenderer.text(value)))\"\(off)>"
        }
    }

    static func title(of column: TableColumn) -> String {
        column.title.flatMap { $0.isEmpty ? nil : $0 } ?? column.id
    }
}
