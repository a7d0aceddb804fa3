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

    func svg(_ value: JSONValue?) -> String {
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

        var svg = "<figure class=\"chart\"><svg viewBox=\"0 0 \(Int(w)) \(Int(h))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">"
        svg += "<line class=\"axis\" x1=\"\(m)\" y1=\"\(h - m)\" x2=\"\(w - m)\" y2=\"\(h - m)\"/>"
        svg += "<line class=\"axis\" x1=\"\(m)\" y1=\"\(m)\" x2=\"\(m)\" y2=\"\(h - m)\"/>"
        svg += "<text class=\"tick\" x=\"\(m)\" y=\"\(h - m + 14)\">\(number(xMin))</text>"
        svg += "<text class=\"tick end\" x=\"\(w - m)\" y=\"\(h - m + 14)\">\(number(xMax))</text>"
        svg += "<text class=\"tick end\" x=\"\(m - 4)\" y=\"\(h - m)\">\(number(yMin))</text>"
        svg += "<text class=\"tick end\" x=\"\(m - 4)\" y=\"\(m + 4)\">\(number(yMax))</text>"
        if let x = field.json["xTitle"]?.stringValue {
            svg += "<text class=\"axis-title\" x=\"\(w / 2)\" y=\"\(h - 6)\">\(HTML.escape(x))</text>"
        }
        if let y = field.json["yTitle"]?.stringValue {
            svg += "<text class=\"axis-title\" transform=\"translate(12 \(h / 2)) rotate(-90)\">\(HTML.escape(y))</text>"
        }
        var legend = ""
        for (index, line) in lines.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let own = (line["points"]?.arrayValue ?? []).compactMap { point -> (Double, Double, String)? in
                guard let x = point["x"]?.numberValue, let y = point["y"]?.numberValue else { return nil }
                return (x, y, point["label"]?.stringValue ?? "")
            }
            let path = own.map { "\(coordinate(px($0.0))),\(coordinate(py($0.1)))" }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(path)\"/>"
            for (x, y, label) in own {
                svg += "<circle cx=\"\(coordinate(px(x)))\" cy=\"\(coordinate(py(y)))\" r=\"4\" fill=\"\(color)\">"
                    + "<title>\(HTML.escape(label.isEmpty ? "" : label + ": "))(\(number(x)), \(number(y)))</title></circle>"
            }
            let name = line["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "Line \(index + 1)"
            legend += "<li><span class=\"swatch\" style=\"background:\(color)\"></span>\(HTML.escape(name))</li>"
        }
        svg += "</svg>"
        if lines.isEmpty { svg += "<figcaption class=\"placeholder\">No lines</figcaption>" }
        else { svg += "<figcaption><ul class=\"legend\">\(legend)</ul></figcaption>" }
        return svg + "</figure>"
    }
}
