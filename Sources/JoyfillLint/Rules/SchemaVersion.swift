import JoyfillFormulas
import JoyfillSchema

extension LintRule {
    static let schemaVersion = LintRule(
        code: .schemaVersion, severity: .error,
        summary: "A version (`v`) the SDKs refuse to load.",
        fixability: .never, foundBy: .schemaCheck, scope: .field,
        documentation: Documentation(
            what: "Reports a document whose `v` is a string the SDKs refuse: one whose major version (the text before the first `.`) is not a whole number (`\"v1.2\"`, `\"\"`, `\" 1.0\"`), or is newer than the schema they read (schema 1.0.5, so `\"2.0.0\"` and up). A `v` that is not a string, or none, counts as `1.0.0`; minor and patch versions are never compared. When it fires, the structure is not checked (`schema-validation`), as in the SDKs.",
            why: "The SDKs check the version before anything else and, on failure, show an empty form and report `ERROR_SCHEMA_VERSION`: nothing of the document is shown or filled.",
            bad: json("""
                {"v": "v2.0", "files": [...], "fields": [...]}
                """),
            good: json("""
                {"v": "1.0.0", "files": [...], "fields": [...]}
                """),
            fix: "Write `v` as the version the document follows, starting with a whole number no greater than 1 (`\"1.0.0\"`), or leave it out. See docs/validation.md, \"The schema check\"."))
}

// The check is ``DocumentLint/schema()`` (SchemaValidation.swift): one walk reports both rules.
