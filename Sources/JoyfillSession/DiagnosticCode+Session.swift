import JoyfillFormulas

/// The codes of what a session's policy finds in the changes it is given.
extension DiagnosticCode {
    /// A change applied to a field the app shows disabled (``ChangeWarning``).
    public static let disabledFieldChange = DiagnosticCode("disabled-field-change")
}
