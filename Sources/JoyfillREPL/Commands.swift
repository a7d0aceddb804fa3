import Foundation
import JoyfillAnalysis
import JoyfillChanges
import JoyfillDecorators
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillLogic
import JoyfillModel
import JoyfillSession

/// A meta-command: `:name ARGUMENTS`, what `:help` says of it, and what it does.
public struct MetaCommand: Sendable {
    public let name: String
    /// Other names it answers to (`:h`, `:q`).
    public let aliases: [String]
    public let arguments: String
    public let help: String
    /// Runs the command in a session, given the text after its name.
    let run: @Sendable (REPLSession, String) -> REPLOutput

    init(_ name: String, aliases: [String] = [], arguments: String = "", help: String,
         run: @escaping @Sendable (REPLSession, String) -> REPLOutput) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.help = help
        self.run = run
    }
}

extension REPLSession {
    /// Every meta-command, in the order `:help` lists them.
    public static let commands: [MetaCommand] = [
        MetaCommand("help", aliases: ["h", "?"], help: "this list",
                    run: { session, _ in session.help() }),
        MetaCommand("load", arguments: "DOC", help: "bind a JoyDoc: its field ids become names",
                    run: { $0.load($1) }),
        MetaCommand("fields", help: "the document's fields: id, type, current value",
                    run: { session, _ in session.fields() }),
        MetaCommand("formulas", arguments: "[FIELD]", help: "each formula field with its value or error; one field's in full",
                    run: { $0.formulas($1) }),
        MetaCommand("set", arguments: "FIELD JSON", help: "change a field (or a cell: items.0.qty) and show what was recomputed",
                    run: { $0.set($1) }),
        MetaCommand("apply", arguments: "CHANGES",
                    help: "apply change-API entries (JSON, or a file of them): rows created, moved, deleted",
                    run: { $0.apply($1) }),
        MetaCommand("undo", help: "take back the last :set, :apply, :rows or :fix change (the document, values and changelogs as before it)",
                    run: { session, _ in session.travel(undoing: true) }),
        MetaCommand("redo", help: "do again the change :undo took back last",
                    run: { session, _ in session.travel(undoing: false) }),
        MetaCommand("rows", arguments: "FIELD [OP ROW… [CELLS]]",
                    help: "a table's rows with their _ids; OP (insert, below, duplicate, delete, up, down, edit) changes them as the SDKs do",
                    run: { $0.rows($1) }),
        MetaCommand("validate", arguments: "[PAGE[/POSITION]]", help: "the required fields still empty, as jf validate",
                    run: { $0.validate($1) }),
        MetaCommand("lint", arguments: "[RULES]",
                    help: "jf lint's findings in the document as it is now (only RULES: comma-separated)",
                    run: { $0.lint($1) }),
        MetaCommand("fix", arguments: "[RULES]",
                    help: "apply the fixes jf lint --fix would to the document as it is now (:undo takes them back), then lint again",
                    run: { $0.fix($1) }),
        MetaCommand("decorators", arguments: "[PATH]", help: "the decorators shown at PATH, or everywhere",
                    run: { $0.decorators($1) }),
        MetaCommand("deps", arguments: "FIELD", help: "what a field reads and what reads it",
                    run: { $0.deps($1) }),
        MetaCommand("graph", help: "every formula field in evaluation order",
                    run: { session, _ in session.graph() }),
        MetaCommand("type", arguments: "EXPR", help: "an expression's possible types and its type",
                    run: { $0.type($1) }),
        MetaCommand("ast", arguments: "EXPR", help: "the syntax tree, with spans",
                    run: { $0.ast($1) }),
        MetaCommand("fmt", arguments: "EXPR", help: "the expression in the canonical layout of jf fmt",
                    run: { $0.fmt($1) }),
        MetaCommand("explain", arguments: "EXPR", help: "each sub-expression's value; callbacks by call",
                    run: { $0.explain($1) }),
        MetaCommand("doc", arguments: "FUNCTION", help: "a function's signature, summary and examples",
                    run: { $0.doc($1) }),
        MetaCommand("time", arguments: "EXPR", help: "the time to parse and evaluate an expression",
                    run: { $0.time($1) }),
        MetaCommand("tz", arguments: "ZONE", help: "the time zone of date functions (IANA name)",
                    run: { $0.tz($1) }),
        MetaCommand("now", arguments: "[ISO8601]", help: "fix now(); with no argument, use the clock",
                    run: { $0.now($1) }),
        MetaCommand("limit", arguments: "[N|off]",
                    help: "the most array elements a value shows, and 100 characters of a string each, the rest counted (100; off shows all)",
                    run: { $0.limit($1) }),
        MetaCommand("pager", arguments: "[on|off]",
                    help: "page output taller than the terminal through $PAGER (on, on a terminal)",
                    run: { $0.pager($1) }),
        MetaCommand("vars", help: "the session variables (let name = expression)",
                    run: { session, _ in session.vars() }),
        MetaCommand("save", arguments: "FILE", help: "write the document, with the results, to FILE",
                    run: { $0.save($1) }),
        MetaCommand("quit", aliases: ["q", "exit"], help: "leave (or Ctrl-D, exit, quit)",
                    run: { _, _ in REPLOutput("", quit: true) }),
    ]

    func command(_ line: String) -> REPLOutput {
        let body = line.dropFirst()
        let name = String(body.prefix { !$0.isWhitespace })
        let argument = body.dropFirst(name.count).trimmingSpaces()
        guard let command = Self.commandsByName[name] else {
            var message = "unknown command ':\(name)'"
            if let close = Suggestions.closest(to: name, in: Self.commands.map(\.name)) { message += "; did you mean ':\(close)'?" }
            return failure(message + " (:help lists the commands)")
        }
        return command.run(self, argument)
    }

    /// The commands by every name they answer to.
    private static let commandsByName: [String: MetaCommand] = Dictionary(
        commands.flatMap { command in ([command.name] + command.aliases).map { ($0, command) } }, uniquingKeysWith: { first, _ in first })

    private func failure(_ message: String) -> REPLOutput {
        REPLOutput("error: \(message)\n", failed: true)
    }

    private func needs(_ argument: String, _ usage: String) -> REPLOutput? {
        argument.isEmpty ? failure("usage: \(usage)") : nil
    }

    private func unknownField(_ field: String, in session: DocumentSession) -> REPLOutput? {
        guard session.document.field(field) == nil else { return nil }
        let hint = Suggestions.afterMessage(session.suggestion(forField: field))
        return failure("no field has the _id '\(field)'\(hint)")
    }

    private var noDocument: REPLOutput { failure("no document; :load DOC first") }

    // MARK: Commands

    private func help() -> REPLOutput {
        let usageWidth = Self.commands.map { $0.name.count + $0.arguments.count + 2 }.max() ?? 0
        func paragraph(_ prose: String) -> String { prose.wrapped(to: width).joined(separator: "\n") + "\n" }
        var text = paragraph("Type a formula to evaluate it; an unfinished one continues on the next line.")
        text += paragraph("let NAME = EXPR binds a session variable. Meta-commands:")
        // Descriptions in a column beside the usages, or, on a terminal too narrow for one,
        // under each usage.
        let besides = width - (usageWidth + 5) >= 24
        let indent = String(repeating: " ", count: besides ? usageWidth + 5 : 6)
        for command in Self.commands {
            let usage = ":" + command.name + (command.arguments.isEmpty ? "" : " " + command.arguments)
            let lines = command.help.wrapped(to: width - indent.count)
            text += "  " + (besides ? usage.padding(toLength: usageWidth + 1, withPad: " ", startingAt: 0) + "  " : usage + "\n" + indent)
            text += lines.joined(separator: "\n" + indent) + "\n"
        }
        text += paragraph("Tab completes names and commands; Ctrl-R searches the history.")
        return REPLOutput(text)
    }

    /// `:pager [on|off]`: whether `jf repl` pages output taller than the terminal.
    private func pager(_ argument: String) -> REPLOutput {
        switch argument {
        case "": break
        case "on": usesPager = true
        case "off": usesPager = false
        default: return failure(":pager takes on or off")
        }
        return REPLOutput("pager: " + (usesPager ? "on (output taller than the terminal goes through $PAGER, or less)" : "off") + "\n")
    }

    /// `:limit [N|off]`: how many elements of an array a value shows.
    private func limit(_ argument: String) -> REPLOutput {
        switch argument {
        case "": break
        case "off": itemLimit = nil
        default:
            // A count past Int's range is as good as Int.max: more than any value holds.
            let digits = !argument.isEmpty && argument.allSatisfy { $0.isASCII && $0.isNumber }
            guard let count = Int(argument) ?? (digits ? Int.max : nil), count > 0 else {
                return failure(":limit takes a number of elements above 0, or off (to show every element)")
            }
            itemLimit = count
        }
        return REPLOutput("limit: " + (itemLimit.map {
            "\(ValuePrinter.grouped($0)) element\($0 == 1 ? "" : "s") of an array, \(ValuePrinter.grouped(stringLimit ?? $0)) characters of a string, "
                + "then how many more"
        } ?? "off (every element and character shown)") + "\n")
    }

    private func load(_ path: String) -> REPLOutput {
        if let usage = needs(path, ":load DOC") { return usage }
        let bytes: [UInt8]
        do {
            bytes = try files.read(path)
        } catch {
            return failure(Self.describe(error, path: path))
        }
        let document: JoyDoc
        do {
            document = try JoyDoc(bytes: bytes)
        } catch {
            return failure(Self.describe(error, path: path))
        }
        let session = bind(document, path: path)
        let problems = session.formulaFindings.count
        var text = "loaded \(path): \(document.fields.count) fields, \(session.formulaFieldCount) with formulas"
        text += problems == 0 ? "\n" : ", \(problems) problem\(problems == 1 ? "" : "s") (:formulas shows them)\n"
        return REPLOutput(text)
    }

    private func fields() -> REPLOutput {
        guard let session = document else { return noDocument }
        let fields = session.document.fields
        // The values' column starts after the widest id and type, two spaces after each.
        let column = (fields.map(\.id.count).max() ?? 0) + (fields.map(\.type.name.count).max() ?? 0) + 4
        var rows: [[String]] = []
        for field in fields {
            let value = (try? session.evaluationContext.value(of: field.id)) ?? nil
            rows.append([field.id, field.type.name, value.map { brief($0, after: column) } ?? "—"])
        }
        return REPLOutput(table(rows))
    }

    /// Every formula field on one line each, its formulas cut at the terminal's edge; or,
    /// for one field, its formulas whole and each error with a caret under its span.
    private func formulas(_ argument: String) -> REPLOutput {
        guard let session = document else { return noDocument }
        if !argument.isEmpty { return formulas(of: argument, in: session) }
        var text = ""
        var isShortened = false
        let problems = Dictionary(grouping: session.formulaFindings, by: \.field)
        for report in session.fieldReports {
            let formulas = appliedFormulas(of: report.field, in: session).map { $0.label + $0.expression }
            let line = Self.oneLine("\(report.field) = " + formulas.joined(separator: "; "), width: width)
            isShortened = isShortened || line.hasSuffix("…") || report.status != .ok
            text += line + "\n"
            let value = (try? session.evaluationContext.value(of: report.field)) ?? nil
            switch report.status {
            case .ok: text += "  → " + (value.map { brief($0, after: 4) } ?? "—") + "\n"
            default:
                for diagnostic in problems[report.field] ?? [] {
                    text += "  ✗ \(report.status.rawValue): \(diagnostic.message)"
                    text += diagnostic.fix.map { " (\($0.message))" } ?? ""
                    text += "\n"
                }
                if problems[report.field] == nil { text += "  ✗ \(report.status.rawValue)\n" }
            }
        }
        if isShortened { text += "(:formulas FIELD shows a field's formulas whole, errors under their span)\n" }
        return REPLOutput(text.isEmpty ? "the document has no formulas\n" : text)
    }

    private func formulas(of field: String, in session: DocumentSession) -> REPLOutput {
        if let unknown = unknownField(field, in: session) { return unknown }
        let formulas = appliedFormulas(of: field, in: session)
        if formulas.isEmpty { return REPLOutput("\(field) has no formula\n") }
        var text = formulas.map { "\(field) = \($0.label)\($0.expression)\n" }.joined()
        let problems = session.formulaFindings.filter { $0.field == field }
        if problems.isEmpty {
            let value = (try? session.evaluationContext.value(of: field)) ?? nil
            let shown = value.map { printer.format($0) } ?? "—"
            return REPLOutput(text + "  → " + shown.replacingOccurrences(of: "\n", with: "\n    ") + "\n")
        }
        var renderer = DiagnosticRenderer(colored: colored, origin: field)
        renderer.showsCode = true
        renderer.maxLineWidth = max(width - 8, 40)
        for problem in problems {
            guard let span = problem.span, let expression = problem.expression else {
                text += "  ✗ \(problem.message)" + (problem.fix.map { " (\($0.message))" } ?? "") + "\n"
                continue
            }
            let diagnostic = Diagnostic(problem.kind, problem.message, at: span, notes: problem.notes,
                                        fix: problem.fix, code: problem.code)
            text += renderer.render(diagnostic, in: expression)
        }
        return REPLOutput(text)
    }

    /// A field's applied formulas: the key they write, as shown (`[label] ` unless it is the
    /// value), and their expression, or a note where the document lacks the formula.
    private func appliedFormulas(of field: String, in session: DocumentSession) -> [(label: String, expression: String)] {
        (session.document.field(field)?.appliedFormulas ?? []).map { applied in
            let expression = session.document.formula(applied.formula)?.expression ?? "(no formula \"\(applied.formula)\")"
            return (applied.key == "value" ? "" : "[\(applied.key)] ", expression)
        }
    }

    /// `text` on one line: each run of white space (line breaks included) as one space, cut
    /// to `width` characters with `…`. It reads no more of `text` than the line shows.
    static func oneLine(_ text: String, width: Int) -> String {
        var line = ""
        var count = 0
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = count > 0
                continue
            }
            let needed = pendingSpace ? 2 : 1
            if count + needed > width {
                // Make room for the `…`, and do not leave a space before it.
                if !line.isEmpty { line.removeLast() }
                while line.last == " " { line.removeLast() }
                return line + "…"
            }
            if pendingSpace { line.append(" ") }
            line.append(character)
            count += needed
            pendingSpace = false
        }
        return line
    }

    private func validate(_ argument: String) -> REPLOutput {
        guard let editor = document else { return noDocument }
        let report: SessionReport
        do {
            report = try editor.report(.validation, validating: argument)
        } catch {
            return failure("\(error)")
        }
        let validation = report.validation ?? .refused
        var text = ""
        var missing = 0
        for finding in report.findings {
            if finding.severity == .error { missing += 1 }
            text += (finding.severity == .error ? "✗ " : "warning: ") + finding.message + "\n"
        }
        let checked = "\(validation.fields.count) field\(validation.fields.count == 1 ? "" : "s") checked"
        text += missing == 0 ? "✓ valid (\(checked))\n" : "\(missing) missing value\(missing == 1 ? "" : "s") (\(checked))\n"
        return REPLOutput(text)
    }

    /// `jf lint`'s findings in the document as the session has it (`:set` and `:apply` changes
    /// included), with the settings `jf lint` would use for its file, or only the rules named.
    private func lint(_ argument: String) -> REPLOutput {
        guard let session = document, let path = documentPath else { return noDocument }
        let linted: (document: JoyDoc, findings: [Finding])
        switch lintNow(argument, in: session, path: path) {
        case .success(let result): linted = result
        case .failure(let failed): return failed.output
        }
        return shown(linted.findings, in: linted.document, path: path)
    }

    /// `:fix [RULES]`: the fixes `jf lint --fix` applies to the findings `:lint RULES` shows,
    /// made in the document's text through the session (a step `:undo` takes back), then what
    /// remains.
    private func fix(_ argument: String) -> REPLOutput {
        guard let session = document, let path = documentPath else { return noDocument }
        let linted: (document: JoyDoc, findings: [Finding])
        switch lintNow(argument, in: session, path: path) {
        case .success(let result): linted = result
        case .failure(let failed): return failed.output
        }
        let (edits, fixed) = LintFixes.edits(for: linted.findings, in: linted.document)
        guard fixed > 0 else { return REPLOutput("nothing to fix" + (linted.findings.isEmpty ? "" : " (\(linted.findings.count) finding\(linted.findings.count == 1 ? "" : "s") without a safe fix: :lint shows them)") + "\n") }
        do throws(ChangeError) {
            try session.edit(edits)
        } catch {
            return failure(error.message)
        }
        forgetNames()
        let head = "fixed \(fixed) finding\(fixed == 1 ? "" : "s") (:undo takes the fixes back; :save writes them)\n"
        switch lintNow(argument, in: session, path: path) {
        case .success(let result):
            return REPLOutput(head + (result.findings.isEmpty ? "✓ no findings left\n" : shown(result.findings, in: result.document, path: path).text))
        case .failure(let failed):
            return REPLOutput(head + failed.output.text, failed: true)
        }
    }

    /// The findings of `jf lint` (only RULES, comma-separated, when given) in the session's
    /// document as it is now.
    private func lintNow(_ argument: String, in session: DocumentSession, path: String)
        -> Result<(document: JoyDoc, findings: [Finding]), REPLFailure> {
        var settings: LintSettings
        do {
            settings = try lintSettings(path)
        } catch {
            return .failure(REPLFailure(failure("\(error)")))
        }
        if !argument.isEmpty {
            let names = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for name in names where name != "all" && LintRule.named(name) == nil {
                let hint = Suggestions.closest(to: name, in: LintRule.names).map { "; " + Suggestions.question($0) } ?? ""
                return .failure(REPLFailure(failure("unknown rule '\(name)'\(hint) (jf lint --list-rules lists them)")))
            }
            settings.enabled = names.contains("all") ? Set(LintRule.names) : Set(names)
        }
        do throws(DocumentError) {
            let current = try session.currentDocument()
            return .success((current, Linter(settings: settings, registry: registry).lint(document: current)))
        } catch {
            return .failure(REPLFailure(failure("\(error)")))
        }
    }

    /// A command's failure, carried out of a helper.
    struct REPLFailure: Error {
        let output: REPLOutput
        init(_ output: REPLOutput) { self.output = output }
    }

    /// Findings as `jf lint` shows them: the document's line (as the session has it) with a
    /// caret, at most 50, and a summary.
    private func shown(_ findings: [Finding], in document: JoyDoc, path: String) -> REPLOutput {
        guard !findings.isEmpty else { return REPLOutput("✓ no findings\n") }
        // As `jf lint` shows them: the document's line (as the session has it) with a caret.
        let limit = 50
        var formatter = HumanFormatter(colored: colored)
        formatter.fixCommand = ":fix"
        let shown = FileReport(path: path, bytes: Array(document.bytes), findings: Array(findings.prefix(limit)))
        var text = formatter.render(shown)
        if findings.count > limit { text += "… and \(findings.count - limit) more (jf lint \(path) shows them all)\n" }
        let summary = LintSummary([FileReport(path: path, findings: findings)])
        text += "\(findings.count) finding\(findings.count == 1 ? "" : "s"): \(summary.errors) error\(summary.errors == 1 ? "" : "s"), "
            + "\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")\n"
        return REPLOutput(text)
    }

    /// The decorators as the session has them (`:apply` changes them).
    private func decorators(_ argument: String) -> REPLOutput {
        guard let session = document else { return noDocument }
        let editor = session.decorators
        func lines(_ list: [Decorator]) -> String {
            list.map { decorator in
                var line = "  \(decorator.action ?? "(no action)")"
                if let icon = decorator.icon, !icon.isEmpty { line += "  [\(icon)]" }
                if let label = decorator.label, !label.isEmpty { line += "  \"\(label)\"" }
                if let color = decorator.color, !color.isEmpty { line += "  \(color)" }
                if !decorator.isDisplayed { line += "  (not shown: no icon or label)" }
                return line + "\n"
            }.joined()
        }
        if argument.isEmpty {
            let scopes = editor.storedScopes()
            if scopes.isEmpty { return REPLOutput("the document has no decorators\n") }
            let limit = 200
            var text = scopes.prefix(limit).map { "\($0.path)\n" + lines($0.decorators) }.joined()
            if scopes.count > limit { text += "… and \(scopes.count - limit) more scopes (name one: :decorators PATH)\n" }
            return REPLOutput(text)
        }
        do {
            let own = try editor.decorators(at: argument)
            if !own.isEmpty { return REPLOutput(lines(own)) }
            let shown = try editor.shownDecorators(at: argument)
            if shown.isEmpty { return REPLOutput("no decorators at \(argument)\n") }
            return REPLOutput(lines(shown) + "(none of its own: these are every row's, or its column's)\n")
        } catch {
            return failure("\(error)")
        }
    }

    private func set(_ argument: String) -> REPLOutput {
        guard let session = document else { return noDocument }
        let field = String(argument.prefix { !$0.isWhitespace })
        let json = argument.dropFirst(field.count).trimmingSpaces()
        if field.isEmpty || json.isEmpty { return failure("usage: :set FIELD JSON (e.g. :set qty 5, :set name \"Ada\")") }
        let value: JSONValue
        do {
            value = try JSONReader.read(Array(json.utf8))
        } catch {
            return failure("the value must be JSON (\(error.message)); quote text: :set \(field) \"\(json)\"")
        }
        let recomputed: [String]
        let changed: String
        let warned = session.changeWarnings.count
        do {
            let changes = try session.fieldChanges([(field, value)])
            changed = changes[0].field
            recomputed = Array(try session.set(changes).dropFirst(changes.count))
        } catch {
            return failure(error.description)
        }
        var text = "\(field) = \(value.text)\n"
        if recomputed.isEmpty { text += "nothing reads \(changed)\n" }
        let reports = Dictionary(session.fieldReports.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
        for name in recomputed {
            let current = (try? session.evaluationContext.value(of: name)) ?? nil
            let prefix = "  \(name) → "
            if let report = reports[name], report.status != .ok {
                text += prefix + Self.failure(of: report, in: session) + "\n"
            } else {
                text += prefix + (current.map { brief($0, after: prefix.count) } ?? "—") + "\n"
            }
        }
        text += Self.warnings(session.changeWarnings.dropFirst(warned))
        // A value its field's type does not hold reads differently from what it seems to say
        // (`:set qty "7"` is text): said at once, as `jf lint` would.
        for issue in session.storedValueIssues(ofChangedField: changed) {
            text += "warning: " + issue.message + (issue.fix.map { " (\($0)?)" } ?? "") + "\n"
        }
        return REPLOutput(text)
    }

    /// Applies change-API entries, as `jf apply` does, to the document as the session has it
    /// (with its `:set` changes), then evaluates it again and shows the formula fields whose
    /// values changed. CHANGES is JSON (an entry, or an array of them) or a file holding it.
    private func apply(_ argument: String) -> REPLOutput {
        if let usage = needs(argument, ":apply CHANGES") { return usage }
        guard document != nil else { return noDocument }
        let isJSON = argument.hasPrefix("{") || argument.hasPrefix("[")
        let origin = isJSON ? "the changes" : argument
        let text: [UInt8]
        do {
            text = isJSON ? Array(argument.utf8) : try files.read(argument)
        } catch {
            return failure(Self.describe(error, path: argument))
        }
        let changes: [DocumentChange]
        do {
            changes = try DocumentChange.list(from: try JSONReader.read(text))
        } catch let error as JSONError {
            return failure("\(origin): line \(error.line), column \(error.column): \(error.message)")
        } catch let error as ChangeError {
            return refused(error, in: text, origin: origin)
        } catch {
            return failure("\(error)")
        }
        return applied(changes) { error in refused(error, in: text, origin: origin) }
    }

    /// `:rows FIELD` lists the rows shown of a table or collection, with their `_id`s and
    /// cells (a collection's child rows indented under theirs). `:rows FIELD OP ROW… [CELLS]`
    /// changes them with the SDKs' row operations (``RowOperations``), applied as `:apply`
    /// applies entries: `insert [CELLS]`, `filtered FILTERS` (`insertRowWithFilter`), `below ROW [CELLS]`,
    /// `duplicate ROW…`, `delete ROW…`,
    /// `up ROW`, `down ROW`, `edit ROW… CELLS`; CELLS is a JSON object of cells by column id.
    private func rows(_ argument: String) -> REPLOutput {
        if let usage = needs(argument, ":rows FIELD [OP ROW… [CELLS]]") { return usage }
        guard let session = document else { return noDocument }
        // The cells, a JSON object, end the line; the words before them name the field, the
        // operation and the rows.
        let cellsStart = argument.firstIndex(of: "{")
        let words = argument[..<(cellsStart ?? argument.endIndex)].split(whereSeparator: \.isWhitespace).map(String.init)
        guard let field = words.first else { return failure("usage: :rows FIELD [OP ROW… [CELLS]]") }
        if let unknown = unknownField(field, in: session) { return unknown }
        guard words.count > 1 else { return listRows(of: field, in: session) }
        var cells: [JSONMember] = []
        if let cellsStart {
            do throws(JSONError) {
                let json = try JSONReader.read(Array(argument[cellsStart...].utf8))
                guard let members = json.members else { return failure("CELLS must be a JSON object of cells by column id") }
                cells = members
            } catch {
                return failure("CELLS: column \(error.column): \(error.message)")
            }
        }
        let operation = words[1], rowIDs = Array(words.dropFirst(2))
        let operations = session.rowOperations
        func one() -> String? { rowIDs.count == 1 ? nil : "usage: :rows \(field) \(operation) ROW" }
        let entries: [JSONValue]
        do throws(ChangeError) {
            switch operation {
            case "insert":
                guard rowIDs.isEmpty else { return failure("usage: :rows \(field) insert [CELLS] (it adds a row at the end; `below ROW` adds one under a row)") }
                entries = [try operations.insertRow(in: field, cells: cells)]
            case "filtered":
                guard rowIDs.isEmpty, cellsStart != nil else {
                    return failure("usage: :rows \(field) filtered FILTERS (a JSON object of the active column filters: {\"category\": \"cat_hw\"})")
                }
                let filters = Dictionary(cells.map { ($0.key, $0.value.stringValue ?? $0.value.text) }, uniquingKeysWith: { _, last in last })
                entries = [try operations.insertRowWithFilter(in: field, filters: filters)]
            case "below":
                if let usage = one() { return failure(usage + " [CELLS]") }
                entries = [try operations.insertBelow(rowIDs[0], in: field, cells: cells)]
            case "duplicate", "delete":
                guard !rowIDs.isEmpty, cellsStart == nil else { return failure("usage: :rows \(field) \(operation) ROW…") }
                entries = operation == "delete" ? try operations.deleteRows(rowIDs, in: field) : try operations.duplicateRows(rowIDs, in: field)
            case "up", "down":
                if let usage = one() { return failure(usage) }
                entries = operation == "up" ? try operations.moveRowUp(rowIDs[0], in: field) : try operations.moveRowDown(rowIDs[0], in: field)
                if entries.isEmpty { return REPLOutput("\(rowIDs[0]) is already \(operation == "up" ? "first" : "last")\n") }
            case "edit":
                guard !rowIDs.isEmpty, !cells.isEmpty else { return failure("usage: :rows \(field) edit ROW… CELLS (a JSON object: {\"qty\": 2})") }
                entries = try operations.bulkEdit(rowIDs, in: field, cells: cells)
            default:
                let known = ["insert", "filtered", "below", "duplicate", "delete", "up", "down", "edit"]
                let hint = Suggestions.closest(to: operation, in: known).map { "; " + Suggestions.question($0) } ?? ""
                return failure("unknown row operation '\(operation)'\(hint) (one of \(known.joined(separator: ", ")))")
            }
        } catch {
            return failure(error.message + (Suggestions.afterMessage(error.suggestion)))
        }
        do {
            return applied(try DocumentChange.list(from: .array(entries))) { failure("\($0); nothing was changed") }
        } catch {
            return failure("\(error)")
        }
    }

    /// The rows shown of a table or collection: `_id` and cells, child rows indented under
    /// their row by schema, at most 200 lines.
    private func listRows(of id: String, in session: DocumentSession) -> REPLOutput {
        guard let position = session.document.fieldIndex(id), case let field = session.document.fields[position],
              field.type == .table || field.type == .collection else {
            return failure("'\(id)' is not a table or collection")
        }
        let limit = 200
        var lines: [String] = []
        // Depth first with an explicit stack (rows nest as deep as the document does); rows are
        // pushed in reverse so that they come off in the order shown.
        var stack: [(row: JSONValue, depth: Int, schema: String?)] =
            Field.liveRows(session.values.value(at: position)?.arrayValue ?? [], order: field.rowOrder).reversed().map { ($0, 0, nil) }
        while let (row, depth, schema) = stack.popLast(), lines.count < limit {
            let label = String(repeating: "  ", count: depth) + (schema.map { "\($0) " } ?? "") + (row["_id"]?.stringValue ?? "(no _id)")
            let cells = row["cells"]?.textPrefix(max(width - label.count - 3, 20)) ?? (text: "{}", isWhole: true)
            lines.append(label + "  " + cells.text + (cells.isWhole ? "" : "…"))
            guard field.type == .collection else { continue }
            for (childSchema, _) in CollectionRows.children(of: row).reversed() {
                let (childRows, order) = Field.childRows(of: row, schema: childSchema)
                stack += Field.liveRows(childRows, order: order).reversed().map { ($0, depth + 1, childSchema) }
            }
        }
        if lines.isEmpty { return REPLOutput("\(id) has no rows\n") }
        return REPLOutput(lines.joined(separator: "\n") + (lines.count >= limit ? "\n… (the first \(limit) rows)" : "") + "\n")
    }


    /// A change of `text` (the changes read from `origin`) that cannot be applied, shown as
    /// `jf apply` shows it: its line, a caret under the value at fault, the suggestion.
    private func refused(_ error: ChangeError, in text: [UInt8], origin: String) -> REPLOutput {
        var formatter = HumanFormatter(colored: colored)
        formatter.width = width
        formatter.fixCommand = ""
        let shown = formatter.render(FileReport(path: origin, bytes: text, findings: [error.finding(placedBy: LineMap(text))]))
        return REPLOutput(shown + "nothing was changed\n", failed: true)
    }

    /// Applies `changes` to the document as the session has it, all or none, binds the result
    /// and shows the formula fields whose values changed; `refusal` says which change failed.
    private func applied(_ changes: [DocumentChange], refusal: (ChangeError) -> REPLOutput) -> REPLOutput {
        guard let session = document else { return noDocument }
        let warned = session.changeWarnings.count
        let before = Dictionary(session.fieldReports.map { ($0.field, $0.value?.text ?? "") }, uniquingKeysWith: { first, _ in first })
        do throws(ChangeError) {
            if try session.apply(changes) == nil { forgetNames() }
        } catch {
            return refusal(error)
        }
        let count = changes.count
        let updated = session
        var output = "applied \(count) change\(count == 1 ? "" : "s")\n"
        for report in updated.fieldReports where before[report.field] != (report.value?.text ?? "") {
            let current = (try? updated.evaluationContext.value(of: report.field)) ?? nil
            let prefix = "  \(report.field) → "
            output += prefix + (report.status == .ok ? current.map { brief($0, after: prefix.count) } ?? "—" : Self.failure(of: report, in: updated)) + "\n"
        }
        output += Self.warnings(session.changeWarnings.dropFirst(warned))
        return REPLOutput(output)
    }

    /// `:undo` and `:redo`: the session's own, a step per command; then each field whose
    /// value moved, as `:apply` shows them.
    private func travel(undoing: Bool) -> REPLOutput {
        guard let session = document else { return noDocument }
        let before = session.document.fields.indices.map { session.values.value(at: $0) }
        let fieldCount = session.document.fields.count
        do throws(ChangeError) {
            guard undoing ? try session.undo() : try session.redo() else {
                return failure("there is nothing to \(undoing ? "undo" : "redo")" + (undoing ? " (:set, :apply, :rows and :fix make steps)" : ""))
            }
        } catch {
            return failure(error.message)
        }
        // A step that added or removed fields (a page copied) leaves other names.
        if session.document.fields.count != fieldCount { forgetNames() }
        var moved = ""
        let reports = Dictionary(session.fieldReports.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, field) in session.document.fields.enumerated() {
            let value = session.values.value(at: position)
            guard position >= before.count || before[position] != value else { continue }
            let prefix = "  \(field.id) → "
            if let report = reports[field.id], report.status != .ok {
                moved += prefix + Self.failure(of: report, in: session) + "\n"
            } else {
                let current = (try? session.evaluationContext.value(of: field.id)) ?? nil
                moved += prefix + (current.map { brief($0, after: prefix.count) } ?? "—") + "\n"
            }
        }
        return REPLOutput((undoing ? "undone" : "redone") + (moved.isEmpty ? " (no value moved)\n" : "\n" + moved))
    }

    /// The changes just applied that the app would not have let a person make, a line each.
    static func warnings(_ warnings: ArraySlice<ChangeWarning>) -> String {
        warnings.map { "warning: \($0.field): \($0.message)\n" }.joined()
    }

    /// What a formula field that did not compute shows after its `→`: why, in a line.
    static func failure(of report: FieldReport, in session: DocumentSession) -> String {
        switch report.status {
        case .error:
            let finding = session.formulaFindings.first { $0.field == report.field && $0.severity == .error }
            return finding.map { "error: " + $0.message } ?? "error"
        case .dependsOnFailure:
            return "not computed: it reads " + (report.cause.map { "'\($0)'" } ?? "a field") + ", whose formula failed"
        case .circular:
            return "circular: its formula reads itself, through others"
        case .dependsOnCircular:
            return "not computed: it reads a field on a cycle"
        case .ok:
            return "ok"
        }
    }

    private func deps(_ field: String) -> REPLOutput {
        if let usage = needs(field, ":deps FIELD") { return usage }
        guard let session = document else { return noDocument }
        if let unknown = unknownField(field, in: session) { return unknown }
        let deps = session.dependencies(of: field)
        var text = ""
        if deps.hasFormula {
            text += "\(field) reads: " + (deps.reads.isEmpty ? "nothing" : deps.reads.joined(separator: ", ")) + "\n"
            // Through other formulas it depends on more: everything upstream, dependencies first.
            if deps.dependsOn.count > deps.reads.count { text += "depends on: " + deps.dependsOn.joined(separator: ", ") + "\n" }
            if !deps.cycle.isEmpty { text += "  on a cycle: " + deps.cycle.joined(separator: " → ") + "\n" }
            if deps.dependsOnCycle { text += "  depends on a cycle\n" }
        } else {
            text += "\(field) has no formula\n"
        }
        text += "read by: " + (deps.readBy.isEmpty ? "nothing" : deps.readBy.joined(separator: ", ")) + "\n"
        if deps.recomputes.count > deps.readBy.count { text += "a change recomputes: " + deps.recomputes.joined(separator: ", ") + "\n" }
        return REPLOutput(text)
    }

    private func graph() -> REPLOutput {
        guard let session = document else { return noDocument }
        let graph = session.graph
        let reads = graph.readNamesByNode()
        var text = ""
        // Names in a column, as jf graph lists them (a very long name does not widen it).
        let width = min(24, graph.order.map { graph.nodes[$0].count }.max() ?? 0)
        for node in graph.order {
            let name = graph.nodes[node]
            text += name + String(repeating: " ", count: max(width - name.count, 0)) + " ← "
            text += reads[node].isEmpty ? "(nothing)" : reads[node].sorted().joined(separator: ", ")
            if let cycle = graph.cycles[node] { text += "   [circular: " + cycle.joined(separator: " → ") + "]" }
            else if graph.downstreamOfCycle.contains(node) { text += "   [depends on a cycle]" }
            text += "\n"
        }
        return REPLOutput(text.isEmpty ? "the document has no formulas\n" : text)
    }

    /// A checker that knows what the session does: the names it resolves, the types and rows
    /// of the document's fields, and the session variables, which hide fields of the same name.
    func checker() -> Checker {
        if let sessionChecker { return sessionChecker }
        var checker = Checker(registry: registry, knownNames: Set(context.knownNames))
        checker.learn(document?.document.fields ?? [])
        for (name, value) in variables {
            checker.nameTypes[name] = ValueTypes(value.type)
            checker.rowShapes[name] = nil
            checker.optionChoices[name] = nil
        }
        sessionChecker = checker
        return checker
    }

    private func type(_ source: String) -> REPLOutput {
        if let usage = needs(source, ":type EXPR") { return usage }
        let (diagnostics, result) = checker().analyze(Parser.parse(source))
        if let error = diagnostics.first(where: { $0.severity == .error }) { return REPLOutput(render(error, in: source), failed: true) }
        var text = "static: \(result.signature)\n"
        switch evaluate(source).value {
        case .success(let value): text += "value:  \(value.type.rawValue)\n"
        case .failure(let error): text += "value:  error[\(error.kind.rawValue)]: \(error.message)\n"
        }
        return REPLOutput(text)
    }

    private func ast(_ source: String) -> REPLOutput {
        if let usage = needs(source, ":ast EXPR") { return usage }
        let tree = Parser.parse(source)
        guard let root = tree.root else { return REPLOutput(render(tree.diagnostics[0], in: source), failed: true) }
        return REPLOutput(SyntaxTreePrinter(tree: tree).print(root))
    }

    private func fmt(_ source: String) -> REPLOutput {
        if let usage = needs(source, ":fmt EXPR") { return usage }
        let tree = Parser.parse(source)
        guard let formatted = Printer.format(tree, width: 80) else {
            let error = tree.diagnostics.first { $0.severity == .error } ?? tree.diagnostics[0]
            return REPLOutput(render(error, in: source), failed: true)
        }
        return REPLOutput(formatted + "\n")
    }

    private func explain(_ source: String) -> REPLOutput {
        if let usage = needs(source, ":explain EXPR") { return usage }
        let tree = Parser.parse(source)
        guard let root = tree.root else { return REPLOutput(render(tree.diagnostics[0], in: source), failed: true) }
        // Parents come after their children, so a post-order walk explains inner parts first.
        // Sub-expressions inside a lambda depend on its parameters and are shown with it.
        var insideLambda = [Bool](repeating: false, count: tree.nodes.count)
        for index in tree.nodes.indices.reversed() {
            if case .lambda(_, let body, _) = tree.nodes[index] { markSubtree(body, in: tree, &insideLambda) }
        }
        var text = ""
        var failed = false
        var seen = Set<Substring>()
        for index in tree.nodes.indices where !insideLambda[index] {
            switch tree.nodes[index] {
            case .number, .string, .boolean, .null, .undefined: continue
            default: break
            }
            let part = tree.text(of: NodeID(index))
            guard seen.insert(part).inserted else { continue }
            if let calls = callbackCalls(NodeID(index), in: tree) {
                text += "  " + part.replacingNewlines() + ", for each element:\n" + calls
                continue
            }
            let prefix = (index == root.index ? "⇒ " : "  ") + part.replacingNewlines() + "  =  "
            let line: String
            switch evaluate(String(part)).value {
            case .success(let value): line = brief(value, after: prefix.count)
            case .failure(let error):
                line = "error[\(error.kind.rawValue)]: \(error.message)"
                if index == root.index { failed = true }
            }
            text += prefix + line + "\n"
        }
        return REPLOutput(text, failed: failed)
    }

    /// How many calls of a callback `:explain` shows.
    static let explainedCalls = 5

    /// For a lambda that a function calls with each element of an array (`map`, `filter`,
    /// `find`, `some`, `every`, `flatMap`), the first calls: the parameters as they are bound
    /// and what the body gives, one line each, up to the first that fails. Nil for any other
    /// node, and for a callback that carries state from call to call (`reduce`'s accumulator).
    private func callbackCalls(_ lambda: NodeID, in tree: SyntaxTree) -> String? {
        guard case .lambda(let params, let body, _) = tree[lambda],
              let call = tree.nodes.indices[(lambda.index + 1)...].first(where: { index in
                  if case .call(_, let range) = tree.nodes[index] { return tree.children(range).contains(lambda) }
                  return false
              }),
              case .call(let name, let range) = tree.nodes[call],
              let function = registry.lookup(tree.name(name)) else { return nil }
        let arguments = Array(tree.children(range))
        guard let position = arguments.firstIndex(of: lambda),
              let callback = function.signature.parameter(at: position).callback,
              callback.supplies.allSatisfy({ ["element", "index", "array"].contains($0) }),
              callback.elementsOf < arguments.count,
              case .success(.array(let elements)) = evaluate(String(tree.text(of: arguments[callback.elementsOf]))).value
        else { return nil }
        let names = params.indices.map { tree.names[$0] }
        let bodyTree = Parser.parse(String(tree.text(of: body)))
        var text = ""
        for (index, element) in elements.prefix(Self.explainedCalls).enumerated() {
            var bound = variables
            var shown: [String] = []
            for (name, supplied) in zip(names, callback.supplies) {
                let value: Value = supplied == "element" ? element : supplied == "index" ? .number(Double(index)) : .array(elements)
                bound[name] = value
                shown.append("\(name) = \(printer.line(value, width: width * 5 / 8))")
            }
            text += "      " + shown.joined(separator: ", ") + "  ⇒  "
            do throws(Diagnostic) {
                let result = try evaluator.evaluate(bodyTree, in: SessionContext(variables: bound, document: document?.evaluationContext))
                text += printer.line(result, width: width * 3 / 4) + "\n"
            } catch {
                // The function stops at the first call that fails.
                return text + "error[\(error.kind.rawValue)]: \(error.message)\n"
            }
        }
        if elements.count > Self.explainedCalls { text += "      … and \(elements.count - Self.explainedCalls) more\n" }
        if elements.isEmpty { text += "      (no elements: the callback is not called)\n" }
        return text
    }

    private func markSubtree(_ node: NodeID, in tree: SyntaxTree, _ marks: inout [Bool]) {
        // Subtrees are contiguous in post-order: they end at the node and start at its first
        // leaf, which is found by the span (every descendant lies inside the node's span).
        let span = tree.span(of: node)
        var index = node.index
        while index >= 0, tree.spans[index].start >= span.start, tree.spans[index].end <= span.end {
            marks[index] = true
            index -= 1
        }
    }

    private func doc(_ name: String) -> REPLOutput {
        if let usage = needs(name, ":doc FUNCTION") { return usage }
        guard let function = registry.lookup(name) else {
            let hint = registry.hintForUnknownFunction(name).map { "; \($0)" } ?? ""
            return failure("no function '\(name)'\(hint)")
        }
        return REPLOutput(FunctionReference.text(function.signature, width: width))
    }

    private func time(_ source: String) -> REPLOutput {
        if let usage = needs(source, ":time EXPR") { return usage }
        let clock = ContinuousClock()
        let context = self.context
        var runs = 0
        var failure: Diagnostic?
        let start = clock.now
        // Repeat until the measurement is long enough to mean something.
        while runs < 100_000 && clock.now - start < .milliseconds(200) {
            do throws(Diagnostic) {
                _ = try evaluator.evaluate(Parser.parse(source), in: context)
            } catch {
                failure = error
                break
            }
            runs += 1
        }
        if let failure { return REPLOutput(render(failure, in: source), failed: true) }
        let total = clock.now - start
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        let each = seconds / Double(max(runs, 1))
        let shown = each >= 1e-3 ? String(format: "%.3f ms", each * 1e3) : String(format: "%.1f µs", each * 1e6)
        return REPLOutput("\(shown) per parse and evaluation (\(runs) run\(runs == 1 ? "" : "s"))\n")
    }

    private func tz(_ name: String) -> REPLOutput {
        if name.isEmpty { return REPLOutput("time zone: \(options.zone.identifier)\n") }
        guard let zone = CalendarZone(identifier: name) else {
            return failure("unknown time zone '\(name)' (use an IANA name such as Europe/Paris, or UTC)")
        }
        var options = self.options
        options.zone = zone
        setOptions(options)
        return REPLOutput("time zone: \(zone.identifier)\n")
    }

    private func now(_ text: String) -> REPLOutput {
        var options = self.options
        if text.isEmpty {
            options.now = nil
            setOptions(options)
            return REPLOutput("now() reads the clock\n")
        }
        guard let instant = Instant(iso8601: text) else {
            return failure("'\(text)' is not an ISO-8601 date-time (e.g. 2024-06-01T12:00:00Z)")
        }
        options.now = instant
        setOptions(options)
        return REPLOutput("now() = \(instant.iso8601)\n")
    }

    private func vars() -> REPLOutput {
        if variables.isEmpty { return REPLOutput("no variables; bind one with: let name = expression\n") }
        return REPLOutput(variables.keys.sorted().map { "\($0) = \(brief(variables[$0]!, after: $0.count + 3))\n" }.joined())
    }

    /// A file error as one line that names `path` once (the file system's own messages
    /// usually name it already).
    private static func describe(_ error: any Error, path: String) -> String {
        let text = String(describing: error)
        return text.contains(path) ? text : "\(path): \(text)"
    }

    private func save(_ path: String) -> REPLOutput {
        if let usage = needs(path, ":save FILE") { return usage }
        guard let session = document else { return noDocument }
        do {
            try files.write(session.currentBytes, to: path)
        } catch {
            return failure(Self.describe(error, path: path))
        }
        return REPLOutput("saved \(path)\n")
    }

    /// A value on the rest of a line whose first `column` characters are written, cut with `…`
    /// at the terminal's edge (but given at least a third of it).
    private func brief(_ value: Value, after column: Int) -> String {
        printer.line(value, width: max(width - column - 1, width / 3))
    }

    private func table(_ rows: [[String]]) -> String {
        guard let columns = rows.first?.count else { return "" }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == columns - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

extension Substring {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
