/// `--format concise`: one line a finding, `path:line:column: rule message`, as Ruff's concise
/// and ESLint's unix formats write them, for `grep` and editors' quickfix lists (Vim's
/// `errorformat` `%f:%l:%c: %m` reads it). The field and formula follow in parentheses when
/// the finding has them; a line break in a message becomes a space, so a finding stays one line.
public enum ConciseFormatter {
    public static func render(_ report: FileReport) -> String {
        var output = ""
        for diagnostic in report.findings {
            var line = "\(report.path):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.rule) "
            line += diagnostic.message.split(whereSeparator: \.isNewline).joined(separator: " ")
            let owners = [diagnostic.field.map { "field \($0)" }, diagnostic.formula.map { "formula \($0)" }].compactMap { $0 }
            if !owners.isEmpty { line += " (" + owners.joined(separator: ", ") + ")" }
            output += line + "\n"
        }
        return output
    }
}
