import ArgumentParser
import Foundation
import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillLogic
import JoyfillModel
import JoyfillSchema
import JoyfillSession

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that the required fields of JoyDocs are filled.",
        discussion: """
            Evaluates each document's formulas (a formula's result counts as its field's value), \
            works out which fields and pages are shown (each one's "hidden", moved by its \
            conditional logic), then checks the shown fields: a field with "required": true needs \
            a value, and every row of a shown table or collection needs a value in each required \
            column and, in a collection, a row of each required child schema. Hidden fields, \
            fields on hidden pages and fields placed on no page are not checked. PATH is a JoyDoc \
            or a directory searched recursively for *.json; - reads standard input.

            First, each document is checked as the SDKs check it at load (docs/validation.md, \
            "The schema check"): a version they do not read makes it invalid and nothing else is \
            checked, as their form shows nothing; each structural problem they refuse is a \
            warning (schema-validation) with its JSON pointer, and the values are still checked. \
            --no-schema skips this; --print-schema prints the schema.

            Examples:
              jf validate form.json
              jf validate --path page1 form.json        # one page
              jf validate --path page1/pos7 form.json   # one field, where placed
              jf validate --json submissions/
              jf validate --format github filled/       # annotations in GitHub Actions
              jf validate --format sarif filled/ > validate.sarif   # for code scanning
              jf validate --format junit filled/ > validate.xml     # for Jenkins, GitLab …
              jf validate --jsonl < submissions.jsonl   # a report per JoyDoc line
              jf validate --no-schema draft.json        # only the values
              jf validate --license @app.jwt --license-key issuer.pem form.json

            Exits 0 when every document is valid, 1 when a required value is missing, 2 on a \
            usage error or when a document cannot be read; with --jsonl, 0 once every line is \
            answered (--strict: those codes). This help is also man jf-validate; the full reference is docs/cli.md in jf's repository.
            """
    )

    @Option(help: ArgumentHelp(
        "Check one page (PAGE) or one field on it (PAGE/POSITION; a field _id on that page also does).",
        valueName: "PATH"))
    var path: String?

    @Option(help: ArgumentHelp(
        "The layout checked: mobile (the Swift SDK's: its pages and hiddenViews \"mobile\") or desktop.",
        valueName: "VIEW"))
    var view: DocumentView = .mobile

    /// The output formats: the findings as `jf lint` prints them, the JSON report, GitHub
    /// Actions workflow annotations, one SARIF log, one GitLab Code Quality report, or JUnit
    /// XML test results.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json, github, sarif, gitlab, junit

        /// Formats written as one value for all the documents, at the end.
        var isWhole: Bool { self == .sarif || self == .gitlab || self == .junit }
    }

    @Option(help: "Output format: human, json, github, sarif, gitlab (Code Quality) or junit (test results).")
    var format: Format = .human

    @Flag(help: "Print one JSON report on standard output (--format json).")
    var json = false

    @OptionGroup var parallel: ParallelFlags

    @OptionGroup var colors: ColorFlags

    @OptionGroup var search: SearchFlags

    @Flag(help: "Read JoyDocs from standard input, one per line; write each one's JSON report as a line.")
    var jsonl = false

    @Flag(inversion: .prefixedNo, help: "Check each document's version and structure as the SDKs do at load.")
    var schema = true

    @Flag(help: "Print the JSON Schema of the structure check (draft-07) and exit.")
    var printSchema = false

    @Flag(help: "With --jsonl: exit 1 when a document is invalid, 2 when a line is not a JoyDoc (by default a stream whose every line was answered exits 0).")
    var strict = false

    @OptionGroup var evaluation: EvaluationFlags

    @OptionGroup var licenseFlags: LicenseFlags

    @Argument(help: "JoyDoc files or directories; - (or none, from a pipe) for standard input.", completion: .documents)
    var paths: [String] = []

    /// What to read (``DocumentPaths``).
    private var inputs: [String] { DocumentPaths.inputs(paths, jsonl: jsonl) }

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if json && format != .human && format != .json { throw ValidationError("--json is --format json; give one of them") }
        try DocumentPaths.check(paths, jsonl: jsonl)
        if jsonl && format != .human { throw ValidationError("--jsonl writes JSON lines; it takes no --format") }
        if !jsonl && strict { throw ValidationError("--strict is for --jsonl; without it, an invalid document already exits 1") }
        if path?.isEmpty == true { throw ValidationError("--path names a page or a field (page1, page1/pos7); without it the whole document is checked") }
    }

    func run() throws {
        if printSchema {
            Terminal.standardOutput.write(SchemaCheck.joyDocText)
            return
        }
        let options = try evaluation.options()
        let licensing = try licenseFlags.licensing()
        if jsonl {
            try validateLines(options: options, licensing: licensing)
            return
        }
        let found = try Files.documents(in: inputs, followingIgnoreFiles: !search.noIgnore)
        if path != nil && found.count != 1 {
            throw Failure.usage("--path names a page of one document; \(found.count) documents were given")
        }
        let started = Date()
        let output = Terminal.standardOutput
        let (format, colored, path) = (json ? Format.json : format, output.wantsColor, path)
        // Reports are written as documents are checked, in order (a SARIF log, a GitLab
        // report or JUnit results, which are one value, at the end).
        var tally = Tally()
        var usage: String?
        var kept: [FileReport] = []   // for SARIF, GitLab and JUnit
        var reports = ReportStream(json: format == .json)
        parallelForEach(found.count, workers: parallel.jobs) { index in
            Self.check(found[index].path, foundInDirectory: found[index].path != found[index].argument,
                       path: path, view: view, schema: schema, options: options, licensing: licensing, format: format,
                       colored: colored)
        } deliver: { _, outcome in
            // A --path that names nothing: only one document is checked, and it is a usage error.
            if let problem = outcome.usage { usage = problem }
            guard usage == nil else { return }
            if !outcome.messages.isEmpty { Terminal.standardError.write(outcome.messages) }
            if outcome.skipped {
                tally.skipped += 1
                return
            }
            if let status = outcome.status {
                tally.count(status, fields: outcome.fields, errors: outcome.errors, warnings: outcome.warnings, refused: outcome.refused)
            } else {
                tally.unreadable += 1
            }
            if format.isWhole {
                if let findings = outcome.findings { kept.append(findings) }
            } else {
                reports.write(outcome.report)
            }
        }
        if let usage { throw Failure.usage(usage) }
        if format == .sarif {
            output.write(SARIFFormatter.render(kept, version: JF.configuration.version, rules: SARIFFormatter.validationRules))
        } else if format == .gitlab {
            output.write(JSONValue.array(kept.flatMap(GitLabFormatter.issues)).text + "\n")
        } else if format == .junit {
            output.write(JUnitFormatter.render(kept, tool: "jf validate"))
        }
        reports.finish()
        try tally.finish(started: started)
    }

    /// What the documents came to, for the summary line and the exit code.
    struct Tally {
        var checked = 0, invalid = 0, fields = 0, errors = 0, warnings = 0, unreadable = 0, skipped = 0, refused = 0

        /// Counts a document checked; `errors` are its missing values, or its version error
        /// when `refused`.
        mutating func count(_ status: ValidationStatus, fields: Int, errors: Int, warnings: Int, refused: Bool = false) {
            checked += 1
            if status == .invalid { invalid += 1 }
            if refused {
                self.refused += 1
                self.warnings += warnings
                return
            }
            self.fields += fields
            self.errors += errors
            self.warnings += warnings
        }

        /// Writes the summary to standard error and, when `failing`, throws for the exit code:
        /// 2 when a document could not be read, 1 when one is invalid.
        func finish(started: Date, failing: Bool = true) throws {
            var summary = "\(checked) document\(checked == 1 ? "" : "s"), \(fields) field\(fields == 1 ? "" : "s") checked: "
            summary += invalid == 0 ? "valid" : "\(invalid) invalid, \(errors) missing value\(errors == 1 ? "" : "s")"
            if refused > 0 { summary += ", \(refused) refused for \(refused == 1 ? "its version" : "their versions") (the SDKs do not read it)" }
            if warnings > 0 { summary += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
            if unreadable > 0 { summary += ", \(unreadable) unreadable" }
            if skipped > 0 { summary += ", \(skipped) skipped (not JoyDocs)" }
            Terminal.standardError.write(summary + String(format: " in %.2f s", Date().timeIntervalSince(started)) + "\n")
            guard failing else { return }
            if unreadable > 0 { throw Failure(message: "", code: 2) }
            if invalid > 0 { throw Failure.problems }
        }
    }

    /// What checking one document produced, ready to print (documents are checked on several
    /// threads; one thread writes their outcomes, in document order).
    struct Outcome: Sendable {
        var report = Report.none
        /// The findings, kept whole for `--format sarif`, `gitlab` and `junit` (one value for all the documents).
        var findings: FileReport?
        var messages = ""
        /// Nil when the document could not be read (or was skipped).
        var status: ValidationStatus?
        var skipped = false
        var fields = 0, errors = 0, warnings = 0
        /// The SDKs refuse the document for its version: no field was checked.
        var refused = false
        /// A `--path` that names nothing in the document: a usage error.
        var usage: String?
    }

    static func check(_ file: String, foundInDirectory: Bool, path: String?, view: DocumentView, schema: Bool,
                      options: EvaluationOptions, licensing: Licensing = .unrestricted, format: Format, colored: Bool) -> Outcome {
        var outcome = Outcome()
        var source: SourceBytes?
        let document: JoyDoc
        do {
            source = try Input.source(file, json: true)
            document = try JoyDoc(source: source!)
        } catch {
            // The SDKs' version guard answers before anything else: a `v` they refuse is said
            // as such, whatever the rest of the text (no `fields` included).
            if schema, let source, (error as? DocumentError)?.isNotJoyDoc == true, let json = try? JSONReader.read(source),
               let refusal = SchemaCheck.check(json, structure: false).first {
                let findings = SchemaFindings.findings([refusal], bytes: Array(source), json: json)
                outcome.status = Validation.refused.status
                outcome.refused = true
                outcome.errors = findings.count
                render(&outcome, file: file, bytes: { Array(source) }, .refused, findings, hidden: [], format: format, colored: colored)
                return outcome
            }
            let message: String
            switch error {
            case let error as DocumentError where foundInDirectory && error.isNotJoyDoc:
                outcome.skipped = true
                outcome.messages = "jf: note: skipped \(file): \(error.message)\n"
                return outcome
            case let error as DocumentError: message = "\(file): \(error)"
            default: message = "\(error)"
            }
            outcome.messages = "jf: error: \(message)\n"
            switch format {
            case .json: outcome.report = .json(.object(["path": .string(file), "error": .string(message)]))
            case .github: outcome.report = .text(GitHubFormatter.render(FileReport(path: file, failure: message), tool: "jf validate"))
            case .sarif, .gitlab, .junit: outcome.findings = FileReport(path: file, failure: message)
            case .human: break
            }
            return outcome
        }
        let editor = DocumentSession(document: document, options: options, view: view, licensing: licensing)
        let (validation, findings): (Validation, [Finding])
        do {
            (validation, findings) = try Self.validate(editor, path: path ?? "", schema: schema)
        } catch {
            outcome.usage = "--path: \(error)"
            return outcome
        }
        outcome.status = validation.status
        outcome.refused = findings.first?.code == .schemaVersion
        outcome.fields = validation.fields.count
        outcome.errors = findings.filter { $0.severity == .error }.count
        outcome.warnings = findings.count - outcome.errors
        outcome.messages = validation.fields.isEmpty ? "" : FormulaFailures.warning(file, editor.formulaFindings) ?? ""
        render(&outcome, file: file, bytes: { Array(document.bytes) }, validation, findings,
               hidden: outcome.refused || format != .json ? [] : editor.hiddenItems(), format: format, colored: colored)
        return outcome
    }

    /// One document's report in `format`, into `outcome`. `bytes` copies the document's text,
    /// which only the human report of findings quotes: a copy for every document would hold
    /// the size of the input again.
    private static func render(_ outcome: inout Outcome, file: String, bytes: () -> [UInt8], _ validation: Validation, _ findings: [Finding],
                               hidden: [HiddenItem], format: Format, colored: Bool) {
        switch format {
        case .json:
            outcome.report = .json(report([JSONMember("path", .string(file))], validation, findings, hidden: hidden))
        case .github:
            outcome.report = .text(GitHubFormatter.render(FileReport(path: file, findings: findings), tool: "jf validate"))
        case .sarif, .gitlab, .junit:
            outcome.findings = FileReport(path: file, findings: findings)
        case .human where !findings.isEmpty:
            var formatter = HumanFormatter(colored: colored)
            formatter.fixCommand = ""
            formatter.width = Terminal.standardOutput.columns
            outcome.report = .text(formatter.render(FileReport(path: file, bytes: bytes(), findings: findings)))
        case .human:
            break
        }
    }

    /// The document as the SDKs check it at load (unless `schema` is false), then its values:
    /// a version they refuse stops there, as their form shows nothing.
    static func validate(_ session: DocumentSession, path: String, schema: Bool) throws(ValidationPathError) -> (Validation, [Finding]) {
        let report = try session.report(schema ? [.schema, .validation] : [.validation], validating: path)
        return (report.validation ?? .refused, report.findings)
    }

    /// One document's JSON report: every field checked, with its failing rows, and the findings.
    /// `head` are its first members: the document's path, or its line in a stream.
    static func report(_ head: [JSONMember], _ validation: Validation, _ findings: [Finding],
                       hidden: [HiddenItem] = [], failedFormulas: [String] = []) -> JSONValue {
        let fields = validation.fields.map { field -> JSONValue in
            .object([
                "field": .string(field.field.id),
                "type": .string(field.field.type.name),
                "page": field.pageID.map(JSONValue.string) ?? .null,
                "position": field.positionID.map(JSONValue.string) ?? .null,
                "status": .string(field.status.rawValue),
                "required": .bool(field.isRequired),
                "requiredBy": field.requiredBy.map { .string($0.rawValue) },
                "missing": .bool(field.isMissing),
                "rows": field.rows.isEmpty ? nil : rowsJSON(field.rows),
            ])
        }
        var diagnostics = JSONWriter()
        diagnostics.beginArray()
        for finding in findings { finding.write(to: &diagnostics) }
        diagnostics.endArray()
        var members = head
        members.append(JSONMember("status", .string(validation.status.rawValue)))
        members.append(JSONMember("fields", .array(fields)))
        if !hidden.isEmpty {
            members.append(JSONMember("hidden", .array(hidden.map { item in
                .object(["field": item.field.map(JSONValue.string), "page": item.page.map(JSONValue.string),
                         "schema": item.schema.map(JSONValue.string), "column": item.column.map(JSONValue.string),
                         "row": item.row.map(JSONValue.string), "by": .string(item.by.rawValue)])
            })))
        }
        members.append(JSONMember("diagnostics", JSONValue(encoded: diagnostics.encoded)))
        if !failedFormulas.isEmpty { members.append(JSONMember("failedFormulas", .strings(failedFormulas))) }
        return .object(members)
    }

    /// `--jsonl`: each input line is a JoyDoc, and each output line its report, in order
    /// (`{"line":N,"error":…}` when it cannot be read or has no page `--path` names; a blank
    /// line for a blank line). A document whose own formulas failed lists those fields in
    /// `failedFormulas`: they were checked with their stored values. Lines are checked on
    /// `--jobs` threads and answered in order.
    private func validateLines(options: EvaluationOptions, licensing: Licensing) throws {
        /// What one line gave: its output line, and what the summary counts of it.
        enum Answer: Sendable {
            case blank
            case unreadable(String, DocumentError?)
            case report(String, ValidationStatus, fields: Int, errors: Int, warnings: Int, refused: Bool)
        }
        let output = Terminal.standardOutput
        var tally = Tally()
        var prettyPrinted = PrettyPrintedInput()
        var lineNumber = 0
        let progress = StreamProgress()
        let started = Date()
        let path = path ?? ""
        try Input.mapLines(workers: parallel.jobs, flush: output.flush) { number, text -> Answer in
            if Input.isBlank(text) { return .blank }
            let document: JoyDoc
            do throws(DocumentError) {
                document = try JoyDoc(source: SourceBytes(text))
            } catch {
                return .unreadable(Input.unreadableLine(number, error, text: text), error)
            }
            let editor = DocumentSession(document: document, options: options, view: view, licensing: licensing)
            let head = Input.streamHead(number, document: document.json)
            let (validation, findings): (Validation, [Finding])
            do {
                (validation, findings) = try Self.validate(editor, path: path, schema: schema)
            } catch {
                return .unreadable(JSONValue.object(head + [JSONMember("error", .string("--path: \(error)"))]).text, nil)
            }
            let errors = findings.filter { $0.severity == .error }.count
            let failed = FormulaFailures.fields(editor.formulaFindings)
            let refused = findings.first?.code == .schemaVersion
            return .report(Self.report(head, validation, findings, hidden: refused ? [] : editor.hiddenItems(),
                                       failedFormulas: failed).text, validation.status,
                           fields: validation.fields.count, errors: errors, warnings: findings.count - errors,
                           refused: refused)
        } oversized: { number, line in
            .unreadable(JSONValue.object([JSONMember("line", .integer(number)), JSONMember("error", .string(line.message(line: number)))]).text, nil)
        } deliver: { answer in
            lineNumber += 1
            defer { progress?.update(lineNumber) }
            switch answer {
            case .blank:
                output.write("\n")
            case .unreadable(let line, let error):
                tally.unreadable += 1
                output.write(line + "\n")
                // Each line keeps its report line; the hint for a pretty-printed input is said once.
                if lineNumber == 1 || prettyPrinted.isDetected { progress?.clear() }
                _ = prettyPrinted.leavesOut(line: lineNumber, error)
            case .report(let line, let status, let fields, let errors, let warnings, let refused):
                tally.count(status, fields: fields, errors: errors, warnings: warnings, refused: refused)
                output.write(line + "\n")
            }
        }
        output.flush()
        progress?.clear()
        // A problem inside a document is data: a stream whose every line was answered exits 0
        // (see Run's runLines), unless --strict asks for the batch exit codes.
        try tally.finish(started: started, failing: strict)
    }

    /// Failing rows, nested as the collection nests them (the reader bounds the depth).
    private static func rowsJSON(_ rows: [RowValidity]) -> JSONValue {
        .array(rows.map { row in
            .object([
                "row": .string(row.id),
                "index": .integer(row.index),
                "schema": row.schema.map(JSONValue.string) ?? .null,
                "emptyColumns": .strings(row.emptyColumns.map(\.id)),
                "requiredBy": row.requiredBy.isEmpty ? nil
                    : .object(row.emptyColumns.compactMap { column in row.requiredBy[column.id].map { JSONMember(column.id, .string($0.rawValue)) } }),
                "missingSchemas": .strings(row.missingSchemas),
                "children": row.children.isEmpty ? nil : rowsJSON(row.children),
            ])
        })
    }
}

extension DocumentView: ExpressibleByArgument {}
