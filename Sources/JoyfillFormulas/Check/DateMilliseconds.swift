extension Checker {
    /// The smallest number of milliseconds taken to be meant as such: a date moved by less
    /// than a second, or two dates compared with a gap of less than one, was meant in days.
    static let meaningfulMilliseconds = 1000.0

    /// `date-milliseconds`: a date arithmetic that counts in days where dates count in
    /// milliseconds (specification §5.3). Two shapes are certain enough to report:
    ///
    /// - a date plus a small whole number (`due_date + 30`), which moves it by 30 ms; the
    ///   suggestion is `dateAdd(due_date, 30, "days")`;
    /// - a difference of two dates compared with a small number (`end - start > 30`), which
    ///   compares milliseconds with it; the suggestion divides the difference by 86400000,
    ///   the milliseconds of a day.
    ///
    /// `types` are the checker's inferred types; a side is a date when it can be nothing else
    /// (a date field may also be null).
    static func dateMilliseconds(_ id: NodeID, in tree: SyntaxTree, types: [ValueTypes], into diagnostics: inout [Diagnostic]) {
        guard case .binary(let op, let left, let right) = tree[id] else { return }
        func isDate(_ node: NodeID) -> Bool {
            let type = types[node.index]
            return type.contains(.date) && type.isSubset(of: [.date, .null])
        }
        func smallCount(_ node: NodeID) -> Double? {
            guard case .number(let value) = tree[node], value != 0, abs(value) < meaningfulMilliseconds,
                  value == value.rounded() else { return nil }
            return value
        }
        let span = tree.span(of: id)
        func report(_ message: String, _ note: String, _ fix: Fix) {
            diagnostics.append(Diagnostic(.type, message, at: span, severity: .warning,
                                          notes: [note, "dates count milliseconds: a day is 86400000"], fix: fix,
                                          code: .dateMilliseconds))
        }
        switch op {
        case .add:
            let (date, count): (NodeID, NodeID) = isDate(left) ? (left, right) : (right, left)
            guard isDate(date), let amount = smallCount(count) else { return }
            let shown = tree.text(of: count)
            let call = "dateAdd(\(tree.text(of: date)), \(shown), \"days\")"
            report("adding \(shown) to a date moves it by \(shown) millisecond\(abs(amount) == 1 ? "" : "s")",
                   "dateAdd() moves a date by days, months or years: \(call)",
                   .replace(span, with: call, "move it by \(shown) day\(abs(amount) == 1 ? "" : "s")", isSafe: false))
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            for (difference, other) in [(left, right), (right, left)] {
                guard case .binary(.subtract, let later, let earlier) = tree[difference], isDate(later), isDate(earlier),
                      smallCount(other) != nil else { continue }
                let shown = tree.text(of: other)
                // A parenthesized difference spans its parentheses (its operands start later).
                let inner = tree.text(of: difference)
                let isGrouped = tree.span(of: later).start > tree.span(of: difference).start
                let divided = (isGrouped ? String(inner) : "(\(inner))") + " / 86400000"
                report("the difference of two dates is in milliseconds, compared here with \(shown)",
                       "divide it by 86400000 to compare days: \(divided)",
                       .replace(tree.span(of: difference), with: divided, "compare days", isSafe: false))
                return
            }
        default:
            return
        }
    }
}
