import JoyfillAnalysis
import JoyfillJSON
import JoyfillLogic
import JoyfillModel
import JoyfillSession

/// The form as HTML, from an editor's state: pages with their fields in order, each field as
/// the SDK shows its type, marked with what visibility and validation say of it now.
///
/// Every placed field is one container, `<div class="field" id="…" data-field="…">`, whose id
/// is its place (page and position), so a field placed twice is two containers; fields that
/// no page places follow in a closed section, so that a template's every formula can be seen.
/// A container's HTML depends only on the state given here, which is what lets
/// ``FormSession`` send only the containers whose HTML changed.
struct FormRenderer {
    let editor: DocumentSession
    let validation: Validation
    /// Each field's validity, by field id.
    let validity: [String: FieldValidity]
    /// The formulas' failures, by field.
    let failures: [String: [Finding]]
    /// The failed formula each field that depends on a failure waits on, by field.
    let causes: [String: String]
    let readonly: Bool
    /// How each table shows its rows (page, sort, search), by field.
    let tableViews: [String: TableView]

    /// Rows shown at a time in a table or a collection level: a 1,000-row table is 20 pages.
    static let rowsPerPage = 50
    /// Collection levels shown below the root; deeper rows are named, not shown.
    static let maximumDepth = 16

    var document: JoyDoc { editor.document }

    init(editor: DocumentSession, readonly: Bool, tableViews: [String: TableView]) {
        self.editor = editor
        self.readonly = readonly
        self.tableViews = tableViews
        validation = (try? editor.validate()) ?? .refused
        validity = Dictionary(validation.fields.map { ($0.field.id, $0) }, uniquingKeysWith: { first, _ in first })
        failures = Dictionary(grouping: editor.formulaFindings.filter { $0.field != nil && $0.severity == .error }, by: { $0.field! })
        causes = failures.isEmpty ? [:] : Dictionary(editor.fieldReports.compactMap { report in report.cause.map { (report.field, $0) } },
                                                     uniquingKeysWith: { first, _ in first })
        let instances = Self.instances(of: editor.document, view: editor.visibility.view)
        self.instances = instances
        var containers: [String: String] = [:]
        if !causes.isEmpty {
            let fields = editor.document.fields
            for instance in instances.lazy.flatMap(\.instances) where containers[fields[instance.position].id] == nil {
                containers[fields[instance.position].id] = instance.id
            }
        }
        causeContainers = containers
    }

    // MARK: The containers

    /// One placed (or unplaced) field: where it is, for ids and updates.
    struct Instance {
        /// The container's id.
        let id: String
        let position: Int
        /// Its place on the page's grid; nil on a page laid out as a list, and for an unplaced field.
        var place: GridPlace? = nil
    }

    /// Every container of the form, in page order, then the unplaced fields. A page whose
    /// positions all give `x`, `y` and `width` is a grid (`columns` wide), its containers in
    /// reading order (by row, then column: the order Tab and a screen reader follow); any
    /// other keeps the page's order, one field under another.
    let instances: [(page: Page?, columns: Int?, instances: [Instance])]
    /// The first container of each field, when a failure has a cause to link to.
    private let causeContainers: [String: String]

    private static func instances(of document: JoyDoc, view: DocumentView) -> [(page: Page?, columns: Int?, instances: [Instance])] {
        var placed = Set<Int>()
        var result: [(Page?, Int?, [Instance])] = []
        for (pageIndex, page) in document.pages(in: view).enumerated() {
            let columns = GridPlace.columns(of: page)
            var list: [Instance] = []
            var grid = true
            for (index, position) in page.positions.enumerated() {
                guard let field = document.fieldIndex(position.field) else { continue }
                placed.insert(field)
                let place = GridPlace(position, columns: columns)
                if place == nil { grid = false }
                list.append(Instance(id: "f\(pageIndex)-\(index)", position: field, place: place))
            }
            if grid {
                // A stable sort: fields at one place keep the page's order.
                list = list.enumerated().sorted { a, b in
                    (a.element.place!.row, a.element.place!.column, a.offset) < (b.element.place!.row, b.element.place!.column, b.offset)
                }.map(\.element)
            } else {
                for index in list.indices { list[index].place = nil }
            }
            result.append((page, grid && !list.isEmpty ? columns : nil, list))
        }
        let unplaced = document.fields.indices.filter { !placed.contains($0) }.map { Instance(id: "u\($0)", position: $0) }
        if !unplaced.isEmpty { result.append((nil, nil, unplaced)) }
        return result
    }

    /// Each container's HTML, by id.
    func containers() -> [(id: String, field: String, html: String)] {
        instances.flatMap { $0.instances }.map { ($0.id, document.fields[$0.position].id, container($0).html) }
    }

    /// What a field's container shows besides its value: whether it is shown and required,
    /// its columns' and child schemas' flags, its validity and its formula's failures. A field
    /// whose value and state are as they were renders as it did.
    struct FieldState: Equatable {
        var shown: Bool
        var required: Bool
        /// Each column's shown and required flags, in order (tables and collections).
        var columns: [Bool]
        /// What validation says of the field; nil when it was not checked (hidden, say).
        var validity: Validity?
        var failures: [String]

        /// A field's validity, as what it shows: its status, whether its own value is
        /// missing, and which cells and child rows its rows miss.
        struct Validity: Equatable {
            var status: ValidationStatus
            var isMissing: Bool
            var rows: [Row]
        }

        struct Row: Equatable {
            var id: String
            var emptyColumns: [String]
            var missingSchemas: [String]
        }
    }

    /// Every field's state, by field id: a walk of the fields, their columns, their validity.
    func states() -> [String: FieldState] {
        var states: [String: FieldState] = [:]
        states.reserveCapacity(document.fields.count)
        let visibility = editor.visibility
        for field in document.fields {
            var columns: [Bool] = []
            for column in field.columns {
                columns += [visibility.shows(column: column, in: field), visibility.requires(column: column, in: field)]
            }
            for schema in field.schema.values.sorted(by: { $0.key < $1.key }) {
                for column in schema.columns {
                    columns += [visibility.shows(column: column, schema: schema.key, in: field),
                                visibility.requires(column: column, schema: schema.key, in: field)]
                }
            }
            let validity = self.validity[field.id].map { valid in
                FieldState.Validity(status: valid.status, isMissing: valid.isMissing, rows: valid.rows.map {
                    FieldState.Row(id: $0.id, emptyColumns: $0.emptyColumns.map(\.id), missingSchemas: $0.missingSchemas)
                })
            }
            states[field.id] = FieldState(shown: visibility.shows(field: field.id), required: visibility.requires(field: field),
                                          columns: columns, validity: validity, failures: (failures[field.id] ?? []).map(\.message))
        }
        return states
    }

    // MARK: The form

    /// The form: the page navigation and every page's fields (pages after the first hidden),
    /// each container's HTML taken from `rendered` (by id) when it is there.
    func form(_ rendered: [String: String] = [:]) -> String {
        var html = Markup()
        let groups = instances
        let pages = groups.compactMap(\.page)
        html.element("nav", [.init("class", "pages"), .init("aria-label", "Pages")]) { html in
            for (index, page) in pages.enumerated() {
                html.element("button", [.init("type", "button"), .init("class", "page-tab"), .init("data-page", "pg\(index)"),
                                        .init("id", "tab-pg\(index)"), .optional("aria-current", index == 0 ? "page" : nil),
                                        .flag("hidden", !editor.visibility.shows(page: page.id))],
                             text: page.name ?? "Page \(index + 1)")
            }
        }
        for (index, group) in groups.enumerated() {
            if let page = group.page {
                html.open("section", [.init("class", group.columns == nil ? "page" : "page grid"), .init("id", "pg\(index)"),
                                      .optional("style", group.columns.map { "--cols:\($0)" }),
                                      .init("aria-label", page.name ?? "Page \(index + 1)"), .flag("hidden", index != 0)])
            } else {
                // Open when the pages place nothing, so that a template of loose fields is seen at once.
                let open = groups.count == 1 || groups.allSatisfy({ $0.page == nil || $0.instances.isEmpty })
                html.open("details", [.init("class", "unplaced"), .flag("open", open)])
                html.element("summary", text: "Fields no page places (\(group.instances.count))")
            }
            for instance in group.instances {
                if let kept = rendered[instance.id] { html.append(rendered: kept) } else { html.append(container(instance)) }
            }
            html.close(group.page == nil ? "details" : "section")
        }
        if pages.isEmpty && groups.isEmpty { html.element("p", [.init("class", "empty")], text: "The document has no fields.") }
        return html.html
    }

    // MARK: Fields

    func container(_ instance: Instance) -> Markup {
        let field = document.fields[instance.position]
        let value = editor.values.value(at: instance.position)
        let shown = editor.visibility.shows(field: field.id)
        let validity = validity[field.id]
        let invalid = validity?.status == .invalid
        let failed = failures[field.id] ?? []
        let computed = field.hasValueFormula
        // A computed field is read-only, not disabled: it stays in the Tab order, and a
        // screen reader reads its value and that it is calculated.
        let disabled = readonly || field.json["disabled"]?.boolValue == true
        let input = instance.id + "-in"
        var classes = ["field", "type-" + field.type.name]
        if invalid { classes.append("invalid") }
        if computed { classes.append("computed") }
        if !failed.isEmpty { classes.append("failed") }
        var html = Markup()
        html.open("div", [.init("class", classes.joined(separator: " ")), .init("id", instance.id), .init("data-field", field.id),
                          .init("data-type", field.type.name), .optional("style", instance.place?.style), .flag("hidden", !shown)])
        let title = field.title.flatMap { $0.isEmpty ? nil : $0 } ?? field.id
        let required = Markup.build { html in
            guard editor.visibility.requires(field: field) else { return }
            html.text(" ")
            html.element("abbr", [.init("class", "required"), .init("title", "required"), .init("aria-label", "required")], text: "*")
        }
        let formula = Markup.build { html in
            guard computed else { return }
            html.text(" ")
            html.element("span", [.init("class", "formula-mark"), .init("aria-hidden", "true"), .init("title", formulaText(of: field))], text: "ƒ")
        }
        func heading(_ html: inout Markup) {
            html.text(title)
            html.append(required)
            html.append(formula)
            // A failed formula's field keeps its stored value: never shown as a current one.
            if !failed.isEmpty {
                html.text(" ")
                html.element("span", [.init("class", "stale")], text: "not current")
            }
        }
        let labelled = field.type != .multiSelect && field.type != .block && field.type != .chart && field.type != .table
            && field.type != .collection && field.type != .image && field.type != .signature && field.type != .richText
            && field.type != .file
        if labelled {
            html.element("label", [.init("class", "title"), .init("for", input)], heading)
        } else if field.type != .multiSelect {
            html.element("div", [.init("class", "title"), .init("id", "\(input)-title")], heading)
        }
        html.append(decorators(of: field))
        html.append(body(field, value: value, input: input, title: title, required: required, disabled: disabled, computed: computed))
        if let tip = field.json["tipTitle"]?.stringValue, field.json["tipVisible"]?.boolValue != false, !tip.isEmpty
            || !(field.json["tipDescription"]?.stringValue ?? "").isEmpty {
            html.element("details", [.init("class", "tip")]) { html in
                html.element("summary", text: tip.isEmpty ? "Tip" : tip)
                html.element("p", text: field.json["tipDescription"]?.stringValue ?? "")
            }
        }
        html.element("div", [.init("class", "messages"), .init("id", "\(input)-messages"), .init("aria-live", "polite")]) { html in
            for failure in failed {
                html.element("p", [.init("class", "error"), .init("role", "alert")]) { html in
                    html.element("span", [.init("class", "code")], text: failure.code.name)
                    html.text(" " + failure.message)
                    if let cause = causes[field.id], let target = causeContainers[cause] {
                        html.text(" ")
                        html.element("a", [.init("class", "cause"), .init("href", "#" + target)], text: "Go to '\(cause)'")
                    }
                }
            }
            guard let validity, validity.status == .invalid else { return }
            if validity.isMissing { html.element("p", [.init("class", "missing")], text: "\(title) is required.") }
            for row in validity.rows where !row.emptyColumns.isEmpty || !row.missingSchemas.isEmpty {
                let columns = row.emptyColumns.map { $0.title.flatMap { $0.isEmpty ? nil : $0 } ?? $0.id }
                let what = (columns + row.missingSchemas).joined(separator: ", ")
                html.element("p", [.init("class", "missing")], text: "Row \(row.index + 1): \(what) required.")
            }
        }
        html.close("div")
        return html
    }

    /// The cells that need a value and have none, by row id (at any level of a collection).
    func invalidCells(of field: String) -> [String: Set<String>] {
        guard let rows = validity[field]?.rows, !rows.isEmpty else { return [:] }
        var cells: [String: Set<String>] = [:]
        var queue = rows[...]
        while let row = queue.popFirst() {
            if !row.emptyColumns.isEmpty { cells[row.id, default: []].formUnion(row.emptyColumns.map(\.id)) }
            queue.append(contentsOf: row.children)
        }
        return cells
    }

    private func formulaText(of field: Field) -> String {
        field.appliedFormulas.filter { $0.key == "value" }.compactMap { document.formula($0.formula)?.expression }.joined(separator: "; ")
    }

    private func decorators(of field: Field) -> Markup {
        let stored = document.fieldIndex(field.id).map(editor.fieldDecorators(ofFieldAt:)) ?? Decorator.list(field.json["decorators"])
        let shown = stored.filter(\.isDisplayed)
        guard !shown.isEmpty else { return Markup() }
        return Markup.build { html in
            html.element("ul", [.init("class", "decorators"), .init("aria-label", "Decorators")]) { html in
                for decorator in shown {
                    let color = decorator.color.flatMap { Decorator.isHexColor($0) ? "--decorator:\($0)" : nil }
                    html.element("li", [.optional("style", color), .init("title", decorator.action ?? "")],
                                 text: decorator.label ?? decorator.icon ?? "")
                }
            }
        }
    }

    private func body(_ field: Field, value: JSONValue?, input: String, title: String, required: Markup, disabled: Bool,
                      computed: Bool) -> Markup {
        var html = Markup()
        // Inputs that take text are read-only when computed, described as calculated (their
        // name stays the title); choices, which cannot be read-only, are disabled.
        let off = Markup.Attribute.flag(computed && !disabled ? "readonly" : "disabled", disabled || computed)
        let described = Markup.Attribute.optional("aria-describedby", computed ? "\(input)-calculated" : nil)
        let disabled = disabled || computed
        if computed { html.element("span", [.init("class", "visually-hidden"), .init("id", "\(input)-calculated")], text: "calculated by a formula") }
        let data = Markup.Attribute("data-field", field.id)
        switch field.type {
        case .text:
            html.void("input", [.init("type", "text"), .init("id", input), data, .init("value", Self.text(value)), off, described])
        case .textarea:
            html.element("textarea", [.init("id", input), data, .init("rows", "3"), off, described], text: Self.text(value))
        case .number:
            let text = value?.numberValue.map { DisplayNumber.text($0, placesIn: field.json) } ?? Self.text(value)
            html.void("input", [.init("type", "number"), .init("step", "any"), .init("id", input), data,
                                .init("value", text), off, described])
        case .date:
            let hint = "\(input)-format"
            html.append(Self.dateInput(id: input, value: value, format: field.json["format"]?.stringValue ?? DateText.defaultFormat,
                                       tz: field.json["tz"]?.stringValue,
                                       attributes: [data, off, .init("aria-describedby", computed ? "\(hint) \(input)-calculated" : hint)],
                                       hintID: hint, pickerLabel: disabled ? nil : "Choose \(title) from a calendar"))
        case .dropdown:
            html.append(select(options: field.options, selected: value?.stringValue, input: input, attributes: [data], disabled: disabled))
        case .multiSelect:
            let selected = Set(value?.arrayValue?.compactMap(\.stringValue) ?? [])
            html.element("fieldset", [.init("class", "choices"), .init("id", input), data, .flag("disabled", disabled)]) { html in
                html.element("legend") { html in
                    html.text(title)
                    html.append(required)
                }
                for (index, option) in field.options.enumerated() where !option.deleted || selected.contains(option.id) {
                    html.element("label") { html in
                        html.void("input", [.init("type", "checkbox"), .init("name", input), .init("id", "\(input)-\(index)"),
                                            .init("value", option.id), .flag("checked", selected.contains(option.id))])
                        html.text(" " + option.text)
                    }
                }
            }
        case .signature:
            let source = value?.stringValue ?? ""
            if !source.isEmpty {
                if HTML.isImageSource(source) {
                    html.void("img", [.init("class", "signature"), .init("src", source), .init("alt", "Signature: \(title)")])
                } else {
                    html.element("p", [.init("class", "placeholder")], text: "A signature that is not an image")
                }
            } else {
                html.element("p", [.init("class", "placeholder"), .init("aria-labelledby", "\(input)-title")], text: "Not signed")
            }
            if !disabled {
                html.element("p", [.init("class", "field-tools")]) { html in
                    html.element("button", [.init("type", "button"), .init("id", "\(input)-sign"), .init("data-action", "sign"), data,
                                            .init("data-title", title), .init("aria-haspopup", "dialog")],
                                 text: source.isEmpty ? "Sign \(title)" : "Sign \(title) again")
                    if !source.isEmpty {
                        html.text(" ")
                        html.element("button", [.init("type", "button"), .init("data-action", "unsign"), data], text: "Clear the signature")
                    }
                }
            }
        case .image, .file:
            html.append(files(field, value, input: input, title: title, disabled: disabled))
        case .block:
            html.element("div", [.init("class", "block")], text: Self.text(value))
        case .richText:
            html.element("div", [.init("class", "rich")]) { $0.append(HTML.sanitize(Self.text(value))) }
        case .table:
            html.append(TableRenderer(form: self, field: field, input: input, disabled: readonly || field.json["disabled"]?.boolValue == true)
                .table(value, view: tableViews[field.id] ?? TableView()))
        case .collection:
            html.append(TableRenderer(form: self, field: field, input: input, disabled: readonly || field.json["disabled"]?.boolValue == true)
                .collection(value, view: tableViews[field.id] ?? TableView()))
        case .chart:
            let chart = ChartRenderer(field: field, title: title)
            html.element("div", [.init("class", "chart-box")]) { html in
                html.append(chart.svg(value))
                html.append(chart.points(value, input: input, disabled: disabled))
            }
        case .unknown(let name):
            html.element("p", [.init("class", "placeholder")], text: "A field of type “\(name)”, which the SDK does not show")
        }
        return html
    }

    /// A dropdown's `select`: `attributes` (the field's, a cell's) after its id, then its label.
    func select(options: [FieldOption], selected: String?, input: String, attributes: [Markup.Attribute?], disabled: Bool,
                label: String? = nil) -> Markup {
        Markup.build { html in
            html.element("select", [.init("id", input)] + attributes + [.optional("aria-label", label), .flag("disabled", disabled)]) { html in
                html.element("option", [.init("value", "")])
                for option in options where !option.deleted || option.id == selected {
                    html.element("option", [.init("value", option.id), .flag("selected", option.id == selected)], text: option.text)
                }
            }
        }
    }

    /// An image or a file field: its files, each named by a link to it (an image shown too)
    /// with a button that removes it, and an input that adds files (``Uploads``).
    private func files(_ field: Field, _ value: JSONValue?, input: String, title: String, disabled: Bool) -> Markup {
        let files = value?.arrayValue ?? []
        let image = field.type == .image
        return Markup.build { html in
            if files.isEmpty {
                html.element("p", [.init("class", "placeholder"), .init("id", "\(input)-none")], text: image ? "No image" : "No files")
            } else {
                html.element("ul", [.init("class", image ? "images" : "files"), .init("aria-label", title)]) { html in
                    for (index, file) in files.enumerated() {
                        let url = file["url"]?.stringValue ?? ""
                        let name = file["fileName"]?.stringValue ?? file["name"]?.stringValue ?? (image ? title : "file")
                        let lower = url.lowercased()
                        let linkable = lower.hasPrefix("data:") || lower.hasPrefix("https://") || lower.hasPrefix("http://")
                        html.element("li") { html in
                            if image && HTML.isImageSource(url) { html.void("img", [.init("src", url), .init("alt", name)]) }
                            if linkable {
                                html.element("a", [.init("href", url), .init("download", name), .init("rel", "noopener noreferrer")], text: name)
                            } else {
                                html.element("span", text: name)
                            }
                            if !disabled, let id = file["_id"]?.stringValue {
                                html.text(" ")
                                html.element("button", [.init("type", "button"), .init("id", "\(input)-remove\(index)"), .init("data-action", "removeFile"),
                                                        .init("data-field", field.id), .init("data-file", id), .init("aria-label", "Remove \(name)"),
                                                        .init("title", "Remove \(name)")], text: "✕")
                            }
                        }
                    }
                }
            }
            guard !disabled else { return }
            let several = !image || field.json["multi"]?.boolValue != false
            html.element("label", [.init("class", "upload")]) { html in
                html.text(image ? (several || files.isEmpty ? "Add an image" : "Replace the image") : "Add a file")
                html.text(" ")
                html.void("input", [.init("type", "file"), .init("id", "\(input)-upload"), .init("data-upload", "1"), .init("data-field", field.id),
                                    image ? .init("accept", "image/*") : nil, .flag("multiple", several),
                                    .init("aria-describedby", "\(input)-upload-limit")])
            }
            html.element("span", [.init("class", "hint"), .init("id", "\(input)-upload-limit")], text: "Up to 2 MiB a file")
        }
    }

    /// A value as text in an input: strings as they are, numbers as people read them
    /// (``DisplayNumber``), other values as JSON.
    static func text(_ value: JSONValue?) -> String {
        guard let value, !value.isNull else { return "" }
        if let string = value.stringValue { return string }
        if let number = value.numberValue { return DisplayNumber.text(number) }
        return value.text
    }
}
