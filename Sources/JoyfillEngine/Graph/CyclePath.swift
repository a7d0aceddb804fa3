/// How a cycle of fields is named in a message: one policy for `jf run`, `jf lint` and
/// `jf graph`. A cycle's path starts at its smallest id (``DependencyGraph/cycles``) and is
/// named in full on that field; on its other fields too when it has at most
/// ``longestShown`` fields, else shortened to its ends, so that a report names each field of
/// a long cycle once rather than each field naming all of them (a cycle of 20,000 fields
/// printed on each was 4 GB).
public enum CyclePath {
    /// Cycles with more fields than this are named in full only where their path starts.
    public static let longestShown = 100

    /// Whether the field `name` on `cycle` shows its whole path.
    public static func isWhole(_ cycle: [String], on name: String) -> Bool {
        cycle.count <= longestShown || cycle.first == name
    }

    /// The path as a message writes it on the field `name` (`a → b → a`): whole, or its first
    /// and last ten fields around `…`, saying where the whole path is.
    public static func text(_ cycle: [String], on name: String) -> String {
        if isWhole(cycle, on: name) { return cycle.joined(separator: " → ") }
        let ends = Array(cycle.prefix(10)) + ["…"] + Array(cycle.suffix(10))
        return ends.joined(separator: " → ") + " (\(cycle.count - 1) fields; the whole path is on '\(cycle[0])')"
    }
}
