import JoyfillFormulas
import JoyfillJSON

/// How many findings each rule has over all files (`jf lint --statistics`), most first.
public struct LintStatistics: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var rule: String
        /// The severity the findings were reported at (configuration can change a rule's).
        public var severity: Diagnostic.Severity
        public var count: Int
        /// How many have a fix that `--fix` applies.
        public var fixable: Int
    }

    /// By rule and severity: a rule has a row per severity, since configuration overrides can
    /// differ between paths.
    private var byRule: [String: Row] = [:]

    /// The rows, the most findings first.
    public var rows: [Row] {
        byRule.values.sorted { ($1.count, $0.rule, $0.severity.rawValue) < ($0.count, $1.rule, $1.severity.rawValue) }
    }

    public init(_ reports: [FileReport] = []) {
        for report in reports { add(report) }
    }

    /// Counts one more file's findings.
    public mutating func add(_ report: FileReport) {
        for diagnostic in report.findings {
            let key = diagnostic.rule + " " + diagnostic.severity.rawValue
            var row = byRule[key] ?? Row(rule: diagnostic.rule, severity: diagnostic.severity, count: 0, fixable: 0)
            row.count += 1
            if diagnostic.isFixable { row.fixable += 1 }
            byRule[key] = row
        }
    }

    /// One line a rule: `  12  unknown-reference  error  (3 fixable)`.
    public var human: String {
        let rows = self.rows
        let countWidth = String(rows.first?.count ?? 0).count
        let ruleWidth = rows.map(\.rule.count).max() ?? 0
        return rows.map { row in
            let count = String(repeating: " ", count: countWidth - String(row.count).count) + String(row.count)
            let rule = row.rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
            let severity = row.severity.rawValue
            guard row.fixable > 0 else { return "\(count)  \(rule)  \(severity)\n" }
            return "\(count)  \(rule)  \(severity.padding(toLength: 7, withPad: " ", startingAt: 0))  (\(row.fixable) fixable)\n"
        }.joined()
    }

    /// `{"statistics":[{"rule":…,"severity":…,"count":…,"fixable":…}],"summary":{…}}`, the
    /// summary as in the findings report.
    public func json(summary: LintSummary) -> String {
        let entries = rows.map { row -> JSONValue in
            .object([
                "rule": .string(row.rule), "severity": .string(row.severity.rawValue),
                "count": .integer(row.count), "fixable": .integer(row.fixable),
            ])
        }
        return JSONValue.object(["statistics": .array(entries), "summary": JSONFormatter.value(summary)]).text + "\n"
    }
}
