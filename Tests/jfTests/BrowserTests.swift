import Foundation
import Testing

/// `jf serve` in a real browser (headless Chromium through chromedriver): inputs found by
/// their labels, typed into as a person types, and the page checked for what the server
/// recomputed. Screenshots and the measured update times go to `.build/serve-browser/`; with
/// `JF_UPDATE_SCREENSHOTS=1` the screenshots also replace those of docs/serve.md.
@Suite(.serialized, .enabled(if: WebDriver.isAvailable, "Chromium and chromedriver are not installed"))
struct BrowserTests {
    static let output = JF.root.appendingPathComponent(".build/serve-browser")

    /// A browser on a `jf serve` of `arguments`, for `body`; both stop after it.
    func withPage(_ arguments: [String], _ body: (WebDriver, ServeProcess) async throws -> Void) async throws {
        let server = try ServeProcess(arguments)
        defer { server.stop() }
        let browser = try await WebDriver()
        do {
            try await browser.open(server.url)
            try await browser.wait(for: "the page's script", "return document.body.dataset.ready === '1';")
            try await body(browser, server)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    /// Replaces what `input` holds with `text`, as typing does (an input event a key).
    func retype(_ text: String, into input: WebDriver.Element, in browser: WebDriver) async throws {
        try await browser.run("arguments[0].select();", [input.json])
        try await browser.type(text, into: input)
    }

    /// The examples' file names, in order.
    static func examples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: JF.root.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Empties `input`, types `text` into it, and waits until `script` holds (`what` names it).
    func enter(_ text: String, into input: WebDriver.Element, in browser: WebDriver, until what: String, _ script: String,
               _ arguments: [Any] = []) async throws {
        try await browser.clear(input)
        try await browser.type(text, into: input)
        try await browser.wait(for: what, script, arguments)
    }

    func value(_ label: String, in browser: WebDriver) async throws -> String? {
        try await browser.property("value", of: try await browser.input(labelled: label))
    }

    /// Keeps a screenshot in `.build/serve-browser/`, and with `JF_UPDATE_SCREENSHOTS` set,
    /// for one docs/serve.md shows (`inDocs`), in docs/images too.
    func save(_ png: Data, as name: String, inDocs: Bool = true) throws {
        try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
        try png.write(to: Self.output.appendingPathComponent(name))
        if inDocs && ProcessInfo.processInfo.environment["JF_UPDATE_SCREENSHOTS"] != nil {
            try png.write(to: JF.root.appendingPathComponent("docs/images").appendingPathComponent(name))
        }
    }

    /// The token leaves the address bar once it is in the cookie; a Save refused because the
    /// file changed on disk offers Reload and Save as, and Save as keeps the person's work.
    @Test func theTokenLeavesTheURLAndARefusedSaveOffersReloadOrSaveAs() async throws {
        let directory = try ServeSecurityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.json")
        try await withPage([file.path]) { browser, _ in
            #expect(try await browser.run("return location.search;") as? String == "")
            let customer = try await browser.input(labelled: "Customer")
            try await retype("Mine Ltd", into: customer, in: browser)
            try await browser.wait(for: "the edit applied", "return document.getElementById('changelog-count').textContent !== '0';")
            #expect(try await browser.run("return document.getElementById('unsaved').hidden;") as? Bool == false, "the unsaved mark")
            let theirs = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Acme Tools Ltd", with: "Theirs Ltd")
            try theirs.write(to: file, atomically: true, encoding: .utf8)
            try await browser.click(try await browser.button("Save"))
            try await browser.wait(for: "the conflict dialog", "return document.getElementById('save-dialog').open && !document.getElementById('reload-button').hidden;")
            #expect(try await browser.text(of: try await browser.find("#save-conflict")).contains("changed on disk"))
            #expect(try String(contentsOf: file, encoding: .utf8) == theirs)
            let copy = directory.appendingPathComponent("mine.json")
            try await browser.type(copy.path, into: try await browser.input(labelled: "Path of a new .json file"))
            try await browser.click(try await browser.find("#save-path-button"))
            try await browser.wait(for: "the dialog closed", "return !document.getElementById('save-dialog').open;")
            #expect(try String(contentsOf: copy, encoding: .utf8).contains("Mine Ltd"))
            #expect(try await browser.run("return document.getElementById('unsaved').hidden;") as? Bool == true, "saved: no mark")
            #expect(try await browser.text(of: try await browser.find("#doc-path")) == copy.path)
        }
    }

    /// Decision D8 on screen: a failed formula's field and each field that depends on it are
    /// marked "not current", their values struck through, with the message and a link to the
    /// failure; the badge is red while a formula fails, though no field is missing.
    @Test func aFailedFormulaAndItsDependentsAreNeverShownAsCurrent() async throws {
        let directory = try ServeSecurityTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("stale.json")
        try #"""
            {"_id": "d", "formulas": [{"_id": "fb", "expression": "toNumber(a) * 2"}, {"_id": "fc", "expression": "b + 1"}],
             "files": [{"_id": "file1", "pages": [{"_id": "p1", "name": "Page", "fieldPositions": [
               {"_id": "x1", "field": "a"}, {"_id": "x2", "field": "b"}, {"_id": "x3", "field": "c"}]}]}],
             "fields": [
              {"_id": "a", "type": "text", "title": "A", "value": "x", "file": "file1"},
              {"_id": "b", "type": "number", "title": "B", "value": 4, "file": "file1", "formulas": [{"_id": "ab", "key": "value", "formula": "fb"}]},
              {"_id": "c", "type": "number", "title": "C", "value": 5, "file": "file1", "formulas": [{"_id": "ac", "key": "value", "formula": "fc"}]}
             ]}
            """#.write(to: file, atomically: true, encoding: .utf8)
        try await withPage([file.path]) { browser, _ in
            let stale = "return [...document.querySelectorAll('.field.failed .stale')].map(e => e.closest('.field').dataset.field).join(',');"
            #expect(try await browser.run(stale) as? String == "b,c")
            #expect(try await browser.run("return document.querySelector('[data-field=c] a.cause')?.getAttribute('href');") as? String == "#f0-1")
            #expect(try await browser.run("return getComputedStyle(document.querySelector('[data-field=c] input')).textDecorationLine;") as? String == "line-through")
            #expect(try await browser.run("return document.getElementById('status').className;") as? String == "status invalid")
            // A computed field is read-only, not disabled: in the Tab order, described as calculated.
            let computed = "const b = document.querySelector('[data-field=b] input'); "
                + "return [b.readOnly, b.disabled, b.tabIndex, document.getElementById(b.getAttribute('aria-describedby')).textContent].join();"
            #expect(try await browser.run(computed) as? String == "true,false,0,calculated by a formula")
            try await retype("3", into: try await browser.input(labelled: "A"), in: browser)
            try await browser.wait(for: "the formulas computed", "return document.querySelector('[data-field=c] input').value === '7';")
            #expect(try await browser.run(stale) as? String == "")
            #expect(try await browser.run("return document.getElementById('status').className;") as? String == "status valid")
        }
    }

    @Test func typingInTheInvoiceRecomputesItsFormulasAsYouType() async throws {
        try await withPage(["examples/invoice.json"]) { browser, _ in
            #expect(try await value("Total", in: browser) == "953.41")
            let quantity = try await browser.input(labelled: "Quantity, row 1")
            try await retype("5", into: quantity, in: browser)
            try await browser.wait(for: "the total after the quantity", "return document.getElementById('f0-2-in').value === '1229.45';")
            // A formula field no page places is updated too (its container is in the closed section).
            try await browser.wait(for: "the summary", "return document.querySelector('[data-field=summary] textarea').value === arguments[0];",
                                   ["Acme Tools Ltd: 3 items, total 1229.45"])

            // The table being typed in was left as it was; once the focus leaves it, it is replaced.
            try await browser.run("arguments[0].dataset.old = '1';", [quantity.json])
            // Typing goes on while answers arrive: the input being typed in is never replaced.
            let customer = try await browser.input(labelled: "Customer")
            try await browser.run("arguments[0].focus(); arguments[0].setSelectionRange(99, 99);", [customer.json])
            try await browser.type(" GmbH", into: customer)
            try await browser.wait(for: "the summary after the customer", "return document.querySelector('[data-field=summary] textarea').value.startsWith(arguments[0]);",
                                   ["Acme Tools Ltd GmbH:"])
            #expect(try await browser.property("value", of: customer) == "Acme Tools Ltd GmbH")
            try await browser.wait(for: "the table replaced after the focus left it",
                                   "const q = document.querySelector('[aria-label=\"Quantity, row 1\"]'); return q && q.dataset.old === undefined && q.value === '5';")

            // From the input event to the updated text, for each of 30 keystrokes.
            let price = try await browser.input(labelled: "Unit price, row 3")
            try await browser.run("arguments[0].focus();", [price.json])
            var times: [Double] = []
            for _ in 0..<30 {
                let before = try await browser.run("return Number(document.body.dataset.updates || 0);") as? Int ?? 0
                try await browser.type("1", into: price)
                let after = try await browser.wait(for: "an update", "return Number(document.body.dataset.updates || 0) > arguments[0] && document.body.dataset.lastUpdateMs;", [before])
                if let text = after as? String, let milliseconds = Double(text) { times.append(milliseconds) }
            }
            #expect(times.count == 30)
            let sorted = times.sorted()
            let report = ["example": "invoice.json", "edits": times.count, "medianMilliseconds": sorted[sorted.count / 2],
                          "p90Milliseconds": sorted[sorted.count * 9 / 10], "maxMilliseconds": sorted.last ?? 0] as [String: Any]
            try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .prettyPrinted])
                .write(to: Self.output.appendingPathComponent("update-times.json"))
            print("jf serve: invoice update, input event to updated text: \(report)")
        }
    }

    /// Add row, type into the new row, delete it, and clear a cell of an old row: the totals
    /// follow each, and a cleared cell reads as a new row's empty one.
    @Test func aNewRowOfTheInvoiceIsAddedAndItsFormulasRecompute() async throws {
        try await withPage(["examples/invoice.json"]) { browser, _ in
            try await browser.click(try await browser.button("Add row"))
            try await browser.wait(for: "row 4", "return document.querySelector('[aria-label=\"Quantity, row 4\"]');")
            try await browser.type("10", into: try await browser.input(labelled: "Unit price, row 4"))
            try await browser.type("2", into: try await browser.input(labelled: "Quantity, row 4"))
            try await browser.wait(for: "the total with row 4", "return document.getElementById('f0-2-in').value === '975.06';")
            try await browser.click(try await browser.button("Delete row 4"))
            try await browser.wait(for: "the total without row 4", "return document.getElementById('f0-2-in').value === '953.41';")
            #expect(try await browser.run("return document.querySelector('[aria-label=\"Quantity, row 4\"]');") is NSNull)
            // A cleared quantity reads as a new row's empty one, 0: the totals stay current.
            try await retype("\u{E003}", into: try await browser.input(labelled: "Quantity, row 1"), in: browser)
            try await browser.wait(for: "the total without row 1's quantity", "return document.getElementById('f0-2-in').value === '769.39';")
            #expect(try await browser.run("return document.querySelectorAll('.stale').length;") as? Int == 0)
            try await browser.click(try await browser.find("#changelog-button"))
            let log = try await browser.text(of: try await browser.find("#changelog"))
            #expect(log.contains("field.value.rowCreate") && log.contains("field.value.rowDelete"))
        }
    }

    /// Ctrl-Z in an input with nothing typed undoes the document's last change (a row added);
    /// the Redo button brings it back; Ctrl-Z in an input just typed in undoes the typing, as
    /// the browser does; undoing every change leaves no unsaved mark.
    @Test func undoAndRedoFromTheKeyboardAndTheBar() async throws {
        let control = "\u{E009}", release = "\u{E000}"
        let row4 = "return document.querySelector('[aria-label=\"Quantity, row 4\"]') !== null;"
        try await withPage(["examples/invoice.json"]) { browser, _ in
            try await browser.click(try await browser.button("Add row"))
            try await browser.wait(for: "row 4", row4)
            let focused = try await browser.run("return document.activeElement.getAttribute('aria-label');") as? String
            #expect(focused == "Description, row 4", "the new row has the focus")
            try await browser.type("\(control)z\(release)", into: try await browser.input(labelled: "Description, row 4"))
            try await browser.wait(for: "row 4 undone", "return document.querySelector('[aria-label=\"Quantity, row 4\"]') === null;")
            try await browser.click(try await browser.button("Redo"))
            try await browser.wait(for: "row 4 redone", row4)
            try await browser.click(try await browser.button("Undo"))
            try await browser.wait(for: "no unsaved mark", "return document.getElementById('unsaved').hidden && document.getElementById('undo-button').disabled;")

            let customer = try await browser.input(labelled: "Customer")
            try await browser.type(" and Sons", into: customer)
            try await browser.wait(for: "the typing sent", "return !document.getElementById('unsaved').hidden;")
            try await browser.type("\(control)z\(release)", into: customer)
            try await browser.wait(for: "the typing undone and sent",
                                   "return document.activeElement.value === 'Acme Tools Ltd' && !state.busy && state.queue.size === 0;")
            #expect(try await browser.run("return document.getElementById('redo-button').disabled;") as? Bool == true,
                    "the browser's undo took back the typing, and the document's undo did not run too")
        }
    }

    /// A date is typed as its format writes it (leading zeros optional), or picked from the
    /// calendar; text that is no date is marked and said, and not sent.
    @Test func aDateIsTypedInItsFormatOrPicked() async throws {
        let stored = "return fetch('/api/document').then((r) => r.json()).then((d) => d.fields.find((f) => f._id === 'approved_on').value === arguments[0]);"
        try await withPage(["examples/work-order.json"]) { browser, _ in
            try await browser.click(try await browser.button("Approval"))
            let date = try await browser.input(labelled: "Approved on *")
            #expect(try await browser.property("value", of: date) == "01/01/2025")
            #expect(try await browser.run("return document.getElementById(arguments[0].getAttribute('aria-describedby')).textContent;", [date.json]) as? String == "MM/DD/YYYY")
            try await retype("1/15/2025\u{E004}", into: date, in: browser)
            try await browser.wait(for: "January 15 stored", stored, [1_736_899_200_000])
            try await retype("02/30/2025\u{E004}", into: try await browser.input(labelled: "Approved on *"), in: browser)
            try await browser.wait(for: "no such day said", "return document.getElementById('notice').textContent.includes('is not a date; write it as MM/DD/YYYY');")
            #expect(try await browser.run("return document.querySelector('[aria-invalid=true][data-date]') !== null;") as? Bool == true)
            try await browser.run("""
                const picker = document.querySelector('input.picker');
                picker.value = '2025-03-01';
                picker.dispatchEvent(new Event('change', { bubbles: true }));
                """)
            try await browser.wait(for: "March 1 stored", stored, [1_740_787_200_000])
            try await browser.wait(for: "March 1 shown", "return document.querySelector('input[data-date]').value === '03/01/2025';")
        }
    }

    /// A date-time without a zone of its own is shown and typed in the browser's zone, which
    /// its hint names; one with a `tz` in that zone.
    @Test func aTimeIsInTheFieldsZoneElseTheBrowsers() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-dates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fields = [#"{"_id":"local","type":"date","title":"Local","format":"YYYY-MM-DD HH:mm","value":1732276800000}"#,
                      #"{"_id":"tokyo","type":"date","title":"Tokyo","format":"YYYY-MM-DD HH:mm","tz":"Asia/Tokyo","value":1732276800000}"#]
        let document = #"{"_id":"d","fields":[\#(fields.joined(separator: ","))],"files":[{"_id":"f","pages":[{"_id":"p","fieldPositions":[{"_id":"a","field":"local"},{"_id":"b","field":"tokyo"}]}]}]}"#
        let file = directory.appendingPathComponent("dates.json")
        try document.write(to: file, atomically: true, encoding: .utf8)
        try await withPage([file.path]) { browser, _ in
            let zone = try await browser.run("return Intl.DateTimeFormat().resolvedOptions().timeZone;") as? String ?? ""
            let local = try await browser.run("""
                const p = new Date(1732276800000);
                const pad = (n) => String(n).padStart(2, '0');
                return `${p.getFullYear()}-${pad(p.getMonth() + 1)}-${pad(p.getDate())} ${pad(p.getHours())}:${pad(p.getMinutes())}`;
                """) as? String
            #expect(try await browser.property("value", of: try await browser.input(labelled: "Local")) == local)
            #expect(try await browser.text(of: try await browser.find("#f0-0-in-format")) == "YYYY-MM-DD HH:mm, your time (\(zone))")
            #expect(try await browser.property("value", of: try await browser.input(labelled: "Tokyo")) == "2024-11-22 21:00")
            let stored = "return fetch('/api/document').then((r) => r.json()).then((d) => d.fields.find((f) => f._id === 'tokyo').value === arguments[0]);"
            try await retype("2024-11-23 09:30\u{E004}", into: try await browser.input(labelled: "Tokyo"), in: browser)
            try await browser.wait(for: "09:30 in Tokyo stored", stored, [1_732_321_800_000])
        }
    }

    /// The invoice laid out as its template places it: customer, date and status on one line,
    /// the table under them across the page, the totals on one line under it; Tab follows that
    /// reading order; on a phone every field is one under another, in the same order.
    @Test func theFormFollowsTheTemplatesLayout() async throws {
        let places = """
            const box = (id) => document.querySelector(`#pg0 > [data-field="${id}"]`).getBoundingClientRect();
            return ['customer', 'invoice_date', 'status', 'items', 'tax_rate', 'subtotal', 'tax', 'total'].map((id) => {
                const r = box(id);
                return [Math.round(r.left), Math.round(r.top), Math.round(r.width)];
            });
            """
        try await withPage(["examples/invoice.json"]) { browser, _ in
            try await browser.resize(width: 1280, height: 900)
            let wide = try #require(try await browser.run(places) as? [[Int]])
            let (customer, date, status, items, rate, subtotal, tax, total) = (wide[0], wide[1], wide[2], wide[3], wide[4], wide[5], wide[6], wide[7])
            #expect(customer[1] == date[1] && date[1] == status[1], "one line: \(wide)")
            #expect(customer[0] < date[0] && date[0] < status[0])
            #expect(customer[2] > date[2], "12 of 24 columns against 6")
            #expect(items[1] > customer[1] && items[2] > customer[2] + date[2], "the table under them, across the page")
            #expect(Set([rate[1], subtotal[1], tax[1], total[1]]).count == 1 && rate[1] > items[1])
            #expect(rate[0] < subtotal[0] && subtotal[0] < tax[0] && tax[0] < total[0])
            let order = try await browser.run("""
                return [...document.querySelectorAll('#pg0 > .field')].map((f) => f.dataset.field);
                """) as? [String]
            #expect(order == ["customer", "invoice_date", "status", "items", "tax_rate", "subtotal", "tax", "total", "due_date", "size", "summary"],
                    "the page's reading order, which Tab follows")

            try await browser.resize(width: 400, height: 800)
            let narrow = try #require(try await browser.run(places) as? [[Int]])
            #expect(Set(narrow.map { $0[0] }).count == 1, "one column: \(narrow)")
            #expect(narrow.map { $0[1] } == narrow.map { $0[1] }.sorted(), "in reading order")
        }
    }

    /// Every field fillable: a signature drawn with a finger (and one typed), an image and a
    /// file added from disk, shown as links, and removed; a multiSelect cell's checkboxes.
    @Test func signaturesImagesFilesAndMultiSelectCellsAreFilledIn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fields = [#"{"_id":"sig","type":"signature","title":"Signature"}"#, #"{"_id":"pic","type":"image","title":"Photo"}"#,
                      #"{"_id":"doc","type":"file","title":"Attachments"}"#,
                      #"{"_id":"t","type":"table","title":"Checks","tableColumns":[{"_id":"m","type":"multiSelect","title":"Marks","options":[{"_id":"o1","value":"Ok"},{"_id":"o2","value":"Dirty"}]}],"value":[{"_id":"r1","cells":{}}]}"#]
        let positions = ["sig", "pic", "doc", "t"].map { #"{"_id":"p_\#($0)","field":"\#($0)"}"# }.joined(separator: ",")
        let file = directory.appendingPathComponent("inputs.json")
        try #"{"_id":"d","fields":[\#(fields.joined(separator: ","))],"files":[{"_id":"f","pages":[{"_id":"p","fieldPositions":[\#(positions)]}]}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let picture = directory.appendingPathComponent("dot.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!.write(to: picture)
        let notes = directory.appendingPathComponent("notes.txt")
        try "hello".write(to: notes, atomically: true, encoding: .utf8)
        let value = "return fetch('/api/document').then((r) => r.json()).then((d) => JSON.stringify(d.fields.find((f) => f._id === arguments[0]).value ?? null));"
        try await withPage([file.path]) { browser, _ in
            // A signature drawn with a finger on the pad.
            try await browser.click(try await browser.button("Sign Signature"))
            let pad = try await browser.find("#sign-pad")
            try await browser.drag(on: pad, through: [(-150, 10), (-60, -30), (0, 20), (90, -20), (160, 10)], pointer: "touch")
            try await browser.click(try await browser.button("Use this signature"))
            try await browser.wait(for: "the signature stored", "return document.querySelector('img.signature')?.src.startsWith('data:image/png;base64,');")
            let drawn = try await browser.run(value, ["sig"]) as? String
            #expect(drawn?.hasPrefix("\"data:image/png;base64,") == true)
            // Typed instead, from the keyboard.
            try await browser.click(try await browser.button("Sign Signature again"))
            try await browser.type("Ada Lovelace", into: try await browser.input(labelled: "Or type your name"))
            try await browser.click(try await browser.button("Use this signature"))
            try await browser.wait(for: "another signature", "return fetch('/api/document').then((r) => r.json()).then((d) => d.fields[0].value !== arguments[0]);", [drawn.map { String($0.dropFirst().dropLast()) } ?? ""])
            try await browser.click(try await browser.button("Clear the signature"))
            try await browser.wait(for: "no signature", "return document.querySelector('img.signature') === null;")

            // An image and a file, added from disk and named by links.
            try await browser.type(picture.path, into: try await browser.input(labelled: "Add an image"))
            try await browser.wait(for: "the image", "return document.querySelector('ul.images img')?.alt === 'dot.png';")
            try await browser.type(notes.path, into: try await browser.input(labelled: "Add a file"))
            try await browser.wait(for: "the file's link", "return document.querySelector('ul.files a')?.textContent === 'notes.txt';")
            #expect(try await browser.run("return document.querySelector('ul.files a').getAttribute('href');") as? String == "data:text/plain;base64,aGVsbG8=")
            let stored = try await browser.run(value, ["doc"]) as? String ?? ""
            #expect(stored.range(of: #"^\[\{"_id":"[0-9a-f]{24}","url":"data:text/plain;base64,aGVsbG8=","fileName":"notes.txt"\}\]$"#, options: .regularExpression) != nil,
                    "\(stored)")
            try await browser.click(try await browser.button("Remove notes.txt"))
            try await browser.wait(for: "the file removed", "return document.querySelector('ul.files') === null;")

            // A multiSelect cell: checkboxes, as the field.
            try await browser.click(try await browser.find("[aria-label=\"Marks, row 1\"] input[value=o2]"))
            try await browser.wait(for: "the cell's choice stored", "return fetch('/api/document').then((r) => r.json()).then((d) => JSON.stringify(d.fields[3].value[0].cells.m) === '[\"o2\"]');")
        }
    }

    /// A chart's points are edited in the table beside it, and the chart and the formulas
    /// that read it follow; its axes are ruled at round numbers over the template's range.
    @Test func aChartsPointsAreEditedBesideIt() async throws {
        try await withPage(["examples/sales-chart.json"]) { browser, _ in
            let ticks = try await browser.run("return [...document.querySelectorAll('[data-field=sales] .tick')].map((t) => t.textContent);") as? [String]
            #expect(ticks == ["0", "1", "2", "3", "4", "5", "0", "50", "100", "150", "200"], "x 0…5 and y 0…200, as the template says")
            try await retype("170", into: try await browser.input(labelled: "Y, North point 4"), in: browser)
            try await browser.wait(for: "the chart redrawn", "return [...document.querySelectorAll('[data-field=sales] circle title')].some((t) => t.textContent === 'Q4: (4, 170)');")
            try await browser.wait(for: "the best quarter", "return document.querySelector('[data-field=best_quarter] input').value === '170';")
            try await browser.click(try await browser.button("Add a point to South"))
            try await browser.wait(for: "a third South point", "return document.querySelector('[aria-label=\"Y, South point 3\"]') !== null;")
            #expect(try await browser.property("value", of: try await browser.input(labelled: "X, South point 3")) == "3")
            try await browser.click(try await browser.button("Remove South point 1"))
            try await browser.wait(for: "two South points", "return document.querySelector('[aria-label=\"Y, South point 3\"]') === null;")
            #expect(try await browser.property("value", of: try await browser.input(labelled: "Label, South point 1")) == "Q2")
            #expect(try await browser.run("return document.querySelector('[aria-label=\"Y, Target point 1\"]').disabled;") as? Bool == true,
                    "a chart a formula computes is shown, not edited")
        }
    }

    @Test func logicShowsAndHidesFieldsAndRequiredMarksFollowValues() async throws {
        try await withPage(["examples/logic.json"]) { browser, _ in
            let fireWatch = "return document.querySelector('[data-field=fire_watch]').hidden;"
            #expect(try await browser.run(fireWatch) as? Bool == false)
            try await browser.choose("Cold work", in: try await browser.input(labelled: "Type of work *"))
            try await browser.wait(for: "fire watch hidden", fireWatch)
            try await browser.choose("Hot work", in: try await browser.input(labelled: "Type of work *"))
            try await browser.wait(for: "fire watch shown", "return !document.querySelector('[data-field=fire_watch]').hidden;")

            // Harness id is required above 2 m, and empty.
            let harness = "return document.querySelector('[data-field=harness_id]').classList.contains('invalid');"
            #expect(try await browser.run(harness) as? Bool == true)
            #expect(try await browser.text(of: try await browser.find("#status")).contains("to complete"))
            try await retype("1", into: try await browser.input(labelled: "Working height (m)"), in: browser)
            try await browser.wait(for: "harness id no longer required", "return !document.querySelector('[data-field=harness_id]').classList.contains('invalid');")
            try await retype("12", into: try await browser.input(labelled: "Working height (m)"), in: browser)
            try await browser.wait(for: "harness id required again", harness)
            let message = try await browser.text(of: try await browser.find("[data-field=harness_id] .missing"))
            #expect(message == "Harness id is required.")
            try await browser.type("H-7", into: try await browser.input(labelled: "Harness id *"))
            try await browser.wait(for: "valid", "return document.querySelector('[data-field=harness_id]').classList.contains('invalid') === false;")
        }
    }

    @Test func thePlaygroundShowsValuesDiagnosticsAndCompletions() async throws {
        try await withPage(["examples/invoice.json"]) { browser, _ in
            let formula = try await browser.input(labelled: "Formula")
            try await browser.type("subtotal * 2", into: formula)
            try await browser.wait(for: "the value", "return document.getElementById('formula-value').textContent === '1761.5';")
            try await browser.clear(formula)
            try await browser.type("sum(map(items, (r) -> r.price * r.qty)) + totl", into: formula)
            let diagnostic = try await browser.wait(for: "a diagnostic", "return document.querySelector('#diagnostics li.error')?.textContent;")
            #expect((diagnostic as? String)?.contains("totl") == true)
            #expect(try await browser.run("return document.querySelector('#formula-highlight .diag-error')?.textContent;") as? String == "totl")
            try await browser.click(try await browser.button("Apply: did you mean 'total'?"))
            try await browser.wait(for: "the fixed formula's value", "return document.getElementById('formula-value').textContent === '1834.1599999999999';")
            // The span is underlined where it is, after text of more than one byte a character.
            try await enter("concat(\"é😀\", totl)", into: formula, in: browser, until: "the underlined name",
                            "return document.querySelector('#formula-highlight .diag-error')?.textContent === 'totl';")
            // Completion while typing: the list follows the name; Tab takes it while it is open.
            try await enter("subt", into: formula, in: browser, until: "the list", "return !document.getElementById('completions').hidden;")
            try await browser.type("\u{E004}", into: formula)   // U+E004: the Tab key
            try await browser.wait(for: "the completion", "return arguments[0].value === 'subtotal';", [formula.json])
            #expect(try await browser.run("return document.activeElement === arguments[0];", [formula.json]) as? Bool == true)
            try await browser.type(" * tax_rate", into: formula)
            try await browser.wait(for: "the value", "return document.getElementById('formula-value').textContent === '7266.1875';")
            // With the list closed, Tab leaves the box, as everywhere on the page.
            try await browser.type("\u{E00C}", into: formula)   // U+E00C: Escape closes the list
            #expect(try await browser.run("return document.getElementById('completions').hidden;") as? Bool == true)
            try await browser.type("\u{E004}", into: formula)
            #expect(try await browser.run("return document.activeElement !== arguments[0];", [formula.json]) as? Bool == true, "Tab left the box")
            // The dependencies of a field.
            try await browser.choose("tax", in: try await browser.input(labelled: "Dependencies of"))
            let deps = try await browser.wait(for: "the dependencies", "return document.getElementById('deps').textContent;")
            #expect((deps as? String)?.contains("Read by") == true)
            try await browser.clear(formula)
            try await browser.type("sum(map(items, (row) -> row.price * row.qty))", into: formula)
            try await browser.wait(for: "the value", "return document.getElementById('formula-value').textContent === '880.75';")
            try save(try await browser.screenshot(), as: "serve-invoice.png")
        }
    }

    /// The playground a formula author wants: words coloured by what they are, the bracket
    /// at the caret matched, a diagnostic's message and fix on hover, Format, Ctrl-Z after a
    /// fix, the formula in the link, example formulas, and the fields it reads outlined.
    @Test func thePlaygroundColoursMatchesExplainsFormatsAndShares() async throws {
        try await withPage(["examples/invoice.json"]) { browser, server in
            let formula = try await browser.input(labelled: "Formula")
            try await browser.type("round(subtotal*tax_rate,2)+totl", into: formula)
            try await browser.wait(for: "the diagnostic", "return document.querySelector('#formula-highlight .diag-error')?.textContent === 'totl';")
            let roles = try await browser.run("""
                return [...document.querySelectorAll('#formula-highlight span[class]')].map((s) => s.className + ':' + s.textContent);
                """) as? [String] ?? []
            #expect(roles.contains("tok-function:round") && roles.contains("tok-variable:subtotal") && roles.contains("tok-number:2"), "\(roles)")
            #expect(try await browser.run("return [...document.querySelectorAll('.field.read-by-formula')].map((f) => f.dataset.field).sort();") as? [String]
                    == ["subtotal", "tax_rate"], "the fields it reads, outlined on the form")
            // The bracket before the caret and its match.
            try await browser.run("arguments[0].focus(); arguments[0].setSelectionRange(26, 26); arguments[0].dispatchEvent(new KeyboardEvent('keyup', {key: 'ArrowLeft'}));", [formula.json])
            #expect(try await browser.run("return [...document.querySelectorAll('#formula-highlight .bracket')].map((s) => s.textContent);") as? [String] == ["(", ")"])
            // The pointer over the underlined name: its message and its fix.
            let underlined = try await browser.find("#formula-highlight .diag-error")
            let box = try await browser.run("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", [underlined.json]) as? [Double] ?? [0, 0]
            try await browser.run("arguments[0].dispatchEvent(new MouseEvent('mousemove', {clientX: arguments[1], clientY: arguments[2], bubbles: true}));",
                                  [formula.json, box[0], box[1]])
            let tip = try await browser.wait(for: "the tip", "const t = document.getElementById('formula-tip'); return !t.hidden && t.textContent;")
            #expect((tip as? String)?.contains("totl") == true)
            try await browser.click(try await browser.find("#formula-tip button"))
            try await browser.wait(for: "the fix", "return arguments[0].value === 'round(subtotal*tax_rate,2)+total';", [formula.json])
            // Ctrl-Z takes the fix back; Format lays the formula out as jf fmt does.
            try await browser.type("\u{E009}z\u{E000}", into: formula)
            try await browser.wait(for: "the fix undone", "return arguments[0].value === 'round(subtotal*tax_rate,2)+totl';", [formula.json])
            try await browser.type("\u{E009}\u{E008}z\u{E000}", into: formula)
            try await browser.wait(for: "the fix again", "return arguments[0].value.endsWith('+total');", [formula.json])
            try await browser.click(try await browser.button("Format"))
            try await browser.wait(for: "formatted", "return arguments[0].value === 'round(subtotal * tax_rate, 2) + total';", [formula.json])
            // The formula is in the address: the link opens the page with it.
            let address = try await browser.run("return location.href;") as? String ?? ""
            #expect(address.contains("#formula=round(subtotal%20*%20tax_rate%2C%202)%20%2B%20total"))
            try await browser.open(server.base + "/?again" + (address.split(separator: "#").last.map { "#" + $0 } ?? ""))
            try await browser.wait(for: "the page again", "return document.body.dataset.ready === '1' && location.search === '?again';")
            try await browser.wait(for: "the formula from the link", "return document.getElementById('formula').value === 'round(subtotal * tax_rate, 2) + total' && document.getElementById('formula-value').textContent.startsWith('8219.6');")
            // An example of the document's own.
            try await browser.choose("Sum of line items (this document)", in: try await browser.input(labelled: "Example formulas"))
            try await browser.wait(for: "the example's value", "return document.getElementById('formula-value').textContent === '880.75';")
        }
    }

    @Test func aThousandRowTableIsPagedAndAnEditStillRecomputesTheTotal() async throws {
        let rows = (0..<1000).map { #"{"_id":"r\#($0)","cells":{"price":\#($0 % 7 + 1),"qty":2}}"# }.joined(separator: ",")
        let text = #"""
            {"_id":"big","identifier":"big","name":"A thousand rows","formulas":[{"_id":"f","expression":"sum(map(items, (r) -> r.price * r.qty))"}],
             "fields":[{"_id":"items","type":"table","title":"Items","file":"file_1","tableColumns":[{"_id":"price","type":"number","title":"Price"},{"_id":"qty","type":"number","title":"Qty"}],"value":[\#(rows)]},
                       {"_id":"total","type":"number","title":"Total","file":"file_1","formulas":[{"_id":"a","formula":"f","key":"value"}]}],
             "files":[{"_id":"file_1","pageOrder":["p"],"pages":[{"_id":"p","name":"Rows","fieldPositions":[{"_id":"pt","field":"total"},{"_id":"pi","field":"items"}]}]}]}
            """#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jf-serve-1000-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withPage([file.path]) { browser, _ in
            #expect(try await value("Total", in: browser) == "7994")
            #expect(try await browser.run("return document.querySelectorAll('tr[data-row]').length;") as? Int == 50)
            let quantity = try await browser.input(labelled: "Qty, row 1")
            var times: [Double] = []
            for digit in 3...9 {
                try await retype(String(digit), into: quantity, in: browser)
                let total = 7994 + (digit - 2)
                try await browser.wait(for: "the total", "return document.getElementById('f0-0-in').value === arguments[0];", [String(total)])
                if let text = try await browser.run("return document.body.dataset.lastUpdateMs;") as? String, let ms = Double(text) { times.append(ms) }
            }
            try await browser.click(try await browser.button("Next rows"))
            try await browser.wait(for: "row 51", "return document.querySelector('[aria-label=\"Qty, row 51\"]');")
            #expect(try await browser.text(of: try await browser.find(".pager")).hasPrefix("Rows 51–100 of 1000"))
            // The last page, a page by its number, and a new row shown where it went, focused.
            try await browser.click(try await browser.button("Last rows"))
            try await browser.wait(for: "the last page", "return document.querySelector('[aria-label=\"Qty, row 1000\"]');")
            let number = try await browser.input(labelled: "Page of rows")
            // As a person types a number and presses Enter: the input's value, then its change.
            try await browser.run("arguments[0].value = '7'; arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", [number.json])
            try await browser.wait(for: "page 7", "return document.querySelector('[aria-label=\"Qty, row 301\"]');")
            // Sorted by price, highest first: row 7 (price 7) leads; a second click, lowest first.
            for order in ["ascending", "descending"] {
                let price = try await browser.button("Price", prefix: true)
                try await browser.run("arguments[0].scrollIntoView({block: 'center'});", [price.json])
                try await browser.click(price)
                try await browser.wait(for: "sorted \(order)", "return document.querySelector('th[aria-sort=\"' + arguments[0] + '\"]') !== null;", [order])
            }
            try await browser.wait(for: "sorted by price, highest first", "return document.querySelector('tbody tr[data-row] th').textContent === '7';")
            #expect(try await browser.text(of: try await browser.find(".pager")).hasPrefix("Rows 1–50 of 1000"), "a new sort starts at the first page")
            // Searching the price column: every price of 7, and what is typed is kept.
            let search = try await browser.input(labelled: "Search the rows of Items")
            try await browser.choose("Price", in: try await browser.input(labelled: "Search in"))
            try await browser.type("7", into: search)
            try await browser.wait(for: "the rows of price 7", "return document.querySelector('.row-search .found').textContent === '142 of 1000 rows';")
            #expect(try await browser.run("return document.activeElement.getAttribute('aria-label');") as? String == "Search the rows of Items")
            #expect(try await browser.run("return document.querySelector('[aria-label=\"Move row 7 up\"]').disabled;") as? Bool == true)
            try await retype("\u{E003}", into: try await browser.input(labelled: "Search the rows of Items"), in: browser)
            try await browser.wait(for: "every row again", "return document.querySelector('.row-search .found').textContent === '';")
            try await browser.click(try await browser.button("Add row"))
            try await browser.wait(for: "the new row, focused", "return document.activeElement?.getAttribute('aria-label') === 'Price, row 1001';")
            #expect(try await browser.run("return document.querySelector('th[aria-sort=descending], th[aria-sort=ascending]');") is NSNull,
                    "a new row clears the sort, so that it is seen where it went")
            let sorted = times.sorted()
            let report: [String: Any] = ["example": "1,000-row table", "edits": times.count, "medianMilliseconds": sorted[sorted.count / 2],
                                         "maxMilliseconds": sorted.last ?? 0]
            try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .prettyPrinted])
                .write(to: Self.output.appendingPathComponent("update-times-1000-rows.json"))
            print("jf serve: 1,000-row table update: \(report)")
        }
    }

    @Test func everyExampleRendersWithoutAnErrorInThePage() async throws {
        let examples = try Self.examples()
        try await withPage([]) { browser, _ in
            for example in examples {
                try await browser.run("document.getElementById('open-button').click();")
                let path = try await browser.input(labelled: "or the path of a file")
                try await retype("examples/\(example)", into: path, in: browser)
                try await browser.click(try await browser.find("#open-path-button"))
                try await browser.wait(for: example, "return document.getElementById('doc-path').textContent === arguments[0];", ["examples/\(example)"])
                #expect(try await browser.run("return document.getElementById('notice').hidden;") as? Bool == true, "\(example)")
                #expect(try await browser.run("return document.getElementById('open-error').textContent;") as? String == "", "\(example)")
                let fields = try await browser.run("return document.querySelectorAll('#form .field').length;") as? Int ?? 0
                #expect(fields > 0, "\(example)")
                if example == "inspection.json" {
                    try await browser.run("document.querySelectorAll('details').forEach(d => d.open = true);")
                }
                if example == "sales-chart.json" || example == "inspection.json" {
                    try save(try await browser.screenshot(), as: "serve-\(example.dropLast(5)).png")
                }
            }
        }
    }

    /// axe-core's script, as a PyPI package bundles it (`.ci/run` installs
    /// axe-playwright-python without its dependencies): `JF_AXE`, or found through python3.
    static func axeScript() throws -> String? {
        var path = ProcessInfo.processInfo.environment["JF_AXE"]
        if path == nil {
            let found = try JF.shell("python3 -c 'import importlib.util, os; spec = importlib.util.find_spec(\"axe_playwright_python\"); "
                                     + "print(os.path.join(os.path.dirname(spec.origin), \"axe.min.js\") if spec else \"\")' 2>/dev/null")
            path = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let path, !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return nil }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// An automated accessibility audit (axe-core, WCAG 2 A and AA rules) of every example, in
    /// the light appearance and the dark: no violation of serious or critical impact; and the
    /// screenshots of each, 1,280 and 400 pixels wide, light and dark. Where CI requires the
    /// browser tests, it requires axe too.
    @Test func everyExamplePassesAnAccessibilityAudit() async throws {
        guard let axe = try Self.axeScript() else {
            if ProcessInfo.processInfo.environment["JF_REQUIRE_BROWSER"] != nil { Issue.record("axe-core is not installed (pip install --no-deps axe-playwright-python)") }
            return
        }
        let examples = try Self.examples()
        for example in examples {
            try await withPage(["examples/\(example)"]) { browser, _ in
                try await browser.run("document.querySelectorAll('details').forEach(d => d.open = true);")
                for dark in [false, true] {
                try await browser.prefersDark(dark)
                try await browser.run(axe + "\nwindow.__audit = null; axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}})"
                                      + ".then(r => { window.__audit = r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
                                      + ".map(v => v.id + ': ' + v.help + ' (' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ') + ')'); });")
                let found = try await browser.wait(for: "the audit of \(example)", "return window.__audit;")
                #expect((found as? [String]) == [], "\(example)\(dark ? ", dark" : ""): \(found)")
                // The screenshots of the page as a person sees it: 1,280 and 400 pixels wide.
                for width in [1280, 400] {
                    try await browser.resize(width: width, height: 900)
                    let png = try await browser.screenshot()
                    try save(png, as: "\(example.dropLast(5))-\(width)-\(dark ? "dark" : "light").png", inDocs: false)
                    if example == "invoice.json" && dark && width == 1280 { try save(png, as: "serve-invoice-dark.png") }
                }
                try await browser.resize(width: 1400, height: 1000)
                }
            }
        }
    }

    /// On a 400-pixel screen every example is one column with nothing to scroll sideways
    /// (a wide table scrolls inside its own box) and the bar stays one line.
    @Test func everyExampleFitsANarrowScreen() async throws {
        let examples = try Self.examples()
        for example in examples {
            try await withPage(["examples/\(example)"]) { browser, _ in
                try await browser.resize(width: 400, height: 900)
                try await browser.run("document.querySelectorAll('details').forEach(d => d.open = true);")
                let widths = try await browser.wait(for: "the narrow layout", """
                    return window.innerWidth <= 420 && [document.documentElement.scrollWidth, document.documentElement.clientWidth,
                            document.querySelector('.bar').offsetHeight, document.querySelector('.bar h1').offsetHeight];
                    """) as? [Int] ?? []
                // What reaches past the screen (outside the bar's and the tables' own scrolling), to name it.
                let wide = try await browser.run("""
                    return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
                        && (getComputedStyle(e).position === 'absolute' || !(e.parentElement && e.parentElement.closest('.table-wrap, .bar')))).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className).join(' ');
                    """) as? String ?? ""
                #expect(widths.count == 4 && widths[0] <= widths[1], "\(example): the page is \(widths.first ?? 0) pixels wide in \(widths.dropFirst().first ?? 0): \(wide)")
                #expect(widths.count == 4 && widths[2] < 2 * widths[3] + 24, "\(example): the bar wraps (\(widths))")
                if example == "invoice.json" { try save(try await browser.screenshot(), as: "serve-invoice-400.png") }
            }
        }
    }

    /// A field is found by its title or id: its page shown, its section opened, the focus in it.
    @Test func aFieldIsFoundByItsTitleOrID() async throws {
        try await withPage(["examples/invoice.json"]) { browser, _ in
            let find = try await browser.input(labelled: "Find a field")
            let focused = "return document.activeElement?.closest('.field')?.dataset.field === arguments[0];"
            // U+E007: the Enter key.
            try await enter("invoice date\u{E007}", into: find, in: browser, until: "the date", focused, ["invoice_date"])
            try await enter("custom\u{E007}", into: find, in: browser, until: "the customer", focused, ["customer"])
            try await enter("nothing like it\u{E007}", into: find, in: browser, until: "the notice",
                            "return document.getElementById('notice').textContent.includes('No field');")
        }
    }

    /// A row button's operation leaves the focus with the row: on the same button where it
    /// still can be pressed, else on the row's first.
    @Test func rowButtonsKeepTheFocusOnTheirRow() async throws {
        try await withPage(["examples/invoice.json"]) { browser, _ in
            let focused = "document.activeElement?.closest('tr')?.dataset.row + ' ' + document.activeElement?.dataset.action"
            let row = try await browser.run("return document.querySelectorAll('tr[data-row]')[2].dataset.row;") as? String ?? ""
            try await browser.click(try await browser.button("Move row 3 up"))
            let second = "document.querySelectorAll('tr[data-row]')[1].dataset.row === arguments[1]"
            try await browser.wait(for: "the focus on the moved row", "return \(second) && \(focused) === arguments[0];", ["\(row) moveRowUp", row])
            try await browser.click(try await browser.button("Move row 2 up"))
            let first = "document.querySelectorAll('tr[data-row]')[0].dataset.row === arguments[0]"
            try await browser.wait(for: "the focus on its first button", "return \(first) && document.activeElement?.closest('tr')?.dataset.row === arguments[0];", [row])
        }
    }
}
