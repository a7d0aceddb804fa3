import JoyfillJSON

/// The version guard the SDKs run before the structural check: only a top-level `v` that is a
/// JSON string is read (any other `v`, or none, counts as `1.0.0`); its text up to the first
/// `.` must be a whole number (digits, an optional sign), no greater than the schema's major
/// version. Minor and patch versions are never compared, and there is no lower bound.
public enum SchemaVersion {
    /// A major version: a whole number of any size, kept as its sign and digits so that
    /// `"-99999999999999999999999.0"` compares as the number it says, not as an overflow.
    public struct Major: Comparable, Sendable, CustomStringConvertible {
        let negative: Bool
        /// The digits, without leading zeros ("" for zero).
        let digits: Substring

        public var description: String { digits.isEmpty ? "0" : (negative ? "-" : "") + digits }

        public static func < (a: Major, b: Major) -> Bool {
            if a.negative != b.negative { return a.negative }
            // Of two negatives, the one of larger magnitude is the smaller.
            return a.negative ? b.hasSmallerMagnitude(than: a) : a.hasSmallerMagnitude(than: b)
        }

        private func hasSmallerMagnitude(than other: Major) -> Bool {
            digits.count != other.digits.count ? digits.count < other.digits.count : digits < other.digits
        }
    }

    /// The major version in `text`: the part before the first `.`, read as a whole number
    /// (an optional `+` or `-`, then at least one digit); nil when it is not one.
    public static func major(of text: String) -> Major? {
        var number = text.prefix { $0 != "." }
        let negative = number.first == "-"
        if number.first == "-" || number.first == "+" { number = number.dropFirst() }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let digits = number.drop { $0 == "0" }
        return Major(negative: negative && !digits.isEmpty, digits: digits)
    }

    /// Why the SDKs refuse `document` before looking at its structure, or nil when `v` passes.
    /// `supported` is the schema's own version (`1.0.5`).
    static func check(_ document: JSONValue, supported: String) -> SchemaViolation? {
        guard let versionValue = document["v"], let version = versionValue.stringValue else { return nil }
        let note = "The SDKs refuse such a document with ERROR_SCHEMA_VERSION and show nothing of it."
        guard let supportedMajor = major(of: supported) else {
            return SchemaViolation(code: .version, pointer: JSONPointer([.key("v")]), span: versionValue.span,
                                   message: "the schema's own version \"\(supported)\" has no readable major version", note: note)
        }
        guard let documentMajor = major(of: version) else {
            return SchemaViolation(
                code: .version, pointer: JSONPointer([.key("v")]), span: versionValue.span,
                message: "the version \"\(version)\" has no readable major version: it must start with a whole number (\"1.0.0\")",
                note: note)
        }
        guard documentMajor <= supportedMajor else {
            return SchemaViolation(
                code: .version, pointer: JSONPointer([.key("v")]), span: versionValue.span,
                message: "the version \"\(version)\" is newer than the schema the SDKs read (\(supported), so v\(supportedMajor).x.x)",
                note: note)
        }
        return nil
    }
}
