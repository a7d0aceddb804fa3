import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// Lints JoyDocs and bare formulas.
///
/// A document is linted in one pass: each document formula is parsed and checked once (however
/// many fields apply it), then the document-level rules look at the applications, the field
/// types and the dependency graph. Findings come back sorted by their place in the file,
/// filtered by the ``LintSettings`` and the document's `jfLint` suppressions.
public struct Linter: Sendable {
    public var settings: LintSettings
    public var registry: FunctionRegistry

    public init(settings: LintSettings = .standard, registry: FunctionRegistry = .standard) {
        self.settings = settings
        self.registry = registry
    }

    /// The findings in a JoyDoc.
    public func lint(document: JoyDoc) -> [Finding] {
        var pass = DocumentLint(document: document, settings: settings, registry: registry)
        pass.run()
        return pass.findings.sorted()
    }

    /// The findings in a file holding one bare expression (`.jf`, `.formula`): the formula
    /// rules, without references (there is no document to check them against).
    public func lint(expression source: String) -> [Finding] {
        let tree = Parser.parse(source)
        var findings = Findings(settings: settings, bytes: Array(source.utf8))
        for diagnostic in formulaDiagnostics(tree, checker: Checker(registry: registry), fields: []).diagnostics {
            findings.add(diagnostic, expression: source, formula: nil, field: nil) { SourceSpan(start: $0.start, end: $0.end) }
        }
        return findings.sorted()
    }

    /// The findings of the formula rules in one tree, each with its rule name as `code`, and
    /// the types the formula may produce.
    /// - Parameter jsonTextFields: the text fields that read as a JSON array or object, and
    ///   what they read as (``JSONTextField``).
    func formulaDiagnostics(_ tree: SyntaxTree, checker: Checker, fields: Set<String>,
                            jsonTextFields: [String: Value] = [:]) -> (diagnostics: [Diagnostic], result: ValueTypes) {
        var (diagnostics, result) = checker.analyze(tree)
        if !jsonTextFields.isEmpty, settings.isEnabled(.jsonText) {
            diagnostics += JSONTextField.check(tree, fields: jsonTextFields, registry: registry)
        }
        if settings.isEnabled(.nonPortable) {
            diagnostics += NonPortable.check(tree, targets: settings.targets, registry: registry)
        }
        if !fields.isEmpty, settings.isEnabled(.shadowedField) {
            diagnostics += ShadowedField.check(tree, fields: fields)
        }
        return (diagnostics, result)
    }
}

extension Linter {
    /// The extensions of files that hold one bare expression rather than a JoyDoc.
    public static let expressionFileExtensions = ["jf", "formula"]

    /// Whether a file holds one bare expression rather than a JoyDoc, by its name.
    public static func isExpressionFile(_ path: String) -> Bool {
        expressionFileExtensions.contains { path.hasSuffix("." + $0) }
    }

    /// Lints a file's bytes. `.jf` and `.formula` files hold one expression; anything else
    /// is read as a JoyDoc (JSON that is not one is skipped with a note). With `fixing`,
    /// the fixes `--fix` applies (``Finding/isFixable``) are applied once and the fixed
    /// text linted again, so the report lists what remains.
    public func lint(path: String, bytes: [UInt8], fixing: Bool) -> FileOutcome {
        if Self.isExpressionFile(path) {
            let diagnostics = lint(expression: String(decoding: bytes, as: UTF8.self))
            return outcome(path, bytes, diagnostics, fixes: fixing ? LintFixes.edits(for: diagnostics) : ([], 0)) {
                self.lint(expression: String(decoding: $0, as: UTF8.self))
            }
        }
        let document: JoyDoc
        do {
            document = try JoyDoc(bytes: bytes)
        } catch {
            if error.isNotJoyDoc {
                return FileOutcome(report: FileReport(path: path, bytes: bytes, skipped: error.message))
            }
            // Text that is not JSON is a finding, placed where reading stopped, as ruff and
            // eslint report a file that does not parse: every format then points at it.
            if error.message.hasPrefix("invalid JSON"), let line = error.line, let column = error.column,
               let severity = settings.severity(of: DiagnosticCode.invalidJSON.name) {
                let lines = LineMap(bytes)
                let offset = lines.offset(line: line, column: column)
                let finding = Finding(code: .invalidJSON, severity: severity, message: error.message, notes: [],
                                      location: lines.location(offset, min(offset + 1, bytes.count)))
                return FileOutcome(report: FileReport(path: path, bytes: bytes, findings: [finding]))
            }
            return FileOutcome(report: FileReport(path: path, bytes: bytes, failure: "\(path): \(error)"))
        }
        let diagnostics = lint(document: document)
        return outcome(path, bytes, diagnostics, fixes: fixing ? LintFixes.edits(for: diagnostics, in: document) : ([], 0)) {
            // Only JSON values were replaced, by JSON, so the fixed text is a JoyDoc; never write it if not.
            (try? JoyDoc(bytes: $0)).map { self.lint(document: $0) }
        }
    }

    /// The outcome of a file: as linted, or with the edits of `fixes` applied and the fixed
    /// text linted again by `relint` (nil when the fixed text cannot be read, and then nothing
    /// is fixed). The count of fixed findings is that of the fixes applied, not the difference
    /// of two reports: a fix may reveal a finding the first lint could not see.
    private func outcome(_ path: String, _ bytes: [UInt8], _ diagnostics: [Finding], fixes: (edits: [JSONEdit], fixed: Int),
                         relint: ([UInt8]) -> [Finding]?) -> FileOutcome {
        let unfixed = FileOutcome(report: FileReport(path: path, bytes: bytes, findings: diagnostics))
        guard !fixes.edits.isEmpty else { return unfixed }
        let fixed = JSONEdit.apply(fixes.edits, to: bytes)
        guard let remaining = relint(fixed) else { return unfixed }
        return FileOutcome(report: FileReport(path: path, bytes: fixed, findings: remaining, fixed: fixes.fixed),
                           fixedBytes: fixed, edits: fixes.edits)
    }

}
