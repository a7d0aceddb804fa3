import Foundation
import Testing
@testable import JoyfillFormulas

struct PrinterTests {
    @Test(arguments: [
        ("sum( a,b )*2", "sum(a, b) * 2"),
        ("if(a>1,\"x\",'y')", "if(a > 1, \"x\", \"y\")"),
        ("'say \"hi\"'", "'say \"hi\"'"),
        ("'a\"\u{0312}b'", "'a\"\u{0312}b'"),   // a quote and a combining mark: one Character
        ("((a))", "a"),
        ("(a + b) * c", "(a + b) * c"),
        ("a + (b * c)", "a + b * c"),
        ("(a - b) - c", "a - b - c"),
        ("a - (b - c)", "a - (b - c)"),
        ("a / (b * c)", "a / (b * c)"),
        ("a || b && c", "a || b && c"),
        ("(a || b) && c", "(a || b) && c"),
        ("a == (b == c)", "a == (b == c)"),
        ("!(a == b)", "!(a == b)"),
        ("!(!a)", "!!a"),
        ("-(a+b)", "-(a + b)"),
        ("- a", "-a"),
        ("-(-a)", "-(-a)"),
        ("5-3", "5 - 3"),
        ("a - (-4)", "a - (-4)"),
        ("a - -4", "a - (-4)"),
        ("(-4) * a", "-4 * a"),
        ("a * -b", "a * (-b)"),
        ("a && (!b)", "a && !b"),
        ("a == !b[0]", "a == !b[0]"),
        ("-(3)", "-3"),
        ("1.50 + 1e-5 + (-(2E3))", "1.50 + 1e-5 + (-2E3)"),
        ("(x) => x*2", "(x) -> x * 2"),
        ("map(items, (row, i) -> row.price * i)", "map(items, (row, i) -> row.price * i)"),
        ("((x) -> x)", "(x) -> x"),
        ("[1,2,[ ]]", "[1, 2, []]"),
        ("{p: x, \"q r\": 1, 'a\"b': 2, _k1: {}}", "{p: x, \"q r\": 1, 'a\"b': 2, _k1: {}}"),
        ("items.0.price", "items.0.price"),
        ("(items)[0]", "items[0]"),
        ("(a + b).c", "(a + b).c"),
        ("(-3).x", "(-3).x"),
        ("NOW( )", "NOW()"),
        ("TRUE && Null == undefined", "true && null == undefined"),
        ("6857510fbfed1553e168161b + 1", "6857510fbfed1553e168161b + 1"),
        ("concat(\"é\",  名前)", "concat(\"é\", 名前)"),
    ])
    func formatsOneCanonicalLayout(_ input: String, _ expected: String) throws {
        let formatted = try #require(Printer.format(input))
        #expect(formatted == expected)
        #expect(Printer.format(formatted) == formatted, "formatting is idempotent")
        #expect(Parser.parse(formatted).isSameFormula(as: Parser.parse(input)), "the formula keeps its meaning")
    }

    @Test func sameFormulaIgnoresSpansOnly() {
        func same(_ a: String, _ b: String) -> Bool { Parser.parse(a).isSameFormula(as: Parser.parse(b)) }
        #expect(same("sum( a,b )*2", "sum(a, b) * 2"))
        #expect(same("((x) => x)", "(x) -> x"))
        #expect(same("'q'", "\"q\""))
        #expect(same("{a: 1, 'b c': [x]}", "{a:1,\"b c\":[ x ]}"))
        #expect(!same("a - b - c", "a - (b - c)"))
        #expect(!same("round(x)", "ROUND(x)"))
        #expect(same("1.5", "1.50"))   // the same number, written differently
        #expect(!same("{a: 1}", "{b: 1}"))
        #expect(!same("map(l, (x) -> x)", "map(l, (y) -> y)"))
    }

    @Test func formulasWithErrorsAreNotFormatted() {
        #expect(Printer.format("sum(1, ") == nil)
        #expect(Printer.format("a === b") == nil)   // fixable, but an error: jf lint --fix fixes it
        #expect(Printer.format("") == nil)
    }

    /// Every example of the grammar and of `examples/formulas.txt` formats to a text that
    /// parses to the same tree and formats to itself.
    @Test func examplesRoundTrip() throws {
        let grammar = try String(contentsOf: repositoryRoot.appendingPathComponent("grammar/formula.ebnf"), encoding: .utf8)
        let examples = grammar.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("(* example: "), text.hasSuffix("*)") else { return nil }
            return String(text.dropFirst(12).dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let file = try String(contentsOf: repositoryRoot.appendingPathComponent("examples/formulas.txt"), encoding: .utf8)
        let formulas = examples + file.split(separator: "\n").map(String.init)
        #expect(formulas.count > 20)
        for formula in formulas {
            let tree = Parser.parse(formula)
            guard tree.isValid else { continue }
            for width in [Int.max, 30] {
                let formatted = try #require(Printer.format(tree, width: width), "\(formula)")
                #expect(Parser.parse(formatted).isSameFormula(as: tree), "\(formula) → \(formatted)")
                #expect(Printer.format(formatted, width: width) == formatted, "\(formula) → \(formatted)")
            }
        }
    }

    @Test func wideFormulasBreakTheirOutermostListsFirst() throws {
        let source = #"if(contains(concat(first, " ", last), "Smith"), round(sum(map(items, (r) -> r.price * r.qty)), 2), 0)"#
        let formatted = try #require(Printer.format(source, width: 60))
        #expect(formatted == """
            if(
                contains(concat(first, " ", last), "Smith"),
                round(sum(map(items, (r) -> r.price * r.qty)), 2),
                0
            )
            """)
        #expect(Printer.format(source, width: 200) == source)
        #expect(Printer.format(formatted, width: 60) == formatted)
        #expect(Printer.format(formatted, width: .max) == source)
        let object = try #require(Printer.format("{total: sum(items.price), count: length(items)}", width: 30))
        #expect(object == "{\n    total: sum(items.price),\n    count: length(items)\n}")
    }

    /// The printer's own breaks use the line break asked for; those inside a string literal
    /// belong to the formula and stay.
    @Test func lineBreaksAreTheCallersChoice() throws {
        let formatted = try #require(Printer.format("concat(\"a\nb\", total)", width: 10, lineBreak: "\r\n"))
        #expect(formatted == "concat(\r\n    \"a\nb\",\r\n    total\r\n)")
    }

    /// The printer's count of nesting levels is the parser's: a formatted formula wrapped in
    /// brackets up to the limit parses, and one bracket more is too deep.
    @Test(arguments: [
        "a", "-a", "- - a", "!!a", "a - -4", "a.b.c[d.e[f]]", "(a + b).c[0].d", "-a.b.c", "!a[0][1]",
        "x[y[z[0]]]", "-4", "a[-1]", "(-3).x", "a * -(-4)", "f(g(h()))", "f()", "[]", "{}", "{a: [1, {b: -(-x)}]}", "1 + (x) -> 1 + (y) -> y",
        "map(items, (r) -> r.price * -r.qty)", "((x) -> x) + 1", "a + ((x) -> x)", "-(a + -(b * -c))", "[a, [b, [c]]][0][1]",
    ])
    func nestingIsCountedAsTheParserCountsIt(_ source: String) throws {
        let tree = Parser.parse(source)
        try #require(tree.isValid || !tree.diagnostics.contains { $0.message.contains("nested too deeply") })
        guard tree.isValid else { return }
        let formatted = try #require(Printer.format(tree))
        let depth = Printer.nestingDepth(of: tree)
        let room = Parser.maxNestingDepth - depth
        let fits = String(repeating: "[", count: room) + formatted + String(repeating: "]", count: room)
        #expect(Parser.parse(fits).isValid, "\(source): depth \(depth)")
        let over = "[" + fits + "]"
        #expect(Parser.parse(over).diagnostics.first?.message.contains("nested too deeply") == true, "\(source): depth \(depth)")
    }

    /// Parentheses the layout adds count as levels, so a formula near the limit can have no
    /// canonical text: it is not formatted rather than formatted into one that does not parse.
    @Test func formulasWhoseLayoutWouldNestTooDeeplyAreNotFormatted() throws {
        let negations = String(repeating: "-", count: 200) + "s"
        #expect(Parser.parse(negations).isValid)
        #expect(Printer.format(negations) == nil)
        #expect(Printer.nestsTooDeeply(Parser.parse(negations)))
        let fewer = String(repeating: "-", count: 100) + "s"
        let formatted = try #require(Printer.format(fewer))
        #expect(Parser.parse(formatted).isSameFormula(as: Parser.parse(fewer)))
        #expect(!Printer.nestsTooDeeply(Parser.parse("sum(")))
    }

    /// Operator chains are as long as the formula and are printed with a loop.
    @Test func longChainsAndDeepNesting() throws {
        let chain = Array(repeating: "a", count: 100_000).joined(separator: "+")
        let formatted = try #require(Printer.format(chain))
        #expect(formatted == Array(repeating: "a", count: 100_000).joined(separator: " + "))
        let deep = String(repeating: "f(", count: 200) + "1" + String(repeating: ")", count: 200)
        #expect(Printer.format(deep, width: .max) == deep)
        let broken = try #require(Printer.format(deep, width: 40))
        #expect(Printer.format(broken, width: .max) == deep)
    }
}
