import Foundation
import JoyfillJSON
import JoyfillModel

/// A chart field as an SVG: its axes from `xMin`…`xMax` and `yMin`…`yMax`, widened to the
/// points' range when a point lies outside (the points' range alone when they are missing),
/// with ticks at round numbers and light grid lines; each line's points joined, each point a
/// circle that names its label and coordinates; a legend of the lines' titles.
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
        for x in Self.ticks(from: xMin, to: xMax) {
            html.void("line", [.init("class", "grid"), .init("x1", coordinate(px(x))), .init("y1", "\(m)"), .init("x2", coordinate(px(x))),
                               .init("y2", "\(h - m)")], selfClosing: true)
            html.element("text", [.init("class", "tick middle"), .init("x", coordinate(px(x))), .init("y", "\(h - m + 14)")], text: DisplayNumber.text(x))
        }
        for y in Self.ticks(from: yMin, to: yMax) {
            html.void("line", [.init("class", "grid"), .init("x1", "\(m)"), .init("y1", coordinate(py(y))), .init("x2", "\(w - m)"),
                               .init("y2", coordinate(py(y)))], selfClosing: true)
            html.element("text", [.init("class", "tick end"), .init("x", "\(m - 4)"), .init("y", coordinate(py(y) + 4))], text: DisplayNumber.text(y))
        }
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

    /// Round numbers from `low` to `high`, 2 to 10 of them: steps of 1, 2 or 5 times a power
    /// of ten, as a person rules an axis.
    static func ticks(from low: Double, to high: Double) -> [Double] {
        guard low.isFinite, high.isFinite, high > low else { return low.isFinite ? [low] : [] }
        let rough = (high - low) / 5
        let exponent = Int(log10(rough).rounded(.down))
        let scale = pow(10, Double(abs(exponent)))
        // The step is `multiple` times 10^exponent; a tick is a whole number of steps, made by
        // one multiplication or division so that 0.6 is 0.6, not 0.6000000000000001.
        let multiple = [1.0, 2, 5, 10].first { (exponent < 0 ? $0 / scale : $0 * scale) >= rough } ?? 10
        func value(_ steps: Double) -> Double { exponent < 0 ? steps * multiple / scale : steps * multiple * scale }
        let step = value(1)
        var ticks: [Double] = []
        var count = (low / step).rounded(.up)
        while value(count) <= high + step * 1e-9 && ticks.count < 12 {
            ticks.append(value(count) + 0)   // + 0: never -0
            count += 1
        }
        return ticks
    }
}
