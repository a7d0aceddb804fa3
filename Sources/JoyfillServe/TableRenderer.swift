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

    /// The table as `view` shows its rows (its page clamped to the pages there are).
    func table(_ value: JSONValue?, view: TableView) -> Markup {
        let rows = Field.liveRows(value?.arrayValue ?? [], order: field.rowOrder)
        let columns = field.columns.filter { form.editor.visibility.shows(column: $0, in: field) }
        return level(rows: rows, columns: columns, allColumns: field.columns, schema: nil, parent: nil, ancestors: [], view: view,
                     prefix: input, depth: 0)
    }

    /// The collection, its root rows as `view` shows them.
    func collection(_ value: JSONValue?, view: TableView) -> Markup {
        guard let root = field.rootSchema else { return Self.placeholder("The collection has no root schema") }
        guard form.editor.licensing.collections else {
            return Self.placeholder("Collections are locked without a licence that unlocks them")
        }
        let rows = Field.liveRows(value?.arrayValue ?? [], order: field.rowOrder)
        return schemaLevel(root, rows: rows, parent: nil, ancestors: [], view: view, prefix: input, depth: 0)
    }

    private static func placeholder(_ text: String) -> Markup {
        Markup.build { $0.element("p", [.init("class", "placeholder")], text: text) }
    }

    private func schemaLevel(_ schema: CollectionSchema, rows: [JSONValue], parent: String?, ancestors: [Visibility.Ancestor],
                             view: TableView, prefix: String, depth: Int) -> Markup {
        let columns = schema.columns.filter { form.editor.visibility.shows(column: $0, schema: schema.key, in: field) }
        return level(rows: rows, columns: columns, allColumns: schema.columns, schema: schema, parent: parent, ancestors: ancestors,
                     view: view, prefix: prefix, depth: depth)
    }

    /// One list of rows: the root rows of a table or collection (sorted, searched and paged
    /// as `view` says), or a collection row's rows of one child schema (all of them).
    private func level(rows: [JSONValue], columns: [TableColumn], allColumns: [TableColumn], schema: CollectionSchema?,
                       parent: String?, ancestors: [Visibility.Ancestor], view: TableView, prefix: String, depth: Int) -> Markup {
        let view = depth == 0 ? view : TableView()
        // Each row with its place in the document's order, which is its number.
        let viewed = TableRows(columns: columns).viewed(rows, as: view)
        let perPage = FormRenderer.rowsPerPage
        let pages = max(1, (viewed.count + perPage - 1) / perPage)
        let page = depth == 0 ? min(max(view.page, 0), pages - 1) : 0
        let first = depth == 0 ? page * perPage : 0
        let shownRows = depth == 0 ? viewed[min(first, viewed.count)..<min(first + perPage, viewed.count)] : viewed[...]
        let invalid = form.invalidCells(of: field.id)
        let fieldAttribute = Markup.Attribute("data-field", field.id)
        let schemaAttribute = Markup.Attribute.optional("data-schema", schema?.key)
        let parentAttribute = Markup.Attribute.optional("data-parent", parent)
        let name = schema?.title.flatMap { $0.isEmpty ? nil : $0 } ?? (field.title.flatMap { $0.isEmpty ? nil : $0 } ?? field.id)
        var html = Markup()
        if depth == 0 && (rows.count > Self.rowsBeforeSearch || !view.search.isEmpty) {
            html.append(search(view, columns: columns, name: name, found: viewed.count, of: rows.count))
        }
        html.open("div", [.init("class", "table-wrap")])
        html.open("table", [.init("class", "rows"), fieldAttribute, schemaAttribute, .init("aria-label", name)])
        html.element("thead") { html in
            html.element("tr") { html in
                html.element("th", [.init("scope", "col"), .init("class", "row-number")], text: "#")
                for (index, column) in columns.enumerated() {
                    let sorted = depth == 0 ? view.sort.flatMap { $0.column == column.id ? $0.descending : nil } : nil
                    html.element("th", [.init("scope", "col"), depth == 0 ? .init("aria-sort", sorted.map { $0 ? "descending" : "ascending" } ?? "none") : nil]) { html in
                        guard depth == 0 else {
                            html.text(Self.title(of: column))
                            return
                        }
                        // The column's title sorts by it: ascending, descending, then the document's order.
                        html.element("button", [.init("type", "button"), .init("class", "sort"), .init("id", "\(prefix)-sort\(index)"),
                                                .init("data-action", "sortRows"), fieldAttribute, .init("data-column", column.id),
                                                .init("title", "Sort by \(Self.title(of: column))")]) { html in
                            html.text(Self.title(of: column))
                            html.element("span", [.init("class", "sort-mark"), .init("aria-hidden", "true")],
                                         text: sorted.map { $0 ? " ▼" : " ▲" } ?? "")
                        }
                        guard form.editor.visibility.requires(column: column, schema: schema?.key, in: field) else { return }
                        html.text(" ")
                        html.element("abbr", [.init("class", "required"), .init("title", "required")], text: "*")
                    }
                }
                html.element("th", [.init("scope", "col"), .init("class", "actions")]) { html in
                    html.element("span", [.init("class", "visually-hidden")], text: "Row actions")
                }
            }
        }
        html.open("tbody")
        let children = schema?.children.compactMap { field.schema[$0] } ?? []
        for (place, row) in shownRows {
            let number = place + 1
            let id = row["_id"]?.stringValue ?? ""
            let rowPrefix = "\(prefix)-r\(place)"
            let bad = invalid[id] ?? []
            html.element("tr", [.init("data-row", id), bad.isEmpty ? nil : .init("class", "invalid")]) { html in
                html.element("th", [.init("scope", "row"), .init("class", "row-number")], text: "\(number)")
                for (index, column) in columns.enumerated() {
                    let shown = form.editor.visibility.shows(cell: column, schema: schema?.key, in: field, row: row, columns: allColumns)
                    let label = "\(Self.title(of: column)), row \(number)"
                    guard shown else {
                        html.element("td", [.init("class", "hidden-cell"), .init("aria-label", "\(label) (hidden)")])
                        continue
                    }
                    let marked = bad.contains(column.id)
                    html.element("td", [marked ? .init("class", "invalid") : nil]) { html in
                        html.append(cell(column, value: row["cells"]?[column.id], id: "\(rowPrefix)-c\(index)", row: id, label: label,
                                         invalid: marked))
                    }
                }
                html.element("td", [.init("class", "actions")]) {
                    $0.append(actions(row: id, number: number, last: place == rows.count - 1, moves: !view.reorders))
                }
            }
            if !children.isEmpty {
                html.element("tr", [.init("class", "children")]) { html in
                    html.element("td", [.init("colspan", "\(columns.count + 2)")]) { html in
                        html.append(nested(children, under: row, number: number, ancestors: ancestors + [(schema!.key, row)], prefix: rowPrefix,
                                           depth: depth + 1))
                    }
                }
            }
        }
        if viewed.isEmpty {
            html.element("tr") { html in
                html.element("td", [.init("colspan", "\(columns.count + 2)"), .init("class", "placeholder")],
                             text: rows.isEmpty ? "No rows" : "No row holds “\(view.search)”")
            }
        }
        html.close("tbody")
        html.close("table")
        html.close("div")
        html.element("div", [.init("class", "table-tools")]) { html in
            if !disabled {
                let what = schema.map { $0.isRoot ? "row" : (($0.title.flatMap { $0.isEmpty ? nil : $0 } ?? $0.key) + " row") } ?? "row"
                html.element("button", [.init("type", "button"), .init("data-action", "insertRow"), fieldAttribute, schemaAttribute, parentAttribute],
                             text: "Add \(what)")
            }
            guard depth == 0 && pages > 1 else { return }
            html.element("span", [.init("class", "pager"), .init("role", "group"), .init("aria-label", "Row pages")]) { html in
                html.text("Rows \(first + 1)–\(min(first + perPage, viewed.count)) of \(viewed.count)\(view.search.isEmpty ? "" : " found") ")
                func button(_ text: String, to target: Int, _ disabled: Bool) {
                    html.element("button", [.init("type", "button"), .init("data-action", "tablePage"), fieldAttribute,
                                            .init("data-page", "\(target)"), .flag("disabled", disabled)], text: text)
                }
                button("First rows", to: 0, page == 0)
                button("Previous rows", to: page - 1, page == 0)
                // A page by its number (1 to the last), sent when it changes.
                html.element("label", [.init("class", "page-number")]) { html in
                    html.text("Page ")
                    html.void("input", [.init("type", "number"), .init("min", "1"), .init("max", "\(pages)"), .init("value", "\(page + 1)"),
                                        .init("data-action", "tablePage"), fieldAttribute, .init("aria-label", "Page of rows")])
                    html.text(" of \(pages)")
                }
                button("Next rows", to: page + 1, page == pages - 1)
                button("Last rows", to: pages - 1, page == pages - 1)
            }
        }
        return html
    }

    /// The child schemas' rows under a collection row, each level in a `details` element.
    private func nested(_ children: [CollectionSchema], under row: JSONValue, number: Int, ancestors: [Visibility.Ancestor],
                        prefix: String, depth: Int) -> Markup {
        guard depth <= FormRenderer.maximumDepth else {
            return Self.placeholder("Rows nested deeper than \(FormRenderer.maximumDepth) levels are not shown")
        }
        let id = row["_id"]?.stringValue ?? ""
        var html = Markup()
        for (index, child) in children.enumerated() where form.editor.visibility.shows(schema: child, in: field, under: ancestors) {
            let (rows, order) = Field.childRows(of: row, schema: child.key)
            let live = Field.liveRows(rows, order: order)
            let title = child.title.flatMap { $0.isEmpty ? nil : $0 } ?? child.key
            html.element("details", [.init("class", "child-rows"), .flag("open", !live.isEmpty)]) { html in
                html.element("summary", text: "\(title) of row \(number) (\(live.count))")
                html.append(schemaLevel(child, rows: live, parent: id, ancestors: ancestors, view: TableView(), prefix: "\(prefix)-s\(index)",
                                        depth: depth))
            }
        }
        return html
    }

    /// A row's buttons; `moves`: whether moving it up and down is offered (not while the rows
    /// are sorted or searched, when the order shown is not the document's).
    private func actions(row: String, number: Int, last: Bool, moves: Bool) -> Markup {
        guard !disabled else { return Markup() }
        return Markup.build { html in
            func button(_ action: String, _ symbol: String, _ label: String, off: Bool = false) {
                html.element("button", [.init("type", "button"), .init("data-action", action), .init("data-field", field.id), .init("data-row", row),
                                        .init("aria-label", label), .init("title", label), .flag("disabled", off)], text: symbol)
            }
            button("moveRowUp", "↑", "Move row \(number) up", off: number == 1 || !moves)
            button("moveRowDown", "↓", "Move row \(number) down", off: last || !moves)
            button("duplicateRows", "❐", "Duplicate row \(number)")
            button("deleteRows", "✕", "Delete row \(number)")
        }
    }

    /// A cell's input, of its column's type.
    private func cell(_ column: TableColumn, value: JSONValue?, id: String, row: String, label: String, invalid: Bool) -> Markup {
        let off = disabled || column.json["disabled"]?.boolValue == true
        let data: [Markup.Attribute?] = [.init("data-field", field.id), .init("data-row", row), .init("data-column", column.id),
                                         invalid ? .init("aria-invalid", "true") : nil]
        let aria = Markup.Attribute("aria-label", label)
        var html = Markup()
        switch column.type {
        case .number:
            let text = value?.numberValue.map { DisplayNumber.text($0, placesIn: column.json) } ?? FormRenderer.text(value)
            html.void("input", [.init("type", "number"), .init("step", "any"), .init("id", id)] + data
                      + [aria, .init("value", text), .flag("disabled", off)])
        case .dropdown:
            html.append(form.select(options: column.options, selected: value?.stringValue, input: id, attributes: data, disabled: off, label: label))
        case .multiSelect:
            // Checkboxes, as the multiSelect field has them, in a group named by the cell.
            let selected = Set(value?.arrayValue?.compactMap(\.stringValue) ?? [])
            html.element("fieldset", [.init("class", "choices cell-choices"), .init("id", id)] + data + [aria, .flag("disabled", off)]) { html in
                for (index, option) in column.options.enumerated() where !option.deleted || selected.contains(option.id) {
                    html.element("label") { html in
                        html.void("input", [.init("type", "checkbox"), .init("id", "\(id)-\(index)"), .init("value", option.id),
                                            .flag("checked", selected.contains(option.id))])
                        html.text(" " + option.text)
                    }
                }
            }
        case .date:
            html.append(FormRenderer.dateInput(id: id, value: value, format: column.json["format"]?.stringValue ?? DateText.defaultFormat,
                                               tz: column.json["tz"]?.stringValue, attributes: data + [aria, .flag("disabled", off)],
                                               hintID: nil, pickerLabel: nil))
        case .image, .signature:
            let source = column.type == .signature ? value?.stringValue : value?.arrayValue?.first?["url"]?.stringValue
            if let source, HTML.isImageSource(source) {
                html.void("img", [.init("class", "cell-image"), .init("src", source), .init("alt", label)])
            } else {
                html.element("span", [.init("class", "placeholder"), aria], text: "—")
            }
        case .block:
            html.element("span", [.init("class", "block"), aria], text: FormRenderer.text(value ?? column.json["value"]))
        default:
            html.void("input", [.init("type", "text"), .init("id", id)] + data + [aria, .init("value", FormRenderer.text(value)), .flag("disabled", off)])
        }
        return html
    }

    /// Tables of more rows than this get a search box (one with a search has it too).
    static let rowsBeforeSearch = 5

    /// The search box of a table's root rows, the column it looks in, and how many it found.
    private func search(_ view: TableView, columns: [TableColumn], name: String, found: Int, of total: Int) -> Markup {
        Markup.build { html in
            html.element("div", [.init("class", "row-search"), .init("role", "search")]) { html in
                html.void("input", [.init("type", "search"), .init("id", "\(input)-search"), .init("data-action", "searchRows"),
                                    .init("data-field", field.id), .init("aria-label", "Search the rows of \(name)"),
                                    .init("placeholder", "Search rows"), .init("value", view.search), .init("autocomplete", "off")])
                html.element("select", [.init("id", "\(input)-search-column"), .init("data-action", "searchColumn"), .init("data-field", field.id),
                                        .init("aria-label", "Search in")]) { html in
                    html.element("option", [.init("value", ""), .flag("selected", view.searchColumn == nil)], text: "All columns")
                    for column in columns {
                        html.element("option", [.init("value", column.id), .flag("selected", view.searchColumn == column.id)],
                                     text: Self.title(of: column))
                    }
                }
                html.element("span", [.init("class", "found"), .init("aria-live", "polite")],
                             text: view.search.isEmpty ? "" : "\(found) of \(total) row\(total == 1 ? "" : "s")")
            }
        }
    }

    static func title(of column: TableColumn) -> String {
        column.title.flatMap { $0.isEmpty ? nil : $0 } ?? column.id
    }
}
