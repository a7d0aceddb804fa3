import Foundation
import JoyfillSession
import JoyfillJSON
import JoyfillModel
import Testing
@testable import JoyfillServe

/// The form's HTML for every field type, the rich-text sanitiser, dates in a document's
/// format, and the session's answers without a socket.
struct ServeTests {
    /// A document with one field of every type the SDK shows, all on one page.
    static let everyType: JoyDoc = {
        let fields: [String] = [
            #"{"_id":"t","type":"text","title":"Name","value":"Ada <b>","required":true,"tipTitle":"Who","tipDescription":"Full name","tipVisible":true}"#,
            #"{"_id":"ta","type":"textarea","title":"Notes","value":"line 1\nline 2"}"#,
            #"{"_id":"n","type":"number","title":"Count","value":3.5}"#,
            #"{"_id":"d","type":"date","title":"When","value":1732233600000,"format":"DD/MM/YYYY hh:mma","tz":"Europe/Paris"}"#,
            #"{"_id":"dd","type":"dropdown","title":"Pick","value":"o2","options":[{"_id":"o1","value":"One"},{"_id":"o2","value":"Two"},{"_id":"o3","value":"Gone","deleted":true}]}"#,
            #"{"_id":"ms","type":"multiSelect","title":"Tags","value":["o1"],"options":[{"_id":"o1","value":"Red"},{"_id":"o2","value":"Blue"}]}"#,
            #"{"_id":"sg","type":"signature","title":"Signed","value":"data:image/png;base64,iVBORw0KGgo="}"#,
            #"{"_id":"im","type":"image","title":"Photo","value":[{"_id":"i1","url":"https://example.com/a.png","fileName":"a.png"}]}"#,
            #"{"_id":"bl","type":"block","title":"Heading","value":"Read this"}"#,
            #"{"_id":"rt","type":"richText","title":"Rich","value":"<p onclick=\"x()\">Hi <script>alert(1)</script><a href=\"javascript:alert(1)\">bad</a> <a href=\"https://joyfill.io\">good</a></p>"}"#,
            #"{"_id":"tb","type":"table","title":"Items","tableColumns":[{"_id":"c1","type":"text","title":"What","required":true},{"_id":"c2","type":"number","title":"Qty"},{"_id":"c3","type":"dropdown","title":"Kind","options":[{"_id":"k1","value":"A"}]},{"_id":"c4","type":"date","title":"Day"},{"_id":"c5","type":"multiSelect","title":"Marks","options":[{"_id":"m1","value":"M"}]}],"value":[{"_id":"r1","cells":{"c1":"x","c2":2,"c3":"k1","c4":1732233600000,"c5":["m1"]}},{"_id":"r2","cells":{"c2":1}}]}"#,
            #"{"_id":"co","type":"collection","title":"Sites","schema":{"root":{"root":true,"title":"Site","tableColumns":[{"_id":"s1","type":"text","title":"Site name"}],"children":["checks"]},"checks":{"title":"Checks","tableColumns":[{"_id":"k","type":"text","title":"Check"}]}},"value":[{"_id":"site_1","cells":{"s1":"North"},"children":{"checks":{"value":[{"_id":"c_1","cells":{"k":"Fence"}}]}}}]}"#,
            #"{"_id":"ch","type":"chart","title":"Sales","xTitle":"Month","yTitle":"Units","xMin":0,"xMax":10,"yMin":0,"yMax":100,"value":[{"_id":"l1","title":"North","points":[{"_id":"p1","label":"Jan","x":1,"y":20},{"_id":"p2","label":"Feb","x":2,"y":40}]}]}"#,
            #"{"_id":"fl","type":"file","title":"Files","value":[{"_id":"f1","fileName":"report.pdf"}]}"#,
            #"{"_id":"cu","type":"custom","title":"Custom"}"#,
        ]
        let positions = ["t", "ta", "n", "d", "dd", "ms", "sg", "im", "bl", "rt", "tb", "co", "ch", "fl", "cu"].enumerated().map { index, id in
            #"{"_id":"p\#(index)","field":"\#(id)","type":"text","x":0,"y":\#(index),"width":12,"height":1}"#
        }
        let text = #"{"_id":"doc","fields":[\#(fields.joined(separator: ","))],"files":[{"_id":"file_1","pages":[{"_id":"page_1","name":"All","fieldPositions":[\#(positions.joined(separator: ","))]}]}]}"#
        return try! JoyDoc(bytes: Array(text.utf8))
    }()

    func html(readonly: Bool = false) -> [String: String] {
        let renderer = FormRenderer(editor: DocumentSession(document: Self.everyType), readonly: readonly, tableViews: [:])
        return Dictionary(renderer.containers().map { ($0.field, $0.html) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func everyFieldTypeRendersWithItsLabelAndValue() {
        let html = html()
        #expect(html["t"]?.contains(#"<label class="title" for="f0-0-in">Name <abbr class="required""#) == true)
        #expect(html["t"]?.contains(#"value="Ada &lt;b&gt;""#) == true)
        #expect(html["t"]?.contains(#"<details class="tip"><summary>Who</summary><p>Full name</p></details>"#) == true)
        #expect(html["t"]?.contains("Name is required.") == false, "it has a value")
        #expect(html["ta"]?.contains(">line 1\nline 2</textarea>") == true)
        #expect(html["n"]?.contains(#"type="number" step="any" id="f0-2-in" data-field="n" value="3.5""#) == true)
        // A date once, in its format, its time in the field's zone (Paris: UTC+1 in November).
        #expect(html["d"]?.contains(#"value="22/11/2024 01:00am" placeholder="DD/MM/YYYY hh:mma" data-date="DD/MM/YYYY hh:mma" data-zone="Europe/Paris""#) == true)
        #expect(html["d"]?.contains(#"<span class="hint" id="f0-3-in-format">DD/MM/YYYY hh:mma, time in Europe/Paris</span>"#) == true)
        #expect(html["d"]?.contains(#"type="datetime-local" class="picker" data-for="f0-3-in" tabindex="-1" aria-hidden="true" value="2024-11-22T01:00""#) == true)
        #expect(html["dd"]?.contains(#"<option value="o2" selected>Two</option>"#) == true)
        #expect(html["dd"]?.contains("Gone") == false, "a deleted option is not offered")
        #expect(html["ms"]?.contains("<legend>Tags</legend>") == true)
        #expect(html["ms"]?.contains(#"value="o1" checked> Red</label>"#) == true)
        #expect(html["sg"]?.contains(#"<img class="signature" src="data:image/png;base64,iVBORw0KGgo=" alt="Signature: Signed">"#) == true)
        #expect(html["im"]?.contains(#"alt="a.png""#) == true)
        #expect(html["bl"]?.contains(#"<div class="block">Read this</div>"#) == true)
        #expect(html["rt"]?.contains(#"<div class="rich"><p>Hi <a>bad</a> <a href="https://joyfill.io" rel="noopener noreferrer" target="_blank">good</a></p></div>"#) == true,
                "\(html["rt"] ?? "")")
        #expect(html["tb"]?.contains(#"aria-label="Qty, row 2" value="1""#) == true)
        #expect(html["tb"]?.contains(#"<fieldset class="choices cell-choices" id="f0-10-in-r0-c4" data-field="tb" data-row="r1" data-column="c5" aria-label="Marks, row 1"><label><input type="checkbox" id="f0-10-in-r0-c4-0" value="m1" checked> M</label></fieldset>"#) == true,
                "a multiSelect cell is checkboxes, as the field")
        #expect(html["tb"]?.contains(#"aria-label="Day, row 1" value="11/22/2024" placeholder="MM/DD/YYYY""#) == true)
        #expect(html["tb"]?.contains(#"<td class="invalid"><input type="text""#) == true, "row 2 lacks the required What")
        #expect(html["tb"]?.contains("Row 2: What required.") == true)
        #expect(html["co"]?.contains(#"aria-label="Site name, row 1" value="North""#) == true)
        #expect(html["co"]?.contains("<summary>Checks of row 1 (1)</summary>") == true)
        #expect(html["co"]?.contains(#"aria-label="Check, row 1" value="Fence""#) == true)
        #expect(html["co"]?.contains(#"data-action="insertRow" data-field="co" data-schema="checks" data-parent="site_1">Add Checks row"#) == true)
        #expect(html["ch"]?.contains(#"<svg viewBox="0 0 480 280" role="img" aria-label="Sales">"#) == true)
        #expect(html["ch"]?.contains("<title>Jan: (1, 20)</title>") == true)
        #expect(html["ch"]?.contains(#"points="80,200 120,160""#) == true, "\(html["ch"] ?? "")")
        #expect(html["fl"]?.contains(#"<li><span>report.pdf</span> <button type="button" id="f0-13-in-remove0" data-action="removeFile" data-field="fl" data-file="f1" aria-label="Remove report.pdf""#) == true,
                "a file without a url is named, and can be removed")
        #expect(html["fl"]?.contains(#"<label class="upload">Add a file <input type="file" id="f0-13-in-upload""#) == true)
        #expect(html["im"]?.contains(#"<a href="https://example.com/a.png" download="a.png" rel="noopener noreferrer">a.png</a>"#) == true)
        #expect(html["sg"]?.contains(#"data-action="sign""#) == true && html["sg"]?.contains("Clear the signature") == true)
        #expect(html["cu"]?.contains("which the SDK does not show") == true)
    }

    @Test func readonlyDisablesEveryInputAndOffersNoRowActions() {
        let html = html(readonly: true).values.joined()
        #expect(!html.contains("data-action=\"insertRow\""))
        #expect(!html.contains("data-action=\"deleteRows\""))
        #expect(html.contains(#"id="f0-0-in" data-field="t" value="Ada &lt;b&gt;" disabled"#))
    }

    @Test func aLargeTableShowsOnePageOfRows() {
        let rows = (0..<1000).map { #"{"_id":"r\#($0)","cells":{"a":\#($0)}}"# }.joined(separator: ",")
        let text = #"{"fields":[{"_id":"big","type":"table","title":"Big","tableColumns":[{"_id":"a","type":"number","title":"A"}],"value":[\#(rows)]}],"files":[{"_id":"f","pages":[{"_id":"p","fieldPositions":[{"_id":"x","field":"big"}]}]}]}"#
        let editor = DocumentSession(document: try! JoyDoc(bytes: Array(text.utf8)))
        let first = FormRenderer(editor: editor, readonly: false, tableViews: [:]).containers()[0].html
        #expect(first.components(separatedBy: "<tr data-row=").count - 1 == FormRenderer.rowsPerPage)
        #expect(first.contains("Rows 1–50 of 1000"))
        let last = FormRenderer(editor: editor, readonly: false, tableViews: ["big": TableView(page: 99)]).containers()[0].html
        #expect(last.contains("Rows 951–1000 of 1000"), "a page past the end shows the last")
        #expect(last.contains(#"aria-label="A, row 1000" value="999""#))
    }

    /// Text and attribute values are escaped as they are added; names are the code's own.
    @Test func markupEscapesWhatItIsGiven() {
        let hostile = #"<script>alert("x")</script> & 'quote'"#
        let html = Markup.build { html in
            html.element("p", [.init("title", hostile), .flag("hidden", true), .flag("open", false), .optional("id", nil)], text: hostile)
            html.void("input", [.init("value", "\"><img src=x>")])
        }.html
        #expect(html == "<p title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quote&#39;\" hidden>"
                + "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quote&#39;</p><input value=\"&quot;&gt;&lt;img src=x&gt;\">")
    }

    @Test func richTextKeepsOnlySafeMarkup() {
        #expect(HTML.sanitize("<b>bold</b> & <i>it</i>").html == "<b>bold</b> &amp; <i>it</i>")
        #expect(HTML.sanitize("<img src=x onerror=alert(1)>text").html == "text")
        #expect(HTML.sanitize("<style>p{}</style><p>a</p><!-- c -->").html == "<p>a</p>")
        #expect(HTML.sanitize("<a href='mailto:a@b.c'>m</a>").html == #"<a href="mailto:a@b.c" rel="noopener noreferrer" target="_blank">m</a>"#)
        #expect(HTML.sanitize("<a href=\" javascript:x\">j</a>").html == "<a>j</a>")
        #expect(HTML.sanitize("1 < 2").html == "1 &lt; 2")
        #expect(HTML.sanitize("<svg><script>x</script></svg>after").html == "after")
    }

    /// A page whose positions all give x, y and width is the template's grid, its fields in
    /// reading order and clamped into its columns; one that lacks them is a list in page order.
    @Test func aPageIsLaidOutAsItsTemplatePlacesItsFields() {
        func form(_ positions: String, cols: String = "") throws -> String {
            let text = #"{"_id":"d","fields":[{"_id":"a","type":"text"},{"_id":"b","type":"text"},{"_id":"c","type":"text"}],"#
                + #""files":[{"_id":"f","pages":[{"_id":"p"\#(cols),"fieldPositions":[\#(positions)]}]}]}"#
            return FormRenderer(editor: DocumentSession(document: try JoyDoc(bytes: Array(text.utf8))), readonly: false, tableViews: [:]).form()
        }
        let grid = try? form(#"{"field":"a","x":12,"y":8,"width":12,"height":8},{"field":"b","x":0,"y":8,"width":30},{"field":"c","x":40,"y":0,"width":6}"#,
                             cols: #","cols":24"#)
        #expect(grid?.contains(#"<section class="page grid" id="pg0" style="--cols:24""#) == true)
        let order = ["\"c\"", "\"b\"", "\"a\""].map { grid?.range(of: "data-field=\($0)")?.lowerBound }
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted() && order.count == 3, "by row, then column")
        #expect(grid?.contains(#"id="f0-2" data-field="c" data-type="text" style="--x:24;--w:1;--y:1;--h:1""#) == true, "clamped into the grid")
        #expect(grid?.contains(#"id="f0-1" data-field="b" data-type="text" style="--x:1;--w:24;--y:9;--h:1""#) == true)
        let list = try? form(#"{"field":"a","x":0,"y":0,"width":6},{"field":"b"}"#)
        #expect(list?.contains(#"<section class="page" id="pg0""#) == true && list?.contains("--x") == false)
    }

    /// A table's rows sorted by a column (numbers by value, text with its numbers read as
    /// numbers, empty cells last either way) and searched in one column or all, as the form
    /// shows the cells; each row keeps its number, and moving rows is not offered meanwhile.
    @Test func aTablesRowsAreSortedAndSearchedAsShownKeepingTheirNumbers() throws {
        let text = #"{"fields":[{"_id":"t","type":"table","title":"T","tableColumns":[{"_id":"name","type":"text","title":"Name"},"#
            + #"{"_id":"qty","type":"number","title":"Qty"},{"_id":"kind","type":"dropdown","title":"Kind","options":[{"_id":"k1","value":"Bolt"},{"_id":"k2","value":"Nut"}]}],"#
            + #""value":[{"_id":"a","cells":{"name":"Item 10","qty":2,"kind":"k2"}},{"_id":"b","cells":{"name":"item 9","kind":"k1"}},"#
            + #"{"_id":"c","cells":{"name":"Item 1","qty":10,"kind":"k1"}}]}],"files":[{"_id":"f","pages":[{"_id":"p","fieldPositions":[{"_id":"x","field":"t"}]}]}]}"#
        let editor = DocumentSession(document: try JoyDoc(bytes: Array(text.utf8)))
        func rows(_ view: TableView) -> [String] {
            let html = FormRenderer(editor: editor, readonly: false, tableViews: ["t": view]).containers()[0].html
            return html.components(separatedBy: "<tr data-row=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(rows(TableView()) == ["a", "b", "c"])
        #expect(rows(TableView(sort: .init(column: "name", descending: false))) == ["c", "b", "a"], "Item 1, item 9, Item 10")
        #expect(rows(TableView(sort: .init(column: "qty", descending: false))) == ["a", "c", "b"], "the empty one last")
        #expect(rows(TableView(sort: .init(column: "qty", descending: true))) == ["c", "a", "b"], "the empty one last again")
        #expect(rows(TableView(search: "bolt")) == ["b", "c"], "a dropdown by its option's text, any case")
        #expect(rows(TableView(search: "1", searchColumn: "name")) == ["a", "c"])
        #expect(rows(TableView(search: "1")) == ["a", "c"], "Item 10 and Item 1, and qty 10 too")
        let html = FormRenderer(editor: editor, readonly: false, tableViews: ["t": TableView(sort: .init(column: "qty", descending: true))])
            .containers()[0].html
        #expect(html.contains(#"<th scope="col" aria-sort="descending"><button type="button" class="sort""#))
        #expect(html.contains(#"aria-label="Qty, row 3" value="10""#), "row c keeps its number, 3")
        #expect(html.contains(#"aria-label="Move row 3 up" title="Move row 3 up" disabled"#), "no moving while sorted")
    }

    /// A number shows its template's decimal places when it gives them, else 15 digits at most;
    /// what is stored keeps every digit.
    @Test func numbersShowTheTemplatesDecimalPlaces() throws {
        #expect(DisplayNumber.text(72.6, placesIn: try JSONReader.read(#"{"decimalPlaces": 2}"#)) == "72.60")
        #expect(DisplayNumber.text(1234.5678, placesIn: try JSONReader.read(#"{"decimalPlaces": 0}"#)) == "1235")
        #expect(DisplayNumber.text(0.1 + 0.2, placesIn: try JSONReader.read(#"{"decimalPlaces": 99}"#)) == "0.3", "out of range: not read")
        #expect(DisplayNumber.text(0.1 + 0.2, placesIn: try JSONReader.read("{}")) == "0.3")
    }

    @Test func datesFollowTheDocumentsFormatInUTC() {
        let noon = 1_732_276_800_000.0   // 2024-11-22 12:00 UTC
        #expect(DateText.format(noon, as: "MM/DD/YYYY") == "11/22/2024")
        #expect(DateText.format(noon, as: "YYYY-MM-DD HH:mm") == "2024-11-22 12:00")
        #expect(DateText.format(noon, as: "MMMM D, YYYY h:mma") == "November 22, 2024 12:00pm")
        #expect(DateText.inputValue(-86_400_000, withTime: false) == "1969-12-31")
        #expect(DateText.inputValue(.infinity, withTime: false) == "")
    }

    /// A date alone is the UTC day the formulas read; a time is in the field's `tz`, else in
    /// the browser's zone (an unknown `tz` is said so in the hint).
    @Test func eachDateIsShownInTheZoneItsTimeIsIn() {
        let noon = 1_732_276_800_000.0   // 2024-11-22 12:00 UTC
        #expect(DateText.Zone(format: "MM/DD/YYYY", tz: "Asia/Tokyo") == .utc)
        let tokyo = DateText.Zone(format: "MM/DD/YYYY HH:mm", tz: "Asia/Tokyo")
        #expect(tokyo == .named("Asia/Tokyo") && tokyo.local(noon).map { DateText.format($0, as: "MM/DD/YYYY HH:mm") } == "11/22/2024 21:00")
        let summer = 1_719_835_200_000.0   // 2024-07-01 12:00 UTC: New York is UTC-4, not -5
        #expect(DateText.Zone.named("America/New_York").local(summer).map { DateText.format($0, as: "HH:mm") } == "08:00")
        #expect(DateText.Zone(format: "h:mma", tz: nil) == .browser && DateText.Zone.browser.local(noon) == nil)
        #expect(DateText.Zone(format: "h:mma", tz: "Mars/Olympus") == .browser)
        #expect(DateText.hint(format: "h:mma", zone: .browser, tz: "Mars/Olympus") == "h:mma, your time (the field's zone 'Mars/Olympus' is unknown)")
        let input = FormRenderer.dateInput(id: "x", value: .number(noon), format: "h:mma", tz: nil, attributes: [], hintID: "x-format", pickerLabel: nil).html
        #expect(input.contains(#"value="" placeholder="h:mma" data-date="h:mma" data-zone="" data-ms="1732276800000""#),
                "only the page knows the browser's zone: it writes the time")
    }

    @Test func theSessionAppliesAFieldUpdateInPlaceAndSendsOnlyWhatChanged() async throws {
        let text = #"{"_id":"doc","formulas":[{"_id":"f","expression":"a * 2"}],"fields":[{"_id":"a","type":"number","title":"A","value":1,"file":"file_1"},{"_id":"b","type":"number","title":"B","formulas":[{"_id":"x","formula":"f","key":"value"}],"file":"file_1"},{"_id":"c","type":"text","title":"C","value":"same","file":"file_1"}],"files":[{"_id":"file_1","pages":[{"_id":"p","fieldPositions":[{"_id":"pa","field":"a"},{"_id":"pb","field":"b"},{"_id":"pc","field":"c"}]}]}]}"#
        let session = try FormSession(document: try JoyDoc(bytes: Array(text.utf8)), path: nil, settings: .init())
        _ = await session.page()
        let change = try JSONReader.read(#"{"version":0,"changes":[{"target":"field.update","fieldId":"a","change":{"value":5}}]}"#)
        let answer = try await session.change(change)
        let ids = answer["replace"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["f0-0", "f0-1"])
        #expect(answer["replace"]?.arrayValue?[1]["html"]?.stringValue?.contains(#"value="10""#) == true)
        #expect(await session.changelogs.count == 2)
        // A second tab that is behind is told to load the form again.
        let behind = try await session.change(try JSONReader.read(#"{"version":0,"changes":[{"target":"field.update","fieldId":"c","change":{"value":"x"}}]}"#))
        #expect(behind["reload"]?.boolValue == true)
        #expect(await session.changelogs.count == 2, "a change made in an older form is not applied")
    }

    /// A change the form would not have let a person make is made and said once, in words.
    @Test func aChangeToADisabledFieldIsMadeAndSaid() async throws {
        let text = #"{"_id":"doc","fields":[{"_id":"a","type":"number","title":"Approved total","value":1,"disabled":true,"file":"file_1"},"#
            + #"{"_id":"c","type":"text","title":"C","value":"same","file":"file_1"}],"#
            + #""files":[{"_id":"file_1","pages":[{"_id":"p","fieldPositions":[{"_id":"pa","field":"a"},{"_id":"pc","field":"c"}]}]}]}"#
        let session = try FormSession(document: try JoyDoc(bytes: Array(text.utf8)), path: nil, settings: .init())
        _ = await session.page()
        let answer = try await session.change(try JSONReader.read(#"{"version":0,"changes":[{"target":"field.update","fieldId":"a","change":{"value":5}}]}"#))
        #expect(answer["warnings"]?.arrayValue?.compactMap(\.stringValue)
                == ["Approved total: this field is disabled, so the form lets no one change it; the change was made anyway"])
        let next = try await session.change(try JSONReader.read(#"{"version":1,"changes":[{"target":"field.update","fieldId":"c","change":{"value":"x"}}]}"#))
        #expect(next["warnings"] == nil, "said once")
    }

    /// A row change reshapes the document, yet only the table's container and those of the
    /// formulas whose results moved are sent again.
    @Test func aRowChangeSendsOnlyTheTableAndTheResultsThatMoved() async throws {
        let text = #"{"_id":"doc","formulas":[{"_id":"f","expression":"sum(t.n)"},{"_id":"g","expression":"count(t) > 0"}],"fields":["#
            + #"{"_id":"t","type":"table","title":"T","tableColumns":[{"_id":"n","type":"number","title":"N"}],"value":[{"_id":"r","cells":{"n":1}}],"file":"file_1"},"#
            + #"{"_id":"s","type":"number","title":"S","formulas":[{"_id":"x","formula":"f","key":"value"}],"file":"file_1"},"#
            + #"{"_id":"any","type":"text","title":"Any","formulas":[{"_id":"y","formula":"g","key":"value"}],"file":"file_1"},"#
            + #"{"_id":"c","type":"text","title":"C","value":"same","file":"file_1"}],"#
            + #""files":[{"_id":"file_1","pages":[{"_id":"p","fieldPositions":[{"_id":"pt","field":"t"},{"_id":"ps","field":"s"},{"_id":"pa","field":"any"},{"_id":"pc","field":"c"}]}]}]}"#
        let session = try FormSession(document: try JoyDoc(bytes: Array(text.utf8)), path: nil, settings: .init())
        _ = await session.page()
        let answer = try await session.change(try JSONReader.read(
            #"{"version":0,"changes":[{"target":"field.value.rowUpdate","fieldId":"t","change":{"rowId":"r","row":{"cells":{"n":4}}}}]}"#))
        #expect(answer["replace"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["f0-0", "f0-1"],
                "the table and the sum; not the unchanged test, nor the text field")
        let page = await session.page()
        #expect(page.contains(#"aria-label="N, row 1" value="4""#), "the whole page agrees")
    }
}

/// Every JoyDoc the repository holds (examples, fixtures of every test target, hostile ones
/// among them) renders as a form without a crash, and a change of each field is answered.
struct ServeRobustnessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var documents: [URL] {
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        var files = (enumerator?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "json" }
        files += (try? FileManager.default.contentsOfDirectory(at: root.appendingPathComponent("examples"), includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "json" && ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) < 1 << 20 }
    }

    @Test func everyDocumentInTheRepositoryRendersAndTakesAChange() async throws {
        var rendered = 0
        for file in Self.documents {
            guard let bytes = try? Data(contentsOf: file), let document = try? JoyDoc(bytes: Array(bytes)) else { continue }
            let session = try FormSession(document: document, path: nil, settings: .init())
            let page = await session.page()
            #expect(page.hasSuffix("</html>"), "\(file.lastPathComponent)")
            for field in document.fields.prefix(20) {
                let change = JSONValue.object([JSONMember("version", .integer(await session.version)), JSONMember("changes", .array([.object([
                    JSONMember("target", "field.update"), JSONMember("fieldId", .string(field.id)),
                    JSONMember("change", .object([JSONMember("value", "x")])),
                ])]))])
                _ = try? await session.change(change)
            }
            _ = await session.form()
            rendered += 1
        }
        #expect(rendered > 50)
    }
}

/// A connection's bytes answered without a socket (``FormServer/exchange(_:port:)``), through
/// the same guards as over one: what the fuzz target `serve` drives.
struct ServeExchangeTests {
    static func server() throws -> FormServer {
        try FormServer(document: ServeTests.everyType, path: nil, configuration: .init(write: { _, _ in }))
    }

    @Test func eachRequestOfAConnectionIsCheckedOnItsOwn() async throws {
        let server = try Self.server()
        let token = server.token
        let requests = [
            "GET /api/form HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Token \(token)\r\n\r\n",
            "GET http://evil.example/api/form HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Token \(token)\r\n\r\n",
            "GET /api/form HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
            "GET /api/form HTTP/1.1\r\nHost: localhost:8080\r\nHost: evil.example\r\nAuthorization: Token \(token)\r\n\r\n",
            "POST /api/change HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Token \(token)\r\nContent-Length: 2\r\n\r\n{}",
            "POST /api/change HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Token \(token)\r\nX-JF-Request: 1\r\nContent-Length: 13\r\n\r\n{\"version\":0}",
            "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nCookie: jf-token-8080=\(token)\r\n\r\n",
        ]
        let answers = await server.exchange(Array(requests.joined().utf8))
        #expect(answers.map(\.status) == [200, 421, 401, 400, 403, 422, 404])
        #expect(answers[1].path == "/api/form", "the absolute-form target read as its path")
        #expect(try JSONReader.read(answers[0].body)["form"] != nil)
    }

    @Test func aHeadPastItsLimitOrBytesThatAreNoHTTPEndTheConnection() async throws {
        let server = try Self.server()
        let flood = "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Flood: " + String(repeating: " ", count: 100_000) + "x\r\n\r\n"
        #expect(await server.exchange(Array(flood.utf8)).map(\.status) == [431])
        #expect(await server.exchange(Array("\u{0}\u{1} nonsense\r\n\r\n".utf8)).map(\.status) == [400])
    }
}
