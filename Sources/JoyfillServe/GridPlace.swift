import JoyfillJSON
import JoyfillModel

/// Where a field sits on its page's grid, as the template places it: the page is `cols`
/// columns wide, and a position covers `width` columns from column `x` and `height` rows from
/// row `y` (rows of the page's `rowHeight`). The form keeps the columns and the order of the
/// rows, not their pixel heights: each row is as tall as what is in it, since jf's inputs are
/// not Joyfill's size, and an empty row takes no room.
struct GridPlace: Equatable {
    /// 1-based, as CSS grid lines count.
    var column: Int
    var span: Int
    var row: Int
    var rowSpan: Int

    /// The columns a page without a usable `cols` has (Joyfill's default page is 24 wide).
    static let defaultColumns = 24
    /// Bounds that keep a template's numbers from making a grid the browser cannot lay out.
    static let maximumColumns = 96
    static let maximumRows = 100_000

    /// The columns of `page`: its `cols`, when a whole number from 1 to ``maximumColumns``.
    static func columns(of page: Page) -> Int {
        guard let cols = page.json["cols"]?.numberValue, cols.rounded() == cols, cols >= 1 else { return defaultColumns }
        return Int(min(cols, Double(maximumColumns)))
    }

    /// The place of `position` on a grid of `columns` columns, clamped into it; nil when the
    /// position lacks `x`, `y` or `width` as numbers (a page with such a position is laid out
    /// as a list).
    init?(_ position: FieldPosition, columns: Int) {
        func number(_ key: String) -> Double? {
            guard let value = position.json[key]?.numberValue, value.isFinite else { return nil }
            return value
        }
        guard let x = number("x"), let y = number("y"), let width = number("width") else { return nil }
        let firstColumn = Int(min(max(x.rounded(.down), 0), Double(columns - 1)))
        column = firstColumn + 1
        span = Int(min(max(width.rounded(), 1), Double(columns - firstColumn)))
        row = Int(min(max(y.rounded(.down), 0), Double(Self.maximumRows))) + 1
        rowSpan = Int(min(max((number("height") ?? 1).rounded(), 1), Double(Self.maximumRows)))
    }

    /// The container's style: the place as the custom properties the page's CSS reads (so
    /// that a narrow screen can put every field in one column).
    var style: String {
        "--x:\(column);--w:\(span);--y:\(row);--h:\(rowSpan)"
    }
}
