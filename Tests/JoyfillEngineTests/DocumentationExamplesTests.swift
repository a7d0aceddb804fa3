import Foundation
import Testing
import JoyfillFormulas
import JoyfillModel
@testable import JoyfillEngine

/// The examples of the language guide and the compatibility page, checked: a formula the docs
/// show gives what they say it gives.
///
/// - `docs/language.md`: every line of a code block written `FORMULA  // CLAIM` (a line with
///   no comment claims only that the formula works). A claim that starts with a value (a
///   number, a quoted string, `true`, `[…`, a date …) is compared with the result as the docs
///   write values (strings quoted, everything else in its canonical text; `…` ends a prefix);
///   one that starts with `error:` with the error's message (and its "did you mean"); any
///   other claim is prose, and the formula must only evaluate.
/// - `docs/compatibility.md`: every table row whose example is one formula, or as many as its
///   `jf` column gives values, and whose `jf` column is values in backticks or a `` `kind`
///   error "message" ``.
///
/// A formula runs against the first example document (`examples/`) that has every field it
/// names, or against no document. One that reads fields no example has (`user.name`) is
/// checked only as far as it runs without them.
struct DocumentationExamplesTests {
    static let repository = examplesFolder.deletingLastPathComponent()

    /// The example documents formulas are bound to, in the order they are tried: each one's
    /// context, with its formulas evaluated, and its field ids.
    typealias Documents = [(context: any EvaluationContext, fields: Set<String>)]

    static func documents() throws -> Documents {
        try ["invoice.json", "inspection.json", "sales-chart.json", "order.json"].map { name in
            let document = try JoyDoc(bytes: Array(try Data(contentsOf: examplesFolder.appendingPathComponent(name))))
            let engine = DocumentEngine(document: document)
            engine.evaluateAll()
            return (engine.context, Set(document.fields.map(\.id)))
        }
    }

    /// One example: where it is, the formula, and what the docs say of it.
    struct Example: CustomStringConvertible {
        let place: String
        let formula: String
        let claim: Claim
        var description: String { "\(place): \(formula)" }
    }

    enum Claim {
        /// It evaluates (to anything).
        case works
        /// It gives this value, written as the docs write values; a trailing `…` makes it a prefix.
        case value(String)
        /// It fails with an error whose message starts with this text (and of this kind, when
        /// given), suggesting this name when one is given.
        case error(kind: String?, message: String?, suggestion: String?)
    }

    // MARK: - The checks

    @Test func languageGuideExamplesGiveWhatTheySay() throws {
        let examples = try Self.languageGuideExamples()
        #expect(examples.count > 30, "the guide's examples were not found")
        let documents = try Self.documents()
        for example in examples { check(example, documents) }
    }

    @Test func compatibilityExamplesGiveWhatTheySay() throws {
        let examples = try Self.compatibilityExamples()
        #expect(examples.count > 30, "the compatibility page's examples were not found")
        let documents = try Self.documents()
        for example in examples { check(example, documents) }
    }

    private func check(_ example: Example, _ documents: Documents) {
        let tree = Parser.parse(example.formula)
        guard tree.isValid else {
            Issue.record("\(example): does not parse: \(tree.diagnostics.map(\.message))")
            return
        }
        let names = Self.referencedNames(in: tree)
        let document = documents.first { names.isSubset(of: $0.fields) }
        let result: Result<Value, Diagnostic>
        do throws(Diagnostic) {
            result = .success(try Evaluator().evaluate(tree, in: document?.context ?? DictionaryContext()))
        } catch {
            // A formula that reads fields no example has (`user.name`, `a-1`) is checked only
            // as far as it runs without them (`false && nosuch`).
            if document == nil, error.kind == .reference { return }
            result = .failure(error)
        }
        switch (example.claim, result) {
        case (.works, .success):
            break
        case (.value(let claimed), .success(let value)):
            let shown = value.description
            if claimed.hasSuffix("…") {
                #expect(shown.hasPrefix(claimed.dropLast()), "\(example): gives \(shown)")
            } else {
                #expect(shown == claimed, "\(example): gives \(shown)")
            }
        case (.error(let kind, let message, let suggestion), .failure(let error)):
            if let kind { #expect(error.kind.rawValue == kind, "\(example): fails with a \(error.kind.rawValue) error") }
            if let message { #expect(error.message.hasPrefix(message), "\(example): fails with \(error.message)") }
            if let suggestion {
                let rendered = DiagnosticRenderer().render(error, in: example.formula)
                #expect(rendered.contains("did you mean '\(suggestion)'?"), "\(example): \(rendered)")
            }
        case (_, .success(let value)):
            Issue.record("\(example): gives \(value.description), where the docs say it fails")
        case (_, .failure(let error)):
            Issue.record("\(example): fails: \(error)")
        }
    }

    private static func referencedNames(in tree: SyntaxTree) -> Set<String> {
        var names = Set<String>()
        for node in tree.nodes {
            if case .reference(let id) = node { names.insert(tree.name(id)) }
        }
        return names
    }

    // MARK: - Reading the docs

    private static func read(_ path: String) throws -> [Substring] {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The formulas of the guide's plain code blocks (not the `$ jf …` transcripts).
    static func languageGuideExamples() throws -> [Example] {
        var examples: [Example] = []
        var inBlock = false, isTranscript = false
        for (index, line) in try read("docs/language.md").enumerated() {
            if line.hasPrefix("```") {
                inBlock.toggle()
                isTranscript = false
                continue
            }
            guard inBlock, !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            if line.hasPrefix("$ ") { isTranscript = true }
            if isTranscript { continue }
            let place = "docs/language.md:\(index + 1)"
            guard let comment = line.range(of: "  // ") else {
                examples.append(Example(place: place, formula: String(line), claim: .works))
                continue
            }
            let formula = line[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
            examples.append(Example(place: place, formula: formula, claim: claim(in: line[comment.upperBound...])))
        }
        return examples
    }

    /// What a `// …` comment claims: `error: message (did you mean 'x'?)`, a value (up to a
    /// `: ` or ` (` that explains it), or prose.
    static func claim(in comment: Substring) -> Claim {
        if comment.hasPrefix("error: ") {
            var message = comment.dropFirst("error: ".count)
            var suggestion: String?
            if let range = message.range(of: " (did you mean '") {
                suggestion = String(message[range.upperBound...].prefix { $0 != "'" })
                message = message[..<range.lowerBound]
            }
            return .error(kind: nil, message: String(message), suggestion: suggestion)
        }
        let value = leadingValue(of: comment)
        return value.map(Claim.value) ?? .works
    }

    /// The value a claim starts with, if it starts with one: up to the first `: ` or ` (`
    /// outside quotes and brackets.
    static func leadingValue(of text: Substring) -> String? {
        guard let first = text.first else { return nil }
        let startsKeyword = ["true", "false", "null", "undefined"].contains { word in
            text.hasPrefix(word) && !(text.dropFirst(word.count).first?.isLetter ?? false)
        }
        let startsValue = startsKeyword || first.isNumber || first == "-" || first == "\"" || first == "[" || first == "{"
        guard startsValue else { return nil }
        var depth = 0, quote: Character?
        var end = text.endIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" {
                quote = character
            } else if "[{(".contains(character) {
                depth += 1
            } else if "]})".contains(character) {
                depth -= 1
            } else if depth == 0, text[index...].hasPrefix(": ") || text[index...].hasPrefix(" (") {
                end = index
                break
            }
            index = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// The compatibility page's table rows that state what jf gives.
    static func compatibilityExamples() throws -> [Example] {
        var examples: [Example] = []
        var exampleColumn: Int?, jfColumn: Int?
        for (index, line) in try read("docs/compatibility.md").enumerated() {
            guard line.hasPrefix("|") else {
                exampleColumn = nil
                jfColumn = nil
                continue
            }
            let cells = tableCells(line)
            if exampleColumn == nil {
                exampleColumn = cells.firstIndex(of: "Example")
                jfColumn = cells.firstIndex(of: "jf")
                continue
            }
            guard let exampleColumn, let jfColumn, cells.count > max(exampleColumn, jfColumn),
                  !cells[exampleColumn].hasPrefix("---") else { continue }
            let formulas = codeSpans(in: cells[exampleColumn])
            let place = "docs/compatibility.md:\(index + 1)"
            let jf = cells[jfColumn]
            if let error = errorClaim(jf) {
                if formulas.count == 1 { examples.append(Example(place: place, formula: formulas[0], claim: error)) }
                continue
            }
            let values = codeSpans(in: jf)
            // Only a column that is nothing but values, one a formula (or one for them all).
            guard !values.isEmpty, jf.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)
                .allSatisfy({ $0 == "," || $0 == " " }) else { continue }
            if values.count == formulas.count {
                for (formula, value) in zip(formulas, values) {
                    examples.append(Example(place: place, formula: formula, claim: .value(value)))
                }
            } else if values.count == 1 {
                for formula in formulas { examples.append(Example(place: place, formula: formula, claim: .value(values[0]))) }
            }
        }
        return examples
    }

    /// `` `kind` error `` with, optionally, the message in quotes and "did you mean 'x'?".
    static func errorClaim(_ cell: String) -> Claim? {
        guard let match = cell.firstMatch(of: /^`(\w+)` error(?: "([^"]*)")?/) else {
            // A bare error kind in backticks (`divisionByZero`).
            if let kind = Diagnostic.Kind.allCases.first(where: { cell == "`\($0.rawValue)`" }) {
                return .error(kind: kind.rawValue, message: nil, suggestion: nil)
            }
            return nil
        }
        let suggestion = cell.firstMatch(of: /did you mean '([^']*)'\?/).map { String($0.1) }
        return .error(kind: String(match.1), message: match.2.map(String.init), suggestion: suggestion)
    }

    static func tableCells(_ line: Substring) -> [String] {
        // `\|` is a bar inside a cell.
        let marked = line.replacingOccurrences(of: "\\|", with: "\u{0}")
        return marked.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{0}", with: "|") }
    }

    static func codeSpans(in cell: String) -> [String] {
        cell.matches(of: /`([^`]+)`/).map { String($0.1) }
    }
}
