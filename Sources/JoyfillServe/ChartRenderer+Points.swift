import JoyfillJSON

extension ChartRenderer {
    /// The chart's points as tables beside it, a line a table: each point's label, x and y,
    /// editable unless `disabled` (``ChartEdits``), and a screen reader's way into the
    /// chart's data either way. Inputs are named "X, North point 2"; ids start with `input`.
    func points(_ value: JSONValue?, input: String, disabled: Bool) -> Markup {
        let lines = (value?.arrayValue ?? []).enumerated().filter { $0.element["deleted"]?.boolValue != true }
        guard !lines.isEmpty else { return Markup() }
        return Markup.build { html in
            html.element("div", [.init("class", "chart-points")]) { html in
                for (lineIndex, line) in lines {
                    let name = line["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "Line \(lineIndex + 1)"
                    let lineID = line["_id"]?.stringValue
                    let data: [Markup.Attribute?] = [.init("data-chart", field.id), .optional("data-line", lineID)]
                    html.element("table", [.init("class", "points")]) { html in
                        html.element("caption", text: name)
                        html.element("thead") { html in
                            html.element("tr") { html in
                                for heading in ["Label", "X", "Y"] { html.element("th", [.init("scope", "col")], text: heading) }
                                if !disabled {
                                    html.element("th", [.init("scope", "col")]) { $0.element("span", [.init("class", "visually-hidden")], text: "Actions") }
                                }
                            }
                        }
                        html.element("tbody") { html in
                            for (pointIndex, point) in (line["points"]?.arrayValue ?? []).enumerated() {
                                let pointID = point["_id"]?.stringValue
                                let off = disabled || lineID == nil || pointID == nil
                                let prefix = "\(input)-l\(lineIndex)-p\(pointIndex)"
                                html.element("tr") { html in
                                    for key in ["label", "x", "y"] {
                                        let text = key == "label" ? point["label"]?.stringValue ?? "" : point[key]?.numberValue.map(DisplayNumber.text) ?? ""
                                        html.element("td") { html in
                                            html.void("input", [.init("type", key == "label" ? "text" : "number"), key == "label" ? nil : .init("step", "any"),
                                                                .init("id", "\(prefix)-\(key)")] + data
                                                      + [.optional("data-point", pointID), .init("data-key", key),
                                                         .init("aria-label", "\(key == "label" ? "Label" : key.uppercased()), \(name) point \(pointIndex + 1)"),
                                                         .init("value", text), .flag("disabled", off)])
                                        }
                                    }
                                    if !disabled {
                                        html.element("td") { html in
                                            html.element("button", [.init("type", "button"), .init("id", "\(prefix)-remove"), .init("data-action", "removePoint"),
                                                                    .init("data-field", field.id), .optional("data-line", lineID), .optional("data-point", pointID),
                                                                    .init("aria-label", "Remove \(name) point \(pointIndex + 1)"), .flag("disabled", off)], text: "✕")
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if !disabled && lineID != nil {
                        html.element("button", [.init("type", "button"), .init("data-action", "addPoint"), .init("data-field", field.id),
                                                .optional("data-line", lineID)], text: "Add a point to \(name)")
                    }
                }
            }
        }
    }
}
