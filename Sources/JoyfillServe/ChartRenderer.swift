import JoyfillJSON
import JoyfillModel

/// A chart field as an SVG: its axes from `xMin`…`xMax` and `yMin`…`yMax`, widened to the
/// points' range when a point lies outside (the points' range alone when they are missing), each line's points joined, each point a circle that names
/// its label and coordinates; a legend of the lines' titles.
struct ChartRenderer {
    let field: Field
    let title: String

    static let width = 480.0, height = 280.0, margin = 40.0
    static let colors = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"]

    func svg(_ value: JSONValue?) -> Markup {
        let lines = (value?.arrayValue ?? []).filter { $0["deleted"]?.boolValue != true }
        let points = lines.flatMap { line in
            (line["points"]?.arrayValue ?? []).compactMap { point -> (x: Double, y: Double, label: String)? in
                guard let x = point["x"]?.numberValue, let y = point["y"]?.numberValue else { return nil }
                return (x, y, point["label"]?.stringValue ?? "")
            }
        }
        // The axes cover the field's declared range and every point: a point outside the
        // declared range is still drawn inside the frame.
        func bound(_ key: String, _ data: Double?, _ pick: (Double, Double) -> Double, _ fallback: Double) -> Double {
            switch (field.json[key]?.numberValue, data) {
            case let (declared?, data?): return pick(declared, data)
            case let (declared?, nil): return declared
            case let (nil, data?): return data
            case (nil, nil): return fallback
            }
        }
        let xMin = bound("xMin", points.map(\.x).min(), min, 0), xMax = bound("xMax", points.map(\.x).max(), max, 1)
        let yMin = bound("yMin", points.map(\.y).min().map { min($0, 0) }, min, 0), yMax = bound("yMax", points.map(\.y).max(), max, 1)
        let (w, h, m) = (Self.width, Self.height, Self.margin)
        func px(_ x: Double) -> Double { m + (xMax == xMin ? 0.5 : (x - xMin) / (xMax - xMin)) * (w - 2 * m) }
        func py(_ y: Double) -> Double { h - m - (yMax == yMin ? 0.5 : (y - yMin) / (yMax - yMin)) * (h - 2 * m) }
        func number(_ value: Double) -> String { JSONValue.number(value).numberText ?? "\(value)" }
        func coordinate(_ value: Double) -> String { number((value * 10).rounded() / 10) }

        var html = Markup()
        html.open("figure", [.init("class", "chart")])
        html.open("svg", [.init("viewBox", "0 0 \(Int(w)) \(Int(h))"), .init("role", "img"), .init("aria-label", title)])
        html.void("line", [.init("class", "axis"), .init("x1", "\(m)"), .init("y1", "\(h - m)"), .init("x2", "\(w - m)"), .init("y2", "\(h - m)")],
                  selfClosing: true)
        html.void("line", [.init("class", "axis"), .init("x1", "\(m)"), .init("y1", "\(m)"), .init("x2", "\(m)"), .init("y2", "\(h - m)")],
                  selfClosing: true)
        html.element("text", [.init("class", "tick"), .init("x", "\(m)"), .init("y", "\(h - m + 14)")], text: number(xMin))
        html.element("text", [.init("class", "tick end"), .init("x", "\(w - m)"), .init("y", "\(h - m + 14)")], text: number(xMax))
        html.element("text", [.init("class", "tick end"), .init("x", "\(m - 4)"), .init("y", "\(h - m)")], text: number(yMin))
        html.element("text", [.init("class", "tick end"), .init("x", "\(m - 4)"), .init("y", "\(m + 4)")], text: number(yMax))
        if let x = field.json["xTitle"]?.stringValue {
            html.element("text", [.init("class", "axis-title"), .init("x", "\(w / 2)"), .init("y", "\(h - 6)")], text: x)
        }
        if let y = field.json["yTitle"]?.stringValue {
            html.element("text", [.init("class", "axis-title"), .init("transform", "translate(12 \(h / 2)) rotate(-90)")], text: y)
        }
        var legend = Markup()
        for (index, line) in lines.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let own = (line["points"]?.arrayValue ?? []).compactMap { point -> (Double, Double, String)? in
                guard let x = point["x"]?.numberValue, let y = point["y"]?.numberValue else { return nil }
                return (x, y, point["label"]?.stringValue ?? "")
            }
            let path = own.map { "\(coordinate(px($0.0))),\(coordinate(py($0.1)))" }.joined(separator: " ")
            html.void("polyline", [.init("fill", "none"), .init("stroke", color), .init("stroke-width", "2"), .init("points", path)], selfClosing: true)
            for (x, y, label) in own {
                html.element("circle", [.init("cx", coordinate(px(x))), .init("cy", coordinate(py(y))), .init("r", "4"), .init("fill", color)]) { html in
                    html.element("title", text: "\(label.isEmpty ? "" : label + ": ")(\(number(x)), \(number(y)))")
                }
            }
            let name = line["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "Line \(index + 1)"
            legend.element("li") { html in
                html.element("span", [.init("class", "swatch"), .init("style", "background:\(color)")])
                html.text(name)
            }
        }
        html.close("svg")
        if lines.isEmpty {
            html.element("figcaption", [.init("class", "placeholder")], text: "No lines")
        } else {
            html.element("figcaption") { html in
                html.element("ul", [.init("class", "legend")]) { $0.append(legend) }
            }
        }
        html.close("figure")
        return html
    }
}
