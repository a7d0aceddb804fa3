import JoyfillEngine
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

/// The findings of one file, as they are made: each is dropped when its rule is off, given
/// the configured severity and placed in the file.
struct Findings {
    let settings: LintSettings
    let bytes: [UInt8]
    private var lines: LineMap?
    private(set) var items: [Finding] = []

    init(settings: LintSettings, bytes: [UInt8]) {
        self.settings = settings
        self.bytes = bytes
    }

    /// Adds a finding about the file's bytes `range` (structural findings); a `fix` of such a
    /// finding edits the file's bytes.
    mutating func add(_ rule: RuleCode, _ message: String, at range: Range<Int>, notes: [String] = [], fix: Fix? = nil,
                      field: String? = nil, formula: String? = nil, pointer: String? = nil) {
        guard let severity = settings.severity(of: rule.name) else { return }
        let location = locate(range.lowerBound, range.upperBound)
        var finding = Finding(code: rule, severity: severity, message: message, notes: notes, fix: fix,
                              field: field, formula: formula, pointer: pointer, location: location)
        if let fix, fix.isSafe || settings.unsafeFixes {
            finding.isFixable = true
            finding.fileEdits = fix.edits.map { FileEdit(start: $0.span.start, end: $0.span.end, replacement: $0.replacement) }
        }
        items.append(finding)
    }

    /// Adds a finding in a formula; `place` maps a span of the expression to file bytes.
    mutating func add(_ diagnostic: Diagnostic, expression: String, formula: String?, field: String?,
                      place: (SourceSpan) -> SourceSpan) {
        let rule = diagnostic.identifier
        guard let severity = settings.severity(of: rule.name) else { return }
        let range = place(diagnostic.span)
        var finding = Finding(code: rule, kind: diagnostic.kind, severity: severity, message: diagnostic.message, notes: diagnostic.notes,
                                     fix: diagnostic.fix, field: field, formula: formula, expression: expression,
                                     span: diagnostic.span, location: locate(range.start, range.end))
        if let fix = diagnostic.fix, fix.isSafe || settings.unsafeFixes {
            finding.isFixable = true
            finding.fileEdits = fix.edits.map { edit in
                let target = place(edit.span)
                var text = edit.replacement
                if formula != nil {
                    // The formula lives in a JSON string: write the replacement as its contents.
                    text = String(JSONText.string(text).dropFirst().dropLast())
                }
                return FileEdit(start: target.start, end: target.end, replacement: text)
            }
        }
        items.append(finding)
    }

    /// Drops the findings for which `drop` is true.
    mutating func removeAll(where drop: (Finding) -> Bool) {
        items.removeAll(where: drop)
    }

    func sorted() -> [Finding] {
        items.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }
    }

    private mutating func locate(_ start: Int, _ end: Int) -> FileLocation {
        if lines == nil { lines = LineMap(bytes) }
        return lines!.location(start, end)
    }
}

/// One document's lint pass.
struct DocumentLint {
    let document: JoyDoc
    let settings: LintSettings
    let registry: FunctionRegistry
    let linter: Linter
    var findings: Findings
    /// Parsed formulas by id (the first definition of an id).
    var trees: [String: SyntaxTree] = [:]
    /// The types each formula may produce, by id.
    var resultTypes: [String: ValueTypes] = [:]
    /// Positions in `document.fields` of the fields that apply each formula.
    var appliers: [String: [Int]] = [:]
    var suppressions: Suppressions

    init(document: JoyDoc, settings: LintSettings, registry: FunctionRegistry) {
        self.document = document
        self.settings = settings
        self.registry = registry
        linter = Linter(settings: settings, registry: registry)
        var findings = Findings(settings: settings, bytes: Array(document.bytes))
        suppressions = Suppressions(document: document, findings: &findings)
        self.findings = findings
    }

    mutating func run() {
        schema()
        documentIssues()
        logic()
        decorators()
        storedValues()
        applications()
        let fieldIDs = Set(document.fields.map(\.id))
        var checker = Checker(registry: registry, knownNames: fieldIDs)
        checker.learn(document.fields)
        var jsonTextFields: [String: Value] = [:]
        for field in document.fields {
            if let value = FieldValueTypes.jsonText(field) { jsonTextFields[field.id] = value }
        }
        for definition in document.formulas where trees[definition.id] == nil {
            let tree = Parser.parse(definition.expression)
            trees[definition.id] = tree
            let users = appliers[definition.id] ?? []
            let field = users.first.map { document.fields[$0].id }
            let place = placement(of: definition)
            let analysis = linter.formulaDiagnostics(tree, checker: checker, fields: fieldIDs, jsonTextFields: jsonTextFields)
            resultTypes[definition.id] = analysis.result
            for diagnostic in analysis.diagnostics {
                findings.add(diagnostic, expression: definition.expression, formula: definition.id, field: field, place: place)
            }
            if users.isEmpty { unusedFormula(definition) }
        }
        writeTypes()
        cycles()
        silenceSuppressed()
        unusedSuppressions()
    }

    /// Drops the findings the document's `jfLint` annotations silence, noting which
    /// annotations did (``Suppressions/silence(_:appliers:field:)``).
    mutating func silenceSuppressed() {
        var suppressions = self.suppressions
        let appliers = self.appliers
        findings.removeAll { finding in
            suppressions.silence(finding, appliers: appliers, field: finding.field.flatMap(document.fieldIndex))
        }
        self.suppressions = suppressions
    }

    /// Each field's applied formulas: `invalid-key` and `missing-formula`, and who applies what
    /// (``appliers``).
    mutating func applications() {
        var formulaIDs: Suggestions.Index?
        for (index, field) in document.fields.enumerated() {
            for applied in field.appliedFormulas {
                invalidKey(applied, of: field)
                if document.formula(applied.formula) != nil {
                    if appliers[applied.formula]?.last != index { appliers[applied.formula, default: []].append(index) }
                } else {
                    missingFormula(applied, of: field, formulaIDs: &formulaIDs)
                }
            }
        }
    }

    /// Issues found while reading the document, as findings of `rule` at their offsets, but for
    /// those on a field that silences the rule.
    mutating func add(_ issues: [DocumentIssue], as rule: RuleCode) {
        for issue in issues {
            let start = issue.offset ?? 0
            findings.add(rule, issue.message, at: start..<min(start + 1, document.bytes.count), field: issue.field)
        }
    }


    /// Maps a span of a formula's expression to the bytes of its JSON string in the file.
    func placement(of definition: FormulaDefinition) -> (SourceSpan) -> SourceSpan {
        let offset = document.textOffsets(of: definition)
        return { SourceSpan(start: offset($0.start), end: offset($0.end)) }
    }

    /// Where a JSON value is in the file (the whole field when the value has no place).
    func range(of value: JSONValue?, or fallback: JSONValue) -> Range<Int> {
        value?.span ?? fallback.span ?? 0..<0
    }
}

/// What linting one file produced: the report, and with fixing, the file's new bytes.
public struct FileOutcome: Sendable {
    public var report: FileReport
    /// The fixed file, when safe fixes changed it.
    public var fixedBytes: [UInt8]?
    /// The edits of the original bytes that make ``fixedBytes`` (for `--diff`).
    public var edits: [JSONEdit]

    public init(report: FileReport, fixedBytes: [UInt8]? = nil, edits: [JSONEdit] = []) {
        self.report = report
        self.fixedBytes = fixedBytes
        self.edits = edits
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
               let severity = settings.severity(of: RuleCode.invalidJSON.name) {
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
