import Testing
import JoyfillFormulas
import JoyfillModel
@testable import JoyfillEngine

/// One document with a field of every type, written for these tests.
let everyType = """
{
  "fields": [
    {"_id": "name", "type": "text", "value": "Ada"},
    {"_id": "emptyText", "type": "text"},
    {"_id": "nullText", "type": "text", "value": null},
    {"_id": "notes", "type": "textarea", "value": "line 1\\nline 2"},
    {"_id": "qty", "type": "number", "value": 4},
    {"_id": "noQty", "type": "number"},
    {"_id": "nullQty", "type": "number", "value": null},
    {"_id": "big", "type": "number", "value": 2000000000},
    {"_id": "when", "type": "date", "value": 631152000000},
    {"_id": "noDate", "type": "date", "value": ""},
    {"_id": "color", "type": "dropdown", "value": "o2",
     "options": [{"_id": "o1", "value": "Red"}, {"_id": "o2", "value": "Green"}]},
    {"_id": "badColor", "type": "dropdown", "value": "zzz", "options": [{"_id": "o1", "value": "Red"}]},
    {"_id": "tags", "type": "multiSelect", "value": ["m2", "m1", "gone"],
     "options": [{"_id": "m1", "value": "A"}, {"_id": "m2", "value": "B"}, {"_id": "m3", "value": "C"}]},
    {"_id": "sig", "type": "signature", "value": "data:image/png;base64,xyz"},
    {"_id": "photo", "type": "image", "value": [{"_id": "i1", "url": "https://example.test/a.png"}]},
    {"_id": "items", "type": "table",
     "tableColumns": [
       {"_id": "desc", "type": "text", "title": "Description"},
       {"_id": "price", "type": "number", "title": "Unit Price"},
       {"_id": "kind", "type": "dropdown", "title": "Kind", "options": [{"_id": "k1", "value": "Part"}]},
       {"_id": "labels", "type": "multiSelect", "title": "Labels", "options": [{"_id": "l1", "value": "x"}, {"_id": "l2", "value": "y"}]},
       {"_id": "due", "type": "date", "title": "Due"}
     ],
     "rowOrder": ["r3", "r1"],
     "value": [
       {"_id": "r1", "cells": {"desc": "bolt", "price": 2.5, "kind": "k1", "labels": ["l2", "l1"], "due": 1704067200000}},
       {"_id": "r2", "deleted": true, "cells": {"desc": "gone", "price": 100}},
       {"_id": "r3", "cells": {"desc": "nut"}},
       {"_id": "r4", "cells": {"desc": "washer", "price": 0.1}}
     ]},
    {"_id": "inspections", "type": "collection",
     "schema": {
       "root": {"root": true, "title": "Site", "children": ["checks"],
                "tableColumns": [{"_id": "site", "type": "text", "title": "Site name"}, {"_id": "ok", "type": "dropdown", "options": [{"_id": "y", "value": "Yes"}]}]},
       "checks": {"title": "Check", "children": [],
                  "tableColumns": [{"_id": "item", "type": "text"}, {"_id": "score", "type": "number"}]}
     },
     "value": [
       {"_id": "s1", "cells": {"site": "North", "ok": "y"},
        "children": {"checks": {"value": [
          {"_id": "c1", "cells": {"item": "fence", "score": 3}},
          {"_id": "c2", "deleted": true, "cells": {"item": "gate", "score": 1}},
          {"_id": "c3", "cells": {"item": "roof"}}
        ]}}},
       {"_id": "s2", "deleted": true, "cells": {"site": "Old"}},
       {"_id": "s3", "cells": {"site": "South"}}
     ]},
    {"_id": "sales", "type": "chart", "value": [
      {"_id": "l1", "title": "2024", "points": [{"_id": "p1", "label": "Q1", "x": 1, "y": 10}, {"_id": "p2", "label": "Q2", "y": 12}]},
      {"_id": "l2", "title": "old", "deleted": true, "points": []}
    ]}
  ]
}
"""

func evaluate(_ formula: String, in text: String = everyType) throws -> String {
    let document = try JoyDoc(bytes: Array(text.utf8))
    let evaluator = Evaluator()
    do throws(Diagnostic) {
        return try evaluator.evaluate(formula, in: DocumentContext(document: document)).description
    } catch {
        return "error: \(error.kind.rawValue): \(error.message)"
    }
}

struct BindingTests {
    static let cases: [(String, String)] = [
        ("name", "\"Ada\""), ("emptyText", "\"\""), ("nullText", "null"), ("length(notes)", "13"),
        ("qty * 2", "8"), ("noQty", "0"), ("nullQty", "null"), ("big + 1", "2000000001"),
        ("year(when)", "1990"), ("noDate", "null"), ("color", "\"Green\""), ("badColor", "\"\""),
        ("tags", "[A, B]"), ("length(sig) > 10", "true"), ("photo.0.url", "\"https://example.test/a.png\""),
        // tables (§7.4, §7.2)
        ("length(items)", "3"), ("items.desc", "[nut, bolt, washer]"), ("items.price", "[0, 2.5, 0.1]"),
        ("items.Price", "error: reference: table 'items' has no column 'Price'"),
        ("items.kind", "[, Part, ]"), ("items.1.labels", "[x, y]"), ("items.0.due", "null"),
        ("year(items.1.due)", "2024"), ("items.1.desc", "\"bolt\""), ("items[2].price", "0.1"),
        ("items.3", "error: reference: table 'items' has 3 rows; there is no row 3"),
        // Digits past any Int are a row too, never a column (as `jf lint` reads them).
        ("items.99999999999999999999", "error: reference: table 'items' has 3 rows; there is no row 99999999999999999999"),
        ("items.nope", "error: reference: table 'items' has no column 'nope'"),
        ("sum(map(items, (row) -> row.price))", "2.6"), ("items.Description", "[nut, bolt, washer]"),
        ("items.labels", "[[], [x, y], []]"),
        // collections (§7.5)
        ("inspections.site", "[North, South]"), ("inspections.ok", "[Yes, ]"), ("inspections.Site_name", "error: reference: collection 'inspections' has no column 'Site_name'"),
        ("inspections.0.children.checks.item", "[fence, roof]"), ("inspections.0.children.checks.1.score", "0"),
        ("length(inspections.1.children.checks)", "0"), ("inspections.2", "error: reference: collection 'inspections' has 2 rows; there is no row 2"),
        // charts (§7.5)
        ("length(sales)", "1"), ("sales.0.points.1.x", "0"), ("sales.0.points.y", "[10, 12]"), ("sales.0.title", "\"2024\""),
        ("sales.title", "[2024]"), ("sales.titel", "error: reference: chart 'sales' has no line property 'titel'"),
        ("sales.1", "error: reference: chart 'sales' has 1 line; there is no line 1"), ("sales.0.points.label", "[Q1, Q2]"), ("sales.0.points.lable", "[null, null]"),
        // names
        ("nosuch", "error: reference: unknown name 'nosuch'"), ("map(items, (name) -> name.desc)", "[nut, bolt, washer]"),
    ]

    @Test(arguments: cases)
    func binding(_ formula: String, _ expected: String) throws {
        #expect(try evaluate(formula) == expected, "\(formula)")
    }

    /// A text or textarea field holding the text of a JSON array or object reads as that value,
    /// as the reference's samples rely on; other text, numbers and dates in text stay text.
    static let jsonTextDocument = #"""
        {"fields": [
          {"_id": "answers", "type": "text", "value": "[\"Yes\", \"No\", \"Yes\", \"Maybe\", \"Yes\"]"},
          {"_id": "numbers", "type": "textarea", "value": " [1, 2, 3, 4, 5]\n"},
          {"_id": "user", "type": "text", "value": "{\"name\": \"John Doe\", \"age\": 30}"},
          {"_id": "matrix", "type": "text", "value": "[[1, 2, 3], [4, 5, 6]]"},
          {"_id": "fruits", "type": "text", "value": "[\"apple\", \"pear\"]"},
          {"_id": "broken", "type": "text", "value": "[1, 2"},
          {"_id": "count", "type": "text", "value": "42"},
          {"_id": "day", "type": "text", "value": "2024-06-01"},
          {"_id": "rich", "type": "richText", "value": "[1, 2]"}
        ]}
        """#

    static let jsonTextCases: [(String, String)] = [
        (#"countIf(answers, "Yes")"#, "3"), (#"length(filter(answers, (a) -> a == "Yes"))"#, "3"),
        (#"find(answers, (a) -> a != "Yes")"#, "\"No\""), (#"some(answers, (a) -> a == "Maybe")"#, "true"),
        (#"every(answers, (a) -> length(a) > 1)"#, "true"), ("reduce(numbers, (sum, n) -> sum + n, 0)", "15"),
        ("length(numbers)", "5"), ("sum(numbers)", "15"), ("map(numbers, (n) -> round(n / 3, 1))", "[0.3, 0.7, 1, 1.3, 1.7]"),
        ("user.name", "\"John Doe\""), ("user.age + 1", "31"), ("matrix[1][2]", "6"), ("flat(matrix)", "[1, 2, 3, 4, 5, 6]"),
        ("flatMap(matrix, (row) -> row)", "[1, 2, 3, 4, 5, 6]"), ("fruits[0]", "\"apple\""),
        ("broken", "\"[1, 2\""), ("count", "\"42\""), ("day", "\"2024-06-01\""), ("rich", "\"[1, 2]\""),
    ]

    @Test(arguments: jsonTextCases)
    func jsonTextInTextFields(_ formula: String, _ expected: String) throws {
        #expect(try evaluate(formula, in: Self.jsonTextDocument) == expected, "\(formula)")
    }

    @Test func columnTitlesMatchCaseInsensitively() throws {
        #expect(try evaluate("items.description") == "[nut, bolt, washer]")
        #expect(try evaluate("items.UNIT PRICE") == "error: syntax: unexpected name 'PRICE' after the end of the expression")
    }

    @Test func unknownNamesSuggestFieldIds() throws {
        let document = try JoyDoc(bytes: Array(everyType.utf8))
        let error = #expect(throws: Diagnostic.self) {
            try Evaluator().evaluate("itmes.price", in: DocumentContext(document: document))
        }
        #expect(error?.fix?.message == "did you mean 'items'?")
    }

    /// An unknown column is reported under its name, and the suggestion, a fix that replaces
    /// it, is only ever something that can be written after the dot: a title with a space is
    /// not offered.
    @Test func unknownColumnsAreReportedAtTheirName() throws {
        let document = try JoyDoc(bytes: Array(everyType.utf8))
        let source = "1 + sum(items.pirce)"
        let error = #expect(throws: Diagnostic.self) { try Evaluator().evaluate(source, in: DocumentContext(document: document)) }
        #expect(error?.message == "table 'items' has no column 'pirce'")
        #expect(error?.span == SourceSpan(start: 14, end: 19))
        #expect(error?.code == .unknownColumn, "the code of the linter's rule for it")
        let fix = try #require(error?.fix)
        #expect(fix.message == "did you mean 'price'?")
        #expect(Fix.apply([fix], to: source) == "1 + sum(items.price)")
        let title = #expect(throws: Diagnostic.self) { try Evaluator().evaluate("items.UnitPrice", in: DocumentContext(document: document)) }
        #expect(title?.fix?.message != "did you mean 'Unit Price'?")
    }

    @Test func aFieldNamedByItsTitleOrIdentifierSuggestsItsId() throws {
        let document = try JoyDoc(bytes: Array(#"""
            {"fields": [
              {"_id": "f1", "identifier": "field_items", "type": "table", "title": "Line items", "tableColumns": []},
              {"_id": "f2", "type": "number", "title": "Total (€)", "value": 3},
              {"_id": "f3", "type": "number", "title": "Note", "value": 1},
              {"_id": "f4", "type": "text", "title": "note"}
            ]}
            """#.utf8))
        let context = DocumentContext(document: document)
        #expect(context.suggestion(for: "LineItems") == "f1")
        #expect(context.suggestion(for: "line_items") == "f1")
        #expect(context.suggestion(for: "FIELD_ITEMS") == "f1")
        #expect(context.suggestion(for: "total") == "f2")
        #expect(context.suggestion(for: "Note") == nil, "two fields are titled so: it names neither")
        let error = #expect(throws: Diagnostic.self) { try Evaluator().evaluate("Total * 2", in: context) }
        #expect(error?.fix?.message == "did you mean 'f2'?")
        #expect(error?.notes == ["formulas name a field by its _id ('f2'), not by its title or identifier"])
        // The checker, as jf lint runs it, says the same without evaluating.
        var checker = Checker(knownNames: Set(document.fields.map(\.id)))
        checker.learn(document.fields)
        let finding = try #require(checker.check(Parser.parse("1 + LineItems.0.x")).first)
        #expect(finding.fix?.message == "did you mean 'f1'?")
        #expect(finding.notes == ["formulas name a field by its _id ('f1'), not by its title or identifier"])
        // A spelling fix needs no note.
        #expect(try #require(checker.check(Parser.parse("f22")).first).notes.isEmpty)
    }

    @Test func unknownNamesSuggestFieldIdsAmongMany() throws {
        // Past Suggestions.Index.directLimit, ids are found through an index: a document with
        // many fields and many unknown names does not scan every id for each.
        let fields = (0..<3_000).map { #"{"_id": "field_\#($0)", "type": "number", "value": \#($0)}"# }
        let document = try JoyDoc(bytes: Array(("{\"fields\": [" + fields.joined(separator: ",") + "]}").utf8))
        let context = DocumentContext(document: document)
        #expect(context.suggestion(for: "feild_2999") == "field_2999")
        #expect(context.suggestion(for: "nothing_like_it") == nil)
        let error = #expect(throws: Diagnostic.self) { try Evaluator().evaluate("fiield_123 + 1", in: context) }
        #expect(error?.fix?.message == "did you mean 'field_123'?")
    }

    @Test func overridesReplaceStoredValues() throws {
        let document = try JoyDoc(bytes: Array(everyType.utf8))
        let context = DocumentContext(document: document)
        context.override("qty", with: .number(10))
        #expect(try Evaluator().evaluate("qty + 1", in: context).description == "11")
    }
}
