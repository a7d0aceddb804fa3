import Foundation
import JoyfillJSON

/// A number as the form shows it: at most 15 significant digits, as people read numbers
/// (`0.1 + 0.2` shows 0.3, a total 5395834.02), where the stored value keeps every digit of
/// its binary form. The text is a valid value of `<input type="number">`, and only what is
/// shown is rounded: an input left alone sends nothing, so the stored value never changes.
enum DisplayNumber {
    /// `value` with at most 15 significant digits and no trailing zeros: `12`, `0.3`,
    /// `1e+21`; infinities and NaN, which no input holds, as the empty text.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        // 15 digits: every decimal of up to 15 digits survives a round trip through a Double,
        // so what is shown is never a digit the value does not have.
        return String(format: "%.15g", value)
    }

    /// `value` as a field or column shows it: with exactly its template's `decimalPlaces`
    /// (a whole number from 0 to 15) when `json` gives them (`72.60`), else as ``text(_:)``.
    static func text(_ value: Double, placesIn json: JSONValue) -> String {
        guard value.isFinite, let places = json["decimalPlaces"]?.integerValue, (0...15).contains(places) else { return text(value) }
        return String(format: "%.\(places)f", value)
    }
}
