import ArgumentParser
import Foundation
import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel

extension LintFormat: ExpressibleByArgument {}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the formulas of JoyDoc templates and formula files.",
        discussion: """
            \(Files.templatePathHelp) \
            JSON files that are not JoyDocs are skipped with a note. Files are linted in parallel.

            Configuration: the nearest jf.toml or .jf.json, looked for in each PATH's directory \
            and then its parents (jf.toml first), or --config FILE (its settings: docs/rules/README.md in jf's repository). \
            A template can silence rules with "jfLint": {"ignore": ["rule"]} on the document, \
            a field or a formula.

            Examples:
              jf lint templates/
              jf lint --format github templates/      # annotations in GitHub Actions
              jf lint --format sarif templates/ > jf.sarif
              jf lint --format gitlab templates/ > gl-code-quality.json
              jf lint --diff templates/               # what --fix would change
              jf lint --fix templates/                # apply the safe fixes
              jf lint --fix --unsafe-fixes templates/ # … and the suggestions too
              jf lint --add-suppressions templates/   # silence today's findings
              jf lint --explain unknown-reference     # a rule's documentation
              jf lint --statistics templates/         # how many findings each rule has
              echo 'sum(1, 2' | jf lint --stdin

            Exits 0 when no errors were found (and at most --max-warnings warnings), 1 when \
            there were, 2 on a usage error or a file that cannot be read (invalid JSON). \
            With --diff, exits 1 when --fix would change something.
            """
    )

    @Option(help: "Output format: human, concise (a line a finding), json, sarif, github (annotations), gitlab (Code Quality) or junit (test results).")
    var format: LintFormat = .human

    @Option(help: ArgumentHelp("Use this configuration file instead of looking for one.", valueName: "FILE"),
            completion: .file(extensions: ["toml", "json"]))
    var config: String?

    @Flag(help: "Ignore configuration files; every rule at its default.")
    var noConfig = false

    @Flag(help: "Apply safe fixes, rewriting only the formulas and values they fix (atomically); report what remains.")
    var fix = false

    @Flag(help: "Print the unified diff that --fix would apply, and change nothing.")
    var diff = false

    @Flag(help: "Silence every finding where it is, with a jfLint annotation on its formula, field or document (atomically): for adopting jf lint, or new rules, in a repository with findings.")
    var addSuppressions = false

    @Flag(inversion: .prefixedNo,
          help: "Let --fix and --diff apply suggestions too, which may change what a formula means (a misspelt field, a column's arithmetic mapped over the rows); the configuration's unsafe-fixes by default.")
    var unsafeFixes: Bool?

    @Option(help: ArgumentHelp("Run only these rules (comma-separated; 'all' for every rule).", valueName: "RULES"),
            completion: .list(["all"] + LintRule.names))
    var select: [String] = []

    @Option(help: ArgumentHelp("Do not run these rules (comma-separated).", valueName: "RULES"), completion: .list(LintRule.names))
    var ignore: [String] = []

    @Option(help: ArgumentHelp("The SDKs templates must run on: swift, web (comma-separated; default swift).", valueName: "SDKS"),
            completion: .list(["swift", "web"]))
    var target: [String] = []

    @Option(help: ArgumentHelp("Fail when there are more than N warnings (errors always fail).", valueName: "N"))
    var maxWarnings: Int?

    @OptionGroup var parallel: ParallelFlags

    @OptionGroup var colors: ColorFlags

    @OptionGroup var search: SearchFlags

    @Flag(help: "Lint standard input: a JoyDoc or one expression.")
    var stdin = false

    @Option(help: ArgumentHelp("The name standard input is reported under (and configured by).", valueName: "PATH"))
    var stdinFilename: String?

    @Flag(help: "Print findings only, without the summary line.")
    var quiet = false

    @Flag(help: "Print how many findings each rule has, most first, instead of the findings (human or json).")
    var statistics = false

    @Flag(help: "List every rule with its default severity and whether it can be fixed.")
    var listRules = false

    @Option(help: ArgumentHelp("Print the documentation of a rule.", valueName: "RULE"), completion: .list(LintRule.names))
    var explain: String?

    @Argument(help: "JoyDoc files, .jf/.formula files, or directories; - alone is --stdin.", completion: .templates)
    var paths: [String] = []

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if listRules || explain != nil { return }
        if stdin && !paths.isEmpty { throw ValidationError("--stdin reads standard input; give no PATH") }
        if paths.contains("-") && paths != ["-"] { throw ValidationError("- (standard input) is linted alone; give no other PATH") }
        if !stdin && paths.isEmpty { throw ValidationError("give at least one PATH (a template, a .jf file or a directory), or --stdin") }
        if fix && diff { throw ValidationError("choose one of --fix and --diff") }
        if addSuppressions && (fix || diff || statistics || stdin || paths == ["-"]) {
            let other = fix ? "--fix" : diff ? "--diff" : statistics ? "--statistics" : "standard input"
            throw ValidationError("--add-suppressions edits the files it is given; it does not go with \(other)")
        }
        if config != nil && noConfig { throw ValidationError("choose one of --config and --no-config") }
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings must be 0 or more") }
        if statistics && (fix || diff) { throw ValidationError("--statistics counts findings; it does not go with --\(fix ? "fix" : "diff")") }
        if statistics && ![.human, .json].contains(format) {
            throw ValidationError("--statistics prints human or json output, not \(format.rawValue)")
        }
    }

    func run() throws {
        if listRules { return printRules() }
        if let explain { return try printExplanation(explain) }
        let cli = try commandLineSelection()
        let configurations = ConfigurationFinder(explicit: config, disabled: noConfig)
        if stdin || paths == ["-"] { return try lintStandardInput(cli: cli, configurations: configurations) }

        var found: [(path: String, settings: LintSettings)] = []
        var byConfiguration: [String: (located: ConfigurationFinder.Located, files: [String])] = [:]
        for path in paths {
            let configuration = try configurations.configuration(for: path)
            for file in try Files.lintable(in: path, followingIgnoreFiles: !search.noIgnore) {
                found.append((file, cli.applied(to: configuration.settings(forFile: file))))
                if let directory = configuration.directory { byConfiguration[directory, default: (configuration, [])].files.append(file) }
            }
        }
        if !quiet {
            for (_, used) in byConfiguration.sorted(by: { $0.key < $1.key }) {
                warnAboutInertPatterns(used.located, files: used.files)
            }
        }
        if addSuppressions { return try suppressAll(found) }
        let fixing = fix || diff
        let files = found
        let showDiff = diff
        var report = LintOutput(format: format, statistics: statistics, quiet: quiet)
        var wouldFix = (findings: 0, files: 0)
        // Each job lints one file and, for --diff, makes its diff while it has the original
        // bytes. Results are reported in order as they are done, so that the files' text is
        // not kept beyond their report.
        parallelForEach(files.count, workers: parallel.jobs) { index -> (outcome: FileOutcome, diff: String) in
            let (path, settings) = files[index]
            let bytes: [UInt8]
            do throws(Failure) {
                bytes = try Input.read(path, json: !Linter.isExpressionFile(path))
            } catch {
                return (FileOutcome(report: FileReport(path: path, failure: error.message)), "")
            }
            let outcome = Linter(settings: settings).lint(path: path, bytes: bytes, fixing: fixing)
            return (outcome, showDiff ? LintFixes.diff(path: path, original: bytes, edits: outcome.edits) : "")
        } deliver: { _, result in
            var fileReport = result.outcome.report
            if let fixed = result.outcome.fixedBytes {
                if showDiff {
                    Terminal.standardOutput.write(result.diff)
                    wouldFix.findings += fileReport.fixed
                    wouldFix.files += 1
                    return
                }
                do throws(Failure) {
                    try Files.writeAtomically(fixed, to: fileReport.path)
                } catch {
                    fileReport.failure = "\(error.message) (the fixes were not saved)"
                }
            }
            if !showDiff { report.add(fileReport) }
        }
        if diff {
            if !quiet { Terminal.standardError.write(Self.diffSummary(findings: wouldFix.findings, files: wouldFix.files)) }
            throw wouldFix.files > 0 ? Failure.problems : Failure(message: "", code: 0)
        }
        try report.finish(maxWarnings: maxWarnings)
    }

    /// Warns, on standard error, of each override pattern that matches no file: the run's
    /// nor any under the configuration's directory, which its patterns are relative to.
    private func warnAboutInertPatterns(_ located: ConfigurationFinder.Located, files: [String]) {
        for pattern in located.inertPatterns(given: files, followingIgnoreFiles: !search.noIgnore) {
            Terminal.standardError.write("\(pattern.place): warning: [[lint.overrides]] #\(pattern.override) paths: \"\(pattern.glob.pattern)\" "
                + "matches no file under \(located.directory ?? "."); the paths of overrides are relative to the configuration's directory\n")
        }
    }

    /// The line that ends `--diff`: "jf lint: would fix 3 findings in 2 files", or "nothing to fix".
    static func diffSummary(findings: Int, files: Int) -> String {
        guard files > 0 else { return "jf lint: nothing to fix\n" }
        return "jf lint: would fix \(findings) finding\(findings == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\n"
    }

    /// `--add-suppressions`: each JoyDoc's findings silenced where they are, written
    /// atomically; a summary of what was added and of what could not be silenced so.
    private func suppressAll(_ files: [(path: String, settings: LintSettings)]) throws {
        /// One file's outcome: its new text (nil: unchanged), how many rules were added, and
        /// why the findings that stay were not silenced.
        struct Suppressed {
            var path: String
            var bytes: [UInt8]? = nil
            var added = 0
            var left: [String] = []
            var failure: String? = nil
        }
        var added = 0, changedFiles = 0, failures = 0
        var left: [String: Int] = [:]   // why findings stay, and how many
        parallelForEach(files.count, workers: parallel.jobs) { index -> Suppressed in
            let (path, settings) = files[index]
            let bytes: [UInt8]
            do throws(Failure) {
                bytes = try Input.read(path, json: !Linter.isExpressionFile(path))
            } catch {
                return Suppressed(path: path, failure: error.message)
            }
            let outcome = Linter(settings: settings).lint(path: path, bytes: bytes, fixing: false)
            if let failure = outcome.report.failure { return Suppressed(path: path, failure: failure) }
            let findings = outcome.report.findings
            guard !findings.isEmpty else { return Suppressed(path: path) }
            guard !Linter.isExpressionFile(path), let document = try? JoyDoc(bytes: bytes) else {
                return Suppressed(path: path, left: findings.map { _ in "in .jf and .formula files, which have no place for one" })
            }
            let (edits, count) = Suppressions.edits(silencing: findings, in: document)
            let fixed = edits.isEmpty ? nil : JSONEdit.apply(edits, to: bytes)
            let remaining = fixed.map { Linter(settings: settings).lint(path: path, bytes: $0, fixing: false).report.findings } ?? findings
            return Suppressed(path: path, bytes: fixed, added: count, left: remaining.map {
                $0.rule == DiagnosticCode.invalidSuppression.name ? "invalid-suppression findings, which are fixed by hand"
                    : "not silenced where the annotation went (a malformed jfLint annotation, or a field sharing its _id)"
            })
        } deliver: { _, result in
            if let failure = result.failure {
                Terminal.standardError.write("jf: error: \(failure)\n")
                failures += 1
                return
            }
            for reason in result.left { left[reason, default: 0] += 1 }
            guard let fixed = result.bytes else { return }
            do throws(Failure) {
                try Files.writeAtomically(fixed, to: result.path)
                added += result.added
                changedFiles += 1
            } catch {
                Terminal.standardError.write("jf: error: \(error.message) (the suppressions were not saved)\n")
                failures += 1
            }
        }
        if !quiet {
            let files = "\(changedFiles) file\(changedFiles == 1 ? "" : "s")"
            Terminal.standardOutput.write(added == 0 ? "No suppressions to add.\n"
                                          : "Added \(added) suppression\(added == 1 ? "" : "s") (jfLint) to \(files).\n")
            for (reason, count) in left.sorted(by: { $0.key < $1.key }) {
                Terminal.standardOutput.write("\(count) finding\(count == 1 ? "" : "s") left: \(reason) (jf lint shows them).\n")
            }
        }
        if failures > 0 { throw Failure(message: "", code: 2) }
    }

    private func lintStandardInput(cli: RuleSelection, configurations: ConfigurationFinder) throws {
        let bytes = try Input.read("-")
        var name = stdinFilename ?? "-"
        if stdinFilename == nil {
            // Unnamed input: a JSON object is a document (a JoyDoc, or JSON that is not one and
            // is said to be skipped), anything else an expression. An object literal alone
            // would be a formula too, but not one anybody lints.
            let isDocument = (try? JSONReader.read(bytes)).map(\.isObject) ?? false
            if !isDocument { name = "-.jf" }
        }
        let configuration = try configurations.configuration(for: stdinFilename ?? ".")
        let settings = cli.applied(to: configuration.settings(forFile: stdinFilename ?? "-"))
        var outcome = Linter(settings: settings).lint(path: name, bytes: bytes, fixing: fix || diff)
        outcome.report.path = stdinFilename ?? "-"
        if diff {
            Terminal.standardOutput.write(LintFixes.diff(path: outcome.report.path, original: bytes, edits: outcome.edits))
            let changes = outcome.fixedBytes != nil
            if !quiet { Terminal.standardError.write(Self.diffSummary(findings: outcome.report.fixed, files: changes ? 1 : 0)) }
            throw changes ? Failure.problems : Failure(message: "", code: 0)
        }
        if fix {
            // Like other fixers on standard input: the fixed text on stdout, findings on stderr.
            Terminal.standardOutput.write(String(decoding: outcome.fixedBytes ?? bytes, as: UTF8.self))
            var formatter = HumanFormatter(colored: Terminal.standardError.wantsColor)
            formatter.width = Terminal.standardError.columns
            Terminal.standardError.write(formatter.render(outcome.report))
            if outcome.report.findings.contains(where: { $0.severity == .error }) { throw Failure.problems }
            return
        }
        var report = LintOutput(format: format, statistics: statistics, quiet: quiet)
        report.add(outcome.report)
        try report.finish(maxWarnings: maxWarnings)
    }

    private func printRules() {
        let output = Terminal.standardOutput
        if format == .json {
            let rules = LintRule.all.map { rule -> JSONValue in
                .object([
                    "name": .string(rule.name), "severity": .string(rule.severity.rawValue),
                    "fixable": .string(rule.fixability.rawValue), "summary": .string(rule.summary),
                ])
            }
            output.write(JSONValue.array(rules).text + "\n")
            return
        }
        let width = LintRule.all.map(\.name.count).max() ?? 0
        for rule in LintRule.all {
            let name = rule.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            let fixable = switch rule.fixability {
            case .never: "   "
            case .suggestions: "[~]"
            case .sometimes, .always: "[*]"
            }
            output.write("\(name)  \(severity) \(fixable) \(rule.summary)\n")
        }
        output.write("\n[*] some or all findings can be fixed with --fix; [~] some have a suggestion, applied with --fix --unsafe-fixes.\n"
                     + "Details: jf lint --explain RULE\n")
    }

    private func printExplanation(_ name: String) throws {
        guard let rule = LintRule.named(name) else {
            let hint = Suggestions.closest(to: name, in: LintRule.names).map { "; " + Suggestions.question($0) } ?? ""
            throw Failure.usage("unknown rule '\(name)'\(hint) (jf lint --list-rules lists them)")
        }
        Terminal.standardOutput.write(RuleDocumentation.page(for: rule))
    }

    /// `--select`, `--ignore` and `--target`, applied after the configuration files.
    private func commandLineSelection() throws -> RuleSelection {
        func names(_ values: [String]) -> [String] {
            values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        }
        var selection = RuleSelection()
        do {
            if !select.isEmpty {
                selection.select = names(select)
                for rule in selection.select! { try LintConfiguration.check(rule, at: "--select") }
            }
            selection.ignore = names(ignore)
            for rule in selection.ignore { try LintConfiguration.check(rule, at: "--ignore") }
            if !target.isEmpty { selection.targets = try LintConfiguration.portability(names(target), at: "--target") }
            selection.unsafeFixes = unsafeFixes
        } catch {
            throw Failure.usage(error.message)
        }
        return selection
    }
}

/// `jf lint`'s report, written as files are done: human and GitHub output file by file, JSON
/// as the items of its `files` list. SARIF and `--statistics` need every finding before they
/// write; they keep the findings, not the files' text. Notes about files that could not be
/// linted or were skipped go to standard error at the end, after the report.
private struct LintOutput {
    let format: LintFormat
    let statistics: Bool
    let quiet: Bool
    private let output = Terminal.standardOutput
    private let formatter: HumanFormatter
    private let interactive: Bool
    private var summary = LintSummary()
    private var counts = LintStatistics()
    private var kept: [FileReport] = []
    /// The JSON report (`--format json`, `gitlab`) written so far; flushed file by file.
    private var json = JSONWriter()
    /// Whether the JSON report has begun.
    private var begun = false
    private var notes = ""

    init(format: LintFormat, statistics: Bool, quiet: Bool) {
        self.format = format
        self.statistics = statistics
        self.quiet = quiet
        var formatter = HumanFormatter(colored: output.wantsColor)
        formatter.width = output.columns
        self.formatter = formatter
        interactive = output.isTerminal
    }

    mutating func add(_ report: FileReport) {
        if let failure = report.failure { notes += "jf: error: \(failure)\n" }
        if let skipped = report.skipped, format == .human, !quiet { notes += "jf: note: skipped \(report.path): \(skipped)\n" }
        summary.add(report)
        if statistics {
            counts.add(report)
            return
        }
        switch format {
        case .human: output.write(formatter.render(report))
        case .concise: output.write(ConciseFormatter.render(report))
        case .github: output.write(GitHubFormatter.render(report))
        case .gitlab:
            beginJSON()
            for issue in GitLabFormatter.issues(report) { json.value(issue) }
            output.write(json.flush())
        case .json:
            beginJSON()
            JSONFormatter.write(report, to: &json)
            output.write(json.flush())
        case .sarif, .junit:
            var findings = report
            findings.bytes = []   // SARIF and JUnit give locations, not lines of the file
            kept.append(findings)
        }
        if interactive { output.flush() }
    }

    /// Starts the JSON report once: `{"files":[` or, for GitLab, `[`.
    private mutating func beginJSON() {
        guard !begun else { return }
        begun = true
        if format == .gitlab { json.beginArray() } else { JSONFormatter.begin(&json) }
    }

    /// Ends the report and says how the run ends: exit 2 when a file could not be linted, 1
    /// for errors or more than `maxWarnings` warnings.
    mutating func finish(maxWarnings: Int?) throws {
        switch format {
        case .human where statistics:
            output.write(counts.human)
            if !quiet { output.write(formatter.summary(summary)) }
        case .json where statistics:
            output.write(counts.json(summary: summary))
        case .human, .concise:
            if !quiet { output.write(formatter.summary(summary)) }
        case .json:
            beginJSON()
            JSONFormatter.end(summary, to: &json)
            output.write(json.flush() + "\n")
        case .sarif:
            output.write(SARIFFormatter.render(kept, version: JF.configuration.version))
        case .gitlab:
            beginJSON()
            json.endArray()
            output.write(json.flush() + "\n")
        case .junit:
            output.write(JUnitFormatter.render(kept))
        case .github:
            break
        }
        output.flush()
        Terminal.standardError.write(notes)
        if summary.failures > 0 { throw Failure(message: "", code: 2) }
        let tooManyWarnings = maxWarnings.map { summary.warnings > $0 } ?? false
        if summary.errors > 0 || tooManyWarnings {
            if tooManyWarnings, format == .human {
                Terminal.standardError.write("jf: error: \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"), more than --max-warnings \(maxWarnings!)\n")
            }
            throw Failure.problems
        }
    }
}
