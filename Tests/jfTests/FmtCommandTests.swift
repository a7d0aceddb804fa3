import Foundation
import Testing

/// `jf fmt` end to end: the built binary on real files.
struct FmtCommandTests {
    @Test func standardInputIsFormattedToStandardOutput() throws {
        let result = try JF.run(["fmt"], stdin: "sum( a,b )*2\n")
        #expect(result.status == 0)
        #expect(result.stdout == "sum(a, b) * 2\n")
        let wide = try JF.run(["fmt", "--line-width", "30", "-"], stdin: "if(a > 1, concat(first, last), round(total, 2))")
        #expect(wide.stdout == "if(\n    a > 1,\n    concat(first, last),\n    round(total, 2)\n)\n")
        let check = try JF.run(["fmt", "--check"], stdin: "a+b")
        #expect(check.status == 1)
        #expect(check.stdout.isEmpty)
    }

    @Test func theShippedExamplesAreFormatted() throws {
        let result = try JF.run(["fmt", "--check", "examples/invoice.json", "examples/inspection.json", "examples/order.json"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "jf fmt: 0 files would be reformatted, 3 already formatted\n")
    }

    /// A template with one untidy formula and a formula file: --check and --diff change
    /// nothing; formatting rewrites the expression and nothing else, and a second run finds
    /// nothing to do.
    @Test func formattingRewritesOnlyTheFormulas() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        let template = directory.appendingPathComponent("invoice.json")
        let tidy = try String(contentsOf: template, encoding: .utf8)
        let untidy = tidy.replacingOccurrences(of: "round(subtotal * tax_rate / 100, 2)", with: "round( subtotal*tax_rate/100 ,2 )")
        #expect(untidy != tidy)
        try untidy.write(to: template, atomically: true, encoding: .utf8)
        let formulaFile = directory.appendingPathComponent("total.jf")
        try "sum( 1,2 )".write(to: formulaFile, atomically: true, encoding: .utf8)

        let check = try JF.run(["fmt", "--check", directory.path])
        #expect(check.status == 1)
        #expect(check.stdout == "would reformat \(template.path)\nwould reformat \(formulaFile.path)\n")
        #expect(check.stderr == "jf fmt: 2 files would be reformatted, 0 already formatted\n")

        let diff = try JF.run(["fmt", "--diff", directory.path])
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("-      \"expression\": \"round( subtotal*tax_rate/100 ,2 )\" },\n+      \"expression\": \"round(subtotal * tax_rate / 100, 2)\" },\n"))
        #expect(diff.stdout.contains("-sum( 1,2 )\n+sum(1, 2)\n"))
        #expect(try String(contentsOf: template, encoding: .utf8) == untidy, "--diff must not write")

        let format = try JF.run(["fmt", directory.path])
        #expect(format.status == 0)
        #expect(format.stderr == "jf fmt: 2 files reformatted, 0 left unchanged\n")
        #expect(try String(contentsOf: template, encoding: .utf8) == tidy)
        #expect(try String(contentsOf: formulaFile, encoding: .utf8) == "sum(1, 2)\n")

        let again = try JF.run(["fmt", directory.path])
        #expect(again.status == 0)
        #expect(again.stderr == "jf fmt: 0 files reformatted, 2 left unchanged\n")
    }

    @Test func aFormulaFileKeepsItsLineBreaks() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("windows.jf")
        try "if(a > 1, concat(first, last),\r\n  round(total, 2))\r\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try JF.run(["fmt", "--line-width", "30", file.path])
        #expect(result.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "if(\r\n    a > 1,\r\n    concat(first, last),\r\n    round(total, 2)\r\n)\r\n")
    }

    @Test func formulasWithSyntaxErrorsAreReportedAndLeftAlone() throws {
        let directory = try workspace(["templates"])
        defer { discard(directory) }
        let broken = directory.appendingPathComponent("broken.jf")
        try "sum(1, ".write(to: broken, atomically: true, encoding: .utf8)
        let template = directory.appendingPathComponent("templates/order-form.json")
        let before = try Data(contentsOf: template)

        let result = try JF.run(["fmt", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error[syntax-error]: expected an expression, found end of input\n --> \(broken.path):1:8\n"))
        // As jf lint shows it: the rule, the place of the operator itself, and the file's line.
        #expect(result.stderr.contains("""
            error[invalid-operator]: '===' is not an operator
              --> \(template.path):31:77 · field is_open · formula f_is_open
               |
            31 |     {"_id": "f_is_open", "desc": "=== instead of ==", "expression": "status === \\"Open\\"", "type": "calc", "scope": "private"},
               |                                                                             ^^^ use '==', which is already strict [fixable with jf lint --fix]

            """))
        #expect(result.stderr.hasSuffix("jf fmt: 0 files reformatted, 2 left unchanged, 2 formulas with errors left as they were (jf lint --fix repairs 1 of the errors)\n"))
        #expect(try String(contentsOf: broken, encoding: .utf8) == "sum(1, ")
        #expect(try Data(contentsOf: template) == before)
    }

    /// The layout's parentheses count toward the nesting limit: a formula they would take
    /// past it is reported and left as it is, never written in a form that does not parse.
    @Test func aFormulaWithNoCanonicalLayoutIsLeftAlone() throws {
        let negations = String(repeating: "-", count: 200) + "total"
        let result = try JF.run(["fmt", "-"], stdin: negations + "\n")
        #expect(result.status == 1)
        #expect(result.stdout == negations + "\n")
        #expect(result.stderr.contains("error[syntax-error]: this formula has no canonical layout: printed with it, it would nest deeper than 256 levels\n --> stdin:1:1\n"))
    }

    @Test func unreadableInputExits2() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let invalid = directory.appendingPathComponent("bad.json")
        try "{\"fields\": [1, }".write(to: invalid, atomically: true, encoding: .utf8)
        let result = try JF.run(["fmt", invalid.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("jf: error: \(invalid.path): "))
        #expect(result.stderr.contains("line 1"))
        let missing = try JF.run(["fmt", directory.appendingPathComponent("missing.jf").path])
        #expect(missing.status == 2)
        let usage = try JF.run(["fmt", "--check", "--diff", "x.jf"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("choose one of --check and --diff"))
    }
}
