import JoyfillJSON
import JoyfillFormulas

/// `--format sarif`: one SARIF 2.1.0 log with one run.
///
/// The driver lists every rule the command can report (id, name, descriptions, help,
/// default level), so viewers can show rules with no findings: `jf lint`'s rules, or
/// `jf validate`'s (`ValidationFindings.rules`). Each result has the rule's id and index, its
/// level, the message, the file region (columns in Unicode code points, as `columnKind` says), the field
/// as a logical location, the fix as a SARIF fix, and a `partialFingerprints` entry that
/// does not change when lines move: a hash of the rule, the field, the formula, the message
/// and the formula text under the span.
public enum SARIFFormatter {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// A rule as the driver describes it.
    public struct Rule: Sendable {
        public let id: String
        public let summary: String
        public let severity: Diagnostic.Severity
        /// Where its documentation is, for the reader of the log.
        public let help: String
        public let fixability: LintRule.Fixability

        public init(id: String, summary: String, severity: Diagnostic.Severity, help: String,
                    fixability: LintRule.Fixability = .never) {
            (self.id, self.summary, self.severity, self.help, self.fixability) = (id, summary, severity, help, fixability)
        }

        public init(_ rule: LintRule) {
            self.init(id: rule.name, summary: rule.summary, severity: rule.severity,
                      help: "See \(rule.documentationPath) in the jf repository, or run: jf lint --explain \(rule.name)",
                      fixability: rule.fixability)
        }
    }

    /// `jf lint`'s rules, in the order of `--list-rules`.
    public static let lintRules = LintRule.all.map(Rule.init)

    public static func render(_ reports: [FileReport], version: String, rules: [Rule] = lintRules) -> String {
        var output = "{\"$schema\":\"\(schema)\",\"version\":\"2.1.0\",\"runs\":[{"
        output += "\"tool\":{\"driver\":{\"name\":\"jf\",\"semanticVersion\":\"\(version)\",\"rules\":["
        output += rules.map(rule).joined(separator: ",")
        output += "]}},\"columnKind\":\"unicodeCodePoints\",\"results\":["
        var first = true
        let indices = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for report in reports {
            for diagnostic in report.diagnostics {
                if !first { output += "," }
                first = false
                output += result(diagnostic, path: report.path, ruleIndex: indices[diagnostic.rule])
            }
        }
        output += "]"
        let failures = reports.filter { $0.failure != nil }
        if !failures.isEmpty {
            output += ",\"invocations\":[{\"executionSuccessful\":false,\"toolExecutionNotifications\":["
            output += failures.map { report in
                "{\"level\":\"error\",\"message\":{\"text\":" + JSONText.string(report.failure!) + "},\"locations\":[{\"physicalLocation\":"
                    + "{\"artifactLocation\":{\"uri\":" + JSONText.string(uri(report.path)) + "}}}]}"
            }.joined(separator: ",")
            output += "]}]"
        }
        return output + "}]}\n"
    }

    private static func rule(_ rule: Rule) -> String {
        let level = level(rule.severity.rawValue)
        return "{\"id\":\"\(rule.id)\",\"name\":\"\(camelCase(rule.id))\",\"shortDescription\":{\"text\":"
            + JSONText.string(rule.summary) + "},\"fullDescription\":{\"text\":" + JSONText.string(rule.summary)
            + "},\"help\":{\"text\":" + JSONText.string(rule.help) + "}"
            + ",\"defaultConfiguration\":{\"level\":\"\(level)\"}"
            + ",\"properties\":{\"fixable\":\"\(rule.fixability.rawValue)\"}}"
    }

    private static func result(_ diagnostic: LintDiagnostic, path: String, ruleIndex: Int?) -> String {
        let location = diagnostic.location
        var output = "{\"ruleId\":\"\(diagnostic.rule)\""
        if let ruleIndex { output += ",\"ruleIndex\":\(ruleIndex)" }
        output += ",\"level\":\"\(level(diagnostic.severity.rawValue))\""
        var message = diagnostic.message
        if !diagnostic.notes.isEmpty { message += " (" + diagnostic.notes.joined(separator: "; ") + ")" }
        output += ",\"message\":{\"text\":" + JSONText.string(message) + "}"
        let artifact = "{\"uri\":" + JSONText.string(uri(path)) + "}"
        let region = "{\"startLine\":\(location.line),\"startColumn\":\(location.column),\"endLine\":\(location.endLine),"
            + "\"endColumn\":\(max(location.endColumn, location.line == location.endLine ? location.column + 1 : 1)),"
            + "\"byteOffset\":\(location.start),\"byteLength\":\(location.end - location.start)}"
        output += ",\"locations\":[{\"physicalLocation\":{\"artifactLocation\":\(artifact),\"region\":\(region)}"
        var logical: [String] = []
        if let field = diagnostic.field { logical.append("{\"name\":" + JSONText.string(field) + ",\"kind\":\"member\"}") }
        if let formula = diagnostic.formula { logical.append("{\"name\":" + JSONText.string(formula) + ",\"kind\":\"function\"}") }
        if !logical.isEmpty { output += ",\"logicalLocations\":[" + logical.joined(separator: ",") + "]" }
        output += "}]"
        output += ",\"partialFingerprints\":{\"jfFindingHash/v1\":\"\(fingerprint(diagnostic))\"}"
        if let fix = diagnostic.fix, diagnostic.isFixable, !diagnostic.fileEdits.isEmpty {
            let replacements = diagnostic.fileEdits.map { edit in
                "{\"deletedRegion\":{\"byteOffset\":\(edit.start),\"byteLength\":\(edit.end - edit.start)},"
                    + "\"insertedContent\":{\"text\":" + JSONText.string(edit.replacement) + "}}"
            }.joined(separator: ",")
            output += ",\"fixes\":[{\"description\":{\"text\":" + JSONText.string(fix.message) + "},"
                + "\"artifactChanges\":[{\"artifactLocation\":\(artifact),\"replacements\":[\(replacements)]}]}]"
        }
        return output + "}"
    }

    /// FNV-1a over what identifies a finding, independent of its line.
    static func fingerprint(_ diagnostic: LintDiagnostic) -> String {
        var snippet = ""
        if let expression = diagnostic.expression, let span = diagnostic.span {
            let bytes = Array(expression.utf8)
            snippet = String(decoding: bytes[min(span.start, bytes.count)..<min(span.end, bytes.count)], as: UTF8.self)
        }
        return hash([diagnostic.rule, diagnostic.field ?? "", diagnostic.formula ?? "", diagnostic.message, snippet])
    }

    /// FNV-1a over `parts`, each ended by a byte no UTF-8 text has, as 16 hex digits.
    static func hash(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func level(_ severity: String) -> String {
        severity == "info" ? "note" : severity
    }

    /// A relative path as a URI reference: `/` separators, reserved characters escaped.
    static func uri(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || "-._~/".unicodeScalars.contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return output.hasPrefix("./") ? String(output.dropFirst(2)) : output
    }

    private static func camelCase(_ name: String) -> String {
        let parts = name.split(separator: "-")
        return parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }
}
