import Foundation
import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// One document of a `jf run`: evaluate it, apply `--set` changes, write it if asked, and
/// render its report.
enum DocumentRun {
    enum Result {
        case unreadable(DocumentError)
        case evaluated(DocumentSession, EngineError?)
    }

    /// What a document's run produced, ready to print.
    struct Outcome: Sendable {
        var report = Report.none
        var formulas = 0
        var errors = 0
        /// The reader's issues (`invalid-document` warnings); they do not fail the run.
        var warnings = 0
        var changed = false
        var unreadable = false
        /// JSON found in a directory that is not a JoyDoc (a `package.json`): passed over with
        /// a note, and left out of the report.
        var skipped = false
        /// Lines for standard error, printed in document order with the report: documents are
        /// run on several threads, and the terminal's buffer is not shared.
        var messages = ""
    }

    /// Fields shown per document in human output; `--json` has them all.
    static let fieldsShown = 25

    static func evaluate(source: SourceBytes, options: EvaluationOptions, changes: [(path: String, value: JSONValue)]) -> Result {
        let document: JoyDoc
        do {
            document = try JoyDoc(source: source)
        } catch {
            return .unreadable(error)
        }
        // Logic and validation are not asked for: the session builds neither.
        let session = DocumentSession(document: document, options: options)
        var changeError: EngineError?
        if !changes.isEmpty {
            do { try session.set(session.fieldChanges(changes)) } catch { changeError = error }
        }
        return .evaluated(session, changeError)
    }

    /// - Parameter lastUse: the process exits after this document, so its memory is not freed:
    ///   tearing down a large document's JSON tree costs about a third of a run (compilers skip
    ///   their final frees for the same reason).
    /// - Parameter durable: each `--out` file is flushed to disk before the next (`--fsync`);
    ///   otherwise the batch is flushed once at its end.
    /// - Parameter schema: check the document's structure as the SDKs do at load, besides its
    ///   version (which is always checked), and warn when they would not load it.
    /// - Parameter foundInDirectory: the file was found under a directory argument, so JSON
    ///   that is not a JoyDoc is skipped rather than an error.
    static func run(path: String, options: EvaluationOptions, changes: [(path: String, value: JSONValue)], json: Bool,
                    write: Bool, out: String?, durable: Bool = true, foundInDirectory: Bool = false, lastUse: Bool = false,
                    schema: Bool = false) -> Outcome {
        var outcome = Outcome()
        let source: SourceBytes
        do {
            source = try Input.source(path, json: true)
        } catch {
            outcome.unreadable = true
            if json { outcome.report = unreadableReport(path, error.message) }
            outcome.messages += "jf: error: \(error.message)\n"
            return outcome
        }
        switch evaluate(source: source, options: options, changes: changes) {
        case .unreadable(let error) where foundInDirectory && error.isNotJoyDoc:
            outcome.skipped = true
            outcome.messages += "jf: note: skipped \(path): \(error.message)\n"
        case .unreadable(let error):
            outcome.unreadable = true
            outcome.messages += "jf: error: \(path): \(error)\n"
            if json {
                outcome.report = unreadableReport(path, error.message, line: error.line, column: error.column)
            }
        case .evaluated(let session, let changeError):
            if let warning = SchemaWarning.line(path, session, structure: schema) { outcome.messages += warning }
            outcome.formulas = session.formulaFieldCount
            outcome.errors = session.formulaFindings.count + (changeError == nil ? 0 : 1)
            // A --set that cannot be applied writes nothing: the file would not hold what was asked.
            outcome.changed = changeError == nil && session.hasChanges
            if let changeError { outcome.messages += "jf: error: \(path): --set: \(changeError)\n" }
            let setWarnings = Self.setWarnings(session)
            if !json { for warning in setWarnings { outcome.messages += "jf: warning: \(path): \(warning.message)\n" } }
            do {
                let target = write && outcome.changed ? path : changeError == nil ? out : nil
                // A file rewritten in place is flushed on its own; a batch under --out, at its end.
                if let target { try Files.writeAtomically(to: target, durable: durable || write, session.writeCurrent) }
            } catch {
                outcome.unreadable = true
                outcome.changed = false
                outcome.messages += "jf: error: \(error.message)\n"
            }
            let findings = session.report([.reading, .formulas]).findings
            outcome.warnings = findings.filter { $0.severity == .warning }.count + setWarnings.count
            outcome.report = json ? .json(jsonReport(path, session, setWarnings + findings, changeError: changeError, changed: outcome.changed).encoded)
                : .text(humanReport(path, session, findings))
            if lastUse { keepUntilExit(session) }
        }
        return outcome
    }

    /// Where `--out DIRECTORY` puts each of `files` (each with the PATH argument it was found
    /// under): its path relative to a directory argument, or a file argument's name. Two
    /// inputs that would land on one output are a usage error: one result would be lost.
    static func destinations(of files: [(path: String, argument: String)], in directory: String) throws(Failure) -> [String] {
        var sources: [String: String] = [:]
        return try files.map { (file) throws(Failure) -> String in
            let (path, argument) = file
            var relative = (path as NSString).lastPathComponent
            if path != argument, path.hasPrefix(argument) {
                relative = String(path.dropFirst(argument.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            }
            let target = (directory as NSString).appendingPathComponent(relative)
            if let other = sources[target], other != path {
                throw .usage("--out: \(other) and \(path) would both be written to \(target); run them separately")
            }
            sources[target] = path
            return target
        }
    }

    /// The JSON report of a document that could not be read: `{"path":…,"error":{"message":…},"changed":false}`,
    /// with the error's line and column when the reader knows them.
    static func unreadableReport(_ path: String, _ message: String, line: Int? = nil, column: Int? = nil) -> Report {
        let located = line != nil && column != nil
        return .json(.object([
            "path": .string(path),
            "error": .object([
                "message": .string(message),
                "line": located ? line.map(JSONValue.integer) : nil,
                "column": located ? column.map(JSONValue.integer) : nil,
            ]),
            "changed": false,
        ]))
    }

    static func jsonReport(_ path: String, _ session: DocumentSession, _ findings: [Finding], changeError: EngineError?,
                           changed: Bool) -> JSONWriter {
        var json = JSONWriter(capacity: 48 * session.formulaFieldCount + 256)
        json.beginObject()
        json.key("path"); json.string(path)
        json.key("fields")
        json.beginObject()
        for report in session.fieldReports {
            json.key(report.field)
            json.beginObject()
            json.key("status"); json.string(report.status.rawValue)
            json.key("value")
            if let value = report.value { json.value(value) } else { json.null() }
            json.endObject()
        }
        json.endObject()
        json.key("diagnostics")
        json.beginArray()
        if let changeError { changeFinding(changeError).write(to: &json) }
        for finding in findings { finding.write(to: &json) }
        json.endArray()
        json.key("changed"); json.bool(changed)
        json.endObject()
        return json
    }

    /// The `--set` changes the app would not have let a person make (to a disabled field), as
    /// findings: applied, and said, as `jf apply` and the REPL say them.
    static func setWarnings(_ session: DocumentSession) -> [Finding] {
        session.changeWarnings.map { warning in
            Finding(code: .disabledFieldChange, severity: .warning, message: "--set \(warning.field): \(warning.message)",
                    field: warning.field)
        }
    }

    /// A `--set` that could not be applied (nothing was changed or written), as a finding.
    static func changeFinding(_ error: EngineError) -> Finding {
        Finding(code: .invalidChange, kind: .reference, severity: .error, message: "--set: " + error.message,
                notes: error.suggestion.map { [Suggestions.question($0)] } ?? [], field: error.field)
    }

    static func humanReport(_ path: String, _ session: DocumentSession, _ findings: [Finding]) -> String {
        let reports = session.fieldReports(first: fieldsShown)
        let total = session.formulaFieldCount
        var text = "\(path)\n"
        let width = min(24, reports.prefix(fieldsShown).map(\.field.count).max() ?? 0)
        let columns = Terminal.standardOutput.columns
        for report in reports.prefix(fieldsShown) {
            let name = report.field.padding(toLength: max(width, report.field.count), withPad: " ", startingAt: 0)
            let status = report.status == .ok ? "" : "  [\(report.status.rawValue)]"
            // A value is cut at the terminal's edge (at 80 characters without a terminal), and
            // only that much of it is written out: a formula can fill a large table.
            let room = columns.map { max($0 - name.count - status.count - 5, 20) } ?? 80
            var value = "(empty)"
            if let stored = report.value {
                let (shown, isWhole) = stored.textPrefix(room)
                value = isWhole ? shown : shown + "…"
            }
            if report.type == .date, let milliseconds = report.value?.numberValue, let instant = Instant(milliseconds: milliseconds) {
                value += " (\(instant.iso8601))"
            }
            text += "  \(name)  \(value)\(status)\n"
        }
        if total > fieldsShown { text += "  … and \(total - fieldsShown) more formula fields (--json lists them all)\n" }
        guard !findings.isEmpty else { return text }
        var formatter = HumanFormatter(colored: Terminal.standardOutput.wantsColor)
        formatter.width = Terminal.standardOutput.columns
        formatter.fixCommand = "jf lint --fix"
        // Findings are shown on their line of the file.
        return text + "\n" + formatter.render(FileReport(path: path, bytes: Array(session.document.bytes), findings: findings))
    }
}
