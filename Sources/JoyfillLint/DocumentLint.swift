import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

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
    mutating func add(_ issues: [DocumentIssue], as rule: DiagnosticCode) {
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
