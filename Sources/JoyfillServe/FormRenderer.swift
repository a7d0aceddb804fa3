import JoyfillEngine
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
    let readonly: Bool
    /// The page of rows each table shows (``rowsPerPage`` rows a page), by field.
    let tablePages: [String: Int]

    /// Rows shown at a time in a table or a collection level: a 1,000-row table is 20 pages.
    static let rowsPerPage = 50
    /// Collection levels shown below the root; deeper rows are named, not shown.
    static let maximumDepth = 16

    var document: JoyDoc { editor.document }

    init(editor: DocumentSession, readonly: Bool, tablePages: [String: Int]) {
        self.editor = editor
        self.readonly = readonly
        self.tablePages = tablePages
        validation = (try? editor.validate()) ?? .refused
        validity = Dictionary(validation.fields.map { ($0.field.id, $0) }, uniquingKeysWith: { first, _ in first })
        failures = Dictionary(grouping: editor.formulaFindings.filter { $0.field != nil && $0.severity == .error }, by: { $0.field! })
        instances = Self.instances(of: editor.document, view: editor.visibility.view)
    }

    // MARK: The containers

    /// One placed (or unplaced) field: where it is, for ids and updates.
    struct Instance {
        /// The container's id.
        let id: String
        let position: Int
    }

    /// Every container of the form, in page order, then the unplaced fields.
    let instances: [(page: Page?, instances: [Instance])]

    private static func instances(of document: JoyDoc, view: DocumentView) -> [(page: Page?, instances: [Instance])] {
        var placed = Set<Int>()
        var result: [(Page?, [Instance])] = []
        for (pageIndex, page) in document.pages(in: view).enumerated() {
            var list: [Instance] = []
            for (index, position) in page.positions.enumerated() {
                guard let field = document.fieldIndex(position.field) else { continue }
                placed.insert(field)
                list.append(Instance(id: "f\(pageIndex)-\(index)", position: field))
            }
            result.append((page, list))
        }
        let unplaced = document.fields.indices.filter { !placed.contains($0) }.map { Instance(id: "u\($0)", position: $0) }
        if !unplaced.isEmpty { result.append((nil, unplaced)) }
        return result
    }

    /// Each container's HTML, by id.
    func containers() -> [(id: String, field: String, html: String)] {
        instances.flatMap { $0.instances }.map { ($0.id, document.fields[$0.position].id, container($0)) }
    }

    /// What a field's container shows besides its value: whether it is shown and required,
    /// its columns' and child schemas' flags, its validity and its formula's failures. A field
    /// whose value and state are as they were renders as it did.
    struct FieldState: Equatable {
        var shown: Bool
        var required: Bool
        /// Each column's shown and required flags, in order (tables and collections).
        var columns: [Bool]
        var validity: String
        var failures: [String]
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
            var validity = ""
            if let valid = self.validity[field.id] {
                validity = "\(valid.status.rawValue) \(valid.isMissing) "
                    + valid.rows.map { "\($0.id):\($0.emptyColumns.map(\.id)):\($0.missingSchemas)" }.joined(separator: ",")
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
        var html = ""
        let groups = instances
        let pages = groups.compactMap(\.page)
        html += "<nav class=\"pages\" aria-label=\"Pages\">"
        for (index, page) in pages.enumerated() {
            let hidden = editor.visibility.shows(page: page.id) ? "" : " hidden"
            let current = index == 0 ? " aria-current=\"page\"" : ""
            html += "<button type=\"button\" class=\"page-tab\" data-page=\"pg\(index)\" id=\"tab-pg\(index)\"\(current)\(hidden)>"
                + HTML.escape(page.name ?? "Page \(index + 1)") + "</button>"
        }
        html += "</nav>"
        for (index, group) in groups.enumerated() {
            if let page = group.page {
                let shown = index == 0 ? "" : " hidden"
                html += "<section class=\"page\" id=\"pg\(index)\" aria-label=\"\(HTML.escape(page.name ?? "Page \(index + 1)"))\"\(shown)>"
            } else {
                // Open when the pages place nothing, so that a template of loose fields is seen at once.
                let open = groups.count == 1 || groups.allSatisfy({ $0.page == nil || $0.instances.isEmpty }) ? " open" : ""
                html += "<details class=\"unplaced\"\(open)><summary>Fields no page places (\(group.instances.count))</summary>"
            }
            for instance in group.instances { html += rendered[instance.id] ?? container(instance) }
            html += group.page == nil ? "</details>" : "</section>"
        }
        if pages.isEmpty && groups.isEmpty { html += "<p class=\"empty\">The document has no fields.</p>" }
        return html
    }

    // MARK: Fields

    func container(_ instance: Instance) -> String {
        let field = document.fields[instance.position]
        let value = editor.values.value(at: instance.position)
        let shown = editor.visibility.shows(field: field.id)
        let validity = validity[field.id]
        let invalid = validity?.status == .invalid
        let failed = failures[field.id] ?? []
        let computed = field.hasValueFormula
        let disabled = readonly || computed || field.json["disabled"]?.boolValue == true
        let input = instance.id + "-in"
        var classes = ["field", "type-" + HTML.escape(field.type.name)]
        if invalid { classes.append("invalid") }
        if computed { classes.append("computed") }
        if !failed.isEmpty { classes.append("failed") }
        var html = "<div class=\"\(classes.joined(separator: " "))\" id=\"\(instance.id)\" data-field=\"\(HTML.escape(field.id))\""
        html += " data-type=\"\(HTML.escape(field.type.name))\"\(shown ? "" : " hidden")>"
        let title = field.title.flatMap { $0.isEmpty ? nil : $0 } ?? field.id
        let required = editor.visibility.requires(field: field)
            ? " <abbr class=\"required\" title=\"required\" aria-label=\"required\">*</abbr>" : ""
        let formula = computed ? " <span class=\"formula-mark\" aria-hidden=\"true\" title=\"\(HTML.escape(formulaText(of: field)))\">ƒ</span>" : ""
        let labelled = field.type != .multiSelect && field.type != .block && field.type != .chart && field.type != .table
            && field.type != .collection && field.type != .image && field.type != .signature && field.type != .richText
        if labelled {
            html += "<label class=\"title\" for=\"\(input)\">\(HTML.escape(title))\(required)\(formula)</label>"
        } else if field.type != .multiSelect {
            html += "<div class=\"title\" id=\"\(input)-title\">\(HTML.escape(title))\(required)\(formula)</div>"
        }
        html += decorators(of: field)
        html += body(field, value: value, input: input, title: title, required: required, disabled: disabled)
        if let tip = field.json["tipTitle"]?.stringValue, field.json["tipVisible"]?.boolValue != false, !tip.isEmpty
            || !(field.json["tipDescription"]?.stringValue ?? "").isEmpty {
            html += "<details class=\"tip\"><summary>\(HTML.escape(tip.isEmpty ? "Tip" : tip))</summary>"
                + "<p>\(HTML.escape(field.json["tipDescription"]?.stringValue ?? ""))</p></details>"
        }
        html += "<div class=\"messages\" id=\"\(input)-messages\" aria-live=\"polite\">"
        for failure in failed {
            html += "<p class=\"error\" role=\"alert\"><span class=\"code\">\(HTML.escape(failure.code.name))</span> "
                + HTML.escape(failure.message) + "</p>"
        }
        if let validity, validity.status == .invalid {
            if validity.isMissing { html += "<p class=\"missing\">\(HTML.escape(title)) is required.</p>" }
            for row in validity.rows where !row.emptyColumns.isEmpty || !row.missingSchemas.isEmpty {
                let columns = row.emptyColumns.map { $0.title.flatMap { $0.isEmpty ? nil : $0 } ?? $0.id }
                let what = (columns + row.missingSchemas).joined(separator: ", ")
                html += "<p class=\"missing\">Row \(row.index + 1): \(HTML.escape(what)) required.</p>"
            }
        }
        html += "</div></div>"
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

    private func decorators(of field: Field) -> String {
        let shown = Decorator.list(field.json["decorators"]).filter(\.isDisplayed)
        guard !shown.isEmpty else { return "" }
        return "<ul class=\"decorators\" aria-label=\"Decorators\">" + shown.map { decorator in
            let color = decorator.color.map { Decorator.isHexColor($0) ? " style=\"--decorator:\(HTML.escape($0))\"" : "" } ?? ""
            return "<li\(color) title=\"\(HTML.escape(decorator.action ?? ""))\">" + HTML.escape(decorator.label ?? decorator.icon ?? "") + "</li>"
        }.joined() + "</ul>"
    }

    private func body(_ field: Field, value: JSONValue?, input: String, title: String, required: String, disabled: Bool) -> String {
        let off = disabled ? " disabled" : ""
        let data = "data-field=\"\(HTML.escape(field.id))\""
        switch field.type {
        case .text:
            return "<input type=\"text\" id=\"\(input)\" \(data) value=\"\(HTML.escape(Self.text(value)))\"\(off)>"
        case .textarea:
            return "<textarea id=\"\(input)\" \(data) rows=\"3\"\(off)>\(HTML.escape(Self.text(value)))</textarea>"
        case .number:
            return "<input type=\"number\" step=\"any\" id=\"\(input)\" \(data) value=\"\(HTML.escape(value?.numberText ?? Self.text(value)))\"\(off)>"
        case .date:
            let format = field.json["format"]?.stringValue ?? DateText.defaultFormat
            let ms = value?.numberValue
            let withTime = DateText.hasTime(format)
            let text = ms.map { DateText.inputValue($0, withTime: withTime) } ?? ""
            let shown = ms.map { DateText.format($0, as: format) } ?? ""
            return "<input type=\"\(withTime ? "datetime-local" : "date")\" id=\"\(input)\" \(data) value=\"\(text)\"\(off)>"
                + "<output class=\"formatted\" for=\"\(input)\">\(HTML.escape(shown))</output>"
        case .dropdown:
            return select(options: field.options, selected: value?.stringValue, input: input, data: data, disabled: off)
        case .multiSelect:
            let selected = Set(value?.arrayValue?.compactMap(\.stringValue) ?? [])
            var html = "<fieldset class=\"choices\" id=\"\(input)\" \(data)\(off)><legend>\(HTML.escape(title))\(required)</legend>"
            for (index, option) in field.options.enumerated() where !option.deleted || selected.contains(option.id) {
                let checked = selected.contains(option.id) ? " checked" : ""
                html += "<label><input type=\"checkbox\" name=\"\(input)\" id=\"\(input)-\(index)\" value=\"\(HTML.escape(option.id))\"\(checked)> "
                    + HTML.escape(option.text) + "</label>"
            }
            return html + "</fieldset>"
        case .signature:
            guard let source = value?.stringValue, !source.isEmpty else {
                return "<p class=\"placeholder\" aria-labelledby=\"\(input)-title\">Not signed</p>"
            }
            return HTML.isImageSource(source)
                ? "<img class=\"signature\" src=\"\(HTML.escape(source))\" alt=\"Signature: \(HTML.escape(title))\">"
                : "<p class=\"placeholder\">A signature that is not an image</p>"
        case .image:
            return images(value, title: title)
        case .block:
            return "<div class=\"block\">\(HTML.escape(Self.text(value)))</div>"
        case .richText:
            return "<div class=\"rich\">\(HTML.sanitize(Self.text(value)))</div>"
        case .table:
            return TableRenderer(form: self, field: field, input: input, disabled: readonly || field.json["disabled"]?.boolValue == true)
                .table(value, page: tablePages[field.id] ?? 0)
        case .collection:
            return TableRenderer(form: self, field: field, input: input, disabled: readonly || field.json["disabled"]?.boolValue == true)
                .collection(value, page: tablePages[field.id] ?? 0)
        case .chart:
            return ChartRenderer(field: field, title: title).svg(value)
        case .file:
            let names = (value?.arrayValue ?? []).map { $0["fileName"]?.stringValue ?? $0["name"]?.stringValue ?? "file" }
            return names.isEmpty ? "<p class=\"placeholder\">No files</p>"
                : "<ul class=\"files\">" + names.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
        case .unknown(let name):
            return "<p class=\"placeholder\">A field of type “\(HTML.escape(name))”, which the SDK does not show</p>"
        }
    }

    func select(options: [FieldOption], selected: String?, input: String, data: String, disabled: String, label: String? = nil) -> String {
        let aria = label.map { " aria-label=\"\(HTML.escape($0))\"" } ?? ""
        var html = "<select id=\"\(input)\" \(data)\(aria)\(disabled)><option value=\"\"></option>"
        for option in options where !option.deleted || option.id == selected {
            let mark = option.id == selected ? " selected" : ""
            html += "<option value=\"\(HTML.escape(option.id))\"\(mark)>\(HTML.escape(option.text))</option>"
        }
        return html + "</select>"
    }

    private func images(_ value: JSONValue?, title: String) -> String {
        let images = value?.arrayValue ?? []
        guard !images.isEmpty else { return "<p class=\"placeholder\">No image</p>" }
        return "<div class=\"images\">" + images.map { image in
            let url = image["url"]?.stringValue ?? ""
            let name = image["fileName"]?.stringValue ?? title
            return HTML.isImageSource(url) ? "<img src=\"\(HTML.escape(url))\" alt=\"\(HTML.escape(name))\">"
                : "<span class=\"placeholder\">\(HTML.escape(name))</span>"
        }.joined() + "</div>"
    }

    /// A value as text in an input: strings as they are, numbers in their JSON form, other
    /// values as JSON.
    static func text(_ value: JSONValue?) -> String {
        guard let value, !value.isNull else { return "" }
        if let string = value.stringValue { return string }
        if let number = value.numberText { return number }
        return value.text
    }
}
