import JoyfillJSON
import Testing
@testable import JoyfillFormulas

struct LexerTests {
    func kinds(_ source: String) -> [TokenKind] { Lexer.tokenize(source).map(\.kind) }

    @Test func operatorsAndPunctuation() {
        #expect(kinds("+ - * / ! == != < <= > >= && || -> => ( ) [ ] { } , . :") == [
            .plus, .minus, .star, .slash, .bang, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
            .ampAmp, .pipePipe, .arrow, .fatArrow, .leftParen, .rightParen, .leftBracket, .rightBracket,
            .leftBrace, .rightBrace, .comma, .dot, .colon, .endOfInput,
        ])
    }

    @Test func pairedOperatorsTakeTheirSecondByteOnlyWhenItIsThere() {
        #expect(kinds("<<=>>=") == [.less, .lessEqual, .greater, .greaterEqual, .endOfInput])
        #expect(kinds("&&&|||***") == [.ampAmp, .ampersand, .pipePipe, .pipe, .starStar, .star, .endOfInput])
        #expect(kinds("a->-") == [.identifier, .arrow, .minus, .endOfInput])
        #expect(kinds("x<") == [.identifier, .less, .endOfInput])
        #expect(kinds("-") == [.minus, .endOfInput])
        #expect(Lexer.tokenize("a -> b").map(\.span) == [SourceSpan(start: 0, end: 1), SourceSpan(start: 2, end: 4),
                                                         SourceSpan(start: 5, end: 6), SourceSpan(start: 6, end: 6)])
    }

    @Test func borrowedSpellingsAreTheirOwnTokens() {
        #expect(kinds("= === !== % ? & | ^ **") == [.assign, .strictEqual, .strictNotEqual, .percent, .question,
                                                   .ampersand, .pipe, .caret, .starStar, .endOfInput])
        #expect(kinds("1 // rest of line") == [.number, .comment, .endOfInput])
    }

    @Test func numbersAndDigitLedNames() {
        #expect(kinds("12 1.5 1e5 1E-2 1e+2") == [.number, .number, .number, .number, .number, .endOfInput])
        #expect(kinds("(.5)") == [.leftParen, .number, .rightParen, .endOfInput])
        #expect(kinds("12abc 1_000 0x1F 6857510fbfed1553e168161b") == [.identifier, .identifier, .identifier, .identifier, .endOfInput])
        #expect(kinds("1.5abc") == [.number, .identifier, .endOfInput])
        // Where an ASCII run ends decides whether the short path's token stands.
        #expect(kinds("7,8)9") == [.number, .comma, .number, .rightParen, .number, .endOfInput])
        #expect(kinds("12é 3") == [.identifier, .number, .endOfInput])
        #expect(kinds("42") == [.number, .endOfInput])
    }

    @Test func integerLiteralsKeepTheirExactValue() {
        // Up to 15 digits the lexer's value is used; longer ones are rounded by the full reader.
        let cases: [(String, Double)] = [("0", 0), ("007", 7), ("42", 42), ("999999999999999", 999_999_999_999_999),
                                         ("1234567890123456", 1_234_567_890_123_456), ("9007199254740993", 9_007_199_254_740_992),
                                         ("12345678901234567890", 12_345_678_901_234_567_168), ("-15", -15), ("2.5", 2.5)]
        for (text, expected) in cases {
            let tree = Parser.parse(text)
            guard let root = tree.root, case .number(let value) = tree[root] else {
                Issue.record("\(text) did not parse to a number")
                continue
            }
            #expect(value == expected, "\(text)")
        }
        #expect(Array(Parser.parse("items.12 + 3").names) == ["items", "12"])
    }

    @Test func namesEndWhereTheirLettersDo() {
        let tokens = Lexer.tokenize("price(qty_2,größe)x")
        #expect(tokens.map(\.kind) == [.identifier, .leftParen, .identifier, .comma, .identifier, .rightParen, .identifier, .endOfInput])
        #expect(tokens.map(\.span.length) == [5, 1, 5, 1, 7, 1, 1, 0])
        #expect(kinds("Tags nulls Falsy undefineD") == [.identifier, .identifier, .identifier, .undefinedKeyword, .endOfInput])
    }

    @Test func memberAccessAfterOperands() {
        #expect(kinds("a.0.1") == [.identifier, .dot, .identifier, .dot, .identifier, .endOfInput])
        #expect(kinds("f(x).5") == [.identifier, .leftParen, .identifier, .rightParen, .dot, .identifier, .endOfInput])
        #expect(kinds("x * .25") == [.identifier, .star, .number, .endOfInput])
    }

    @Test func keywordsAreCaseInsensitive() {
        #expect(kinds("true TRUE False null NULL undefined UNDEFINED truex") == [
            .trueKeyword, .trueKeyword, .falseKeyword, .nullKeyword, .nullKeyword, .undefinedKeyword, .undefinedKeyword,
            .identifier, .endOfInput,
        ])
    }

    @Test func spansAreByteOffsets() {
        let tokens = Lexer.tokenize("é + \"ü\"")
        #expect(tokens[0].span == SourceSpan(start: 0, end: 2))
        #expect(tokens[1].span == SourceSpan(start: 3, end: 4))
        #expect(tokens[2].span == SourceSpan(start: 5, end: 9))
    }

    @Test func stringsHaveNoEscapes() {
        #expect(kinds("'it\"s' \"a\\\"") == [.string, .string, .endOfInput])
        #expect(kinds("\"open") == [.unterminatedString, .endOfInput])
    }
}

struct ParserTests {
    @Test func everyNodeHasItsSpan() throws {
        let tree = Parser.parse("1 + foo(2, [3])")
        let root = try #require(tree.root)
        #expect(tree.span(of: root) == SourceSpan(start: 0, end: 15))
        guard case .binary(.add, let left, let right) = tree[root] else { Issue.record("expected +"); return }
        #expect(tree.text(of: left) == "1")
        #expect(tree.text(of: right) == "foo(2, [3])")
        guard case .call(_, let arguments) = tree[right] else { Issue.record("expected a call"); return }
        #expect(tree.children(arguments).map { String(tree.text(of: $0)) } == ["2", "[3]"])
    }

    @Test func childrenPrecedeParents() {
        let tree = Parser.parse("map(items, (r) -> r.price * r.qty) + {a: [1, -2]}.a[0]")
        #expect(tree.isValid)
        for (index, node) in tree.nodes.enumerated() {
            var children: [NodeID] = []
            switch node {
            case .member(let base, _): children = [base]
            case .index(let a, let b), .binary(_, let a, let b): children = [a, b]
            case .unary(_, let a): children = [a]
            case .call(_, let range), .array(let range): children = Array(tree.children(range))
            case .lambda(_, let body, _): children = [body]
            case .object(_, let values, let count): children = (0..<Int(count)).map { tree.children[Int(values) + $0] }
            default: break
            }
            #expect(children.allSatisfy { $0.index < index })
        }
        #expect(tree.root?.index == tree.nodes.count - 1)
    }

    @Test func lambdaParametersResolveToSlots() throws {
        let tree = Parser.parse("map(a, (x) -> map(x, (y) -> x + y + z))")
        #expect(tree.references == ["a", "z"])
        let slots = tree.nodes.compactMap { node -> Int32? in
            if case .parameter(let slot, _) = node { return slot } else { return nil }
        }
        #expect(slots == [0, 0, 1])
    }

    @Test func lambdaParameterListsAreChecked() throws {
        // Parameters are parsed as expressions first, then checked in place on the builder's
        // stack; the lambda keeps the names they were interned with.
        let tree = Parser.parse("reduce(a, (acc, v) -> map(v, (acc, w) -> acc + w), 0)")
        let lambdas = tree.nodes.compactMap { node -> [String]? in
            guard case .lambda(let params, _, _) = node else { return nil }
            return params.indices.map { tree.names[$0] }
        }
        #expect(lambdas == [["acc", "w"], ["acc", "v"]])
        #expect(try Evaluator().evaluate("reduce([[1, 2], [3]], (acc, v) -> acc + length(map(v, (acc, w) -> acc + w)), 0)",
                                         in: DictionaryContext()).text == "3")
        let cases: [(String, Int, String)] = [
            ("(x, y, x) -> x", 7, "duplicate parameter 'x'"),
            ("map(a, (x, x.y) -> 1)", 11, "expected a parameter name, found x.y"),
            ("map(a, (x, 2) -> 1)", 11, "expected a parameter name, found 2"),
            ("map(a, (x, (y)) -> 1)", 11, "expected a parameter name, found (y)"),
            ("((x)) -> 1", 1, "expected a parameter name, found (x)"),
        ]
        for (source, offset, message) in cases {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first, "\(source)")
            #expect(diagnostic.span.start == offset, "\(source)")
            #expect(diagnostic.message == message, "\(source)")
        }
    }

    @Test func objectKeysAndValuesPairUp() throws {
        // Keys and values wait on the builder's stacks while nested literals are parsed.
        let source = "{\"a b\": 1, c: {d: [2, {e: 3}]}, 'a b': 4, null: 5}"
        let value = try Evaluator().evaluate(source, in: DictionaryContext())
        #expect(value.text == "{a b: 4, c: {d: [2, {e: 3}]}, null: 5}")
    }

    @Test func longNamesOutliveTheParse() throws {
        // Names over 15 bytes are not small strings; the tree releases them when it goes.
        let name = String(repeating: "long_field_", count: 3)
        let literal = String(repeating: "a long literal ", count: 4)
        let context = DictionaryContext([name: .number(2)])
        for _ in 0..<1_000 {
            let value = try Evaluator().evaluate("concat(\"\(literal)\", \(name) * 21)", in: context)
            #expect(value.text == literal + "42")
        }
    }

    @Test func negativeLiteralsFold() throws {
        let tree = Parser.parse("-5")
        guard case .number(-5) = tree[try #require(tree.root)] else { Issue.record("expected -5"); return }
        #expect(tree.nodes.count == 1)
        let grouped = Parser.parse("-(5)")
        guard case .number(-5) = grouped[try #require(grouped.root)] else { Issue.record("expected -5"); return }
        #expect(grouped.nodes.count == 1)
    }

    @Test func parenthesesGroupWithoutANode() throws {
        // As in the reference: `( … )` is its inner node, which spans the parentheses.
        let tree = Parser.parse("((1 + a)) * (-2)")
        #expect(tree.nodes.count == 5)
        let root = try #require(tree.root)
        guard case .binary(.multiply, let left, let right) = tree[root] else { Issue.record("expected *"); return }
        guard case .binary(.add, _, _) = tree[left] else { Issue.record("expected +"); return }
        #expect(tree.text(of: left) == "((1 + a))")
        guard case .number(-2) = tree[right] else { Issue.record("expected -2"); return }
        #expect(tree.text(of: right) == "(-2)")
        // The name of a grouped call is found inside its parentheses.
        let call = Parser.parse("( (  rund(1)))")
        #expect(call.nameSpan(ofCall: try #require(call.root)) == SourceSpan(start: 5, end: 9))
        let error = try #require(throws: Diagnostic.self) { try Evaluator().evaluate("( (  rund(1)))", in: DictionaryContext()) }
        #expect(error.span == SourceSpan(start: 5, end: 9))
        #expect(error.fix?.apply(to: "( (  rund(1)))") == "( (  round(1)))")
    }

    @Test func errorPositionsAndMessages() throws {
        let cases: [(String, Int, String)] = [
            ("sum(1,", 6, "expected an expression, found end of input"),
            ("(1 + 2", 6, "expected ')' to close '(', found end of input"),
            ("[1, 2", 5, "expected ',' or ']' in the array, found end of input"),
            ("1 2", 2, "unexpected number 2 after the end of the expression"),
            ("a.", 2, "expected a property name after '.', found end of input"),
            ("{a 1}", 3, "expected ':' after the object key, found number 1"),
            ("x % 2", 2, "'%' is not an operator"),
            ("\"abc", 0, "unterminated string"),
            ("f(1 2)", 4, "expected ',' or ')' in the arguments of f(), found number 2"),
        ]
        for (source, offset, message) in cases {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first, "\(source)")
            #expect(diagnostic.kind == .syntax)
            #expect(diagnostic.span.start == offset, "\(source)")
            #expect(diagnostic.message == message, "\(source)")
        }
    }

    @Test func fixableMistakesCarryFixes() throws {
        let tree = Parser.parse("a === b && c !== d")
        #expect(tree.root != nil)
        #expect(!tree.isValid)
        #expect(tree.diagnostics.count == 2)
        let fixed = Fix.apply(tree.diagnostics.compactMap(\.fix), to: tree.source)
        #expect(fixed == "a == b && c != d")
    }

    /// Fixes apply whole or not at all: one whose edit overlaps an edit taken before is left
    /// out with all its edits, so no fix is half applied.
    @Test func overlappingFixesApplyWholeOrNotAtAll() {
        func edit(_ start: Int, _ end: Int, _ text: String) -> Fix.Edit { Fix.Edit(span: SourceSpan(start: start, end: end), replacement: text) }
        let first = Fix("a and d", edits: [edit(0, 1, "A"), edit(6, 7, "D")])
        let second = Fix("b and d", edits: [edit(2, 3, "B"), edit(6, 7, "d!")])
        let insertion = Fix("before c", edits: [edit(4, 4, "^")])
        #expect(Fix.compatible([second, insertion, first]).map(\.message) == ["a and d", "before c"])
        #expect(Fix.apply([second, insertion, first], to: "a b c d") == "A b ^c D")
        var spans = SpanSet()
        spans.insert(4..<4)
        spans.insert(4..<6)
        #expect(spans.overlaps(5..<7) && spans.overlaps(5..<5) && !spans.overlaps(6..<8) && !spans.overlaps(4..<4))
    }

    @Test func whatFollowsAnExpressionIsExplained() throws {
        let cases: [(String, String)] = [
            ("not true", "'not' is a function: call it with parentheses, as in not(…)"),
            ("ROUND x", "'round' is a function: call it with parentheses, as in round(…)"),
            ("a b", "two operands must be joined by an operator, e.g. '+' or '&&'"),
            ("sum(1, 2))", "this ')' closes no '(': remove it, or add the '(' it was meant to close"),
            ("a > 1 OR b", "'OR' is no operator: use '||', or the function or(a, b)"),
        ]
        for (source, note) in cases {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first, "\(source)")
            #expect(diagnostic.message.hasSuffix("after the end of the expression"), "\(source)")
            #expect(diagnostic.notes == [note], "\(source)")
        }
        let word = try #require(Parser.parse("x and y").diagnostics.first?.fix)
        #expect(!word.isSafe)
        #expect(word.apply(to: "x and y") == "x && y")
    }

    @Test func aMethodCallIsShownTheFunctionThatDoesIt() throws {
        let source = #"upper("x" + name.toUpperCase())"#
        let call = try #require(Parser.parse(source).diagnostics.first)
        #expect(call.message == "'.toUpperCase(' calls a method, and values have none here")
        #expect(call.span == SourceSpan(start: 17, end: 29), "from the method's name to its '('")
        #expect(call.fix?.message == "upper is a function here: upper(name)")
        #expect(call.fix?.apply(to: source) == #"upper("x" + upper(name))"#)
        #expect(call.fix?.isSafe == false)
        // With arguments the call is not rewritten, but the function is named.
        let join = try #require(Parser.parse(#"[1, 2].join(", ")"#).diagnostics.first)
        #expect(join.fix == nil)
        #expect(join.notes == ["values have no methods: write join(value, …)"])
        let unknown = try #require(Parser.parse("x.frobnicate()").diagnostics.first)
        #expect(unknown.fix == nil)
        #expect(unknown.notes == ["values have no methods: a function takes the value as its first argument"])
    }

    @Test func lookalikesOfASCIIAreReplacedByOneSafeFix() throws {
        let source = "if(status ≠ “Open”, 3 × 2, ‘x’)"
        let first = try #require(Parser.parse(source).diagnostics.first)
        #expect(first.message == "unexpected character '≠' (U+2260), a mathematical sign")
        #expect(first.fix?.message == "use '!=', and replace the 5 other such characters")
        #expect(first.fix?.isSafe == true)
        let fixed = try #require(first.fix?.apply(to: source))
        #expect(fixed == #"if(status != "Open", 3 * 2, 'x')"#)
        #expect(Parser.parse(fixed).isValid)
        // Inside a string they are text, and stay.
        #expect(Parser.parse("\"“quoted” × 2\"").isValid)
        let invisible = try #require(Parser.parse("1 +\u{200B} 2").diagnostics.first)
        #expect(invisible.message == "unexpected character '\u{200B}' (U+200B), an invisible zero-width space")
        #expect(invisible.fix?.apply(to: "1 +\u{200B} 2") == "1 + 2")
        // Safe only when it mends the formula: here a mistake after the lookalike remains.
        let partial = try #require(Parser.parse("1 × 2 +").diagnostics.first)
        #expect(partial.fix?.apply(to: "1 × 2 +") == "1 * 2 +")
        #expect(partial.fix?.isSafe == false)
        let other = try #require(Parser.parse("1 • 2").diagnostics.first)
        #expect(other.message == "unexpected character '•' (U+2022)")
        #expect(other.fix == nil)
    }

    @Test func anEscapedQuoteIsExplained() throws {
        let note = #"strings have no escape sequences: \" ends the string; to include a ", write the string between ' quotes"#
        #expect(Parser.parse(#""He said \"hi\"""#).diagnostics.first?.notes == [note])
        #expect(Parser.parse(#"concat("a \" b", x)"#).diagnostics.first?.notes == [note])
        #expect(Parser.parse(#"'it\'s'"#).diagnostics.first?.notes.first?.hasSuffix("between \" quotes") == true)
        #expect(Parser.parse(#""ok" hi"#).diagnostics.first?.notes == ["two operands must be joined by an operator, e.g. '+' or '&&'"])
    }

    @Test func spreadsheetHabitsCarryFixes() throws {
        let tree = Parser.parse("=if(a <> b; 1; 2)")
        #expect(tree.diagnostics.map(\.message) == [
            "a formula does not start with '='", "'<>' is not an operator",
            "arguments are separated by ',', not ';'", "arguments are separated by ',', not ';'",
        ])
        #expect(tree.diagnostics.allSatisfy { $0.fix?.isSafe == true && $0.code == .invalidOperator })
        let fixed = Fix.apply(tree.diagnostics.compactMap(\.fix), to: tree.source)
        #expect(fixed == "if(a != b, 1, 2)")
        #expect(Parser.parse(fixed).isValid)
        // Only `<>` written together, and `=` only before everything else.
        #expect(Parser.parse("a < > b").diagnostics.first?.fix == nil)
        #expect(Parser.parse("(=1)").diagnostics.first?.message == "expected an expression, found '='")
    }

    @Test func aLambdaWithoutParenthesesIsShownItsFix() throws {
        for (source, fixed, note) in [
            ("map(items, r -> r.price * 2)", "map(items, (r) -> r.price * 2)", "(r) -> …"),
            ("filter(tags, tag => tag != 'x')", "filter(tags, (tag) => tag != 'x')", "(tag) => …"),
        ] {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first)
            #expect(diagnostic.message.hasPrefix("expected ',' or ')' in the arguments of"))
            #expect(diagnostic.notes == ["a lambda's parameters go in parentheses: " + note])
            let fix = try #require(diagnostic.fix)
            // A suggestion, not applied by --fix: the parser cannot know a lambda was meant.
            #expect(!fix.isSafe)
            #expect(fix.apply(to: source) == fixed)
            #expect(Parser.parse(fixed).isValid)
        }
        // Only a bare name before the arrow is a parameter to wrap.
        #expect(Parser.parse("map(items, 3 -> 4)").diagnostics.first?.fix == nil)
    }

    /// `=>` where a condition goes (`if`'s first argument, `and`, `or`, `not`), or after what
    /// cannot be a lambda's parameter, is `>=` typed the other way round.
    @Test func aFatArrowWhereAConditionGoesIsGreaterOrEqual() throws {
        for (source, fixed) in [
            (#"if(total => 1000, "Large", "Standard")"#, #"if(total >= 1000, "Large", "Standard")"#),
            ("and(a => 1, b)", "and(a >= 1, b)"),
            ("if(a + b => 10, 1, 2)", "if(a + b >= 10, 1, 2)"),
            ("sum(items.qty => 2)", "sum(items.qty >= 2)"),
        ] {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first)
            #expect(diagnostic.notes == ["'=>' is no operator here: 'greater than or equal' is written '>='"], "\(source)")
            let fix = try #require(diagnostic.fix)
            #expect(!fix.isSafe && fix.message == "use '>='")
            #expect(fix.apply(to: source) == fixed)
        }
        // Where a lambda goes, a name before `=>` is still a parameter to wrap.
        #expect(Parser.parse("filter(tags, tag => tag != 'x')").diagnostics.first?.fix?.message == "put the parameter in parentheses")
    }

    @Test func bracketsLeftOpenAreNamedAndClosedBySuggestion() throws {
        for (source, note, fixed) in [
            ("sum(1, 2", "the '(' of sum() at column 4 is not closed", "sum(1, 2)"),
            ("sum(map(items, (r) -> r.price", "2 brackets are not closed: the '(' of map() at column 8, the '(' of sum() at column 4",
             "sum(map(items, (r) -> r.price))"),
            ("[1, {a: 2", "2 brackets are not closed: the '{' at column 5, the '[' at column 1", "[1, {a: 2}]"),
            ("if(a,\n  b,\n  c", "the '(' of if() at 1:3 is not closed", "if(a,\n  b,\n  c)"),
            ("sum(1, 2]", "the '(' of sum() at column 4 is closed by ']'", "sum(1, 2)"),
            ("if(a, [1, 2), 3)", "the '[' at column 7 is closed by ')'", "if(a, [1, 2], 3)"),
        ] {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first)
            #expect(diagnostic.notes.last == note, "\(source)")
            let fix = try #require(diagnostic.fix, "\(source)")
            // The writer may have meant to close them earlier: a suggestion.
            #expect(!fix.isSafe)
            #expect(fix.apply(to: source) == fixed)
        }
        // Closing what is open would not mend it: the note, without a fix.
        let unfinished = try #require(Parser.parse("round(2.5, ").diagnostics.first)
        #expect(unfinished.notes == ["the '(' of round() at column 6 is not closed"])
        #expect(unfinished.fix == nil)
        // Brackets that pair up get no note.
        #expect(Parser.parse("sum(1, 2) +").diagnostics.first?.notes == [])
    }

    @Test func aMissingCommaBetweenItemsIsSuggested() throws {
        for (source, note, fixed) in [
            (#"concat("a" "b")"#, "arguments are separated by ','", #"concat("a", "b")"#),
            ("[1 2, 3]", "elements are separated by ','", "[1, 2, 3]"),
            ("{a: 1 b: 2}", "members are separated by ','", "{a: 1, b: 2}"),
        ] {
            let diagnostic = try #require(Parser.parse(source).diagnostics.first)
            #expect(diagnostic.notes == [note])
            let fix = try #require(diagnostic.fix)
            #expect(!fix.isSafe)
            #expect(fix.apply(to: source) == fixed)
        }
        // One comma would not mend `sum(a b c)`: the note, without a fix.
        let several = try #require(Parser.parse("sum(a b c)").diagnostics.first)
        #expect(several.notes == ["arguments are separated by ','"])
        #expect(several.fix == nil)
    }

    /// Each fix offered for an error is checked by one parse, which does not explain its own
    /// errors: a list of a hundred thousand items without commas, or as many mismatched
    /// brackets, is not checked item after item (which recursed until the stack overflowed).
    @Test func checkingAFixDoesNotCheckFixesInTurn() throws {
        let items = "[" + Array(repeating: "1", count: 100_000).joined(separator: " ") + "]"
        #expect(Parser.parse(items).diagnostics.first?.notes == ["elements are separated by ','"])
        let brackets = Array(repeating: "[1)", count: 50_000).joined(separator: " + ")
        #expect(Parser.parse(brackets).diagnostics.first?.notes == ["the '[' at column 1 is closed by ')'"])
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "(", count: Parser.maxNestingDepth + 5) + "1" + String(repeating: ")", count: Parser.maxNestingDepth + 5)
        let diagnostic = Parser.parse(deep).diagnostics.first
        #expect(diagnostic?.message.contains("nested too deeply") == true)
        let fine = String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
        #expect(Parser.parse(fine).isValid)
        #expect(Parser.parse(String(repeating: "[", count: 100_000)).diagnostics.count == 1)
        #expect(Parser.parse(String(repeating: "-", count: 100_000) + "1").diagnostics.count == 1)
        #expect(Parser.parse("a" + String(repeating: ".b", count: 10_000)).diagnostics.count == 1)
    }

    @Test func lengthIsBounded() throws {
        // Spaces are the cheapest text to make; the limit counts bytes, whatever they are.
        let longest = String(repeating: " ", count: Parser.maxSourceLength - 1) + "1"
        #expect(Parser.parse(longest).isValid)
        let over = longest + " "
        let diagnostic = try #require(Parser.parse(over).diagnostics.first)
        #expect(diagnostic.kind == .syntax)
        #expect(diagnostic.message == "the formula is 16777217 bytes long, over the limit of 16777216 bytes")
        #expect(throws: Diagnostic.self) { try Evaluator().evaluate(over, in: DictionaryContext()) }
    }

    @Test func longOperatorChainsParseAndEvaluate() throws {
        let source = "1" + String(repeating: " + 1", count: 100_000)
        #expect(outcome(source) == "100001")
        let logic = "true" + String(repeating: " && true", count: 50_000)
        #expect(outcome(logic) == "true")
    }

    @Test func extensionsAreRecorded() {
        let tree = Parser.parse("map(x, (v) => v) + 1e3 + a-1 + 6857510fbfed1553e168161b")
        #expect(tree.extensions.map(\.kind) == [.fatArrow, .exponentLiteral, .unspacedMinus, .digitLeadingName])
        #expect(Parser.parse("a - 1 + 2*-3 + (x) -> x").extensions.isEmpty)
        #expect(Parser.parse("a -1").extensions.map(\.kind) == [.unspacedMinus])
    }

    @Test func tablesOutliveTheirTreeVariable() {
        // A table keeps its tree's storage alive after the tree itself is out of reach.
        let nodes = Parser.parse("sum(a, \"text\", [1, 2])").nodes
        let names = Parser.parse("upper(name)").names
        #expect(nodes.count == 6)
        #expect(Array(names) == ["name", "upper"])
        #expect(Parser.parse("").nodes.isEmpty)
        #expect(Parser.parse("1 +").root == nil)
    }

    @Test func namesSurviveTheThreadsNameCache() {
        // Names and string literals come from a per-thread cache of bounded size: past its
        // capacity it starts again, and names longer than 16 bytes are compared in full.
        let long = String(repeating: "field_", count: 4)
        for index in 0..<(3 * NameCache.capacity) {
            let tree = Parser.parse("\(long)\(index) + sum(x\(index), \"s\(index)\", \(long)\(index + 1))")
            #expect(Array(tree.names) == ["\(long)\(index)", "x\(index)", "s\(index)", "\(long)\(index + 1)", "sum"])
        }
        let unicode = Parser.parse("größe + 'naïve' + größe2")
        #expect(Array(unicode.names) == ["größe", "naïve", "größe2"])
    }

    @Test func shortNamesArePackedExactlyAsTheStandardLibraryWouldMakeThem() throws {
        // On 64-bit platforms the parser packs names of up to 15 bytes into their `String`
        // directly; each must be indistinguishable from the ordinary one, bit for bit (the
        // slot cache and object key search rely on it), whatever its length and script.
        #expect(SmallString.isSupported == (MemoryLayout<Int>.size == 8))
        let samples = ["x", "ab", "sum", "qty_2", "countIf", "12345678", "123456789", "0123456789abcde",
                       "é", "größe", "日本語", "🙂", "", "a b", "MiXeD"]
        for sample in samples {
            let tree = Parser.parse("concat(\"\(sample)\", '\(sample)')")
            for name in tree.names.dropLast() {
                #expect(name == sample)
                #expect(unsafeBitCast(name, to: (UInt64, UInt64).self) == unsafeBitCast(String(decoding: Array(sample.utf8), as: UTF8.self), to: (UInt64, UInt64).self))
            }
        }
        // Calls find their function in any letter case; other names are not functions.
        let value = try Evaluator().evaluate("SUM(1, Sum(2), sUm(3)) + length(Upper('é'))", in: DictionaryContext())
        #expect(value.text == "7")
    }

    @Test func parsersOnManyThreadsAgree() async {
        // Each thread reuses its own builder; trees made in parallel equal those made alone.
        let sources = (0..<400).map { index in
            "if(a\(index) > \(index), map([\(index), b], (v) -> v * 2), upper(\"s\(index)\")) + length(items.\(index % 7))"
        }
        func shape(_ tree: SyntaxTree) -> String {
            tree.nodes.indices.map { "\(tree.nodes[$0]):\(tree.spans[$0])" }.joined(separator: ";") + "|" + tree.names.joined(separator: ",")
        }
        let expected = sources.map { shape(Parser.parse($0)) }
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for (index, source) in sources.enumerated() {
                group.addTask { (index, shape(Parser.parse(source))) }
            }
            var results = [String](repeating: "", count: sources.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(results == expected)
    }

    @Test func aHugeFormulaDoesNotStayInTheBuilder() {
        let huge = "sum(" + (0..<50_000).map { "f\($0)" }.joined(separator: ", ") + ")"
        #expect(Parser.parse(huge).nodes.count == 50_001)
        #expect(outcome("1 + 2") == "3")
        #expect(Parser.parse("a + b").names.count == 2)
    }

    @Test func garbageNeverCrashes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("()[]{},.:+-*/!=<>&|'\"abc123 ->=>e%?^\u{00E9}\u{1F44D}\n")
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            let source = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let tree = Parser.parse(source)
            if tree.isValid { _ = outcome(source) }
            for diagnostic in tree.diagnostics {
                #expect(diagnostic.span.end <= source.utf8.count)
            }
        }
    }
}

struct RendererTests {
    @Test func theCaretIsUnderTheSpanOnItsOwnLineWhateverTheLineBreaks() {
        let source = "1 +\r\n  rund(2)"
        let diagnostic = Diagnostic(.reference, "unknown function 'rund'", at: SourceSpan(start: 7, end: 11))
        #expect(DiagnosticRenderer().render(diagnostic, in: source) == """
            error[reference]: unknown function 'rund'
             --> formula:2:3
              |
            2 |   rund(2)
              |   ^^^^

            """)
    }

    @Test func aLongLineIsCutToAWindowAroundTheSpan() {
        let source = String(repeating: "a + ", count: 10_000) + "b"
        let start = source.utf8.count - 1
        let rendered = DiagnosticRenderer().render(Diagnostic(.reference, "unknown name 'b'", at: SourceSpan(start: start, end: start + 1)),
                                                   in: LineMap(source))
        let lines = rendered.split(separator: "\n")
        #expect(lines[3].hasPrefix("1 | …") && lines[3].hasSuffix("a + b"))
        #expect(lines[3].count < 200)
        #expect(lines[4].hasSuffix("^") && lines[4].count == lines[3].count)
    }
}
