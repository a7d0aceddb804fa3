import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON

/// `--format sarif`: one SARIF 2.1.0 log with one run.
///
/// The driver lists every rule the command can report (id, name, descriptions, help,
/// default level), so viewers can show rules with no findings: `jf lint`'s rules, or
/// `jf validate`'s (`validationRules`). Each result has the rule's id and index, its
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
        let indices = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results = reports.flatMap { report in
            report.findings.map { result($0, path: report.path, ruleIndex: indices[$0.rule]) }
        }
        let failures = reports.compactMap { report in report.failure.map { (report.path, $0) } }
        let invocations: JSONValue? = failures.isEmpty ? nil : .array([.object([
            "executionSuccessful": false,
            "toolExecutionNotifications": .array(failures.map { path, failure in
                .object([
                    "level": "error",
                    "message": .object(["text": .string(failure)]),
                    "locations": .array([.object(["physicalLocation": .object(["artifactLocation": .object(["uri": .string(uri(path))])])])]),
                ])
            }),
        ])])
        let log: JSONValue = .object([
            "$schema": .string(schema),
            "version": "2.1.0",
            "runs": .array([.object([
                "tool": .object(["driver": .object([
                    "name": "jf", "semanticVersion": .string(version), "rules": .array(rules.map(rule)),
                ])]),
                "columnKind": "unicodeCodePoints",
                "results": .array(results),
                "invocations": invocations,
            ])]),
        ])
        return log.text + "\n"
    }

    private static func rule(_ rule: Rule) -> JSONValue {
        .object([
            "id": .string(rule.id),
            "name": .string(camelCase(rule.id)),
            "shortDescription": .object(["text": .string(rule.summary)]),
            "fullDescription": .object(["text": .string(rule.summary)]),
            "help": .object(["text": .string(rule.help)]),
            "defaultConfiguration": .object(["level": .string(level(rule.severity.rawValue))]),
            "properties": .object(["fixable": .string(rule.fixability.rawValue)]),
        ])
    }

    private static func result(_ diagnostic: Finding, path: String, ruleIndex: Int?) -> JSONValue {
        let location = diagnostic.location
        var message = diagnostic.message
        if !diagnostic.notes.isEmpty { message += " (" + diagnostic.notes.joined(separator: "; ") + ")" }
        let artifact: JSONValue = .object(["uri": .string(uri(path))])
        let region: JSONValue = .object([
            "startLine": .integer(location.line),
            "startColumn": .integer(location.column),
            "endLine": .integer(location.endLine),
            "endColumn": .integer(max(location.endColumn, location.line == location.endLine ? location.column + 1 : 1)),
            "byteOffset": .integer(location.start),
            "byteLength": .integer(location.end - location.start),
        ])
        var logical: [JSONValue] = []
        if let field = diagnostic.field { logical.append(.object(["name": .string(field), "kind": "member"])) }
        if let formula = diagnostic.formula { logical.append(.object(["name": .string(formula), "kind": "function"])) }
        var fixes: JSONValue?
        if let fix = diagnostic.fix, diagnostic.isFixable, !diagnostic.fileEdits.isEmpty {
            let replacements = diagnostic.fileEdits.map { edit -> JSONValue in
                .object([
                    "deletedRegion": .object(["byteOffset": .integer(edit.start), "byteLength": .integer(edit.end - edit.start)]),
                    "insertedContent": .object(["text": .string(edit.replacement)]),
                ])
            }
            fixes = .array([.object([
                "description": .object(["text": .string(fix.message)]),
                "artifactChanges": .array([.object(["artifactLocation": artifact, "replacements": .array(replacements)])]),
            ])])
        }
        return .object([
            "ruleId": .string(diagnostic.rule),
            "ruleIndex": ruleIndex.map(JSONValue.integer),
            "level": .string(level(diagnostic.severity.rawValue)),
            "message": .object(["text": .string(message)]),
            "locations": .array([.object([
                "physicalLocation": .object(["artifactLocation": artifact, "region": region]),
                "logicalLocations": logical.isEmpty ? nil : .array(logical),
            ])]),
            "partialFingerprints": .object(["jfFindingHash/v1": .string(fingerprint(diagnostic))]),
            "fixes": fixes,
        ])
    }

    /// FNV-1a over what identifies a finding, independent of its line.
    static func fingerprint(_ diagnostic: Finding) -> String {
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

extension SARIFFormatter {
    /// The codes `jf validate` reports, as `--format sarif` describes them.
    public static let validationRules: [Rule] = [
        Rule(id: DiagnosticCode.required.name, summary: "A shown field, row or collection level that has no required value.",
                            severity: .error, help: "See docs/validation.md in the jf repository: what is checked, and what has a value."),
        Rule(.invalidLogic),
        Rule(.logicMissingTarget),
        Rule(.logicComparesText),
        Rule(.logicUnknownAction),
        Rule(.lonePageHidden),
        Rule(.unreachableRequiredLogic),
        Rule(.schemaVersion),
        Rule(.schemaValidation),
    ]
}
