// JoyfillSession: one document being filled in, as the SDKs' editor holds it, without a screen.
// The session owns the document: its text, its parsed state and the engine that runs its
// formulas, which no front end reaches. Every front end reads a document through it: `jf
// run/eval/graph/validate/apply`, the REPL, the language server, `jf serve`, the fuzz targets;
// the linter reads the engine's analyses through the names JoyfillAnalysis gives them, as
// front ends read the findings and reports the session hands out.
//
// DocumentSession  a document with its formulas evaluated; its values (FieldValues), logic and
//                  visibility (built on first use), validation, and where a field is placed
//                  (FieldIdentifier); `apply` is the one way it changes: it keeps the form's
//                  policy (SessionMode's read-only, Licensing's gate on collections, a warning
//                  for a disabled field: ChangeWarning), then applies value changes in place,
//                  row changes in place too (its FieldChanges: only the rows changed, and a
//                  rowOrder written, are written and converted again), decorator changes in
//                  place (its DecoratorEditor: no formula runs), and any other change to the
//                  text, and reports the SDKs' changelogs and errors (SessionError);
//                  `rowOperations` makes the SDKs' row operations over its rows as they are.
//                  While it `keepsHistory`, `undo` and `redo` take back and do again its
//                  steps exactly (ChangeHistory: the edits of the text before each step,
//                  bounded); `edit` is the road of an edit of its text (a lint fix).
//                  `report` is the one report of what it finds (SessionReport): what the
//                  reader worked around, the schema check (made once per text read, as
//                  JoyfillAnalysis's SchemaFindings), the formulas'
//                  failures and validation (ValidationFindings), as Findings placed in the
//                  document's text. What the formulas made
//                  (DocumentSession+Formulas): reports, the dependency graph, the names a
//                  formula sees, the text written out.
// Licensing        what the licence unlocks, read from a token an injected LicenseVerifying
//                  checks (JoyfillLicense's verifier links the cryptography; the session
//                  does not).
//
// The session reads documents through JoyfillModel, checks their structure through
// JoyfillSchema, evaluates formulas through JoyfillEngine, decides logic through
// JoyfillLogic and changes documents through JoyfillChanges and JoyfillDecorators; it prints
// nothing (the commands render what it reports).
