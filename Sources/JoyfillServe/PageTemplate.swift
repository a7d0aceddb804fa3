import JoyfillChanges
import JoyfillJSON

/// The page `jf serve` sends first: a bar (the document, its status, open, save, download,
/// the changelog, read-only), the form, and the playground. Everything after arrives as JSON
/// from the API (`Assets/app.js`).
struct PageTemplate {
    let title: String
    let path: String?
    let version: Int
    let readonly: Bool
    let form: String
    let status: JSONValue
    /// The field ids the dependency graph can be asked about.
    let fields: [String]
    /// The playground's examples: `(label, formula)`.
    let examples: [(String, String)]

    /// The examples' select's options (the first, empty, says what it is).
    static func exampleOptions(_ examples: [(String, String)]) -> String {
        Markup.build { html in
            html.element("option", [.init("value", "")], text: "Examples…")
            for (label, formula) in examples { html.element("option", [.init("value", formula)], text: label) }
        }.html
    }

    var html: String {
        // A failed formula makes the form wrong, whatever its required fields say.
        let valid = (status["valid"]?.boolValue ?? true) && (status["failures"]?.integerValue ?? 0) == 0
        let options = Markup.build { html in
            for field in fields { html.element("option", [.init("value", field)], text: field) }
        }.html
        func text(_ text: String) -> String { Markup.build { $0.text(text) }.html }
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(text(title)) · jf serve</title>
        <link rel="stylesheet" href="/assets/app.css">
        <script src="/assets/app.js" defer></script>
        </head>
        <body data-version="\(version)">
        <header class="bar">
          <h1 id="doc-title">\(text(title))</h1>
          <span class="path" id="doc-path">\(text(path ?? "not saved to a file"))</span>
          <span id="unsaved" class="unsaved" title="Changes not saved to a file"\(status["unsaved"]?.boolValue == true ? "" : " hidden")>Unsaved changes</span>
          <span id="status" class="status \(valid ? "valid" : "invalid")" role="status" aria-live="polite">\(text(Self.statusText(status)))</span>
          <span class="spacer"></span>
          <input type="search" id="find-field" aria-label="Find a field" placeholder="Find a field" list="find-choices" autocomplete="off">
          <datalist id="find-choices"></datalist>
          <label class="toggle"><input type="checkbox" id="readonly"\(readonly ? " checked" : "")> Read-only</label>
          <button type="button" id="undo-button" aria-keyshortcuts="Control+Z" title="Undo (Ctrl-Z)" aria-label="Undo"\(status["undo"]?.boolValue == true ? "" : " disabled")>↶</button>
          <button type="button" id="redo-button" aria-keyshortcuts="Control+Shift+Z Control+Y" title="Redo (Ctrl-Shift-Z)" aria-label="Redo"\(status["redo"]?.boolValue == true ? "" : " disabled")>↷</button>
          <button type="button" id="open-button" aria-haspopup="dialog">Open…</button>
          <button type="button" id="save-button"\(path == nil ? " disabled" : "")>Save</button>
          <button type="button" id="save-as-button" aria-haspopup="dialog">Save as…</button>
          <a class="button" id="download-link" href="/api/document" download>Download</a>
          <button type="button" id="changelog-button" aria-haspopup="dialog">Changelog (<span id="changelog-count">0</span>)</button>
        </header>
        <div id="notice" role="alert" hidden></div>
        <main>
          <section id="form" aria-label="Form">
        \(form)
          </section>
          <section id="playground" aria-labelledby="playground-title">
            <h2 id="playground-title">Formula playground</h2>
            <label for="formula">Formula</label>
            <div class="editor">
              <div id="formula-highlight" class="highlight" aria-hidden="true"></div>
              <textarea id="formula" spellcheck="false" autocomplete="off" autocapitalize="off" rows="4"
                aria-describedby="formula-help" aria-autocomplete="list" aria-controls="completions"></textarea>
              <div id="formula-tip" class="formula-tip" role="tooltip" hidden></div>
            </div>
            <p class="formula-tools">
              <button type="button" id="format-button" title="Lay the formula out as jf fmt does">Format</button>
              <button type="button" id="share-button" title="Copy a link to this page with the formula in it">Copy link</button>
              <select id="examples" aria-label="Example formulas">\(Self.exampleOptions(examples))</select>
            </p>
            <p id="formula-help" class="help">Evaluated against the document as you type. Tab or Ctrl-Space completes; Escape closes the list.</p>
            <ul id="completions" role="listbox" aria-label="Completions" hidden></ul>
            <div id="signature" class="signature" aria-live="polite" hidden></div>
            <h3>Value</h3>
            <output id="formula-value" for="formula" aria-live="polite"></output>
            <p id="formula-type" class="type"></p>
            <h3>Diagnostics</h3>
            <ul id="diagnostics" aria-label="Diagnostics"></ul>
            <details id="explain-section" open><summary>Explain</summary><pre id="explain"></pre></details>
            <h3><label for="deps-field">Dependencies of</label></h3>
            <select id="deps-field"><option value=""></option>\(options)</select>
            <dl id="deps"></dl>
          </section>
        </main>
        <dialog id="changelog-dialog" aria-labelledby="changelog-title">
          <h2 id="changelog-title">Changelog of this session</h2>
          <pre id="changelog"></pre>
          <p><a class="button" href="/api/changelog?download=1" download="changelog.json">Download</a>
             <button type="button" data-close>Close</button></p>
        </dialog>
        <dialog id="sign-dialog" aria-labelledby="sign-title">
          <h2 id="sign-title">Sign</h2>
          <canvas id="sign-pad" width="600" height="200" role="img" aria-label="Signature pad: draw with a mouse, a pen or a finger"></canvas>
          <p><label for="sign-typed">Or type your name</label> <input type="text" id="sign-typed" autocomplete="name"></p>
          <p id="sign-error" class="error" role="alert"></p>
          <p><button type="button" id="sign-use">Use this signature</button>
             <button type="button" id="sign-clear">Clear</button>
             <button type="button" data-close>Cancel</button></p>
        </dialog>
        <dialog id="open-dialog" aria-labelledby="open-title">
          <h2 id="open-title">Open a document</h2>
          <p><label for="open-file">Upload a JoyDoc</label> <input type="file" id="open-file" accept=".json,application/json"></p>
          <p><label for="open-path">or the path of a file</label> <input type="text" id="open-path" placeholder="examples/order.json">
             <button type="button" id="open-path-button">Open</button></p>
          <p id="open-error" class="error" role="alert"></p>
          <p><button type="button" data-close>Cancel</button></p>
        </dialog>
        <dialog id="save-dialog" aria-labelledby="save-title">
          <h2 id="save-title">Save as</h2>
          <p id="save-conflict" class="error" hidden></p>
          <p><label for="save-path">Path of a new .json file</label> <input type="text" id="save-path" placeholder="examples/copy.json">
             <button type="button" id="save-path-button">Save</button></p>
          <p id="save-error" class="error" role="alert"></p>
          <p><button type="button" id="reload-button" hidden>Reload from disk (drops your changes)</button>
             <button type="button" data-close>Cancel</button></p>
        </dialog>
        </body>
        </html>
        """
    }

    /// `Valid`, or what is missing and what failed.
    static func statusText(_ status: JSONValue) -> String {
        var parts: [String] = []
        let invalid = status["invalid"]?.integerValue ?? 0
        let failures = status["failures"]?.integerValue ?? 0
        if invalid > 0 { parts.append("\(invalid) field\(invalid == 1 ? "" : "s") to complete") }
        if failures > 0 { parts.append("\(failures) formula error\(failures == 1 ? "" : "s")") }
        return parts.isEmpty ? "Valid" : parts.joined(separator: ", ")
    }
}
