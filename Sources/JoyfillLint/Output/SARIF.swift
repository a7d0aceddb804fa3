import JoyfillJSON

/// `--format sarif`: one SARIF 2.1.0 log with one run.
///
/// The driver lists every rule (id, name, descriptions, help, default level), so viewers
/// can show rules with no findings. Each result has the rule's id and index, its level, the
/// message, the file region (columns in Unicode code points, as `columnKind` says), the field
/// as a logical location, the fix as a SARIF fix, and a `partialFingerprints` entry that
/// does not change when lines move: a hash of the rule, the field, the formula, the message
/// and the formula text under the span.
public enum SARIFFormatter {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    public static func render(_ reports: [FileReport], version: String) -> String {
        var output = "{\"$schema\":\"\(schema)\",\"version\":\"2.1.0\",\"runs\":[{"
        output += "\"tool\":{\"driver\":{\"name\":\"jf\",\"semanticVersion\":\"\(version)\",\"rules\":["
        output += LintRule.all.map(rule).joined(separator: ",")
        output += "]}},\"columnKind\":\"unicodeCodePoints\",\"results\":["
        var first = true
        let indices = Dictionary(uniqueKeysWithValues: LintRule.all.enumerated().map { ($1.name, $0) })
        for report in reports {
            for diagnostic in report.diagnostics {
                if !first { output += "," }
                first = false
                output += result(diagnostic, path: report.path, ruleIndex: indices[diagnostic.rule] ?? 0)
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

    private static func rule(_ rule: LintRule) -> String {
        let level = level(rule.severity.rawValue)
        return "{\"id\":\"\(rule.name)\",\"name\":\"\(camelCase(rule.name))\",\"shortDescription\":{\"text\":"
            + JSONText.string(rule.summary) + "},\"fullDescription\":{\"text\":" + JSONText.string(rule.summary)
            + "},\"help\":{\"text\":\"See \(rule.documentationPath) in the jf repository, or run: jf lint --explain \(rule.name)\"}"
            + ",\"defaultConfiguration\":{\"level\":\"\(level)\"}"
            + ",\"properties\":{\"fixable\":\"\(rule.fixability.rawValue)\"}}"
    }

    private static func result(_ diagnostic: LintDiagnostic, path: String, ruleIndex: Int) -> String {
        let location = diagnostic.location
        var output = "{\"ruleId\":\"\(diagnostic.rule)\",\"ruleIndex\":\(ruleIndex),\"level\":\"\(level(diagnostic.severity.rawValue))\""
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
        if let fix = diagnostic.fix, fix.isSafe, !diagnostic.fileEdits.isEmpty {
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
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var snippet = ""
        if let expression = diagnostic.expression, let span = diagnostic.span {
            let bytes = Array(expression.utf8)
            snippet = String(decoding: bytes[min(span.start, bytes.count)..<min(span.end, bytes.count)], as: UTF8.self)
        }
        for part in [diagnostic.rule, diagnostic.field ?? "", diagnostic.formula ?? "", diagnostic.message, snippet] {
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
