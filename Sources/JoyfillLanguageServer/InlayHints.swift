import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// What the document's formulas computed, shown where they are written.
extension LanguageServer {
    /// After each formula of a JoyDoc, what it computed on the document's data, for the fields
    /// that apply it (`= 179.8`, or `subtotal = 1, total = 2`); after a bare formula that
    /// names nothing, its value.
    func inlayHints(_ params: JSONValue) -> JSONValue {
        guard let open = openDocument(params) else { return .array([]) }
        let analysis = analyze(open)
        let lines = TextLines(open.text, encoding: encoding)
        var limits = 0..<open.text.count
        if let range = params["range"].flatMap(decodeRange) {
            let start = lines.offset(of: range.start)
            limits = start..<max(start, lines.offset(of: range.end)) + 1
        }
        var hints: [(offset: Int, label: String)] = []
        if let document = analysis.document {
            var appliers: [String: [String]] = [:]
            for field in document.fields {
                for applied in field.appliedFormulas where applied.key == "value" { appliers[applied.formula, default: []].append(field.id) }
            }
            for definition in document.formulas {
                guard let end = definition.json["expression"]?.span?.upperBound, limits.contains(end),
                      let fields = appliers[definition.id] else { continue }
                let shown = fields.compactMap { field in analysis.results[field].map { (field, Self.shown($0)) } }
                guard !shown.isEmpty else { continue }
                let label = shown.count == 1 ? "= " + shown[0].1 : shown.map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
                hints.append((end, label))
            }
        } else if let formula = analysis.formula(at: 0), let value = try? Evaluator().evaluate(formula.expression) {
            var end = open.text.count
            while end > 0, [0x0A, 0x0D, 0x20].contains(open.text[end - 1]) { end -= 1 }
            if limits.contains(end) { hints.append((end, "= " + Self.cut(value.description))) }
        }
        return .array(hints.map { hint in
            .object([JSONMember("position", Self.json(lines.position(of: hint.offset))),
                     JSONMember("label", .string(hint.label)), JSONMember("paddingLeft", .bool(true))])
        })
    }

    /// A formula field's result as a hint shows it: its value (a date also in ISO 8601), or
    /// what kept it from having one.
    static func shown(_ report: FieldReport) -> String {
        switch report.status {
        case .ok: break
        case .error: return "error"
        case .circular: return "circular"
        case .dependsOnCircular: return "waits on a cycle"
        case .dependsOnFailure: return "waits on a failure"
        }
        guard let value = report.value else { return "(empty)" }
        if report.type == .date, let milliseconds = value.numberValue, let instant = Instant(milliseconds: milliseconds) {
            return instant.iso8601
        }
        let (text, isWhole) = value.textPrefix(40)
        return isWhole ? text : text + "…"
    }

    static func cut(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
