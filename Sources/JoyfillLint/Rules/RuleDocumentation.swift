/// The documentation of every rule, in one place: `jf lint --explain RULE` prints it, and
/// `docs/rules/<name>.md` is generated from it (a test fails when a page is stale).
public enum RuleDocumentation {
    struct Page {
        var what: String
        var why: String
        var bad: String
        var good: String
        var fix: String
    }

    /// The Markdown page of a rule.
    public static func page(for rule: LintRule) -> String {
        let page = pages[rule.name]!
        let fixability: String
        switch rule.fixability {
        case .never: fixability = "no automatic fix"
        case .sometimes: fixability = "some findings have a safe fix (`jf lint --fix`)"
        case .suggestions: fixability = "no safe fix; some findings have a suggestion (`jf lint --fix --unsafe-fixes`)"
        case .always: fixability = "always fixable (`jf lint --fix`)"
        }
        return """
            # \(rule.name)

            \(rule.summary)

            Default severity: **\(rule.severity.rawValue)**; \(fixability).

            ## What it does

            \(page.what)

            ## Why

            \(page.why)

            ## Example

            \(page.bad)

            Use instead:

            \(page.good)

            ## How to fix

            \(page.fix)

            Configure or silence it like any rule: `ignore = ["\(rule.name)"]` or `[lint.severity]` in `jf.toml`,
            or `"jfLint": {"ignore": ["\(rule.name)"]}` on a document, field or formula (see [README](README.md)).

            """
    }

    private static func formula(_ text: String) -> String { "```\n\(text)\n```" }
    private static func json(_ text: String) -> String { "```json\n\(text)\n```" }

    static let pages: [String: Page] = [
        "syntax-error": Page(
            what: "Reports a formula that does not parse, with what the parser expected and where.",
            why: "A formula that does not parse never runs: the field keeps a stale value in every SDK.",
            bad: formula("sum(price, qty"),
            good: formula("sum(price, qty)"),
            fix: "Read the message: it names the token that was expected (`')'`, an expression, a parameter name) and the caret shows where. The language has no `%`, ternary `? :`, `**` or comments; use `mod()`, `if()` and `pow()`. Strings have no escape sequences: a string holding `\"` is written between `'` quotes. Lookalikes of ASCII pasted from a word processor or a web page (typographic quotes `“ ” ‘ ’`, `≠ ≤ ≥ × ÷ −`, dashes, zero-width spaces) are the one safe fix: `jf lint --fix` replaces every one outside strings with the ASCII meant. Other mistakes get a suggestion (`--fix --unsafe-fixes`) where one edit makes the formula parse: brackets left open at the end are named and closed there (`sum(price, qty` gets `)`; the writer may have meant to close them earlier), a closing bracket of the wrong kind is replaced (`sum(1, 2]`), a comma missing between two arguments, elements or members is inserted (`concat(\"a\" \"b\")`), and a lambda's parameter is put in parentheses (`x -> x * 2`)."),
        "invalid-operator": Page(
            what: "Reports spellings that other languages have and this one does not: the operators `===`, `!==`, `=` (for comparison), `&`, `|` and `<>` (spreadsheets' and SQL's 'not equal'), arguments separated by `;` (spreadsheets in some locales) and a formula that starts with `=` (a spreadsheet's formula bar).",
            why: "Every Joyfill SDK rejects them. jf understands what was meant and says so, but the template would fail everywhere else.",
            bad: formula("=if(status === \"Open\" & qty <> 0; 1; 0)"),
            good: formula("if(status == \"Open\" && qty != 0, 1, 0)"),
            fix: "`jf lint --fix` rewrites `===` to `==`, `!==` and `<>` to `!=`, `=` to `==`, `&` to `&&`, `|` to `||` and `;` between arguments to `,`, and removes a leading `=`. `==` is already strict: it never converts types."),
        "unknown-function": Page(
            what: "Reports a call to a function that is not in the registry (`jf functions` lists them), with the closest name.",
            why: "An unknown function fails when the formula runs, in every SDK.",
            bad: formula("rund(total * 1.2, 2)"),
            good: formula("round(total * 1.2, 2)"),
            fix: "When exactly one function name is that close, `jf lint --fix` replaces the misspelt name; otherwise the suggestion is shown and left to you. A name that spreadsheets, JavaScript or Python use (`len`, `CONCATENATE`, `toUpperCase`, `ceiling`) gets the function that does the same as a suggestion, never applied, since its arguments may differ (`size` is `length`, although `some` is as close in spelling). A name whose work is written here with several functions (`TODAY`, `DATEDIFF`, `VLOOKUP`, `SUMIF`, `MID`) gets a note that shows how, and no fix. Function names are case-insensitive."),
        "wrong-arity": Page(
            what: "Reports a call with fewer or more arguments than the function's signature allows.",
            why: "The call fails at run time with an `arguments` error.",
            bad: formula("round(price)"),
            good: formula("round(price, 2)"),
            fix: "The note shows the function's usage; `jf lint --explain` is for rules, `jf functions` (or `:doc` in the REPL) shows a function's signature and examples."),
        "type-mismatch": Page(
            what: "Reports an argument or operand whose type can never be accepted, found without evaluating: literals, results of functions, fields whose type the document declares, and columns read from a table's or collection's rows, which are arrays. Arithmetic on whole columns (`items.price * items.qty`, as a spreadsheet writes it) gets a suggestion that maps the rows: `map(items, (row) -> row.price * row.qty)`.",
            why: "The language never converts types implicitly, so `\"5\" * 2` or `upper(qty)` on a number field always fails, and operators never work element by element.",
            bad: formula("upper(qty) + \" items\""),
            good: formula("toString(qty) + \" items\""),
            fix: "Convert explicitly with `toNumber()`, `toString()` or `date()`, or use the function meant for that type. Combine columns row by row with `map()`, and total them with `sum()`. The suggestion for columns is not applied by `--fix`: mapping gives an array where the formula may have meant one number."),
        "unknown-reference": Page(
            what: "Reports a name that is neither a lambda parameter nor the `_id` of a field of the document, with the closest field id.",
            why: "Formulas reference fields by `_id` (case-sensitive). An unknown name fails at run time with a `reference` error; titles and identifiers are never used.",
            bad: formula("price * qyt"),
            good: formula("price * qty"),
            fix: "Use the field's `_id`. The suggestion is the id spelt closest, or else the id of the field whose title or `identifier` the name is, compared by letters and digits only (`LineItems` and `line_items` for the title \"Line items\"). It is not applied by `--fix`, because a field with a similar id may be a different field."),
        "unknown-column": Page(
            what: "Reports a column that a table's or collection's rows, or a chart's lines or points, do not have, wherever the rows are known and reading it fails: a path from the field (`items.prise`, which may also name a column by its title, ignoring case; `sales.titel`), a row passed to a callback (`row` in `map(items, (row) -> row.prise)`, `filter`, `find`, `some`, `every`, `flatMap`, `reduce`), a row taken by index (`items.0`, `items[0]`) or by `find`, a collection row's `children` and their schemas, and a chart line's `points`. The closest column is suggested. A column read from every row of an array of rows (`filter(items, …).prise`) gives nulls instead of failing: that is [null-projection](null-projection.md).",
            why: "A row holds exactly its table's columns, by `_id`, and a chart line and point exactly their properties. A misspelt column fails at run time (`table 'items' has no column 'prise'`, `the object has no property 'prise'`), often only once the table has rows.",
            bad: formula("sum(map(items, (row) -> row.prise * row.qty))"),
            good: formula("sum(map(items, (row) -> row.price * row.qty))"),
            fix: "Use the column's `_id` (in a row) or its `_id` or title (in a path from the field). The suggestion is not applied by `--fix`, because a column with a similar id may be a different column. A name that is a function here (`items.length`, `items.count`) is suggested as the call, `length(items)`."),
        "null-projection": Page(
            what: "Reports a column read from every row of an array of rows of known shape that do not have it: the rows `filter` keeps (`filter(items, …).prise`), a collection row's child rows (`sites.0.children.checks.scor`), a chart line's points (`sales.0.points.lable`). The closest column is suggested.",
            why: "Reading a key from every element of an array gives each element's value, and null where an element lacks the key, so the formula does not fail: it quietly works on a list of nulls (`sum` of it is 0, `concat` of it empty text). A path from the field itself (`items.prise`) fails instead, and is [unknown-column](unknown-column.md).",
            bad: formula("sum(filter(items, (row) -> row.qty > 1).prise)"),
            good: formula("sum(filter(items, (row) -> row.qty > 1).price)"),
            fix: "Use the column's `_id`. The suggestion is not applied by `--fix`, because a column with a similar id may be a different column."),
        "invalid-argument": Page(
            what: "Reports a string literal given for a parameter that takes only certain words, when it is none of them: the unit of `dateAdd()` and `dateSubtract()` (`years`, `months`, `weeks`, `days`, `hours`, `minutes`, `seconds`, `milliseconds`, their singulars and short forms, in any letter case). The closest word is offered as a suggestion (`jf lint --fix --unsafe-fixes`).",
            why: "The function refuses any other word, so the formula always fails with an `arguments` error, and the field keeps its old value.",
            bad: formula("dateAdd(start, 14, \"dayz\")"),
            good: formula("dateAdd(start, 14, \"days\")"),
            fix: "Use one of the words the note lists; `jf functions dateAdd` documents them."),
        "division-by-zero": Page(
            what: "Reports a division or `mod()` whose divisor is the literal `0`.",
            why: "Division by zero is an error (not Infinity), so the formula always fails.",
            bad: formula("total / 0"),
            good: formula("if(count == 0, 0, total / count)"),
            fix: "Divide by the intended field, and guard divisors that can be zero with `if()`."),
        "always-false-comparison": Page(
            what: "Reports `==` and `!=` between values of types that are never equal, `==` on arrays or objects, and `<`, `>`, `<=`, `>=` on types that are not ordered.",
            why: "`==` does not convert types (`\"1\" == 1` is false), arrays and objects are never equal, and text is not ordered, so the outcome is fixed before the formula runs.",
            bad: formula("if(qty == \"0\", \"none\", \"some\")"),
            good: formula("if(qty == 0, \"none\", \"some\")"),
            fix: "Compare values of one type: convert with `toNumber()` or `toString()`, compare `length(items) == 0` rather than `items == []`."),
        "date-milliseconds": Page(
            what: "Reports a small whole number (under 1000) added to a date (`due_date + 30`), and a difference of two dates compared with one (`due_date - invoice_date > 30`).",
            why: "A date is a count of milliseconds: `+ 30` moves it by 30 milliseconds, and a difference of dates is in milliseconds too, so comparing it with a number of days is decided by the days' count of milliseconds, not by the days. The formula runs without an error and gives the wrong answer.",
            bad: formula("if(due_date - invoice_date > 30, \"late\", due_date + 7)"),
            good: formula("if((due_date - invoice_date) / 86400000 > 30, \"late\", dateAdd(due_date, 7, \"days\"))"),
            fix: "Move a date with `dateAdd(date, amount, unit)` (`\"days\"`, `\"weeks\"`, `\"months\"` …), and divide a difference of dates by 86400000 (the milliseconds of a day) before comparing it with days. The suggestions (`jf lint --fix --unsafe-fixes`) do both, taking the number for days. A number of 1000 or more is taken to be milliseconds already (`due_date + 86400000`) and is not reported."),
        "unknown-option": Page(
            what: "Reports `==` and `!=` between a dropdown, a field or a cell of a dropdown column (`row.category` in `filter(items, (row) -> …)`), or an element of a multiSelect or of a column of dropdowns in a callback (`(tag)` in `filter(tags, (tag) -> …)`), and a text literal that is none of its options' texts: a misspelling, another letter case, or the `_id` of an option. Also `countIf()` of a text over a multiSelect or a column of dropdowns (`countIf(site.children.checks.result, \"Failed\")`) when no option's text contains it.",
            why: "A formula reads a dropdown as its selected option's text, or `\"\"` when none is selected, and a multiSelect as the array of its selected options' texts, so a comparison with any other text is always false (`!=`: always true), and such a `countIf()` always 0, whatever is selected. The document stores the option's `_id`, which makes comparing with the id tempting, but a formula never sees it.",
            bad: formula("if(status == \"paid\", total, 0)"),
            good: formula("if(status == \"Paid\", total, 0)"),
            fix: "Compare with the option's text exactly as the template writes it: the finding lists the options. The suggestion (`jf lint --fix --unsafe-fixes`) is the text of the option whose `_id` was written, or the closest text. Every option counts, deleted ones too (a stored value may still select one); `\"\"` is never reported."),
        "circular-reference": Page(
            what: "Reports fields whose formulas read each other in a cycle, once per cycle, on the field with the smallest id, naming the whole path.",
            why: "A cycle has no evaluation order: every field on it keeps its previous value and every field that reads one of them is not computed either.",
            bad: json("""
                "formulas": [{"_id": "f_a", "expression": "b + 1"}, {"_id": "f_b", "expression": "a * 2"}]
                // a applies f_a, b applies f_b: a → b → a
                """),
            good: json("""
                "formulas": [{"_id": "f_a", "expression": "base + 1"}, {"_id": "f_b", "expression": "a * 2"}]
                """),
            fix: "Remove one reference on the path; the caret shows the read that closes the loop. `jf graph DOC` draws the dependencies."),
        "write-type-mismatch": Page(
            what: "Reports a formula whose every possible result is refused by the field it writes: text that cannot read as a number into a number field, a number into a multiSelect or chart, anything into a table or collection, a non-boolean into `hidden`.",
            why: "The result cannot be stored, so the field keeps its previous value and the run reports an error every time.",
            bad: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total: concat("Total: ", sum(prices))
                """),
            good: json("""
                {"_id": "total", "type": "number", "formulas": [{"formula": "f_total", "key": "value"}]}
                // f_total: sum(prices)
                """),
            fix: "Produce the field's type (`toNumber()` for text that holds a number), or move the formula to a field of the right type. A number field stores text that reads as a number, so text is reported only when it certainly does not: a literal (`\"5\"` is accepted, `\"five\"` is not), or a text that starts with a literal no number starts with (`concat(\"Total: \", x)`, `\"#\" + n`), through the branches of `if`."),
        "shadowed-field": Page(
            what: "Reports a lambda parameter that has the same name as a field of the document.",
            why: "Inside the lambda the name means the parameter, not the field; an author who meant the field gets the element instead, silently.",
            bad: formula("map(items, (qty) -> qty * price)"),
            good: formula("map(items, (item) -> item.qty * price)"),
            fix: "Rename the parameter (`item`, `row`, `x`)."),
        "json-text": Page(
            what: "Reports a text or textarea field whose value is the text of a JSON array or object, given to a function where text is taken (`length`, `upper`, `contains`, `concat` …).",
            why: "Formulas read such a field as the array or object, as the Joyfill SDKs do: `length(answers)` counts the elements rather than the characters, and `upper(answers)` fails. A template that means the text gets something else.",
            bad: json("""
                "fields": [{"_id": "answers", "type": "text", "value": "[\\"Yes\\", \\"No\\"]"}],
                "formulas": [{"_id": "f_count", "expression": "length(answers)"}]
                """),
            good: json("""
                "fields": [{"_id": "answers", "type": "text", "value": "[\\"Yes\\", \\"No\\"]"}],
                "formulas": [{"_id": "f_count", "expression": "countIf(answers, \\"Yes\\")"}]
                """),
            fix: "Nothing to fix when the array or object is what the formula means (`countIf(answers, \"Yes\")` is not reported). To read the text, store plain text that does not start with `[` or `{`."),
        "non-portable": Page(
            what: "Reports syntax and functions that a target SDK does not run: `=>` lambdas, exponent literals (`1e3`), a `-` written against a digit (`5-3`), names that start with a digit, and functions outside a target's catalogue (`iff` and `abs` are not in the Swift SDK; `jf functions` shows each function's portability).",
            why: "jf accepts more than the Joyfill SDKs (see docs/compatibility.md). A template that uses it works in `jf run` and fails in the app.",
            bad: formula("iff(total > 1e3, (x) => x, 5-3)"),
            good: formula("if(total > 1000, (x) -> x, 5 - 3)"),
            fix: "`jf lint --fix` rewrites `iff` to `if`, `=>` to `->`, `1e3` to `1000` and `5-3` to `5 - 3`. Set the SDKs with `targets = [\"swift\", \"web\"]` (default: swift, the reference engine; `web` means what the web formulas guide documents). When no spelling of a function runs on every target (with both targets, the Swift SDK has only `if` and the web only `iff`), the one most targets run is kept, the Swift SDK deciding a tie: `if` is then not reported, since nothing better can be written, and `iff` is, with a fix to `if`. Narrow `targets` to the SDKs a template is for to hear of the rest."),
        "missing-formula": Page(
            what: "Reports a field whose `formulas` entry names a formula `_id` that the document's `formulas` list does not have.",
            why: "The SDKs skip the entry silently: the field is never computed.",
            bad: json("""
                "fields": [{"_id": "total", "formulas": [{"formula": "f_totl", "key": "value"}]}],
                "formulas": [{"_id": "f_total", "expression": "sum(items.price)"}]
                """),
            good: json("""
                "fields": [{"_id": "total", "formulas": [{"formula": "f_total", "key": "value"}]}],
                "formulas": [{"_id": "f_total", "expression": "sum(items.price)"}]
                """),
            fix: "Correct the id (the note suggests the closest one) or add the formula to the document's `formulas`."),
        "unused-formula": Page(
            what: "Reports a document formula that no field applies.",
            why: "It never runs, so it is dead weight or, more often, a formula whose application was lost.",
            bad: json("""
                "formulas": [{"_id": "f_tax", "expression": "subtotal * 0.2"}]   // no field applies f_tax
                """),
            good: json("""
                {"_id": "tax", "type": "number", "formulas": [{"formula": "f_tax", "key": "value"}]}
                """),
            fix: "Apply it to a field or delete it."),
        "invalid-key": Page(
            what: "Reports an applied formula whose `key` is neither `value` nor `hidden` (a missing `key` means `value`).",
            why: "Only those two keys are written (decision B5); any other key makes the field an error in `jf run` and is ignored by the SDKs.",
            bad: json("""
                {"_id": "total", "formulas": [{"formula": "f_total", "key": "vaule"}]}
                """),
            good: json("""
                {"_id": "total", "formulas": [{"formula": "f_total", "key": "value"}]}
                """),
            fix: "Write `\"key\": \"value\"` to set the field's value, or `\"key\": \"hidden\"` with a boolean formula to show or hide it."),
        "invalid-logic": Page(
            what: "Reports conditional logic (`logic` on a field, page or collection schema) that cannot work as written: logic that is not an object or has no `action` of `show` or `hide`, an `eval` other than `and` or `or`, a condition with no `field`, an unknown operator (`==`), a field the document does not have, `>` or `<` with a value that is not a number, and a dropdown or multiSelect compared with something that is none of its option ids (its option's text, most often). On a collection schema, also: a condition with no `columnID`, a column the schema it reads does not have, a `schema` that is not above the logic's own, conditions listed under `conditions` instead of `schemaConditions`, and logic on the root schema (its rows hang under no row for conditions to read). `jf validate` reports the same problems.",
            why: "Such a condition never holds (or, with `!=`, always does), so the field or page it should show stays hidden, or the one it should hide stays shown, and a required field may be checked or skipped by mistake. The SDKs give no error.",
            bad: json("""
                "logic": {"action": "show", "conditions": [{"field": "priority", "condition": "=", "value": "High"}]}
                """),
            good: json("""
                "logic": {"action": "show", "conditions": [{"field": "priority", "condition": "=", "value": "opt_high"}]}
                """),
            fix: "Name an existing field (or, on a schema, a column of the row above), use one of `=`, `!=`, `?=`, `>`, `<`, `null=` and `*=`, and compare dropdowns and multiSelects with an option's `_id` (see docs/validation.md)."),
        "invalid-decorator": Page(
            what: "Reports decorators (the tappable icons and labels on fields, rows, columns and cells) that cannot work as stored: one without an `action` or with an empty one, a `color` that is not `#RRGGBB`, two in one scope with the same action, one with neither an icon nor a label, an icon the SDKs do not draw, a cell decorator for a column the table does not have, row decorators under `\"decorate\": false`, `rowDecorators` on a field that is not a table, decorators stored in a shape the SDKs do not read, and row, column or schema ids spelt like the words paths reserve (`rows`, `columns`, `schemas`), which no path can name (see docs/decorators.md).",
            why: "The SDKs refuse to add such decorators through their API, but show what a template stores: a decorator without an icon or label is never drawn, a tap on one of two with the same action cannot be told from the other, and an unknown icon becomes a default symbol.",
            bad: json("""
                "rowDecorators": [{"action": "archive", "icon": "archive", "color": "red"}, {"action": "archive", "label": "Archive"}]
                """),
            good: json("""
                "rowDecorators": [{"action": "archive", "icon": "folder", "color": "#DC2626"}, {"action": "share", "label": "Share"}]
                """),
            fix: "Give every decorator a unique `action`, an `icon` from the supported list or a `label`, and a `color` of the form `#RRGGBB`."),
        "invalid-value": Page(
            what: "Reports stored values that their field's or column's type does not hold, in fields and in the cells of tables and collections at every level: text in a number field (`\"12\"`), a number or boolean in a text field, a date stored as text, or as seconds where date fields hold epoch milliseconds, a dropdown or multiSelect holding an option's text instead of its `_id` or an id no option has, a multiSelect holding one id instead of an array, a table or chart that is not an array, rows without an `_id`, two rows with the same `_id`, rows a `rowOrder` does not list, cells of no column, children of a schema the row's schema does not list, and chart points whose `x` or `y` is not a number. An empty text (`\"\"`), null and a missing value are how the SDKs store nothing, and are never reported; deleted rows are not read, so not checked. At most 100 values are reported per field, then how many more there are.",
            why: "Formulas read a value by its field's or column's type, so such a value reads differently from what the document seems to say: `qty * 2` on the text `\"12\"` is a type error, a dropdown holding `\"Open\"` instead of its option's `_id` reads as `\"\"`, a multiSelect leaves out the ids it does not know, a date of `1748797200` is a moment in January 1970, and a cell of no column is never read.",
            bad: json("""
                {"_id": "status", "type": "dropdown", "value": "Open", "options": [{"_id": "o_open", "value": "Open"}]}
                """),
            good: json("""
                {"_id": "status", "type": "dropdown", "value": "o_open", "options": [{"_id": "o_open", "value": "Open"}]}
                """),
            fix: "Store what the type holds: numbers as JSON numbers, dates as epoch milliseconds, options by their `_id`. Where what was meant is clear (the number in the text, the option with that text, the milliseconds of that date), the finding carries it as a suggestion: `jf lint --fix --unsafe-fixes` stores it, and `--diff --unsafe-fixes` shows it first. Applying it changes what formulas read, which is the point, but read the diff. A row that `rowOrder` leaves out has a safe fix, which `jf lint --fix` applies: its id added at the end of the `rowOrder`, where jf shows it already, so that every SDK shows the rows in one order."),
        "invalid-document": Page(
            what: "Reports structural problems the reader works around: two fields, two formulas or two pages with the same `_id`, formulas without an `_id` or an `expression`, fields without a `type`, options and columns without an `_id`, and numbers beyond a double's range (`1e999`). `jf run` reports the same problems (but pages, which formulas do not read) as warnings.",
            why: "References resolve to the first field with an id, applications to the first formula, and validation and decorator paths to the first page, so the second is silently ignored. A number beyond ±1.8e308 reads as ±Infinity, which no formula result can store back.",
            bad: json("""
                "fields": [{"_id": "qty", "type": "number"}, {"_id": "qty", "type": "text"}]
                """),
            good: json("""
                "fields": [{"_id": "qty", "type": "number"}, {"_id": "qty_note", "type": "text"}]
                """),
            fix: "Give every field, formula and page a unique `_id`, every formula an `expression` string, and keep numbers within a double's range."),
        "invalid-suppression": Page(
            what: "Reports a `jfLint` annotation that is not `{\"ignore\": [rule names]}`, or that names a rule that does not exist.",
            why: "A misspelt suppression silences nothing, and the finding it meant to silence keeps failing CI.",
            bad: json("""
                {"_id": "legacy_total", "jfLint": {"ignore": ["non-portible"]}}
                """),
            good: json("""
                {"_id": "legacy_total", "jfLint": {"ignore": ["non-portable"]}}
                """),
            fix: "Use rule names from `jf lint --list-rules`, or `\"all\"`."),
    ]
}
