import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// A document the client has open: its text as the editor holds it, and what linting that
/// text found (made again after each change).
final class OpenDocument {
    let uri: String
    /// The client's language id (`json`, `jf` …), which tells what an unnamed buffer holds.
    let language: String
    var text: [UInt8]
    var version: Int?
    var analysis: Analysis?

    init(uri: String, language: String, text: [UInt8], version: Int?) {
        self.uri = uri
        self.language = language
        self.text = text
        self.version = version
    }

    /// The file's path: a `file:` URI's path, percent-decoded, or else the URI itself (an
    /// unsaved buffer), under which configuration is looked for.
    var path: String {
        guard uri.hasPrefix("file://") else { return uri }
        return Self.percentDecoded(String(uri.dropFirst("file://".count)))
    }

    /// A path whose ending tells the linter what the text is: the path itself when it ends in
    /// `.json`, `.jf` or `.formula`, else one chosen by the language (a formula for `jf`, a
    /// JoyDoc otherwise).
    var kindPath: String {
        let path = self.path
        if path.hasSuffix(".json") || Linter.isExpressionFile(path) { return path }
        return path + (["jf", "joyfill-formula", "formula"].contains(language) ? ".jf" : ".json")
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What linting one version of a document found.
struct Analysis {
    /// `jf lint`'s findings, each with its fix as file edits (suggestions too).
    var findings: [Finding] = []
    /// The errors of running the document's formulas on its data (`jf run`) that linting does
    /// not find: a division by a field that is zero, a text where a number was needed …
    var runFindings: [Finding] = []
    /// The formula fields after the run, by field id.
    var results: [String: FieldReport] = [:]
    /// What stops linting, at a byte offset: text that is not JSON, a broken JoyDoc, an
    /// unusable configuration.
    var problems: [(offset: Int, message: String)] = []
    /// The JoyDoc, when the text is one.
    var document: JoyDoc?
    /// Whether the configuration lets `--fix` apply suggestions (`unsafe-fixes`).
    var unsafeFixes = false
    private var expression: String?

    init(_ open: OpenDocument, settings: Result<LintSettings, any Error>) {
        var lintSettings: LintSettings
        switch settings {
        case .success(let settings): lintSettings = settings
        case .failure(let error):
            problems.append((0, "the configuration cannot be used, so every rule runs at its default: \(error)"))
            lintSettings = .standard
        }
        unsafeFixes = lintSettings.unsafeFixes
        // Every fix is wanted as edits, to be offered as a quick fix; "fix all" applies only
        // what `jf lint --fix` would (``unsafeFixes``).
        lintSettings.unsafeFixes = true
        let linter = Linter(settings: lintSettings)
        if Linter.isExpressionFile(open.kindPath) {
            let text = String(decoding: open.text, as: UTF8.self)
            expression = text
            findings = linter.lint(expression: text)
            return
        }
        do throws(DocumentError) {
            let document = try JoyDoc(bytes: open.text)
            self.document = document
            findings = linter.lint(document: document)
            run(document, settings: lintSettings)
        } catch {
            // JSON that is no JoyDoc at all (another file of the project) has nothing to lint.
            guard !error.isNotJoyDoc else { return }
            // The reader counts lines at line feeds and columns in characters (Unicode scalars).
            let offset = LineMap(open.text).offset(line: error.line ?? 1, column: error.column ?? 1, in: .character)
            problems.append((offset, error.message))
        }
    }

    /// Runs the document's formulas, keeping their results and the errors of evaluation that
    /// linting did not find (the same rule at the same place is the same problem), at the
    /// severity the configuration gives their rule, unless it or a `jfLint` annotation
    /// silences the rule there. Problems of the document's structure (cycles, missing
    /// formulas, keys) are linting's alone.
    private mutating func run(_ document: JoyDoc, settings: LintSettings) {
        let session = DocumentSession(document: document)
        for report in session.fieldReports { results[report.field] = report }
        let linted = Set(findings.map { "\($0.rule) \($0.location.start)" })
        let structural: Set<DiagnosticCode> = [.circularReference, .dependsOnCircular, .missingFormula, .invalidKey]
        let suppressions = Suppressions(of: document)
        runFindings = session.report(.formulas).findings.compactMap { finding in
            guard !structural.contains(where: { $0.name == finding.rule }), !linted.contains("\(finding.rule) \(finding.location.start)"),
                  !suppressions.silences(finding.rule, formula: finding.formula, field: finding.field.flatMap(document.fieldIndex))
            else { return nil }
            guard LintRule.named(finding.rule) != nil else { return finding }   // evaluation-error: no rule configures it
            guard let severity = settings.severity(of: finding.rule) else { return nil }
            var finding = finding
            finding.severity = severity
            return finding
        }
    }

    /// The formula text under byte `offset` of the file: a bare formula file's whole text, or
    /// the `expression` string of a JoyDoc's formula.
    func formula(at offset: Int) -> FormulaText? {
        if let expression { return FormulaText(expression: expression, fileOffset: { $0 }) }
        guard let document else { return nil }
        for definition in document.formulas {
            guard let span = definition.json["expression"]?.span, span.lowerBound < offset, offset < span.upperBound else { continue }
            return FormulaText(expression: definition.expression, fileOffset: document.textOffsets(of: definition))
        }
        return nil
    }

}

/// A formula's text and where its bytes are in the file.
struct FormulaText {
    let expression: String
    /// The file offset of an offset in ``expression`` (past JSON escapes in a JoyDoc).
    let fileOffset: (Int) -> Int

    /// The offset in ``expression`` of file offset `offset`: the last whose file offset is
    /// not past it, found by bisection since ``fileOffset`` only grows.
    func localOffset(_ offset: Int) -> Int {
        var low = 0, high = expression.utf8.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fileOffset(middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
