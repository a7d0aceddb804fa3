import Foundation
import Testing
@testable import JoyfillFormulas

struct FunctionTests {
    static let referenceNames = """
        IF AND OR NOT EMPTY CONCAT CONTAINS UPPER LOWER LENGTH TONUMBER TOSTRING JOIN EQUALS TRIM SUM POW ROUND CEIL FLOOR
        MOD MAX MIN COUNT AVG AVERAGE SQRT NOW YEAR MONTH DAY DATE DATEADD DATESUBTRACT TIMESTAMP FLAT MAP FLATMAP FILTER
        REDUCE FIND EVERY SOME COUNTIF UNIQUE SORT
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test func containsSearchesAnyText() throws {
        // Found by the fuzzer: Foundation's search, used for non-ASCII text, trapped on this
        // formula's text (NULs around a U+FFFD that an invalid byte decodes to).
        let found = "Y29udGFpbnMoImNtcgAAAAAABCoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAArwAAAAAAAAAAAGAAAAAAAAAAAAAAAAAAAAAAAABub3coAABhbHdheXMtIWZhbHNlLQAAAAAAAAAAAAAAAAAAAAAAcQAAAAAAAABlAAAAAAAAAAAAAAAAAAAAAAAAAABLACIsICcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAnKQ=="
        let formula = String(decoding: try #require(Data(base64Encoded: found)), as: UTF8.self)
        #expect(try Evaluator().evaluate(formula, in: DictionaryContext()).description == "false")
        #expect(TextSearch.containsIgnoringCase("ab\u{0}\u{FFFD}Äc", "\u{FFFD}ä"))
        #expect(!TextSearch.containsIgnoringCase("ab\u{0}\u{FFFD}", "b\u{FFFD}"))
        #expect(TextSearch.containsIgnoringCase("ÉCOLE normale", "école"))
        // Characters compare as String's == does: a decomposed é is an é, a part of one is not.
        #expect(TextSearch.containsIgnoringCase("caf\u{65}\u{301}!", "café"))
        #expect(!TextSearch.containsIgnoringCase("caf\u{65}\u{301}!", "cafe"))
        // the search falls back over partial matches
        #expect(TextSearch.contains(Array("aaaaab"), Array("aaab")))
        #expect(TextSearch.contains(Array("abacabab"), Array("abab")))
        #expect(!TextSearch.contains(Array("abacaba"), Array("abab")))
    }

    @Test func allReferenceFunctionsPlusIffAndAbs() {
        #expect(Self.referenceNames.count == 46)
        let registry = FunctionRegistry.standard
        for name in Self.referenceNames {
            #expect(registry.lookup(name)?.signature.portability.contains(.swift) == true, "\(name)")
        }
        #expect(registry.lookup("iff")?.signature.portability == .web)
        #expect(registry.lookup("ABS")?.signature.portability == .web)
        #expect(registry.names.count == 48)
    }

    static let examples: [(String, String, String)] = FunctionRegistry.standard.signatures.flatMap { signature in
        signature.examples.map { (signature.name, $0.formula, $0.result) }
    }

    @Test(arguments: examples)
    func documentedExample(_ function: String, _ formula: String, _ result: String) {
        #expect(outcome(formula) == result, "\(function): \(formula)")
    }

    @Test func everyFunctionHasExamplesAndSummary() {
        for signature in FunctionRegistry.standard.signatures {
            #expect(!signature.examples.isEmpty, "\(signature.name)")
            #expect(signature.summary.hasSuffix("."), "\(signature.name)")
        }
    }

    @Test func customFunctionsRegisterLikeBuiltIns() throws {
        var registry = FunctionRegistry.standard
        registry.register(FunctionSignature(
            "clamp", [Parameter("value", .number), Parameter("low", .number), Parameter("high", .number)],
            returns: .number, category: .math, summary: "Limits a number to a range.", portability: .jfOnly
        )) { args throws(Diagnostic) in
            guard case .number(let value) = args[0], case .number(let low) = args[1], case .number(let high) = args[2] else {
                return .null
            }
            return .number(min(max(value, low), high))
        }
        let evaluator = Evaluator(registry: registry)
        #expect(try evaluator.evaluate("CLAMP(15, 0, 10)").description == "10")
        #expect((try? evaluator.evaluate("clamp(1, 2)")) == nil)
        do {
            _ = try evaluator.evaluate("clamp(\"a\", 0, 1)")
        } catch {
            #expect(error.kind == .type)
        }
        #expect(Checker(registry: registry).check(Parser.parse("clamp(1)")).first?.code == .wrongArity)
    }

    @Test func wholeNumberArgumentsSayWhatIsWrongWithThem() {
        #expect(failure("dateAdd(date(2024, 1, 1), 1e308, \"day\")")?.message == "the amount 1e+308 is out of range (its size must be under 9e15)")
        #expect(failure("date(1e308 * 10, 1, 1)")?.message == "the year must be a finite number, got Infinity")
        #expect(failure("date(2024, 9e15, 1)")?.kind == .arguments)
        #expect(outcome("date(2024, 8999999999999, 1)") == "error: arguments")
    }

    @Test func trimRemovesUnicodeWhiteSpaceAtEitherEnd() throws {
        let evaluator = Evaluator()
        let cases: [(String, String)] = [
            (" \t\n\u{0B}\u{0C}\r joy \r\n", "joy"), ("joy", "joy"), ("   ", ""), ("", ""),
            ("\u{00A0} joy \u{2003}", "joy"), (" \u{3000}joy", "joy"), ("joy\u{00A0} ", "joy"),
            ("  é  ", "é"), ("a \u{00A0} b", "a \u{00A0} b"), ("\u{85}x\u{85}", "x"),
        ]
        for (text, trimmed) in cases {
            let result = try evaluator.evaluate("trim(t)", in: DictionaryContext(["t": .string(text)]))
            #expect(result.description == Value.string(trimmed).description, "\(text.debugDescription)")
        }
    }

    @Test func namesAreFoundInAnyLetterCase() throws {
        let registry = FunctionRegistry.standard
        for name in ["countIf", "COUNTIF", "countif", "CoUnTiF"] {
            #expect(registry.lookup(name)?.signature.name == "countIf", "\(name)")
        }
        #expect(registry.lookup("countIff") == nil)
        #expect(registry.lookup("") == nil)
        #expect(registry.lookup(String(repeating: "sum", count: 10)) == nil)
        // Names beyond ASCII are matched by their lowercase form.
        var custom = registry
        custom.register(FunctionSignature("Übersicht", [Parameter("value", .number)], returns: .number, category: .math,
                                          summary: "Returns its argument.", portability: .jfOnly)) { args throws(Diagnostic) in args[0] }
        #expect(custom.lookup("übersicht")?.signature.name == "Übersicht")
        #expect(custom.lookup("Übersicht")?.signature.name == "Übersicht")
        #expect(try Evaluator(registry: custom).evaluate("übersicht(4)").description == "4")
        // A re-registered name replaces the function.
        custom.register(FunctionSignature("SUM", [Parameter("value", .number)], returns: .number, category: .math,
                                          summary: "Shadowed.", portability: .jfOnly)) { _ throws(Diagnostic) in .number(-1) }
        #expect(try Evaluator(registry: custom).evaluate("sum(4)").description == "-1")
    }

    /// The parser records which standard function a call names (a hint); a registry that
    /// numbers functions differently, or lacks one, must still be looked up by name.
    @Test func callHintsFollowTheRegistry() throws {
        func constant(_ name: String, _ value: Double) -> (FunctionSignature, FunctionBody) {
            (FunctionSignature(name, [Parameter("value", .number, optional: true, variadic: true)], returns: .number, category: .math,
                               summary: "A constant.", portability: .jfOnly),
             { _ throws(Diagnostic) in .number(value) })
        }
        let tree = Parser.parse("sum(1, 2) + max(1, 2)")
        // Built from nothing: `max` comes first here, `sum` second; neither where the standard has it.
        var fresh = FunctionRegistry()
        for (signature, body) in [constant("max", 100), constant("sum", 10)] { fresh.register(signature, body) }
        #expect(try Evaluator(registry: fresh).evaluate(tree).description == "110")
        // Without `max`, the call is unknown however the name was hinted.
        var partial = FunctionRegistry()
        partial.register(constant("sum", 10).0, constant("sum", 10).1)
        #expect(throws: Diagnostic.self) { try Evaluator(registry: partial).evaluate(tree) }
        // A copy of the standard with `max` replaced and a new function added.
        var copy = FunctionRegistry.standard
        copy.register(constant("MAX", -1).0, constant("MAX", -1).1)
        copy.register(constant("extra", 7).0, constant("extra", 7).1)
        #expect(try Evaluator(registry: copy).evaluate(tree).description == "2")
        #expect(try Evaluator(registry: copy).evaluate("extra() + Sum(1, 2)").description == "10")
        #expect(try Evaluator().evaluate(tree).description == "5")
    }

    /// The parser's table of call hints agrees with the registry's folded names for every
    /// standard function in any letter case, and finds nothing for other names of every length.
    @Test func callHintsMatchTheFoldedNames() {
        let registry = FunctionRegistry.standard
        let hints = CallHints(registry.foldedNames)
        defer { hints.release() }
        func position(_ name: String) -> Int16 {
            var text = name
            return text.withUTF8 { hints.position($0) }
        }
        for name in registry.names {
            let expected = Int16(registry.foldedNames.position(name.lowercased()) ?? -1)
            #expect(expected >= 0, "\(name)")
            for spelling in [name, name.lowercased(), name.uppercased()] {
                #expect(position(spelling) == expected, "\(spelling)")
            }
        }
        for other in ["", "x", "su", "summ", "sum_", "dateadd2", "countIfs", "a_very_long_name1", "datesubtracts", "max\u{e9}", "1sum"] {
            #expect(position(other) == -1, "\(other)")
        }
        // Parsed calls carry the same hints: a long name of up to 16 bytes and the small ones.
        let tree = Parser.parse("DateSubtract(now(), 1, \"days\") + SUM(1) + nope(2)")
        let hinted = tree.evaluationTables.hints
        let callNames = tree.nodes.compactMap { node -> NameID? in
            if case .call(let name, _) = node { return name }
            return nil
        }
        #expect(callNames.map { hinted[$0.index] } == callNames.map { position(tree.name($0)) })
        #expect(callNames.map { hinted[$0.index] >= 0 } == [true, true, true, false])
    }
    @Test(arguments: [
        ("contains(\"Joyfill ROCKS\", \"rock\")", "true"),
        ("contains(\"Joyfill\", \"JOYFILLS\")", "false"),
        ("contains(\"abc\", \"\")", "true"),
        ("contains(\"\", \"a\")", "false"),
        ("contains(\"[a-z]\", \"A-Z\")", "true"),
        ("contains(\"@home\", \"`\")", "false"),
        ("contains(\"ÄRGER im Büro\", \"ärger\")", "true"),
        ("contains(\"Straße\", \"SSE\")", "false"),
        ("countIf([\"Alpha\", \"ALPHABET\", \"beta\"], \"alpha\")", "2"),
        ("countIf([\"Émile\", \"émile\", \"emile\"], \"ÉMILE\")", "2"),
    ])
    func containsIgnoresLetterCase(formula: String, expected: String) {
        #expect(outcome(formula) == expected)
    }

    @Test func functionReferenceIsUpToDate() throws {
        let path = repositoryRoot.appendingPathComponent("docs/functions.md")
        let committed = try String(contentsOf: path, encoding: .utf8)
        #expect(committed == FunctionReference.markdown(), "docs/functions.md is stale: run `swift run jf functions --markdown > docs/functions.md`")
    }
}

struct CheckerTests {
    func codes(_ source: String, names: Set<String>? = nil) -> [String] {
        Checker(knownNames: names).check(Parser.parse(source)).map(\.identifier.name)
    }

    /// A word its parameter does not take is found before the formula runs, with the closest
    /// word as a suggestion in the literal's own quotes; at run time the error says the same.
    @Test func aWordTheParameterDoesNotTakeIsSuggestedTheClosest() throws {
        let finding = try #require(Checker().check(Parser.parse("dateAdd(now(), 2, 'wekes')")).first)
        #expect(finding.message == "unknown unit \"wekes\"")
        #expect(finding.span == SourceSpan(start: 18, end: 25))
        #expect(finding.fix?.edits.first?.replacement == "'weeks'")
        #expect(finding.fix?.isSafe == false)
        #expect(finding.notes == ["units: years, months, weeks, days, hours, minutes, seconds, milliseconds (or y, m, w, d, h, min, s, ms)"])
        let error = #expect(throws: Diagnostic.self) { try Evaluator().evaluate("dateAdd(now(), 2, 'wekes')", in: DictionaryContext()) }
        #expect(error?.message == finding.message)
        #expect(error?.span == finding.span)
        #expect(error?.notes.first == "did you mean \"weeks\"?")
    }

    /// A dropdown compared with a text none of its options has is decided before it runs:
    /// the closest text (or the text of the option whose id was written) is suggested, in the
    /// quotes the literal can be written in.
    @Test func aDropdownComparedWithNoneOfItsOptionsIsFound() throws {
        var checker = Checker()
        checker.optionChoices["status"] = OptionChoices(owner: "dropdown 'status'", texts: ["Open", "Done", #"Say "hi""#],
                                                        ids: ["o1", "o2", "o3"])
        func finding(_ source: String) -> Diagnostic? { checker.check(Parser.parse(source)).first }
        let misspelt = try #require(finding(#"status == "open""#))
        #expect(misspelt.code == .unknownOption)
        #expect(misspelt.severity == .warning)
        #expect(misspelt.message == "'open' is not an option of dropdown 'status', so this is always false")
        #expect(misspelt.notes.first == #"its options are: Open, Done, Say "hi""#)
        #expect(misspelt.fix?.apply(to: #"status == "open""#) == #"status == "Open""#)
        #expect(misspelt.fix?.isSafe == false)
        let id = try #require(finding("'o2' != status"))
        #expect(id.message == "'o2' is not an option of dropdown 'status', so this is always true")
        #expect(id.notes.first == "'o2' is the id of the option 'Done'; formulas read the option's text, not its id")
        #expect(id.fix?.apply(to: "'o2' != status") == "'Done' != status")
        // A text holding the literal's quote is written in the other quotes.
        #expect(finding(#"status == "Say hi""#)?.fix?.apply(to: #"status == "Say hi""#) == #"status == 'Say "hi"'"#)
        #expect(finding(#"status == "Open""#) == nil)
        #expect(finding(#"status == """#) == nil, "nothing selected reads as \"\"")
        #expect(finding(#"other == "open""#) == nil)
        #expect(finding(#"status == upper("open")"#) == nil, "only a literal is certain")
        // A multiSelect is an array of option texts: countIf() of a text none contains counts none.
        checker.optionChoices["tags"] = OptionChoices(owner: "multiSelect 'tags'", texts: ["Red", "Urgent"], ids: ["t1", "t2"],
                                                      isMultiple: true)
        let count = try #require(finding(#"countIf(tags, "blue")"#))
        #expect(count.message == "no option of multiSelect 'tags' contains 'blue', so countIf() counts none")
        #expect(finding(#"countIf(tags, "urg")"#) == nil, "countIf() matches text that contains the criterion, ignoring case")
        #expect(finding(#"tags == "Zzz""#) == nil, "an array compared with a text is always-false-comparison's, from the types")
        #expect(finding(#"countIf(status, "x")"#)?.code != .unknownOption, "a dropdown is one text, not an array of them")
        // A multiSelect's elements, in a callback, are option texts.
        #expect(finding(#"filter(tags, (tag) -> tag == "Urgnt")"#)?.message == "'Urgnt' is not an option of multiSelect 'tags', so this is always false")
        #expect(finding(#"filter(tags, (tag) -> tag == "Urgent")"#) == nil)
        // What filter() and find() yield of them is option texts too.
        #expect(finding(#"find(tags, (tag) -> true) == "Blue""#)?.code == .unknownOption)
        #expect(finding(#"countIf(filter(tags, (tag) -> true), "Blue")"#)?.code == .unknownOption)
    }

    /// Days counted where dates count milliseconds are found, with the suggestion that counts
    /// days; numbers of a thousand or more are taken as milliseconds already.
    @Test func daysCountedAsMillisecondsAreFound() throws {
        let checker = Checker(nameTypes: ["due": [.date, .null], "start": [.date, .null], "n": [.number, .null]])
        func finding(_ source: String) -> Diagnostic? { checker.check(Parser.parse(source)).first { $0.code == .dateMilliseconds } }
        for (source, message, fixed) in [
            ("due + 30", "adding 30 to a date moves it by 30 milliseconds", #"dateAdd(due, 30, "days")"#),
            ("1 + now()", "adding 1 to a date moves it by 1 millisecond", #"dateAdd(now(), 1, "days")"#),
            ("due - start > 30", "the difference of two dates is in milliseconds, compared here with 30", "(due - start) / 86400000 > 30"),
            ("7 <= (due - start)", "the difference of two dates is in milliseconds, compared here with 7", "7 <= (due - start) / 86400000"),
        ] {
            let found = try #require(finding(source), "\(source)")
            #expect(found.message == message)
            #expect(found.severity == .warning)
            #expect(found.fix?.isSafe == false)
            #expect(found.fix?.apply(to: source) == fixed)
        }
        for source in ["due + 86400000", "due + 0.5", "n + 30", "due - start > 86400000", "(due - start) / 86400000 > 30", "due + n"] {
            #expect(finding(source) == nil, "\(source)")
        }
    }

    @Test func findsWithoutEvaluating() {
        #expect(codes("rund(1)") == ["unknown-function"])
        #expect(codes("round(1, 2, 3)") == ["wrong-arity"])
        #expect(codes("upper(1)") == ["type-mismatch"])
        #expect(codes("\"a\" * 2") == ["type-mismatch"])
        #expect(codes("x * 2") == [])
        #expect(codes("1 / 0") == ["division-by-zero"])
        #expect(codes("mod(x, 0)") == ["division-by-zero"])
        #expect(codes("dateAdd(x, 1, \"dayz\")") == ["invalid-argument"])
        #expect(codes("dateSubtract(x, 1, 'MS') < dateAdd(x, 1, \"Days\")") == [])
        #expect(codes("dateAdd(x, 1, unit)") == [], "only a literal is certain")
        #expect(codes("[1] == [1]") == ["always-false-comparison"])
        #expect(codes("\"1\" == 1") == ["always-false-comparison"])
        #expect(codes("\"b\" > \"a\"") == ["always-false-comparison"])
        #expect(codes("if(1, 2, 3)") == ["type-mismatch"])
        #expect(codes("1 + true") == ["type-mismatch"])
        #expect(codes("sum(a, b)", names: ["a"]) == ["unknown-reference"])
        #expect(codes("map(a, (b) -> b + 1)", names: ["a"]) == [])
        #expect(codes("upper(if(true, 1, 2))") == ["type-mismatch"])
        #expect(codes("a === b") == ["invalid-operator"])
        #expect(codes("sum(1,") == ["syntax-error"])
    }

    @Test func misspeltFunctionsWithOneCloseMatchAreSafeFixes() throws {
        let fix = try #require(Checker().check(Parser.parse("rund(1.5)")).first?.fix)
        #expect(fix.isSafe)
        #expect(fix.apply(to: "rund(1.5)") == "round(1.5)")
    }

    @Test func callbacksWithTheWrongNumberOfParametersAreFoundStatically() throws {
        #expect(codes("map([1], (a, b, c, d) -> a)") == ["wrong-arity"])
        #expect(codes("filter([1], () -> true)") == ["wrong-arity"])
        #expect(codes("reduce([1], (acc, x, i, all) -> acc, 0)") == [])
        let finding = try #require(Checker().check(Parser.parse("reduce([1], (a, b, c, d, e) -> a, 0)")).first)
        #expect(finding.message == "the lambda given to reduce() takes 5 parameters, but reduce() supplies 1 to 4: accumulator, element, index, array")
        #expect(finding.span == SourceSpan(start: 12, end: 32))
        // The same words as the evaluator's.
        let error = #expect(throws: Diagnostic.self) { try Evaluator().evaluate("reduce([1], (a, b, c, d, e) -> a, 0)") }
        #expect(error?.message == finding.message)
    }

    /// `unknown-column` and `null-projection`: rows followed through paths, callbacks and the
    /// functions that yield them; lambdas that share slots do not share what their parameters hold.
    @Test func columnsOfKnownRows() {
        let items = RowShapes(levels: [.init(owner: "table 'items'", columns: ["price", "qty"], titles: ["Unit price", "Quantity"])])
        let sites = RowShapes(levels: [.init(owner: "collection 'sites'", columns: ["name"], children: ["checks": 1]),
                                       .init(owner: "schema 'checks' of collection 'sites'", columns: ["score"], children: [:])])
        let checker = Checker(rowShapes: ["items": items, "sites": sites])
        func columns(_ source: String) -> [String] {
            checker.check(Parser.parse(source)).map { "\($0.code?.name ?? "") \(slice(source, $0.span))" }
        }
        #expect(columns("sum(items.price) + sum(items.QUANTITY) + items.0.qty + items[1].price") == [])
        #expect(columns("sum(items.prise)") == ["unknown-column prise"])
        #expect(columns("items.0.prise + items[0].prise") == ["unknown-column prise", "unknown-column prise"])
        #expect(columns("map(items, (row) -> (row.prise))") == ["unknown-column prise"])
        #expect(columns("reduce(items, (acc, row) -> acc.anything + row.prise, 0)") == ["unknown-column prise"])
        #expect(columns("map(items, (r) -> map([1], (x) -> r.prise))") == ["unknown-column prise"])
        #expect(columns("length(map(items, (r) -> r.price)) + length(map([{x: 1}], (r) -> r.x))") == [])
        #expect(columns("find(items, (r) -> r.qty > 1).cost") == ["unknown-column cost"])
        #expect(columns("filter(items, (r) -> true).cost") == ["null-projection cost"])
        #expect(checker.check(Parser.parse("filter(items, (r) -> true).cost")).map(\.severity) == [.warning], "it gives nulls")
        #expect(columns("map(sites, (s) -> map(s.children.checks, (c) -> c.score + c.scor))") == ["unknown-column scor"])
        #expect(columns("map(sites, (s) -> s.children.check)") == ["unknown-column check"])
        #expect(columns("map(other, (r) -> r.anything)") == [])
        let chart = Checker(rowShapes: ["sales": RowShapes(levels: [
            .init(owner: "chart 'sales'", noun: .chartLine, columns: ["_id", "title", "points"], arrays: ["points": 1]),
            .init(owner: "chart 'sales'", noun: .chartPoint, columns: ["_id", "x", "y"]),
        ])])
        func chartFindings(_ source: String) -> [String] { chart.check(Parser.parse(source)).map { "\($0.code?.name ?? "") \($0.message)" } }
        #expect(chartFindings("sales.title + sales.0.points.0.y + sum(map(sales.1.points, (p) -> p.x)) + sales.0.points.y") == [])
        #expect(chartFindings("sales.titel") == ["unknown-column chart 'sales' has no line property 'titel'"])
        #expect(chartFindings("map(sales, (line) -> line.point)") == ["unknown-column a line of chart 'sales' has no property 'point'"])
        #expect(chartFindings("flatMap(sales, (line) -> map(line.points, (p) -> p.z))")
                == ["unknown-column a point of chart 'sales' has no property 'z'"])
        #expect(chartFindings("sales.0.points.z") == ["null-projection points of chart 'sales' have no property 'z', so every element is null"])
        // A column is an array: arithmetic on it is a type error, whose fix maps the rows.
        #expect(columns("items.price * items.qty + 1") == ["type-mismatch items.price * items.qty"])
        let mapped = checker.check(Parser.parse("items.price * items.qty")).first?.fix
        #expect(mapped.map { Fix.apply([$0], to: "items.price * items.qty") } == "map(items, (row) -> row.price * row.qty)")
        #expect(columns("filter(items, (r) -> r.qty > 1).price * 2") == ["type-mismatch filter(items, (r) -> r.qty > 1).price * 2"])
        #expect(columns("items.prise * 2") == ["unknown-column prise"], "one finding for one mistake")
        #expect(columns("items.0.price * 2 + sum(items.price) * 2") == [])
        #expect(columns("now(items.price)") == ["wrong-arity now(items.price)"], "only: more arguments than parameters")
        #expect(checker.check(Parser.parse("items.prise")).first?.notes == ["its columns are: price (Unit price), qty (Quantity)"],
                "ids with their titles, as the run lists them")
        let fix = checker.check(Parser.parse("items.0.prise")).first?.fix
        #expect(fix.map { Fix.apply([$0], to: "items.0.prise") } == "items.0.price")
    }

    private func slice(_ source: String, _ span: SourceSpan) -> String {
        String(decoding: Array(source.utf8)[span.start..<span.end], as: UTF8.self)
    }

    @Test func resultTypes() {
        let checker = Checker()
        #expect(checker.resultTypes(of: Parser.parse("upper(x)")) == .string)
        #expect(checker.resultTypes(of: Parser.parse("1 + 2")) == .number)
        #expect(checker.resultTypes(of: Parser.parse("x + 1")) == [.number, .string, .date])
    }
}

struct GrammarTests {
    /// Every `example:` in grammar/formula.ebnf parses; every `invalid:` does not.
    @Test func grammarExamplesParse() throws {
        let grammar = try String(contentsOf: repositoryRoot.appendingPathComponent("grammar/formula.ebnf"), encoding: .utf8)
        var checked = 0
        for line in grammar.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            for (marker, valid) in [("(* example: ", true), ("(* invalid: ", false)] where text.hasPrefix(marker) && text.hasSuffix("*)") {
                let formula = String(text.dropFirst(marker.count).dropLast(2)).trimmingCharacters(in: .whitespaces)
                #expect(Parser.parse(formula).isValid == valid, "\(formula)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }
}
