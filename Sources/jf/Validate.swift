import ArgumentParser
import Foundation
import JoyfillEditor
import JoyfillEngine
import JoyfillJSON
import JoyfillLint
import JoyfillModel

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that the required fields of JoyDocs are filled.",
        discussion: """
            Evaluates each document's formulas (a formula's result counts as its field's value), \
            works out which fields and pages are shown (each one's "hidden", moved by its \
            conditional logic), then checks the shown fields: a field with "required": true needs \
            a value, and every row of a shown table or collection needs a value in each required \
            column and, in a collection, a row of each required child schema. Hidden fields, \
            fields on hidden pages and fields placed on no page are not checked. PATH is a JoyDoc \
            or a directory searched recursively for *.json; - reads standard input.

            Examples:
              jf validate form.json
              jf validate --path page1 form.json               # one page
              jf validate --path page1/position7 form.json     # one field where it is placed
              jf validate --json submissions/

            Exits 0 when every document is valid, 1 when a required value is missing, 2 on a \
            usage error or when a document cannot be read. Details: docs/cli.md.
            """
    )

    @Option(help: ArgumentHelp(
        "Check one page (PAGE) or one field on it (PAGE/POSITION; a field _id on that page also does).",
        valueName: "PATH"))
    var path: String?

    @Flag(help: "Print one JSON report on standard output (see docs/cli.md).")
    var json = false

    @OptionGroup var evaluation: EvaluationFlags

    @Argument(help: "JoyDoc files or directories; - for standard input.")
    var paths: [String] = []

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one PATH (a JoyDoc or a directory)") }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    func run() throws {
        let options = try evaluation.options()
        let found = try Files.documents(in: paths)
        if path != nil && found.count != 1 {
            throw Failure.usage("--path names a page of one document; \(found.count) documents were given")
        }
        let started = Date()
        let output = Terminal.standardOutput
        var formatter = HumanFormatter(colored: output.wantsColor)
        formatter.fixCommand = ""
        var reports: [String] = []
        var (valid, invalid, unreadable, skipped, fieldsChecked, errors, warnings) = (0, 0, 0, 0, 0, 0, 0)
        for (file, argument) in found {
            let document: JoyDoc
            do {
                document = try JoyDoc(source: try Input.source(file))
            } catch let error as DocumentError {
                if file != argument && error.isNotJoyDoc {
                    skipped += 1
                    Terminal.standardError.write("jf: note: skipped \(file): \(error.message)\n")
                    continue
                }
                unreadable += 1
                Terminal.standardError.write("jf: \(file): \(error)\n")
                if json { reports.append("{\"path\":\(JSONText.string(file)),\"error\":\(JSONText.string(error.description))}") }
                continue
            } catch {
                unreadable += 1
                Terminal.standardError.write("jf: \(error)\n")
                if json { reports.append("{\"path\":\(JSONText.string(file)),\"error\":\(JSONText.string("\(error)"))}") }
                continue
            }
            let editor = DocumentEditor(document: document, options: options)
            let validation: Validation
            do {
                validation = try editor.validate(path: path ?? "")
            } catch {
                throw Failure.usage("--path: \(error)")
            }
            let findings = ValidationFindings(validation, of: editor).diagnostics
            fieldsChecked += validation.fields.count
            if validation.status == .valid { valid += 1 } else { invalid += 1 }
            errors += findings.filter { $0.severity == .error }.count
            warnings += findings.filter { $0.severity == .warning }.count
            if let warning = FormulaFailures.warning(file, editor.formulaDiagnostics) { Terminal.standardError.write(warning) }
            if json {
                reports.append(Self.report(file, validation, findings))
            } else if !findings.isEmpty {
                output.write(formatter.render(FileReport(path: file, bytes: Array(document.bytes), diagnostics: findings)))
            }
        }
        if json { output.write("{\"documents\":[" + reports.joined(separator: ",\n") + "]}\n") }
        output.flush()

        var summary = "\(valid + invalid) document\(valid + invalid == 1 ? "" : "s"), \(fieldsChecked) field\(fieldsChecked == 1 ? "" : "s") checked: "
        summary += invalid == 0 ? "valid" : "\(invalid) invalid, \(errors) missing value\(errors == 1 ? "" : "s")"
        if warnings > 0 { summary += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        if unreadable > 0 { summary += ", \(unreadable) unreadable" }
        if skipped > 0 { summary += ", \(skipped) skipped (not JoyDocs)" }
        Terminal.standardError.write(summary + String(format: " in %.2f s", Date().timeIntervalSince(started)) + "\n")
        if unreadable > 0 { throw Failure(message: "", code: 2) }
        if invalid > 0 { throw Failure.problems }
    }

    /// One document's JSON report: every field checked, with its failing rows, and the findings.
    static func report(_ path: String, _ validation: Validation, _ findings: [LintDiagnostic]) -> String {
        var text = "{\"path\":\(JSONText.string(path)),\"status\":\"\(validation.status.rawValue)\",\"fields\":["
        for (index, field) in validation.fields.enumerated() {
            if index > 0 { text += "," }
            text += "{\"field\":\(JSONText.string(field.field.id)),\"type\":\(JSONText.string(field.field.type.name)),"
            text += "\"page\":\(field.pageID.map(JSONText.string) ?? "null"),\"position\":\(field.positionID.map(JSONText.string) ?? "null"),"
            text += "\"status\":\"\(field.status.rawValue)\",\"required\":\(field.field.isRequired),\"missing\":\(field.isMissing)"
            if !field.rows.isEmpty { text += ",\"rows\":" + rowsJSON(field.rows) }
            text += "}"
        }
        text += "],\"diagnostics\":["
        text += findings.map { finding in
            var item = "{\"severity\":\"\(finding.severity.rawValue)\",\"code\":\"\(finding.rule)\","
            item += "\"field\":\(finding.field.map(JSONText.string) ?? "null"),\"message\":\(JSONText.string(finding.message)),"
            item += "\"location\":" + JSONFormatter.json(finding.location)
            if !finding.notes.isEmpty { item += ",\"notes\":" + JSONFormatter.json(finding.notes) }
            return item + "}"
        }.joined(separator: ",")
        return text + "]}"
    }

    /// Failing rows, nested as the collection nests them (the reader bounds the depth).
    private static func rowsJSON(_ rows: [RowValidity]) -> String {
        "[" + rows.map { row in
            var text = "{\"row\":\(JSONText.string(row.id)),\"index\":\(row.index),\"schema\":\(row.schema.map(JSONText.string) ?? "null"),"
            text += "\"emptyColumns\":[" + row.emptyColumns.map { JSONText.string($0.id) }.joined(separator: ",") + "],"
            text += "\"missingSchemas\":[" + row.missingSchemas.map(JSONText.string).joined(separator: ",") + "]"
            if !row.children.isEmpty { text += ",\"children\":" + rowsJSON(row.children) }
            return text + "}"
        }.joined(separator: ",") + "]"
    }
}
