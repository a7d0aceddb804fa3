import JoyfillJSON

extension FormRenderer {
    /// A date input, for a field or a table cell: a text box holding the date in the field's
    /// `format` (shown once, as the template writes dates), in the zone its times are read in
    /// (``DateText/Zone``), which the page parses back as it was written. A field's box has
    /// the format and zone said beside it (`hintID`) and a button that opens the browser's
    /// calendar (`pickerLabel`); a cell's has them as its placeholder and title.
    ///
    /// A time in the browser's zone is left empty here, with the instant in `data-ms`: only
    /// the page knows that zone, and writes it.
    static func dateInput(id: String, value: JSONValue?, format: String, tz: String?, attributes: [Markup.Attribute?],
                          hintID: String?, pickerLabel: String?) -> Markup {
        let zone = DateText.Zone(format: format, tz: tz)
        let milliseconds = value?.numberValue
        let local = milliseconds.flatMap { zone.local($0) }
        let hint = DateText.hint(format: format, zone: zone, tz: tz)
        return Markup.build { html in
            html.element("span", [.init("class", "date")]) { html in
                html.void("input", [.init("type", "text"), .init("id", id)] + attributes
                          + [.init("value", local.map { DateText.format($0, as: format) } ?? ""), .init("placeholder", format),
                             .init("data-date", format), .init("data-zone", zone.attribute),
                             .optional("data-ms", milliseconds.map { _ in value?.text ?? "" }), .init("autocomplete", "off"),
                             hintID == nil ? .init("title", hint) : nil])
                if let pickerLabel {
                    let withTime = DateText.hasTime(format)
                    html.element("button", [.init("type", "button"), .init("class", "pick"), .init("data-pick", id),
                                            .init("aria-label", pickerLabel), .init("title", "Choose from a calendar")]) { html in
                        // A calendar page: drawn here, as no font can be counted on for an emoji.
                        html.element("svg", [.init("viewBox", "0 0 16 16"), .init("aria-hidden", "true"), .init("focusable", "false")]) { html in
                            html.void("rect", [.init("x", "1.5"), .init("y", "3"), .init("width", "13"), .init("height", "11.5"), .init("rx", "1.5")], selfClosing: true)
                            html.void("path", [.init("d", "M1.5 6.5h13M5 1.5v3M11 1.5v3")], selfClosing: true)
                        }
                    }
                    html.void("input", [.init("type", withTime ? "datetime-local" : "date"), .init("class", "picker"),
                                        .init("data-for", id), .init("tabindex", "-1"), .init("aria-hidden", "true"),
                                        .init("value", local.map { DateText.inputValue($0, withTime: withTime) } ?? "")])
                }
            }
            if let hintID {
                html.element("span", [.init("class", "hint"), .init("id", hintID)], text: hint)
            }
        }
    }
}
