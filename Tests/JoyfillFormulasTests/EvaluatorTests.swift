import Testing
@testable import JoyfillFormulas

struct EvaluatorTests {
    @Test func referencesResolveThroughTheContext() {
        let names: [String: Value] = ["price": .number(2.5), "qty": .number(4), "name": .string("Joy")]
        #expect(outcome("price * qty", names) == "10")
        #expect(outcome("upper(name)", names) == "\"JOY\"")
    }

    @Test func unknownNamesSuggestCloseOnes() throws {
        let error = try #require(failure("prcie * 2", ["price": .number(1)]))
        #expect(error.kind == .reference)
        #expect(error.message == "unknown name 'prcie'")
        #expect(error.span == SourceSpan(start: 0, end: 5))
        #expect(error.fix?.message == "did you mean 'price'?")
    }

    @Test func unknownFunctionsSuggestCloseOnes() throws {
        let error = try #require(failure("1 + rund(3.14159, 2)"))
        #expect(error.kind == .reference)
        #expect(error.span == SourceSpan(start: 4, end: 8))
        #expect(error.fix?.apply(to: "1 + rund(3.14159, 2)") == "1 + round(3.14159, 2)")
        #expect(error.fix?.isSafe == true)
        // As close to max as to min: suggested, not safe to apply.
        #expect(try #require(failure("mix(1, 2)")).fix?.isSafe == false)
    }

    @Test func otherLanguagesNamesSuggestTheFunction() throws {
        let registry = FunctionRegistry.standard
        #expect(registry.suggestion(for: "len")! == ("length", false))
        #expect(registry.suggestion(for: "CONCATENATE")! == ("concat", false))
        #expect(registry.suggestion(for: "toUpperCase")! == ("upper", false))
        #expect(registry.suggestion(for: "rund")! == ("round", true))
        #expect(registry.suggestion(for: "frobnicate") == nil)
        let error = try #require(failure("len(\"abc\")"))
        #expect(error.fix?.message == "did you mean 'length'?")
        #expect(error.fix?.apply(to: "len(\"abc\")") == "length(\"abc\")")
    }

    @Test func anotherLanguagesNameWinsOverASpellingAndIdiomsGetANote() throws {
        let registry = FunctionRegistry.standard
        // `size` is two edits from `some`, but it is other languages' `length`.
        #expect(registry.suggestion(for: "size")! == ("length", false))
        // `today` is two edits from `day`, which does something else: a note, no fix.
        #expect(registry.suggestion(for: "today") == nil)
        let today = try #require(failure("today()"))
        #expect(today.fix == nil)
        #expect(today.notes == ["now() is the date and time; date(year(now()), month(now()), day(now())) is today at midnight"])
        let checked = Checker(registry: registry).check(Parser.parse("1 + DATEDIFF(a, b)"))
        #expect(checked.map(\.code) == [.unknownFunction])
        #expect(checked.first?.notes == ["dates subtract as milliseconds: (end - start) / 86400000 is the number of days between them"])
        #expect(registry.hintForUnknownFunction("mid") == "no function takes part of a text; contains(text, part) tells whether it holds it")
        #expect(registry.hintForUnknownFunction("rund") == "did you mean 'round'?")
        #expect(registry.hintForUnknownFunction("frobnicate") == nil)
    }

    /// `items.price * items.qty`, a spreadsheet's habit: the error says a column is an array and
    /// its fix maps the rows, where the formula says which rows they are.
    @Test func arithmeticOnColumnsGetsTheMapOverTheRows() throws {
        let rows: Value = .array(ArrayValue([
            .object(ObjectValue([("price", .number(2)), ("qty", .number(3))])),
            .object(ObjectValue([("price", .number(5)), ("qty", .number(1))])),
        ]))
        let names: [String: Value] = ["items": rows, "rate": .number(1.2), "order": .object(ObjectValue([("lines", .array(ArrayValue([.number(1)])))]))]
        func fixed(_ source: String) throws -> String? {
            let error = try #require(failure(source, names))
            #expect(error.kind == .type)
            return error.fix?.apply(to: source)
        }
        let both = try #require(failure("items.price * items.qty", names))
        #expect(both.notes.last == "a column of rows is an array, and '*' takes numbers: map the rows to combine their cells one by one")
        #expect(both.fix?.isSafe == false)
        #expect(try fixed("items.price * items.qty") == "map(items, (row) -> row.price * row.qty)")
        #expect(outcome("sum(map(items, (row) -> row.price * row.qty))", names) == "11")
        #expect(try fixed("items.price * rate") == "map(items, (row) -> row.price * rate)")
        #expect(try fixed("1 - items.qty") == "map(items, (row) -> 1 - row.qty)")
        // An operand that a looser operator would regroup inside the lambda keeps its parentheses.
        #expect(try fixed("items.price * (rate + 1)") == "map(items, (row) -> row.price * (rate + 1))")
        #expect(try fixed("sum(items.price / items.qty)") == "sum(map(items, (row) -> row.price / row.qty))")
        // Columns of different rows, or a `row` already named: the note, no fix.
        let mixed = try #require(failure("items.price * filter(items, (r) -> true).qty", names))
        #expect(mixed.fix == nil && mixed.notes.last?.hasPrefix("a column of rows is an array") == true)
        #expect(try #require(failure("map(items, (row) -> items.price * row.qty)", names)).fix == nil)
        // Arrays that are not columns get no advice: a literal, an object's array property.
        #expect(try #require(failure("[1, 2] * 3", names)).notes.contains { $0.hasPrefix("a column") } == false)
        #expect(try #require(failure("order.lines * 2", names)).notes.contains { $0.hasPrefix("a column") } == false)
    }

    @Test func aPropertyThatIsAFunctionElsewhereGetsTheCall() throws {
        let text = try #require(failure(#""abc".length"#))
        #expect(text.fix?.apply(to: #""abc".length"#) == #"length("abc")"#)
        #expect(text.fix?.message == #"length is a function here: length("abc")"#)
        // A group's parentheses become the call's; another language's name, the function's.
        #expect(failure("(1 + 2).ROUND")?.fix?.apply(to: "(1 + 2).ROUND") == "round(1 + 2)")
        #expect(failure("[1, 2].size")?.fix?.apply(to: "[1, 2].size") == "length([1, 2])")
        // Only a function that takes the value: length() takes no object.
        #expect(try #require(failure("{a: 1}.size")).fix == nil)
        let checked = Checker(registry: .standard).check(Parser.parse(#""abc".trim"#))
        #expect(checked.first?.code == .typeMismatch)
        #expect(checked.first?.fix?.apply(to: #""abc".trim"#) == #"trim("abc")"#)
    }

    @Test func everyIdiomsFormulaRuns() {
        // The formulas the notes give, with their placeholders filled in.
        for formula in ["date(year(now()), month(now()), day(now()))", "(date(2024, 3, 1) - date(2024, 1, 1)) / 86400000",
                        "contains(\"text\", \"x\")", "find([{key: 1, column: \"x\"}], (row) -> row.key == 1).column",
                        "sum(filter([1, 2], (value) -> value > 1))", "average(filter([1, 2], (value) -> value > 1))",
                        "length(filter([1, 2], (value) -> value > 0 && value < 2))", "sum(map([{a: 2, b: 3}], (row) -> row.a * row.b))",
                        "if(true, 1, if(false, 2, 3))", "floor(2.5) + round(2.5)"] {
            #expect(failure(formula) == nil, "\(formula)")
        }
    }

    @Test func aritiesAndTypesComeFromSignatures() throws {
        let arity = try #require(failure("round(1, 2, 3)"))
        #expect(arity.kind == .arguments)
        #expect(arity.message == "round() takes 1 or 2 arguments, got 3")
        let type = try #require(failure("round(\"x\")"))
        #expect(type.kind == .type)
        #expect(type.message == "round() expects value (argument 1) to be a number, got string \"x\"")
        #expect(type.span == SourceSpan(start: 6, end: 9))
    }

    @Test func tableRowsProjectAndMap() {
        let keys = ObjectKeys(["price", "qty"])
        let rows = Value.array((1...3).map { Value.object(ObjectValue(keys: keys, values: [.number(Double($0)), .number(2)])) })
        let names = ["items": rows]
        #expect(outcome("sum(map(items, (r) -> r.price * r.qty))", names) == "12")
        #expect(outcome("items.price", names) == "[1, 2, 3]")
        #expect(outcome("items.1.price", names) == "2")
        #expect(outcome("items[2].qty", names) == "2")
        #expect(outcome("map(items, (r) -> r.nope)", names) == "error: reference")
    }

    @Test func lambdaParametersReadPropertiesWhateverTheKeysRepresentation() {
        // Keys made at run time (long ones in their own storage) are not bit for bit the
        // names the parser made: the read falls back to comparing text.
        let long = ["unit", "PriceInEuros"].joined()
        let keys = ObjectKeys([long, "qty", "note"])
        let row = Value.object(ObjectValue(keys: keys, values: [.number(2), .number(3), .string("x")]))
        let names: [String: Value] = ["rows": .array([row, row]), "n": .array([.number(1)])]
        #expect(outcome("sum(map(rows, (r) -> r.unitPriceInEuros * r.qty))", names) == "12")
        #expect(outcome("map(rows, (r) -> r.note)", names) == "[x, x]")
        #expect(outcome("map(rows, (r) -> r.missing)", names) == "error: reference")
        #expect(outcome("map(n, (v) -> v.price)", names) == "error: type")
        // Shapes that change from one call to the next (objects made in the lambda).
        #expect(outcome("map([1, 2, 3], (i) -> map([if(i == 2, {q: 1, p: 2}, {p: 3, q: 4})], (o) -> o.p))", names)
                == "[[3], [2], [3]]")
        #expect(outcome("reduce([1, 2], (acc, v) -> {q: acc.p + v, p: acc.q}, {p: 10, q: 20}).q", names) == "22")
    }

    @Test func contextsCanOwnMemberPaths() {
        final class Titles: EvaluationContext {
            func value(of name: String) throws(ResolutionError) -> Value? { name == "t" ? .array([]) : nil }
            func member(_ member: String, of name: String) throws(ResolutionError) -> Value? {
                if member == "Price" { return .array([.number(9)]) }
                throw ResolutionError(.reference, "no column '\(member)' in table '\(name)'")
            }
        }
        let evaluator = Evaluator()
        #expect((try? evaluator.evaluate("sum(t.Price)", in: Titles()))?.description == "9")
        do {
            _ = try evaluator.evaluate("1 + t.nope", in: Titles())
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "no column 'nope' in table 't'")
            #expect(error.span == SourceSpan(start: 6, end: 10), "the caret goes under the column's name")
        }
    }

    /// A missing property or column is reported at its name, also inside grouping
    /// parentheses, and its suggestion is a fix that replaces just the name.
    @Test func missingPropertiesAreReportedAtTheirName() throws {
        let names = DictionaryContext(["row": .object(ObjectValue([("price", .number(2)), ("qty", .number(3))]))])
        for source in ["row.prise * 2", "( row.prise ) * 2", "(row . prise)"] {
            do {
                _ = try Evaluator().evaluate(source, in: names)
                Issue.record("expected an error for \(source)")
            } catch {
                let name = try #require(source.range(of: "prise"))
                let start = source.utf8.distance(from: source.startIndex, to: name.lowerBound)
                #expect(error.message == "the object has no property 'prise'")
                #expect(error.span == SourceSpan(start: start, end: start + 5), "\(source)")
                let fix = try #require(error.fix)
                #expect(!fix.isSafe)
                #expect(Fix.apply([fix], to: source) == source.replacingOccurrences(of: "prise", with: "price"))
            }
        }
        do {
            _ = try Evaluator().evaluate("[1, 2].7", in: names)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "no element 7: the array has 2")
            #expect(error.span == SourceSpan(start: 7, end: 8))
        }
    }

    @Test func stepBudgetStopsRunawayEvaluation() throws {
        let big = "[" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]"
        let source = "map(\(big), (x) -> map(\(big), (y) -> x + y))"
        let evaluator = Evaluator(options: EvaluationOptions(maxSteps: 100_000))
        do {
            _ = try evaluator.evaluate(source)
            Issue.record("expected the budget to stop evaluation")
        } catch {
            #expect(error.kind == .other)
            #expect(error.message == "evaluation stopped after 100000 steps")
        }
    }

    @Test func optionsChangedBetweenEvaluationsApply() throws {
        let evaluator = Evaluator(options: EvaluationOptions(now: Instant(milliseconds: 0)))
        #expect(try evaluator.evaluate("1 + 2 + 3").description == "6")
        evaluator.options.maxSteps = 3
        #expect((try? evaluator.evaluate("1 + 2 + 3")) == nil)
        evaluator.options.maxSteps = 100
        evaluator.options.now = Instant(milliseconds: 86_400_000)
        #expect(try evaluator.evaluate("now()").description == "1970-01-02T00:00:00.000Z")
        evaluator.options.maxStringLength = 4
        #expect((try? evaluator.evaluate("concat(\"abc\", \"de\")")) == nil)
    }

    @Test func valueNestingIsBounded() throws {
        let elements = "[" + Array(repeating: "0", count: Value.maxDepth + 10).joined(separator: ",") + "]"
        let error = try #require(failure("reduce(\(elements), (acc, x) -> [acc], [])"))
        #expect(error.kind == .other)
        #expect(error.message.contains("nested more than"))
    }

    /// Object literals keep each key's first position and last value, small and large alike.
    @Test func objectLiteralsWithRepeatedKeys() throws {
        #expect(outcome("{a: 1, b: 2, a: 3}") == "{a: 3, b: 2}")
        #expect(outcome("{a: 1, b: 2}.b") == "2")
        let keys = (0..<5_000).map { "k\($0): \($0)" }.joined(separator: ", ")
        #expect(outcome("{\(keys), k7: -1}.k7") == "-1")
        #expect(outcome("{\(keys)}.k4999") == "4999")
    }

    @Test func stringGrowthIsBounded() throws {
        let elements = "[" + Array(repeating: "0", count: 40).joined(separator: ",") + "]"
        let error = try #require(failure("reduce(\(elements), (acc, x) -> acc + acc, \"ab\")"))
        #expect(error.kind == .other)
        #expect(error.message.contains("string longer than the limit"))
    }

    /// Values are shared, so doubling an accumulator twenty times costs twenty steps but would
    /// make an array of a million leaves: the size of a value counts nested elements each time
    /// they appear, and the collection limit applies to it.
    @Test func sharedNestingCountsTowardTheCollectionLimit() throws {
        let thirty = "[" + (1...30).map(String.init).joined(separator: ",") + "]"
        for (literal, kind) in [("[acc, acc]", "array"), ("{a: acc, b: acc}", "object")] {
            let error = try #require(failure("reduce(\(thirty), (acc, v) -> \(literal), 1)"))
            #expect(error.kind == .other)
            #expect(error.message == "\(kind) larger than the limit of 10000000 elements, counting nested ones")
            #expect(error.notes.first?.contains("16777214 in all") == true)
        }
        let options = EvaluationOptions(maxCollectionCount: 100)
        #expect(try evaluate("length(reduce([1, 2, 3, 4, 5], (acc, v) -> [acc, acc], 1))", options: options).description == "2")
        #expect(throws: Diagnostic.self) { try evaluate("reduce([1, 2, 3, 4, 5, 6], (acc, v) -> [acc, acc], 1)", options: options) }
        // A function's result counts the same way: flattening cannot expand a shared value.
        let mapped = try #require(throws: Diagnostic.self) {
            try evaluate("map([1, 2, 3, 4], (x) -> reduce([1, 2, 3, 4, 5], (acc, v) -> [acc, acc], 1))", options: options)
        }
        #expect(mapped.message.hasPrefix("array larger than the limit of 100 elements"))
        let nested = ArrayValue([.number(1), .number(2), .array(ArrayValue([.number(3)]))])
        let object = ObjectValue([("a", .array(ArrayValue([.number(1), .number(2)])))])
        let shape = ArrayValue([.array(nested), .object(object)])
        #expect(shape.totalCount == 2 + 4 + 3)
        #expect(shape.depth == 3)
    }

    /// The text of an array that holds one long string many times is refused as it is written,
    /// before it fills memory.
    @Test func textOfSharedStringsIsBounded() throws {
        let options = EvaluationOptions(maxStringLength: 1_000)
        let many = "map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], (v) -> reduce([1, 2, 3, 4, 5], (acc, x) -> acc + acc, \"0123456789abcdef\"))"
        #expect(try evaluate("length(\(many))", options: options).description == "12")
        for wrapper in ["toString(%)", "concat(\"x\", %)", "join(%, \",\")", "\"x\" + %", "length(unique([%]))", "countIf([%], %)"] {
            let error = try #require(throws: Diagnostic.self) { try evaluate(wrapper.replacingOccurrences(of: "%", with: many), options: options) }
            #expect(error.message == "string longer than the limit of 1000 bytes", "\(wrapper)")
        }
        #expect(Value.array([.string("ab"), .string("cd")]).text(limit: 8) == "[ab, cd]")
        #expect(Value.array([.string("ab"), .string("cd")]).text(limit: 7) == nil)
    }

    /// Strings built count against the step budget by their size, so that the budget also
    /// bounds the memory an evaluation fills.
    @Test func builtTextCountsAgainstTheStepBudget() throws {
        let options = EvaluationOptions(maxSteps: 10_000)
        let doubled = "reduce([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (acc, x) -> concat(acc, acc), \"0123456789abcdef\")"
        #expect(try evaluate("length(\(doubled))", options: options).description == "16384")
        let error = try #require(throws: Diagnostic.self) { try evaluate("map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (v) -> \(doubled))", options: options) }
        #expect(error.message == "evaluation stopped after 10000 steps")
    }

    @Test func timeZonesMoveCalendarFields() throws {
        let paris = try #require(CalendarZone(identifier: "Europe/Paris"))
        let options = EvaluationOptions(now: Instant(iso8601: "2024-06-30T23:30:00Z"), zone: paris)
        let evaluator = Evaluator(options: options)
        #expect(try evaluator.evaluate("day(now())").description == "1")
        #expect(try evaluator.evaluate("month(now())").description == "7")
        #expect(try evaluator.evaluate("date(2024, 7, 1)").description == "2024-06-30T22:00:00.000Z")
        #expect(try evaluator.evaluate("dateAdd(date(2024, 3, 30), 1, \"day\")").description == "2024-03-30T23:00:00.000Z")
        #expect(try evaluator.evaluate("dateAdd(\"2024-03-31T10:00:00\", 0, \"day\")").description == "2024-03-31T08:00:00.000Z")
    }

    @Test func evaluatorsAreReusable() throws {
        let evaluator = Evaluator()
        for index in 0..<100 {
            #expect(try evaluator.evaluate("map([\(index)], (x) -> x + 1)[0]").description == String(index + 1))
            #expect((try? evaluator.evaluate("nosuch")) == nil)
        }
    }

    @Test func slotsResolveNamesOnce() throws {
        final class Slotted: EvaluationContext {
            let names = ["a", "b", "f"]
            var values: [Value]
            var lookupsByName = 0
            init(_ values: [Value]) { self.values = values }
            func value(of name: String) throws(ResolutionError) -> Value? {
                lookupsByName += 1
                return names.firstIndex(of: name).map { values[$0] }
            }
            func slots(for names: [String]) -> [Int32] { names.map { self.names.firstIndex(of: $0).map(Int32.init) ?? -1 } }
            func value(atSlot slot: Int) -> Value? { values[slot] }
        }
        let evaluator = Evaluator()
        let lambda = try evaluator.evaluate("(y) -> y + b")   // from another tree
        let context = Slotted([.number(1), .number(100), lambda])
        let tree = Parser.parse("map([a, 2], f)[1] + a + nosuch")
        let slots = Evaluator.slots(of: tree, in: context)
        do {
            _ = try evaluator.evaluate(tree, in: context, slots: slots)
            Issue.record("nosuch should not resolve")
        } catch {
            #expect(error.message == "unknown name 'nosuch'")
        }
        // `a` and `f` came from the tree's slots, `b` (in the other tree's lambda, called twice)
        // from the slot the evaluator remembered, and only `nosuch` by name.
        #expect(context.lookupsByName == 1)
        let fine = Parser.parse("map([a, 2], f)[1] + a")
        #expect(try evaluator.evaluate(fine, in: context, slots: Evaluator.slots(of: fine, in: context)).description == "103")
    }

    @Test func evaluatorsRememberEachNamesSlotPerContext() throws {
        final class Counted: EvaluationContext {
            let names: [String]
            let values: [Value]
            var slotQueries = 0
            init(_ pairs: KeyValuePairs<String, Value>) {
                names = pairs.map(\.key)
                values = pairs.map(\.value)
            }
            func value(of name: String) throws(ResolutionError) -> Value? { nil }
            func slots(for names: [String]) -> [Int32] {
                slotQueries += names.count
                return names.map { self.names.firstIndex(of: $0).map(Int32.init) ?? -1 }
            }
            func value(atSlot slot: Int) -> Value? { values[slot] }
        }
        let long = "a_field_name_longer_than_fifteen_bytes"
        let first = Counted(["x": .number(1), long: .number(10)])
        let evaluator = Evaluator()
        for _ in 0..<50 {
            #expect(try evaluator.evaluate("x + \(long) + x", in: first).description == "12")
        }
        #expect(first.slotQueries == 2)
        // Another context: the same names, other slots; nothing remembered for the first applies.
        let second = Counted([long: .number(20), "y": .number(0), "x": .number(2)])
        #expect(try evaluator.evaluate("x + \(long)", in: second).description == "22")
        #expect(try evaluator.evaluate("x + \(long)", in: first).description == "11")
        #expect((try? evaluator.evaluate("y", in: first)) == nil)
    }

    @Test func lambdasEscapeAndStillWork() throws {
        let evaluator = Evaluator()
        let adders = try evaluator.evaluate("map([1, 2], (x) -> (y) -> x + y)")
        #expect(adders.description == "[(y) -> x + y, (y) -> x + y]")
        #expect(try evaluator.evaluate("map([10], f)", in: DictionaryContext(["f": adders.first!])).description == "[11]")
        // The evaluator reuses a lambda object only once nothing else holds it.
        let increment = try evaluator.evaluate("(x) -> x + 1")
        let scale = try evaluator.evaluate("(x) -> x * 10")
        _ = try evaluator.evaluate("map([1, 2], (v) -> map([v], (w) -> w))")
        #expect(increment.description == "(x) -> x + 1")
        #expect(scale.description == "(x) -> x * 10")
        let functions = DictionaryContext(["inc": increment, "scale": scale])
        #expect(try evaluator.evaluate("map(map([1, 2], inc), scale)", in: functions).description == "[20, 30]")
    }

    /// Source text is evaluated in the parser's tables, without a tree unless a lambda needs
    /// one: every result and every error (message and span) is the one the tree gives.
    @Test func sourceTextEvaluatesAsItsTreeDoes() throws {
        let context = DictionaryContext(["n": .number(4), "rows": .array([.number(1), .number(2)]),
                                         "text": .string("a string longer than fifteen bytes")])
        let formulas = [
            "n * 2 + 1", "concat(text, \"!\", n)", "map(rows, (r) -> r * n)", "1 + \"a\" * 2", "unknown + 1",
            "round(1, 2, 3)", "length(n)", "mod(n, 0)", "sum(1, (2", "a === b", "{k: n, 'long key of the object': text}.k",
            "filter(map(rows, (r) -> [r, text]), (p) -> p.0 > 1)", "(x) -> x + n", "rows[5]", "-text",
        ]
        let evaluator = Evaluator()
        for formula in formulas {
            let inPlace = Result { () throws(Diagnostic) in try evaluator.evaluate(formula, in: context) }
            let throughTree = Result { () throws(Diagnostic) in try evaluator.evaluate(Parser.parse(formula), in: context) }
            switch (inPlace, throughTree) {
            case (.success(let a), .success(let b)): #expect(a.description == b.description, "\(formula)")
            case (.failure(let a), .failure(let b)):
                #expect(a.message == b.message && a.span == b.span && a.kind == b.kind, "\(formula)")
            default: Issue.record("\(formula): \(inPlace) but through its tree \(throughTree)")
            }
        }
    }

    /// A lambda from an earlier formula, called while source text is evaluated, runs in its own
    /// tree; the formula's own lambdas after it still read the formula's tables.
    @Test func lambdasFromOtherFormulasRunInTheirOwnTrees() throws {
        let evaluator = Evaluator()
        let made = try evaluator.evaluate("[(x) -> x * 2, (s) -> concat(s, \"!\")]")
        // Later formulas reuse the parser's buffers the lambdas' tree was built in.
        for _ in 0..<3 { _ = try evaluator.evaluate("sum(map([1, 2, 3], (y) -> y + 100))") }
        let context = DictionaryContext(["fs": made])
        #expect(try evaluator.evaluate("[map([1, 2], fs.0), map(['a'], fs.1), map([5], (z) -> z - 1)]", in: context).description
                == "[[2, 4], [a!], [4]]")
        #expect(try evaluator.evaluate("sum(map([1], fs.0)) + sum(map([3], (w) -> w * 3))", in: context).description == "11")
    }

    /// Lambdas that a result holds (in arrays, objects, or captured by other lambdas) keep their
    /// tree, and keep working after the parser's buffers are reused.
    @Test func lambdasOfFormulasReadInPlaceGetTheirTreeWhenTheyOutliveIt() throws {
        // Without a collection limit, so that a value of 2^40 leaves can be made.
        let evaluator = Evaluator(options: EvaluationOptions(maxCollectionCount: .max))
        let object = try evaluator.evaluate("{f: (x) -> x + 1, g: [(y) -> y * 2]}")
        let curried = try evaluator.evaluate("map([(x) -> x * 3], (f) -> (y) -> map([y], f))")
        // Shared arrays nested 40 deep hold one lambda: each array is visited once.
        let shared = try evaluator.evaluate("reduce(map([" + (1...40).map(String.init).joined(separator: ", ") + "], (v) -> v), (acc, v) -> [acc, acc], (z) -> z - 1)")
        for _ in 0..<3 { _ = try evaluator.evaluate("sum(map([1, 2], (w) -> w + 100))") }
        let context = DictionaryContext(["o": object, "c": curried, "s": shared])
        #expect(try evaluator.evaluate("[map([1], o.f), map([3], o.g.0)]", in: context).description == "[[2], [6]]")
        #expect(object.description == "{f: (x) -> x + 1, g: [(y) -> y * 2]}")
        #expect(try evaluator.evaluate("map([2], c.0)", in: context).description == "[[6]]")
        #expect(try evaluator.evaluate("map([5], s.0.1.0.1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0)", in: context).description == "[4]")
        // A lambda written as text while its formula runs, and by a lambda of another formula.
        #expect(try evaluator.evaluate("concat(toString((x) -> x + 1), \"!\")").text == "(x) -> x + 1!")
        let show = try evaluator.evaluate("(g) -> concat(\"<\", toString(g), \">\")")
        #expect(try evaluator.evaluate("map([(x) -> x], show)", in: DictionaryContext(["show": show])).description == "[<(x) -> x>]")
    }

    /// A custom function's body may keep a lambda it is given: the lambda keeps its tree.
    @Test func aCustomFunctionMayKeepTheLambdasItIsGiven() throws {
        final class Box: @unchecked Sendable { var kept: [Value] = [] }
        let box = Box()
        var registry = FunctionRegistry.standard
        registry.register(FunctionSignature("keep", [Parameter("value", .any)], returns: .any, category: .logic,
                                            summary: "Keeps its argument.", portability: .jfOnly)) { args throws(Diagnostic) in
            box.kept.append(args[0])
            return args[0]
        }
        let evaluator = Evaluator(registry: registry)
        _ = try evaluator.evaluate("length(map([1, 2], (x) -> keep((y) -> x * y)))")
        for _ in 0..<3 { _ = try evaluator.evaluate("sum(map([1, 2], (w) -> w + 100))") }
        #expect(box.kept.count == 2)
        #expect(try evaluator.evaluate("[map([10], k.0), map([10], k.1)]", in: DictionaryContext(["k": .array(box.kept)])).description
                == "[[10], [20]]")
        #expect(box.kept[0].description == "(y) -> x * y")
    }

    /// A custom function may evaluate another formula with the evaluator that calls it: the
    /// outer evaluation's tree, frames and arguments are left as they were.
    @Test func aFunctionBodyMayEvaluateWithItsOwnEvaluator() throws {
        final class Box: @unchecked Sendable { var evaluator: Evaluator? }
        let box = Box()
        var registry = FunctionRegistry.standard
        registry.register(FunctionSignature("twice", [Parameter("text", .string)], returns: .any, category: .text,
                                            summary: "Evaluates its text as a formula and doubles it.", portability: .jfOnly)) { args throws(Diagnostic) in
            guard case .string(let formula) = args[0], let evaluator = box.evaluator else { return .null }
            let inner = try evaluator.evaluate(Parser.parse(formula))
            guard case .number(let number) = inner else { return .null }
            return .number(number * 2)
        }
        let evaluator = Evaluator(registry: registry)
        box.evaluator = evaluator
        let context = DictionaryContext(["rows": .array([.number(1), .number(2)])])
        let tree = Parser.parse("map(rows, (r) -> r + twice(\"sum(map([1, 2, 3], (x) -> x * 10))\")) ")
        #expect(try evaluator.evaluate(tree, in: context).description == "[121, 122]")
        #expect(try evaluator.evaluate(Parser.parse("1 + twice(\"2 + 3\") + 4")).description == "15")
    }

    /// The element slot borrows each element without retaining it: elements that hold
    /// references (objects, strings, arrays) must outlive every way out of the callback —
    /// returned, captured by a lambda, a failure part way, nested loops over the same array.
    @Test func elementsThatHoldReferencesSurviveTheirCallbacks() throws {
        let keys = ObjectKeys(["name", "tags"])
        let rows = (0..<3).map { index in
            Value.object(ObjectValue(keys: keys, values: [.string("row number \(index) with a long name"),
                                                          .array([.string("tag \(index) that is not small")])]))
        }
        let context = DictionaryContext(["rows": .array(rows)])
        let evaluator = Evaluator()
        for _ in 0..<3 {
            #expect(try evaluator.evaluate("map(rows, (r) -> r)", in: context).description.contains("row number 2"))
            #expect(try evaluator.evaluate("map(rows, (r) -> r.tags)", in: context).description.contains("tag 1"))
            let kept = try evaluator.evaluate("map(rows, (r) -> (x) -> r.name)", in: context)
            #expect(kept.description.contains("(x) -> r.name"))
            #expect(throws: Diagnostic.self) { try evaluator.evaluate("map(rows, (r, i) -> if(i == 1, r.name * 2, r))", in: context) }
            #expect(try evaluator.evaluate("map(rows, (r) -> length(filter(rows, (s) -> s.name == r.name)))", in: context).description == "[1, 1, 1]")
            #expect(try evaluator.evaluate("reduce(rows, (acc, r) -> r, null).name", in: context).description == "\"row number 2 with a long name\"")
        }
        #expect(try evaluator.evaluate("map(rows, (r) -> r.name)", in: context).description.contains("row number 0"))
    }

    @Test func elementCallbacksSeeElementIndexAndArray() throws {
        let evaluator = Evaluator()
        func text(_ source: String, _ context: DictionaryContext = DictionaryContext()) throws -> String {
            try evaluator.evaluate(source, in: context).description
        }
        #expect(try text("map([5, 6, 7], (x, i, all) -> x * i + length(all))") == "[3, 9, 17]")
        #expect(try text("map([1, 2], (x) -> map([10, 20], (y, j) -> x + y + j))") == "[[11, 22], [12, 23]]")
        #expect(try text("filter([4, 5, 6, 7], (x, i) -> i != 1 && x != 7)") == "[4, 6]")
        #expect(try text("flatMap([1, 2], (x, i) -> [x, i])") == "[1, 0, 2, 1]")
        // Stops at the deciding element: the error further on is never reached.
        #expect(try text("find([1, 12, \"x\"], (x) -> x > 10)") == "12")
        #expect(try text("some([1, 12, \"x\"], (x) -> x > 10)") == "true")
        #expect(try text("every([1, 0, \"x\"], (x) -> x > 0)") == "false")
        #expect(try text("find([1, 2], (x) -> x > 10)") == "null")
        #expect(try text("reduce([1, 2, 3], (acc, x, i, all) -> acc + x * i + length(all), 0)") == "17")
        #expect(try text("reduce([1, 2], (acc) -> acc + 1, 0)") == "2")
        #expect(try text("reduce([[1], [2, 3]], (acc, x) -> acc + reduce(x, (a, y) -> a * 10 + y, 0), 0)") == "24")
        // An error part way through leaves the evaluator ready for the next formula.
        #expect(throws: Diagnostic.self) { try evaluator.evaluate("map([1, \"a\", 3], (x, i) -> x * 2)") }
        #expect(throws: Diagnostic.self) { try evaluator.evaluate("filter([1, 2], (x) -> x)") }
        #expect(try text("map([2, 3], (x) -> x * 2)") == "[4, 6]")
        // A lambda made by another formula runs in its own tree, with all three parameters.
        let foreign = try evaluator.evaluate("(x, i, all) -> x + i * length(all)")
        #expect(try text("map([1, 1], f)", DictionaryContext(["f": foreign])) == "[1, 3]")
        #expect(try text("filter([0, 1, 2], (v) -> sum(map([v], f)) != 1)", DictionaryContext(["f": foreign])) == "[0, 2]")
        let digits = try evaluator.evaluate("(acc, x) -> acc * 10 + x")
        #expect(try text("reduce([1, 2, 3], f, 0)", DictionaryContext(["f": digits])) == "123")
    }
}

private extension Value {
    var first: Value? {
        if case .array(let array) = self { return array.first }
        return nil
    }
}
