// JoyfillLint: the linter behind `jf lint`, and the formatter behind `jf fmt`.
//
// Linter.swift        the entry points: a document, a bare expression, a file's bytes (with its
//                     fixes: FileOutcome).
// DocumentLint.swift  one pass per document: each document formula parsed and checked once, then
//                     the document-level rules, then the suppressions applied in one place.
// Findings.swift      a file's findings as they are made: placed in the file (line, column, byte
//                     range), dropped when their rule is off, given the configured severity.
// Rules.swift         the catalogue (LintRule.all) and what a rule declares: its code
//                     (DiagnosticCode: those of what the linter alone finds are declared here,
//                     in DiagnosticCode+Lint.swift; the others by the module that finds them),
//                     severity, summary, fixability, what finds its problems (foundBy), scope
//                     and its documentation.
// Rules/              one file a rule (SyntaxError.swift … JSONText.swift): its declaration and
//                     page, and its check where the check is the rule's own (foundBy .rule: the
//                     document rules, non-portable, shadowed-field, json-text); the findings of
//                     the parser, the Checker, the logic reader and the schema check come to
//                     the linter with their code. RuleDocumentation renders a page, from which
//                     docs/rules/<name>.md is made.
// Suppressions.swift  `"jfLint": {"ignore": [...]}` on a document, field or formula: read,
//                     applied (noting which silenced something, for unused-suppression), and
//                     added where each rule reads it (`--add-suppressions`).
// Configuration/      jf.toml and .jf.json (a TOML subset read into JSON, every key and value
//                     placed: ConfigurationPlaces), path globs, settings.
// Fixes.swift         fixes as edits of expression strings (and of stored values, for
//                     `invalid-value`), and the unified diff.
// Formatting.swift    TemplateFormatter: a file's formulas in Printer's layout, as the same
//                     kind of edits.
// Output/             human, json, sarif, github, gitlab and junit formats.
//
// Nothing here reads files or prints: `jf` does both, in parallel across files. A § in a
// comment is a section of docs/specification.md.
