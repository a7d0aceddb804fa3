import Foundation
import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel
import Testing
@testable import JoyfillLint

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let ruleFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rules")

/// Every rule but the schema's: for the minimal documents tests write to show one rule, which
/// lack what a document the SDKs load has (`files`, a field's `file`, …). The schema rules
/// have their own fixtures, and every example is checked with them.
let withoutSchema = LintSettings(enabled: Set(LintRule.names).subtracting(["schema-version", "schema-validation"]),
                                 severities: [:], targets: .swift)

/// Lints a fixture file as `jf lint --no-config` would.
func lintFile(_ url: URL, settings: LintSettings = .standard, fixing: Bool = false) throws -> FileOutcome {
    let bytes = Array(try Data(contentsOf: url))
    return Linter(settings: settings).lint(path: url.lastPathComponent, bytes: bytes, fixing: fixing)
}

/// A JoyDoc with `inputs` and, for each `id: expression`, a number field `id` whose value is
/// the formula `f_id`, in the order of the ids.
func numberFields(_ expressions: [String: String], inputs: [String] = []) throws -> JoyDoc {
    let definitions = expressions.sorted { $0.key < $1.key }.map { #"{"_id": "f_\#($0.key)", "expression": \#(JSONText.string($0.value))}"# }
    let fields = inputs + expressions.keys.sorted().map {
        #"{"_id": "\#($0)", "type": "number", "formulas": [{"_id": "a_\#($0)", "formula": "f_\#($0)", "key": "value"}]}"#
    }
    return try JoyDoc(bytes: Array(#"{"formulas": [\#(definitions.joined(separator: ", "))], "fields": [\#(fields.joined(separator: ", "))]}"#.utf8))
}

/// `line:column rule message`, one line per finding: the form of the `bad.expected` files.
func summary(_ diagnostics: [Finding]) -> String {
    diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule) \($0.message)\n" }.joined()
}

/// One fixture per rule: `bad.*` must raise the rule (exactly the findings in `bad.expected`;
/// regenerate with `JF_UPDATE_FIXTURES=1 swift test`), `good.*` must be clean.
struct RuleFixtureTests {
    @Test(arguments: LintRule.all.map(\.name))
    func fixture(rule: String) throws {
        let directory = ruleFixtures.appendingPathComponent(rule)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let bad = try #require(files.first { $0.hasPrefix("bad.") && !$0.hasSuffix(".expected") }, "no bad fixture for \(rule)")
        let good = try #require(files.first { $0.hasPrefix("good.") }, "no good fixture for \(rule)")

        let settings = rule.hasPrefix("schema-") ? LintSettings.standard : withoutSchema
        let found = try lintFile(directory.appendingPathComponent(bad), settings: settings).report.findings
        #expect(found.contains { $0.rule == rule }, "\(bad) does not raise \(rule)")
        let expectedURL = directory.appendingPathComponent("bad.expected")
        if ProcessInfo.processInfo.environment["JF_UPDATE_FIXTURES"] != nil {
            try summary(found).write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(summary(found) == expected)

        let clean = try lintFile(directory.appendingPathComponent(good), settings: settings).report.findings
        #expect(clean.isEmpty, "\(good) is not clean: \(summary(clean))")
    }

    /// The annotations `jf lint --add-suppressions` adds silence every finding of every rule's
    /// bad fixture (but those of the two rules about suppressions, which no suppression
    /// silences, and `invalid-json`'s, a text that is no JSON having no place for one): each
    /// goes where its rule reads them.
    @Test(arguments: LintRule.all.map(\.name).filter { !["invalid-suppression", "unused-suppression", "invalid-json"].contains($0) })
    func addedSuppressionsSilenceTheFixture(rule: String) throws {
        let directory = ruleFixtures.appendingPathComponent(rule)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let bad = try #require(files.first { $0.hasPrefix("bad.") && !$0.hasSuffix(".expected") })
        var bytes = Array(try Data(contentsOf: directory.appendingPathComponent(bad)))
        if bad.hasSuffix(".jf") {
            // A bare expression has no place for a suppression: the same formula in a template.
            let expression = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
            bytes = Array(#"{"fields": [{"_id": "out", "type": "text", "formulas": [{"formula": "f", "key": "value"}]}], "formulas": [{"_id": "f", "expression": \#(JSONText.string(expression))}]}"#.utf8)
        }
        let document = try JoyDoc(bytes: bytes)
        let findings = Linter(settings: .standard).lint(document: document).filter { $0.rule == rule }
        let (edits, added) = Suppressions.edits(silencing: findings, in: document)
        #expect(added > 0, "\(rule) finds nothing in \(bad)")
        let silenced = Linter(settings: withoutSchema).lint(document: try JoyDoc(bytes: JSONEdit.apply(edits, to: bytes)))
        #expect(silenced.filter { $0.rule == rule }.isEmpty, "\(summary(silenced.filter { $0.rule == rule }))")
    }

    /// A rule is named by its code, each code by one rule; the codes no rule reports are those
    /// only the engine and the commands report.
    @Test func everyRuleIsACode() {
        for rule in LintRule.all { #expect(LintRule.named(rule.name) == rule, "\(rule.name)") }
        #expect(LintRule.all.count == Set(LintRule.all.map(\.name)).count)
        let reportedOutsideLint: [DiagnosticCode] = [.evaluationError, .interrupted, .dependsOnCircular, .dependsOnFailure, .required,
                                                     .invalidChange]
        #expect(Set(reportedOutsideLint).isDisjoint(with: LintRule.all.map(\.code)))
    }

    @Test func everyRuleHasItsDocumentationPage() throws {
        for rule in LintRule.all {
            let url = repository.appendingPathComponent(rule.documentationPath)
            let page = try String(contentsOf: url, encoding: .utf8)
            #expect(page == RuleDocumentation.page(for: rule),
                    "\(rule.documentationPath) is stale: regenerate with jf lint --explain \(rule.name) > \(rule.documentationPath)")
        }
        let index = try String(contentsOf: repository.appendingPathComponent("docs/rules/README.md"), encoding: .utf8)
        for rule in LintRule.all {
            #expect(index.contains("[\(rule.name)](\(rule.name).md)"), "docs/rules/README.md does not list \(rule.name)")
        }
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("the linter: \(LintRule.all.count) rules"), "README.md counts the rules")
    }
}

struct LinterTests {
    static let template = repository.appendingPathComponent("examples/templates/order-form.json")

    @Test func seededTemplateReportsEachMistakeWithItsRuleAndPlace() throws {
        let outcome = try lintFile(Self.template)
        let found = outcome.report.findings.map { "\($0.rule) \($0.field ?? "-") \($0.location.line):\($0.location.column)" }
        #expect(found == [
            "unknown-reference subtotal 28:81",
            "unknown-function rounded 29:70",
            "write-type-mismatch label 30:75",
            "invalid-operator is_open 31:77",
            "non-portable discount 32:92",
            "shadowed-field doubled 33:105",
            "circular-reference a 34:54",
        ])
        // The location is the formula's text inside the JSON string.
        let lines = String(decoding: outcome.report.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(lines[27].utf8)
        #expect(String(decoding: line[80..<87], as: UTF8.self) == "subtotl")
    }

    /// A fixed formula must still parse and mean the same: an exponent literal whose member is
    /// read keeps its parentheses (`1e0.x` written `1.x` would read as a fraction; found by
    /// fuzzing), and one beyond a Double has no fix.
    @Test func fixesKeepAMemberOfANumberAMember() throws {
        let source = "1e0.x + 2e3 & 1"
        let fixes = Linter(settings: withoutSchema).lint(expression: source).compactMap(\.fix).filter(\.isSafe)
        let fixed = Fix.apply(fixes, to: source)
        #expect(fixed == "(1).x + 2000 && 1")
        #expect(Parser.parse(fixed).isValid)
        // Beyond a Double there is no plain number to write (`Infinity` would be a name).
        let huge = Linter(settings: withoutSchema).lint(expression: "1e999 + 1e-7")
        #expect(huge.count == 2)
        #expect(huge.allSatisfy { $0.rule == "non-portable" && $0.fix == nil })
    }

    @Test func fixRewritesOnlyExpressionStrings() throws {
        let original = Array(try Data(contentsOf: Self.template))
        let outcome = try lintFile(Self.template, fixing: true)
        let fixed = try #require(outcome.fixedBytes)
        #expect(outcome.report.fixed == 3)
        #expect(!outcome.report.findings.contains { $0.fix?.isSafe == true })
        #expect(Set(outcome.report.findings.map(\.rule)) == ["unknown-reference", "write-type-mismatch", "shadowed-field", "circular-reference"])
        // Outside the edited expression strings, every byte is unchanged.
        var rebuilt: [UInt8] = []
        var copied = 0
        var position = 0
        for edit in outcome.edits {
            rebuilt += original[copied..<edit.span.lowerBound]
            position += edit.span.lowerBound - copied
            #expect(Array(fixed[position..<(position + edit.replacement.utf8.count)]) == Array(edit.replacement.utf8))
            rebuilt += edit.replacement.utf8
            position += edit.replacement.utf8.count
            copied = edit.span.upperBound
        }
        rebuilt += original[copied...]
        #expect(rebuilt == fixed)
        let text = String(decoding: fixed, as: UTF8.self)
        #expect(text.contains(#""expression": "round(subtotal, 2)""#))
        #expect(text.contains(#""expression": "status == \"Open\"""#))
        #expect(text.contains(#""expression": "if(subtotal > 100, 10, 0)""#))
    }

    @Test func diffIsAUnifiedDiffOfTheFix() throws {
        let original = Array(try Data(contentsOf: Self.template))
        let outcome = try lintFile(Self.template, fixing: true)
        let diff = LintFixes.diff(path: "order-form.json", original: original, edits: outcome.edits)
        #expect(diff.hasPrefix("--- a/order-form.json\n+++ b/order-form.json\n@@ -26,10 +26,10 @@\n"))
        #expect(diff.contains("\n-    {\"_id\": \"f_rounded\", \"desc\": \"misspelt function\", \"expression\": \"rund(subtotal, 2)\", \"type\": \"calc\", \"scope\": \"private\"},\n"))
        #expect(diff.contains("\n+    {\"_id\": \"f_rounded\", \"desc\": \"misspelt function\", \"expression\": \"round(subtotal, 2)\", \"type\": \"calc\", \"scope\": \"private\"},\n"))
        // The unchanged line between two fixes is context, not a change.
        #expect(diff.contains("\n     {\"_id\": \"f_label\""))
    }

    /// A file with CRLF line breaks: the diff shows its lines one by one, without the CR.
    @Test func diffSplitsCRLFLines() throws {
        let original = Array(try String(contentsOf: Self.template, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let outcome = Linter(settings: withoutSchema).lint(path: "order-form.json", bytes: original, fixing: true)
        let diff = LintFixes.diff(path: "order-form.json", original: original, edits: outcome.edits)
        #expect(diff.hasPrefix("--- a/order-form.json\n+++ b/order-form.json\n@@ -26,10 +26,10 @@\n"))
        #expect(diff.contains("\n-    {\"_id\": \"f_rounded\", \"desc\": \"misspelt function\", \"expression\": \"rund(subtotal, 2)\", \"type\": \"calc\", \"scope\": \"private\"},\n"))
        #expect(!diff.contains("\r"))
    }

    @Test func escapedExpressionsAreLocatedAndFixedThroughTheirEscapes() throws {
        let text = #"{"fields": [{"_id": "t", "type": "text", "formulas": [{"formula": "f", "key": "value"}]}], "formulas": [{"_id": "f", "expression": "concat(\"\u00e9\", \"a\") === rund(1)"}]}"#
        let outcome = Linter(settings: withoutSchema).lint(path: "x.json", bytes: Array(text.utf8), fixing: true)
        let fixed = String(decoding: try #require(outcome.fixedBytes), as: UTF8.self)
        #expect(fixed.contains(#""expression": "concat(\"é\", \"a\") == round(1)""#))
        let before = Linter(settings: withoutSchema).lint(document: try JoyDoc(bytes: Array(text.utf8)))
        let operatorFinding = try #require(before.first { $0.rule == "invalid-operator" })
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[operatorFinding.location.start..<operatorFinding.location.end], as: UTF8.self) == "===")
    }

    /// A schema finding inside the second of two fields that share an `_id` is silenced where
    /// `--add-suppressions` puts the annotation: on the first (found by the fuzzer).
    @Test func aSchemaFindingOfADuplicateFieldIsSilencedOnTheFirst() throws {
        let text = """
            {"files": [{"_id": "f", "pageOrder": [], "pages": []}], "fields": [
              {"_id": "a", "file": "f", "type": "text"},
              {"_id": "a", "file": "f", "type": "number", "formulas": [{"_id": "x", "key": "value"}]}]}
            """
        let document = try JoyDoc(bytes: Array(text.utf8))
        let found = Linter().lint(document: document).filter { $0.rule == "schema-validation" }
        #expect(found.map(\.message) == ["`formulas[0]` has no `formula`, which an applied formula requires"])
        let (edits, _) = Suppressions.edits(silencing: found, in: document)
        let silenced = Linter().lint(document: try JoyDoc(bytes: JSONEdit.apply(edits, to: Array(text.utf8))))
        #expect(silenced.filter { $0.rule == "schema-validation" }.isEmpty)
    }

    /// A document with two `fields` keys: JSON readers take the last, and so does the schema
    /// check, so no finding names an element of the first (which once made jf lint trap).
    @Test func aSchemaFindingBeyondTheFieldsReadIsNoCrash() throws {
        let text = """
            {"files": [{"_id": "f", "pageOrder": [], "pages": []}],
             "fields": [{"_id": "a", "file": "f", "type": "text"}, {"_id": "b", "type": "text"}],
             "fields": [{"_id": "c", "file": "f", "type": "text"}]}
            """
        let found = Linter().lint(document: try JoyDoc(bytes: Array(text.utf8))).filter { $0.rule == "schema-validation" }
        #expect(found.map(\.message) == [])
    }

    @Test func suppressionsOnFieldsFormulasAndTheDocument() throws {
        func lint(_ json: String) throws -> [String] {
            Linter(settings: withoutSchema).lint(document: try JoyDoc(bytes: Array(json.utf8))).map(\.rule)
        }
        let field = #"{"fields": [{"_id": "a", "type": "number", "jfLint": {"ignore": ["unknown-reference"]}, "formulas": [{"formula": "f", "key": "value"}]}], "formulas": [{"_id": "f", "expression": "nope + 1"}]}"#
        #expect(try lint(field).isEmpty)
        // Applied by two fields, and only one of them silences the rule: still reported.
        let shared = #"{"fields": [{"_id": "a", "type": "number", "jfLint": {"ignore": ["unknown-reference"]}, "formulas": [{"formula": "f", "key": "value"}]}, {"_id": "b", "type": "number", "formulas": [{"formula": "f", "key": "value"}]}], "formulas": [{"_id": "f", "expression": "nope + 1"}]}"#
        // … and the suppression on one field is reported for silencing nothing.
        #expect(try lint(shared) == ["unused-suppression", "unknown-reference"])
        let formula = #"{"fields": [{"_id": "a", "type": "number", "formulas": [{"formula": "f", "key": "value"}]}], "formulas": [{"_id": "f", "jfLint": {"ignore": ["unknown-reference"]}, "expression": "nope + 1"}]}"#
        #expect(try lint(formula).isEmpty)
        let document = #"{"jfLint": {"ignore": ["unused-formula"]}, "fields": [], "formulas": [{"_id": "f", "expression": "1"}]}"#
        #expect(try lint(document).isEmpty)
    }

    /// `--add-suppressions` writes in the file's own layout: a new key on a line of its own at
    /// the other keys' indentation, spaces as the object has them; a one-line object stays one line.
    @Test func addedSuppressionsFollowTheFilesLayout() throws {
        let text = """
            {
              "fields": [
                {"_id": "a", "type": "number", "formulas": [{"formula": "f", "key": "value"}]}
              ],
              "formulas": [
                {
                  "_id": "f",
                  "expression": "nope + 1"
                }
              ]
            }
            """
        let document = try JoyDoc(bytes: Array(text.utf8))
        let findings = Linter(settings: withoutSchema).lint(document: document)
        let (edits, added) = Suppressions.edits(silencing: findings, in: document)
        #expect(added == 1)
        let written = String(decoding: JSONEdit.apply(edits, to: Array(text.utf8)), as: UTF8.self)
        #expect(written == text.replacingOccurrences(of: #""expression": "nope + 1""#,
                                                     with: "\"expression\": \"nope + 1\",\n      \"jfLint\": {\"ignore\": [\"unknown-reference\"]}"))
        #expect(Linter(settings: withoutSchema).lint(document: try JoyDoc(bytes: Array(written.utf8))).isEmpty)
    }

    /// A long cycle is named by one policy (CyclePath) in lint and in the engine: in full where
    /// its path starts, shortened to its ends elsewhere.
    @Test func aLongCycleIsNamedOneWay() throws {
        let ids = (0..<150).map { String(format: "c%03d", $0) }
        var expressions: [String: String] = [:]
        for (index, id) in ids.enumerated() { expressions[id] = ids[(index + 1) % ids.count] + " + 1" }
        let document = try numberFields(expressions)
        let lint = Linter(settings: withoutSchema).lint(document: document).filter { $0.rule == "circular-reference" }
        #expect(lint.map(\.message) == ["circular reference: " + (ids + ["c000"]).joined(separator: " → ")])
        let engine = DocumentEngine(document: document)
        engine.evaluateAll()
        let messages = engine.findings.map(\.message)
        #expect(messages.filter { $0 == lint[0].message }.count == 1, "the start of the path names it whole, in both")
        let shortened = "circular reference: " + (ids.prefix(10) + ["…"] + ids.suffix(9) + ["c000"]).joined(separator: " → ")
            + " (150 fields; the whole path is on 'c000')"
        #expect(messages.filter { $0 == shortened }.count == 149, "the other fields name its ends")
    }

    @Test func bareExpressionsGetFormulaRulesOnly() {
        let found = Linter(settings: withoutSchema).lint(expression: "sum(price, iff(true, 1, 2))\n")
        #expect(found.map(\.rule) == ["non-portable"])
        // A grouped call's fix renames the function, inside the parentheses.
        let grouped = Linter(settings: withoutSchema).lint(expression: "( iff(true, 1, 2))")
        #expect(grouped.first?.fix?.apply(to: "( iff(true, 1, 2))") == "( if(true, 1, 2))")
    }

    @Test func targetsDecideWhatIsPortable() {
        var web = LintSettings.standard
        web.targets = .web
        #expect(Linter(settings: web).lint(expression: "iff(true, (x) => x, 1)").isEmpty)
        #expect(Linter(settings: web).lint(expression: "if(true, 1, 2)").map(\.message) == ["'if' is not available in the web SDK"])
        #expect(Linter(settings: withoutSchema).lint(expression: "iff(true, (x) => x, 1)").map(\.rule) == ["non-portable", "non-portable"])
        #expect(Linter(settings: web).lint(expression: "if(true, 1, 2)").first?.fix?.edits.first?.replacement == "iff")
    }

    /// With targets that share no spelling of a function (the Swift SDK has only `if`, the web
    /// only `iff`), the least-bad spelling is not reported, and the other is, with a fix to it.
    @Test func targetsWithNoCommonSpellingKeepTheLeastBad() {
        var both = LintSettings.standard
        both.targets = [.swift, .web]
        #expect(Linter(settings: both).lint(expression: "if(true, 1, 2)").isEmpty)
        let other = Linter(settings: both).lint(expression: "iff(true, 1, 2)")
        #expect(other.map(\.message) == ["'iff' is not available in the Swift SDK"])
        #expect(other.first?.fix?.edits.first?.replacement == "if")
        #expect(other.first?.notes == ["no spelling of it runs on every target; 'if', which runs on the Swift SDK, is the one to keep "
                                        + "(the most targets run it, the Swift SDK deciding a tie), and it is not reported"])
        #expect(Linter(settings: both).lint(expression: "abs(-1)").map(\.rule) == ["non-portable"], "no other spelling: still reported")
    }

    @Test func hostileInputIsAFindingNotACrash() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(Linter(settings: withoutSchema).lint(expression: deep).map(\.rule) == ["syntax-error"])
        let outcome = Linter(settings: withoutSchema).lint(path: "x.json", bytes: Array("{\"fields\": [".utf8), fixing: false)
        #expect(outcome.report.findings.map { "\($0.rule) \($0.location.line):\($0.location.column)" } == ["invalid-json 1:13"])
        #expect(Linter(settings: withoutSchema).lint(path: "x.json", bytes: Array("[1, 2]".utf8), fixing: false).report.skipped != nil)
    }

    /// What `jf run` reports for a problem that does not depend on values, `jf lint` reports
    /// under the same name, at the same formula and span.
    @Test func runErrorsCarryTheRuleNamesLintFindsThemUnder() throws {
        let expressions = ["a": "1 & 2", "b": "1 +", "c": "rund(1)", "d": "round()", "e": "nope + 1", "f": "status === 'x'",
                           "g": "sum(rows.prise)"]
        let table = #"{"_id": "rows", "type": "table", "tableColumns": [{"_id": "price", "type": "number"}], "value": []}"#
        let document = try numberFields(expressions, inputs: [#"{"_id": "status", "type": "text"}"#, table])
        let engine = DocumentEngine(document: document, options: EvaluationOptions())
        engine.evaluateAll()
        #expect(engine.findings.map(\.code) == [.invalidOperator, .syntaxError, .unknownFunction, .wrongArity,
                                                   .unknownReference, .invalidOperator, .unknownColumn])
        let findings = Linter(settings: withoutSchema).lint(document: document)
        for error in engine.findings {
            #expect(findings.contains { $0.rule == error.code.name && $0.formula == error.formula && $0.span == error.span },
                    "\(error.code) in \(error.field)")
        }
    }

    /// A number field stores text that reads as a number, so `write-type-mismatch` reports text
    /// only where it certainly does not: exactly the fields the run refuses here.
    @Test func textIntoANumberFieldIsReportedOnlyWhenItCannotBeANumber() throws {
        let expressions = ["a": #"concat("Total: ", 1)"#, "b": #"" 5 ""#, "c": #"if(true, "x", "  y" + 1)"#, "d": #""""#,
                           "e": #"concat(" ", 5)"#, "f": #"if(true, "1", "y")"#, "g": #"upper("7")"#, "h": ##""#" + 2"##]
        let document = try numberFields(expressions)
        let engine = DocumentEngine(document: document, options: EvaluationOptions())
        engine.evaluateAll()
        let refused = engine.findings.filter { $0.code == .writeTypeMismatch }.map(\.field)
        let reported = Linter(settings: withoutSchema).lint(document: document).filter { $0.rule == "write-type-mismatch" }.compactMap(\.field)
        #expect(refused == ["a", "c", "d", "h"])
        #expect(reported == refused)
    }
}

struct ConfigurationTests {
    @Test func tomlAndJSONConfigurationsMeanTheSame() throws {
        let toml = """
            # jf.toml
            [lint]
            select = ["all"]
            ignore = ["unused-formula"]   # templates keep spare formulas
            targets = ["swift", "web"]

            [lint.severity]
            non-portable = "error"
            shadowed-field = "off"

            [[lint.overrides]]
            paths = ["legacy/**", "*.draft.json"]
            ignore = ["non-portable"]
            severity = { unknown-reference = "warning" }
            """
        let json = """
            {"lint": {"select": ["all"], "ignore": ["unused-formula"], "targets": ["swift", "web"],
              "severity": {"non-portable": "error", "shadowed-field": "off"},
              "overrides": [{"paths": ["legacy/**", "*.draft.json"], "ignore": ["non-portable"],
                             "severity": {"unknown-reference": "warning"}}]}}
            """
        let fromTOML = try LintConfiguration(text: Array(toml.utf8), name: "jf.toml")
        let fromJSON = try LintConfiguration(text: Array(json.utf8), name: ".jf.json")
        for path in ["forms/a.json", "legacy/old/b.json", "forms/c.draft.json"] {
            #expect(fromTOML.settings(for: path) == fromJSON.settings(for: path))
        }
        let base = fromTOML.settings(for: "forms/a.json")
        #expect(base.severity(of: "unused-formula") == nil)
        #expect(base.severity(of: "shadowed-field") == nil)
        #expect(base.severity(of: "non-portable") == .error)
        #expect(base.severity(of: "unknown-reference") == .error)
        #expect(base.targets == [.swift, .web])
        let legacy = fromTOML.settings(for: "legacy/old/b.json")
        #expect(legacy.severity(of: "non-portable") == nil)
        #expect(legacy.severity(of: "unknown-reference") == .warning)
        #expect(fromTOML.settings(for: "forms/c.draft.json").severity(of: "non-portable") == nil)
    }

    @Test func selectRunsOnlyTheNamedRules() throws {
        let configuration = try LintConfiguration(text: Array(#"{"lint": {"select": ["syntax-error"]}}"#.utf8), name: ".jf.json")
        let settings = configuration.settings(for: "a.jf")
        #expect(Linter(settings: settings).lint(expression: "rund(1) + (").map(\.rule) == ["syntax-error"])
        #expect(Linter(settings: settings).lint(expression: "rund(1)").isEmpty)
    }

    @Test func aFormulaWithoutAnExpressionIsNotSaidToBeUndefined() throws {
        let text = #"{"fields": [{"_id": "a", "type": "number", "formulas": [{"formula": "f2", "key": "value"}]}], "formulas": [{"_id": "f1", "expression": "1"}, {"_id": "f2"}]}"#
        let missing = Linter(settings: withoutSchema).lint(document: try JoyDoc(bytes: Array(text.utf8))).filter { $0.rule == "missing-formula" }
        #expect(missing.map(\.message) == [#"the field 'a' applies the formula "f2", which has no "expression""#])
        // not "did you mean "f1"?": the field means the formula it names
        #expect(missing.map(\.notes) == [[#"give the formula "f2" an "expression" string"#]])
    }

    @Test func mistakesAreNamedWithASuggestion() {
        func message(_ text: String, _ name: String = "jf.toml") -> String {
            do {
                _ = try LintConfiguration(text: Array(text.utf8), name: name)
                return "accepted"
            } catch {
                return error.message
            }
        }
        #expect(message("[lint]\nignore = [\"unknown-refrence\"]\n") == "jf.toml:2:11: [lint] ignore: unknown rule 'unknown-refrence'; did you mean 'unknown-reference'?")
        #expect(message("[lint]\nselct = [\"all\"]\n") == "jf.toml:2:1: [lint]: unknown key 'selct'; did you mean 'select'?")
        #expect(message("[lint]\nignore = [unknown-reference]\n").hasPrefix("jf.toml:2:11: 'unknown-reference' is not a value here"))
        #expect(message("[lint]\ntargets = [\"android\"]\n") == "jf.toml:2:11: [lint] targets: unknown SDK 'android'; the targets are swift and web")
        #expect(message("[lint.severity]\nnon-portable = \"fatal\"\n") == "jf.toml:2:16: [lint] severity: 'non-portable' must be one of error, warning, info, off")
        #expect(message("{\"lint\": [}", ".jf.json").hasPrefix(".jf.json:1:11: "))
        #expect(message("[lint]\nselect = []\nselect = []\n") == "jf.toml:3:12: 'select' is defined twice")
        #expect(message("[lint]\nselect = []\n[lint]\n") == "jf.toml:3:7: table 'lint' is defined twice")
        #expect(message("[lint]\nseverity.x = 1\n[lint.severity]\n").hasSuffix("table 'lint.severity' is already defined by dotted keys"))
        #expect(message("[lint.severity]\n[lint]\nseverity.x = 1\n").hasSuffix("table 'severity' is defined by a header; set its keys there"))
        #expect(message("[[lint.overrides]]\n[lint.overrides]\n").hasSuffix("'lint.overrides' is an array of tables; add an element with [[lint.overrides]]"))
        #expect(message("[lint.severity]\n[lint]\n") == "accepted", "a table named by a header after its subtable is defined once")
        #expect(message("[[lint.overrides]]\nignore = []\n") == "jf.toml:1:1: [[lint.overrides]] #1 needs 'paths', a list of path patterns such as \"legacy/**\"")
        // Every refused setting is placed, in TOML and in JSON: the rule, the key, the element.
        #expect(message("[lint]\nselect = [\"all\"]\n\n[[lint.overrides]]\npaths = [\"a/**\"]\n\n[[lint.overrides]]\npaths = [\"b\", 2]\n")
                == "jf.toml:8:15: [[lint.overrides]] #2 paths must be a list of strings")
        #expect(message("[lint]\noverrides = [{paths = [\"a\"], ignore = [\"x\"]}]\n") == "jf.toml:2:40: [[lint.overrides]] #1 ignore: unknown rule 'x'")
        #expect(message("{\"lint\": {\n  \"select\": [\"all\"],\n  \"unsafe\": true}}", ".jf.json") == ".jf.json:3:3: [lint]: unknown key 'unsafe'")
        #expect(message("{\"lint\": {\"severity\": {\"non-portable\": \"fatal\"}}}", ".jf.json") == ".jf.json:1:40: [lint] severity: 'non-portable' must be one of error, warning, info, off")
        // One string where a list goes is told the list to write.
        #expect(message("[lint]\nselect = \"all\"\n") == "jf.toml:2:10: [lint] select must be a list of strings; write it as a list: [\"all\"]")
    }

    /// Every problem of a configuration is reported at once, each placed, as a compiler
    /// reports every error: not the first, then the next after it is mended.
    @Test func everyMistakeIsReportedAtOnce() {
        let text = "[lint]\nselect = \"all\"\nignore = [\"unknown-refrence\", \"unused-formula\", \"nope\"]\nunsafe = true\n\n"
            + "[lint.severity]\nnon-portable = \"fatal\"\n\n[[lint.overrides]]\nignore = [\"x\"]\n"
        do {
            _ = try LintConfiguration(text: Array(text.utf8), name: "jf.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.messages == [
                "jf.toml:4:1: [lint]: unknown key 'unsafe'",
                "jf.toml:2:10: [lint] select must be a list of strings; write it as a list: [\"all\"]",
                "jf.toml:3:11: [lint] ignore: unknown rule 'unknown-refrence'; did you mean 'unknown-reference'?",
                "jf.toml:3:49: [lint] ignore: unknown rule 'nope'",
                "jf.toml:7:16: [lint] severity: 'non-portable' must be one of error, warning, info, off",
                "jf.toml:9:1: [[lint.overrides]] #1 needs 'paths', a list of path patterns such as \"legacy/**\"",
                "jf.toml:10:11: [[lint.overrides]] #1 ignore: unknown rule 'x'",
            ], "\(error.messages)")
        }
    }

    /// A suppression naming a rule that is not one, but near one, is offered that rule as a
    /// suggestion (--unsafe-fixes): it changes what the suppression silences.
    @Test func aMisspelledSuppressionIsOfferedTheRule() throws {
        let text = #"{"fields": [{"_id": "a", "type": "text", "jfLint": {"ignore": ["shadowed-feld"]}}]}"#
        var settings = withoutSchema
        settings.unsafeFixes = true
        let findings = Linter(settings: settings).lint(document: try JoyDoc(bytes: Array(text.utf8)))
        let finding = try #require(findings.first { $0.rule == "invalid-suppression" })
        #expect(finding.message == "\"shadowed-feld\" is not a rule; did you mean 'shadowed-field'?")
        #expect(finding.fix?.isSafe == false && finding.fix?.message == "write \"shadowed-field\"")
        let edit = try #require(finding.fileEdits.first)
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == text.replacingOccurrences(of: "shadowed-feld", with: "shadowed-field"))
    }

    /// Nesting in a configuration file is bounded: deep arrays, inline tables and long dotted
    /// keys or headers are errors with their place, not a stack overflow.
    @Test func hostileNestingIsAnError() {
        func message(_ text: String) -> String {
            do {
                _ = try LintConfiguration(text: Array(text.utf8), name: "jf.toml")
                return "accepted"
            } catch {
                return error.message
            }
        }
        let deep = 100_000
        #expect(message("x = " + String(repeating: "[", count: deep) + "\n").hasSuffix("arrays and inline tables nested more than 64 deep"))
        #expect(message("x = " + String(repeating: "{a = ", count: deep) + "\n").hasSuffix("arrays and inline tables nested more than 64 deep"))
        #expect(message(Array(repeating: "a", count: deep).joined(separator: ".") + " = 1\n").hasSuffix("a key of more than 64 parts"))
        #expect(message("[" + Array(repeating: "a", count: deep).joined(separator: ".") + "]\n").hasSuffix("a key of more than 64 parts"))
        #expect(message("x = " + String(repeating: "{a.a.a.a = ", count: 20) + "1" + String(repeating: "}", count: 20) + "\n")
                .hasSuffix("arrays and inline tables nested more than 64 deep"), "dotted keys in inline tables count towards the depth")
        #expect(message("[lint]\nselect = " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "\n")
                .contains("select"), "64 levels are read (and then found not to be rule names)")
    }

    @Test func globs() {
        #expect(Glob("legacy/**").matches("legacy/a/b.json"))
        #expect(Glob("legacy/").matches("legacy/b.json"))
        #expect(!Glob("legacy/**").matches("forms/legacy.json"))
        #expect(Glob("*.draft.json").matches("deep/er/x.draft.json"))
        #expect(Glob("forms/*.json").matches("forms/a.json"))
        #expect(Glob("*.py[cod]").matches("a/b.pyc") && !Glob("*.py[cod]").matches("b.pyx"))
        #expect(Glob("v[0-9]*.json").matches("v2-draft.json") && !Glob("v[!0-9]*.json").matches("v2.json"))
        #expect(Glob("*[ab]").matches("xxb") && Glob("[]x]").matches("]"), "a star backs over a set; ']' first is in it")
        #expect(Glob("a[b").matches("a[b"), "'[' without ']' is itself")
        #expect(!Glob("forms/*.json").matches("forms/sub/a.json"))
        #expect(Glob("**/drafts/?.json").matches("a/b/drafts/x.json"))
        #expect(Glob("./forms/a.json").matches("forms/a.json"))
        #expect(Glob("a/**/b/**/c").matches("a/x/b/y/b/z/c") && !Glob("a/**/b/**/c").matches("a/x/c/b"))
    }

    /// `**` repeated is matched in time proportional to pattern × path: a backtracking
    /// matcher takes exponential time on these (minutes for the first), this one microseconds.
    @Test func repeatedDoubleStarsDoNotExplode() {
        let path = Array(repeating: "a", count: 40).joined(separator: "/") + "/b"
        #expect(!Glob(Array(repeating: "**", count: 30).joined(separator: "/") + "/c").matches(path))
        #expect(!Glob(Array(repeating: "**/a", count: 30).joined(separator: "/") + "/c").matches(path))
        #expect(Glob(Array(repeating: "**/a", count: 30).joined(separator: "/") + "/b").matches(path))
        #expect(!Glob(String(repeating: "*a", count: 40) + "c").matches(String(repeating: "a", count: 200)))
    }
}

struct OutputFormatTests {
    static func reports() throws -> [FileReport] {
        [try lintFile(LinterTests.template).report, FileReport(path: "broken.json", failure: "broken.json: line 1, column 2: invalid JSON")]
    }

    @Test func sarifHasTheShapeCodeScanningNeeds() throws {
        let text = SARIFFormatter.render(try Self.reports(), version: "0.1.0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "jf")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.names)
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 7)
        var fingerprints = Set<String>()
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(rules[try #require(result["ruleIndex"] as? Int)]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "order-form.json")
            let region = try #require(location["region"] as? [String: Any])
            #expect(region["startLine"] is Int && region["startColumn"] is Int)
            fingerprints.insert(try #require((result["partialFingerprints"] as? [String: String])?["jfFindingHash/v1"]))
        }
        #expect(fingerprints.count == results.count)
        // Fixes are SARIF fixes: byte replacements of the file that --fix would make.
        let bytes = Array(try Data(contentsOf: LinterTests.template))
        var replaced: [String] = []
        for result in results {
            guard let fix = (result["fixes"] as? [[String: Any]])?.first else { continue }
            let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
            let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
            let region = try #require(replacement["deletedRegion"] as? [String: Int])
            let old = String(decoding: bytes[region["byteOffset"]!..<(region["byteOffset"]! + region["byteLength"]!)], as: UTF8.self)
            replaced.append(old + " → " + (((replacement["insertedContent"] as? [String: Any])?["text"] as? String) ?? ""))
        }
        #expect(replaced == ["rund → round", "=== → ==", "iff → if"])
        // The unreadable file is a tool notification, not a result.
        let invocation = try #require((runs[0]["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
    }

    @Test func fingerprintsDoNotDependOnLines() throws {
        let original = try lintFile(LinterTests.template).report.findings
        let moved = "\n\n" + String(decoding: try Data(contentsOf: LinterTests.template), as: UTF8.self)
        let shifted = Linter(settings: withoutSchema).lint(path: "order-form.json", bytes: Array(moved.utf8), fixing: false).report.findings
        #expect(original.map(SARIFFormatter.fingerprint) == shifted.map(SARIFFormatter.fingerprint))
        #expect(original.map(\.location.line) != shifted.map(\.location.line))
    }

    @Test func githubAnnotationsEscapeTheirData() throws {
        let text = GitHubFormatter.render(try Self.reports()[0])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[0] == "::error file=order-form.json,line=28,col=81,endLine=28,endColumn=88,title=jf lint (unknown-reference)::field subtotal: unknown name 'subtotl'%0Adid you mean 'subtotal'?")
        #expect(lines[4].hasPrefix("::warning file=order-form.json,line=32,col=92,"))
        #expect(GitHubFormatter.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    }

    @Test func jsonFollowsTheContract() throws {
        let text = JSONFormatter.render(try Self.reports())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 2)
        let first = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        for key in ["rule", "severity", "field", "formula", "message", "span", "fix"] { #expect(first.keys.contains(key), "missing \(key)") }
        #expect(first["rule"] as? String == "unknown-reference")
        #expect((first["span"] as? [String: Any])?["start"] as? Int == 14)
        #expect(files[1]["error"] as? String == "broken.json: line 1, column 2: invalid JSON")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 5)
        #expect(summary["warnings"] as? Int == 2)
    }

    /// A finding is shown on its line of the file, numbered as an editor numbers it: a
    /// formula as the JoyDoc writes it (with its JSON escapes), a structural finding at its key.
    @Test func humanOutputShowsEachFindingOnItsLineOfTheFile() throws {
        let text = HumanFormatter(colored: false).render(try lintFile(LinterTests.template).report)
        #expect(text.hasPrefix("""
            error[unknown-reference]: unknown name 'subtotl'
              --> order-form.json:28:81 · field subtotal · formula f_subtotal
               |
            28 |     {"_id": "f_subtotal", "desc": "unknown field", "expression": "qty * price + subtotl", "type": "calc", "scope": "private"},
               |                                                                                 ^^^^^^^ did you mean 'subtotal'? [suggestion]
            """))
        #expect(text.contains("""
            30 |     {"_id": "f_label", "desc": "text into a number field", "expression": "concat(\\"Total: \\", subtotal)", "type": "calc", "scope": "private"},
               |                                                                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
            """))
        let missing = ruleFixtures.appendingPathComponent("missing-formula/bad.json")
        let structural = HumanFormatter(colored: false).render(try lintFile(missing).report)
        #expect(structural.contains("""
            16 |       "formulas": [
            """) == false)
        #expect(structural.contains("\"formula\": \"f_totl\""))
        #expect(structural.contains("^^^^^^^^"))
    }
}

struct ScaleTests {
    @Test func suggestionsOverLargeSetsMatchTheDirectSearch() {
        let names = (0..<5_000).map { "field_\($0)" } + ["customer_name", "unit_price"]
        let index = Suggestions.Index(names)
        for typo in ["feild_42", "field_4200x", "custmer_name", "unit_prise", "Unit_Price"] {
            #expect(index.closest(to: typo) == Suggestions.closest(to: typo, in: names), "\(typo)")
        }
        #expect(index.closest(to: "nothing_like_it") == nil)
    }

    @Test func columnsCountCharactersOnLongLines() {
        let prefix = String(repeating: "é", count: 3_000)   // two bytes each
        let bytes = Array((prefix + "x").utf8)
        let location = LineMap(bytes).location(6_000, 6_001)
        #expect(location.line == 1)
        #expect(location.column == 3_001)
        #expect(location.endColumn == 3_002)
    }
}

/// `invalid-value` beyond its fixture: the cap per field, suppressions, and collection levels.
struct InvalidValueTests {
    func lint(_ fields: String) throws -> [Finding] {
        let document = try JoyDoc(bytes: Array(#"{"_id": "d", "fields": [\#(fields)]}"#.utf8))
        return Linter(settings: LintSettings(enabled: ["invalid-value"], severities: [:], targets: .swift)).lint(document: document)
    }

    @Test func aFieldReportsAtMostAHundredValuesThenHowManyMore() throws {
        let rows = (0..<150).map { #"{"_id": "r\#($0)", "cells": {"n": "x"}}"# }.joined(separator: ",")
        let found = try lint(#"{"_id": "t", "type": "table", "tableColumns": [{"_id": "n", "type": "number"}], "value": [\#(rows)]}"#)
        #expect(found.count == StoredValueCheck.issuesPerField + 1)
        #expect(found.last?.message == "50 more values of the table field 't' that their types do not hold (only the first 100 are reported)")
    }

    @Test func aFieldsSuppressionSilencesIt() throws {
        let found = try lint(#"{"_id": "n", "type": "number", "value": "x", "jfLint": {"ignore": ["invalid-value"]}}, {"_id": "m", "type": "number", "value": true}"#)
        #expect(found.map(\.field) == ["m"])
        #expect(found.first?.message == "number field 'm' holds true; formulas read it as it is, not as a number")
    }

    /// Rows a `rowOrder` leaves out are added at its end, in their order: where jf shows them
    /// already, so the fix is safe.
    @Test func rowsLeftOutOfARowOrderAreAddedAtItsEndBySafeFixes() throws {
        let text = """
            {"fields": [{"_id": "items", "type": "table", "tableColumns": [], "rowOrder": ["r3", "r2"],
              "value": [{"_id": "r1"}, {"_id": "r2"}, {"_id": "r3"}, {"_id": "r4"}]}]}
            """
        let outcome = Linter(settings: withoutSchema).lint(path: "t.json", bytes: Array(text.utf8), fixing: true)
        let fixed = try #require(outcome.fixedBytes.map { String(decoding: $0, as: UTF8.self) })
        #expect(fixed == text.replacingOccurrences(of: #"["r3", "r2"]"#, with: #"["r3", "r2", "r1", "r4"]"#))
        #expect(outcome.report.findings.isEmpty && outcome.report.fixed == 2)
    }

    @Test func everyCollectionLevelIsCheckedWithItsOwnColumns() throws {
        let found = try lint("""
            {"_id": "c", "type": "collection",
             "schema": {"a": {"root": true, "children": ["b"], "tableColumns": [{"_id": "x", "type": "number"}]},
                        "b": {"children": ["b"], "tableColumns": [{"_id": "y", "type": "date"}]}},
             "value": [{"_id": "a1", "cells": {"x": 1, "y": "no column here"},
                        "children": {"b": {"value": [{"_id": "b1", "cells": {"y": 1700000000},
                                     "children": {"b": {"value": [{"_id": "b2", "cells": {"y": "soon"}}], "rowOrder": ["b9"]}}}]}}}]}
            """)
        #expect(found.map(\.message) == [
            "row 'a1' of collection 'c' has a cell 'y', which is no column; formulas do not read it",
            "date cell 'y' of row 'b1' in collection 'c' (schema 'b') holds 1700000000, which date fields read as milliseconds: 1970-01-20T16:13:20.000Z",
            "row 'b2' of collection 'c' is not in its rowOrder; jf shows it after the rows listed, the Joyfill SDKs in no set place",
            "date cell 'y' of row 'b2' in collection 'c' (schema 'b') holds the text \"soon\", which is no date; formulas read text",
        ])
        #expect(found[1].fix?.edits.first?.replacement == "1700000000000")
    }
}
