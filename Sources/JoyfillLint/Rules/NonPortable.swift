import JoyfillFormulas

extension LintRule {
    static let nonPortable = LintRule(
        code: .nonPortable, severity: .warning,
        summary: "Syntax or a function that a target Joyfill SDK does not run.",
        fixability: .sometimes,
        documentation: Documentation(
            what: "Reports syntax and functions that a target SDK does not run: `=>` lambdas, exponent literals (`1e3`), a `-` written against a digit (`5-3`), names that start with a digit, and functions outside a target's catalogue (`iff` and `abs` are not in the Swift SDK; `jf functions` shows each function's portability).",
            why: "jf accepts more than the Joyfill SDKs (see docs/compatibility.md). A template that uses it works in `jf run` and fails in the app.",
            bad: formula("iff(total > 1e3, (x) => x, 5-3)"),
            good: formula("if(total > 1000, (x) -> x, 5 - 3)"),
            fix: "`jf lint --fix` rewrites `iff` to `if`, `=>` to `->`, `1e3` to `1000` and `5-3` to `5 - 3`. Set the SDKs with `targets = [\"swift\", \"web\"]` (default: swift, the reference engine; `web` means what the web formulas guide documents). When no spelling of a function runs on every target (with both targets, the Swift SDK has only `if` and the web only `iff`), the one most targets run is kept, the Swift SDK deciding a tie: `if` is then not reported, since nothing better can be written, and `iff` is, with a fix to `if`. Narrow `targets` to the SDKs a template is for to hear of the rest."))
}

/// `non-portable`: syntax and functions that a target SDK will not run (see docs/compatibility.md).
/// Safe fixes rewrite the syntax to its portable spelling where one exists.
///
/// A function with other spellings of the same meaning (`if` and `iff`) is judged among them:
/// a spelling every target runs is suggested; when there is none (`targets = ["swift",
/// "web"]`: the Swift SDK has only `if`, the web only `iff`), the least-bad spelling is the
/// one most targets run, the Swift SDK (the reference engine) deciding a tie. Written so, the
/// call is not reported (nothing better can be written); another spelling is, with a note that
/// none runs everywhere and a fix to the least-bad one.
enum NonPortable {
    /// Functions with a portable spelling of the same meaning.
    static let aliases = ["iff": "if"]

    /// The spellings that mean what `name` means: itself and its aliases, either way.
    static func spellings(of name: String) -> [String] {
        let lowered = name.lowercased()
        let group = aliases.filter { $0.key == lowered || $0.value == lowered }.flatMap { [$0.key, $0.value] }
        return group.isEmpty ? [lowered] : Array(Set(group)).sorted()
    }

    static func check(_ tree: SyntaxTree, targets: Portability, registry: FunctionRegistry) -> [Diagnostic] {
        guard tree.root != nil, !targets.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        func report(_ message: String, _ span: SourceSpan, notes: [String] = [], fix: Fix? = nil) {
            findings.append(Diagnostic(.other, message, at: span, severity: .warning, notes: notes, fix: fix, code: .nonPortable))
        }
        for index in tree.nodes.indices {
            guard case .call(let nameID, _) = tree.nodes[index], let function = registry.lookup(tree.name(nameID)) else { continue }
            let missing = targets.subtracting(function.signature.portability)
            guard !missing.isEmpty else { continue }
            let name = tree.name(nameID)
            let nameSpan = tree.nameSpan(ofCall: NodeID(index))
            var fix: Fix?
            var notes: [String] = []
            let others = spellings(of: name).filter { $0 != name.lowercased() }
                .compactMap { registry.lookup($0).map { (name: $0.signature.name, runs: $0.signature.portability.intersection(targets)) } }
            if let portable = others.first(where: { $0.runs == targets }) {
                fix = .replace(nameSpan, with: portable.name, "use '\(portable.name)', which means the same")
            } else if !others.isEmpty {
                // No spelling runs on every target: the least-bad one is written as it is, or suggested.
                let runs = function.signature.portability.intersection(targets)
                func rank(_ runs: Portability) -> (Int, Int) { (runs.names.count, runs.contains(.swift) ? 1 : 0) }
                let better = others.filter { rank($0.runs) > rank(runs) }.max { rank($0.runs) < rank($1.runs) }
                guard let better else { continue }
                notes.append("no spelling of it runs on every target; '\(better.name)', which runs on \(sdkList(better.runs)), "
                             + "is the one to keep (the most targets run it, the Swift SDK deciding a tie), and it is not reported")
                fix = .replace(nameSpan, with: better.name, "use '\(better.name)', which means the same")
            } else if function.signature.portability.isEmpty {
                notes.append("'\(function.signature.name)' is a jf extension that no Joyfill SDK has")
            }
            report("'\(function.signature.name)' is not available in \(sdkList(missing))", nameSpan, notes: notes, fix: fix)
        }
        for use in tree.extensions {
            switch use.kind {
            case .fatArrow:
                // The web guide documents `=>`; the Swift SDK accepts only `->`.
                guard targets.contains(.swift) else { continue }
                report("'=>' lambdas are a jf extension; \(sdkList(.swift)) accepts only '->'", use.span,
                       fix: .replace(use.span, with: "->", "write '->'"))
            case .exponentLiteral:
                let text = slice(tree.source, use.span)
                report("exponent literals like '\(text)' are a jf extension; \(sdkList(targets)) \(targets.names.count == 1 ? "rejects" : "reject") them",
                       use.span, fix: plainNumberFix(text, at: use.span, in: tree.source))
            case .unspacedMinus:
                let spaced = use.span.start > 0 && slice(tree.source, SourceSpan(start: use.span.start - 1, end: use.span.start)) == " "
                report("'-' directly before a digit reads as a negative number in \(sdkList(targets)), not as a subtraction",
                       use.span, fix: .replace(use.span, with: spaced ? "- " : " - ", "put spaces around '-'"))
            case .digitLeadingName:
                report("names that start with a digit are a jf extension; \(sdkList(targets)) \(targets.names.count == 1 ? "reads" : "read") them as numbers", use.span,
                       notes: ["give the field an id that starts with a letter"])
            }
        }
        return findings
    }

    /// The exponent literal `text` written without its exponent (`1e3` → `1000`), when that
    /// is possible: not for a number too large or too small to be written plainly (`1e21`,
    /// `1e-7`), nor for one beyond a Double (`1e999`, whose text `Infinity` would be a name).
    /// A literal whose member is read keeps it a member: `1e0.x` written `1.x` would be a
    /// fraction followed by a name.
    private static func plainNumberFix(_ text: String, at span: SourceSpan, in source: String) -> Fix? {
        guard let value = Double(text), value.isFinite else { return nil }
        var plain = Value.number(value).text
        guard !plain.contains("e") else { return nil }
        if source.utf8.dropFirst(span.end).first == UInt8(ascii: "."), !plain.contains(".") { plain = "(" + plain + ")" }
        return .replace(span, with: plain, "write \(plain)")
    }

    static func sdkList(_ sdks: Portability) -> String {
        let names = sdks.names.map { $0 == "swift" ? "the Swift SDK" : "the web SDK" }
        return names.joined(separator: " and ")
    }

    private static func slice(_ text: String, _ span: SourceSpan) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: span.start)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: span.length)], as: UTF8.self)
    }
}
