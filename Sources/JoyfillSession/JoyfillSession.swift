// JoyfillSession: one document being filled in, as the SDKs' editor holds it, without a screen.
// Every front end that opens a document to change or check it goes through a session: `jf
// run/validate/apply`, the REPL, `jf serve`.
//
// DocumentSession  a document with its formulas evaluated; its values (FieldValues), logic and
//                  visibility (built on first use), validation, and where a field is placed
//                  (FieldIdentifier); `apply` is the one way it changes: it keeps the form's
//                  policy (SessionMode's read-only, Licensing's gate on collections, a warning
//                  for a disabled field: ChangeWarning), then applies value changes in place
//                  and any other change to the text, and reports the SDKs' changelogs and
//                  errors (SessionError). `report` is the one report of what it finds
//                  (SessionReport): what the reader worked around, the schema check
//                  (SchemaFindings), the formulas' failures and validation (ValidationFindings),
//                  as Findings placed in the document's text.
// Licensing        what the licence unlocks, read from a token an injected LicenseVerifying
//                  checks (JoyfillLicense's verifier links the cryptography; the session
//                  does not).
//
// The session reads documents through JoyfillModel, checks their structure through
// JoyfillSchema, evaluates formulas through JoyfillEngine, decides logic through
// JoyfillLogic and changes documents through JoyfillChanges and JoyfillDecorators; it prints
// nothing (the commands render what it reports).
