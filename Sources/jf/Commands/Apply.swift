import ArgumentParser
import Foundation
import JoyfillAnalysis
import JoyfillChanges
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply changes (Joyfill changelogs, decorator changes) to a JoyDoc and recompute its formulas.",
        discussion: """
            CHANGES is a JSON array of changes in the form of the Joyfill change API (or one \
            change): {"target": …, "fieldId": …, "change": {…}}, with the targets field.update \
            ({"value": …}), field.value.rowCreate ({"row": {"_id"?, "cells"}, "targetRowIndex"?}; \
            in a collection, "parentPath" names the row a child row goes under), \
            field.value.rowUpdate ({"rowId", "row": {"cells"}, "clearCells"?: [COLUMN…]}, a \
            cleared cell reading as a new row's), field.value.rowDelete ({"rowId"}) \
            and field.value.rowMove ({"rowId", "targetRowIndex"}). Decorators are changed by \
            entries with a decorator "path" (PAGE/POSITION[/rows|/ROW|/columns/COLUMN|…]) in \
            place of "fieldId": decorators.add ({"decorators": [{"action", "icon"?, "label"?, \
            "color"?}]}), decorators.update ({"action", "decorator"}) and decorators.remove \
            ({"action"}). The changes are applied in order, all or none; then every formula runs \
            again. Only what changed is rewritten: untouched fields and rows keep their text.

            Examples:
              jf apply form.json changes.json > updated.json
              jf apply --write form.json changes.json
              produce-changes | jf apply --write form.json -
              jf apply form.json \\
                '{"target": "field.update", "fieldId": "qty", "change": {"value": 3}}'

            Prints the updated document, or with --write rewrites DOC in place (atomically). \
            Exits 1 when a change cannot be applied (nothing is written), 2 on a usage error or \
            unreadable input. This help is also man jf-apply; the full reference is docs/cli.md in jf's repository.
            """
    )

    @Flag(help: "Rewrite DOC in place (atomically) instead of printing the result.")
    var write = false

    @Option(help: ArgumentHelp(
        "The form's mode: fill, or readonly (every change is refused). A change to a disabled field is applied, with a warning.",
        valueName: "MODE"))
    var mode: SessionMode = .fill

    @Option(help: ArgumentHelp(
        "Write the changelogs the SDKs' onChange would report (a JSON array) to FILE.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var changelog: String?

    @OptionGroup var evaluation: EvaluationFlags

    @OptionGroup var licenseFlags: LicenseFlags

    @OptionGroup var colors: ColorFlags

    @Argument(help: "The JoyDoc to change.", completion: .documents)
    var doc: String

    @Argument(help: "The changes: a JSON file, - for standard input, or the JSON itself ({…} or […]).",
              completion: .file(extensions: ["json"]))
    var changes: String

    /// Whether CHANGES is the JSON itself rather than a file's name.
    private var changesAreInline: Bool {
        let start = changes.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        return (start.hasPrefix("{") || start.hasPrefix("[")) && !FileManager.default.fileExists(atPath: changes)
    }

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if doc == "-" && changes == "-" { throw ValidationError("standard input (-) can be read only once") }
        if doc == "-" && write { throw ValidationError("a JoyDoc on standard input (-) has no file to write") }
    }

    func run() throws {
        let options = try evaluation.options()
        let licensing = try licenseFlags.licensing()
        let document: JoyDoc
        do {
            document = try JoyDoc(source: try Input.source(doc, json: true))
        } catch let error as DocumentError {
            throw Failure.usage("\(doc): \(error)")
        }
        let changesSource = changesAreInline ? SourceBytes(Array(changes.utf8)) : try Input.source(changes, json: true)
        // Where errors say the changes are: the file, or for JSON given inline, the argument.
        let origin = changesAreInline ? "CHANGES" : changes
        let list: [DocumentChange]
        do {
            list = try DocumentChange.list(from: try JSONReader.read(changesSource))
        } catch let error as JSONError {
            throw Failure.usage("\(origin): invalid JSON: \(error)")
        } catch let error as ChangeError {
            throw Self.refusal(error, in: origin, changesSource)
        }
        let editor = DocumentSession(document: document, options: options, mode: mode, licensing: licensing)
        if let warning = SchemaWarning.line(doc, editor) { Terminal.standardError.write(warning) }
        do {
            try editor.apply(list)
        } catch {
            throw Self.refusal(error, in: origin, changesSource)
        }
        if !editor.changeWarnings.isEmpty {
            let lines = LineMap(changesSource)
            Self.show(editor.changeWarnings.map { $0.finding(placedBy: lines) }, in: origin, changesSource)
        }
        if let warning = FormulaFailures.warning(doc, editor.formulaFindings) { Terminal.standardError.write(warning) }
        let result = editor.updatedBytes ?? Array(editor.document.bytes)
        let count = "\(list.count) change\(list.count == 1 ? "" : "s")"
        if write {
            let unchanged = result.elementsEqual(document.bytes)
            if !unchanged { try Files.writeAtomically(result, to: doc) }
            Terminal.standardError.write("\(doc): applied \(count)\(unchanged ? "; nothing changed" : ", written")\n")
        } else {
            Terminal.standardOutput.write(bytes: result)
            if result.last != UInt8(ascii: "\n") { Terminal.standardOutput.write("\n") }
            Terminal.standardError.write("\(doc): applied \(count)\n")
        }
        if let changelog {
            var json = JSONWriter()
            json.beginArray()
            for entry in editor.changelogs {
                json.lineBreak()
                json.value(entry)
            }
            json.endArray()
            try Files.writeAtomically(Array((json.text + "\n").utf8), to: changelog)
        }
    }

    /// A change that cannot be applied: shown in the changes' text, then exit 1.
    private static func refusal(_ error: ChangeError, in path: String, _ source: SourceBytes) -> Failure {
        show([error.finding(placedBy: LineMap(source))], in: path, source)
        return Failure(message: "nothing was changed", code: 1)
    }

    /// `findings` on standard error, each on its line of the changes (`path`, `source`), as
    /// `jf lint` shows its own.
    private static func show(_ findings: [Finding], in path: String, _ source: SourceBytes) {
        var formatter = HumanFormatter(colored: Terminal.standardError.wantsColor)
        formatter.width = Terminal.standardError.columns
        formatter.fixCommand = ""
        Terminal.standardError.write(formatter.render(FileReport(path: path, bytes: Array(source), findings: findings)))
    }
}

extension SessionMode: ExpressibleByArgument {}
