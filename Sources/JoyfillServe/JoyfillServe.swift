// JoyfillServe: `jf serve`, a JoyDoc as a live form and a formula playground in the browser.
//
// FormServer      the HTTP server (Hummingbird): the page, its script and style (compiled into
//                 the code from Assets/), and the JSON API the page calls; loopback by default;
//                 bodies capped; Ctrl-C stops it within a second.
// Admission       who is answered: the run's token (URL, header or cookie), the exact Host
//                 asked for, and for a change the X-JF-Request header and its Origin.
// GuardedHTTP1Channel  Hummingbird's HTTP/1 connection with a cap on a request's head and an
//                 absolute-form target's host put where the Host check sees it.
// DocumentFolders which files open and save reach: regular .json files under the folders,
//                 symbolic links resolved.
// FormSession     the document being edited: edits as change-API entries or the SDKs' row
//                 operations, applied through JoyfillSession (a `field.update` in place, with only
//                 what it reaches recomputed); the containers whose HTML changed sent back;
//                 open, save (atomic, through the caller's writer; never over a file changed
//                 on disk since it was read), save as, reload, download, the changelog;
//                 undo and redo are the session's (typing in one input one step).
// Uploads         signatures, images and files put into a form, and ChartEdits, a chart's
//                 points edited beside it: page operations that become a field.update of
//                 the field's whole value, so they go through the session like any edit.
// TableView       how a table's rows are shown (page, sort, search), a view only; TableRows
//                 finds and orders them as the form shows their cells.
// FormRenderer    the form as HTML, as the SDK shows each field type, marked with visibility,
//                 validation and the formulas' failures, each page on its template's grid
//                 (GridPlace); TableRenderer (tables, collections), ChartRenderer (an SVG and
//                 its points), DateText (a date's format and zone), DisplayNumber, HTML (the
//                 sanitiser of rich text, safe addresses). All of it is built with Markup,
//                 which escapes every text and attribute value as it is added: nothing
//                 escapes by hand, so nothing can forget to.
// Playground      the playground's answers from the REPL's session (value, diagnostics, types,
//                 :explain, completion) and the language server's signature help; the
//                 dependency graph of a field (FieldDependencies).
// PlaygroundWorker  where they are evaluated: a thread of its own, the latest request
//                 interrupting the one before, so a slow formula holds up nothing else.
// PageTemplate    the page's frame: the bar, the form, the playground, the dialogs.
//
// Nothing of the engine runs in the browser: Assets/app.js sends what the person does and
// shows what the server answers.
