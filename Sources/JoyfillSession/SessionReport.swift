import JoyfillEngine
import JoyfillLogic

/// What a session found in its document, in one list of ``Finding``s placed in the document's
/// text (``DocumentSession/report(_:validating:)``), with validation's verdict when it was
/// asked for. A front end renders it: `jf run` and `jf validate` in their formats, the REPL as
/// lines, the language server as diagnostics.
public struct SessionReport: Sendable {
    /// What to look for beyond nothing; each costs only when asked.
    public struct Checks: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// What the reader worked around (`invalid-document` warnings: a second field with an
        /// `_id` already used, a formula without an expression).
        public static let reading = Checks(rawValue: 1 << 0)
        /// The document as the SDKs check it at load (`schema-version`, `schema-validation`): a
        /// walk of the whole document. A version they refuse stops the report there, as their
        /// form shows nothing.
        public static let schema = Checks(rawValue: 1 << 1)
        /// The formulas' failures (``DocumentSession/formulaFindings``).
        public static let formulas = Checks(rawValue: 1 << 2)
        /// Validation (``DocumentSession/validate(path:)``): the logic that could not be used
        /// as written, then each missing required value (`required`).
        public static let validation = Checks(rawValue: 1 << 3)
    }

    /// Validation's verdict when ``Checks/validation`` was asked for (``Validation/refused``
    /// when the schema check refused the document's version); nil otherwise.
    public let validation: Validation?
    /// What was found, in the order of the checks above, each check's in the document's order.
    public let findings: [Finding]

    /// Whether the SDKs refuse the document for its version.
    public var isRefused: Bool { findings.first?.code == .schemaVersion }
}
