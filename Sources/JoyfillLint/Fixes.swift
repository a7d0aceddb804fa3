import JoyfillAnalysis
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

/// The fixes `--fix` applies (safe ones, and suggestions with unsafe fixes on) as edits of a
/// file's bytes, and the unified diff they make.
///
/// Fixes are edits of a formula's text. In a JoyDoc, the fixed formula is written back as a
/// new JSON string in place of the old `expression` string, so every other byte of the file
/// stays as it was. In a bare-expression file the edits apply to the file directly.
public enum LintFixes {
    /// The file edits that apply the fixable findings of `diagnostics` to a document, and how
    /// many findings they fix: the fixes of each formula applied together (those that apply
    /// whole, ``Fix/compatible(_:)``), and the fixes of structural findings (a stored value)
    /// as they are. A fix whose edits overlap one taken before is left out whole, so the count
    /// is exact: the findings fixed, which the next lint no longer reports as such.
    public static func edits(for diagnostics: [Finding], in document: JoyDoc) -> (edits: [JSONEdit], fixed: Int) {
        var byFormula: [String: [Fix]] = [:]
        var order: [String] = []
        // Each group is taken whole or not at all: one formula's new text, or one finding's edits.
        var groups: [(edits: [JSONEdit], findings: Int)] = []
        for diagnostic in diagnostics {
            guard let fix = diagnostic.fix, diagnostic.isFixable else { continue }
            guard let formula = diagnostic.formula, diagnostic.expression != nil else {
                groups.append((diagnostic.fileEdits.map { JSONEdit(span: $0.start..<$0.end, replacement: $0.replacement) }, 1))
                continue
            }
            if byFormula[formula] == nil { order.append(formula) }
            byFormula[formula, default: []].append(fix)
        }
        for formula in order {
            guard let definition = document.formula(formula), let span = definition.json["expression"]?.span else { continue }
            let fixes = Fix.compatible(byFormula[formula]!)
            let fixed = Fix.apply(fixes, to: definition.expression)
            guard fixed != definition.expression else { continue }
            groups.append(([JSONEdit(span: span, replacement: JSONText.string(fixed))], fixes.count))
        }
        return accept(groups)
    }

    /// The file edits that apply the fixable findings of `diagnostics` to a bare expression
    /// file, and how many findings they fix.
    public static func edits(for diagnostics: [Finding]) -> (edits: [JSONEdit], fixed: Int) {
        let fixes = Fix.compatible(diagnostics.filter(\.isFixable).compactMap(\.fix))
        let edits = fixes.flatMap(\.edits).map { JSONEdit(span: $0.span.start..<$0.span.end, replacement: $0.replacement) }
        return (edits.sorted { $0.span.lowerBound < $1.span.lowerBound }, fixes.count)
    }

    /// The groups of edits that apply together, in order of place, each whole or not at all;
    /// among insertions at one place, the groups' order is kept (ids added to one `rowOrder`,
    /// in the rows' order).
    private static func accept(_ groups: [(edits: [JSONEdit], findings: Int)]) -> (edits: [JSONEdit], fixed: Int) {
        var taken = SpanSet()
        var edits: [(edit: JSONEdit, order: Int)] = []
        var fixed = 0
        let ordered = groups.enumerated().sorted {
            ($0.element.edits.map(\.span.lowerBound).min() ?? 0, $0.offset) < ($1.element.edits.map(\.span.lowerBound).min() ?? 0, $1.offset)
        }
        for (order, group) in ordered where !group.edits.isEmpty && !group.edits.contains(where: { taken.overlaps($0.span) }) {
            for edit in group.edits {
                taken.insert(edit.span)
                edits.append((edit, order))
            }
            fixed += group.findings
        }
        let sorted = edits.sorted { ($0.edit.span.lowerBound, $0.order) < ($1.edit.span.lowerBound, $1.order) }
        return (sorted.map(\.edit), fixed)
    }

    /// A unified diff (`--- a/path`, `+++ b/path`, hunks with three lines of context) of
    /// what `edits` do to `bytes`. It is made from the edits themselves, so its cost is
    /// linear in the file and the changes, whatever their number.
    public static func diff(path: String, original bytes: [UInt8], edits: [JSONEdit]) -> String {
        guard !edits.isEmpty else { return "" }
        let lines = LineMap(bytes)
        let context = 3
        // A block is a run of lines that edits change; edits on a shared line share a block.
        var blocks: [(first: Int, last: Int, edits: [JSONEdit])] = []
        for edit in edits {
            let first = lines.line(containing: edit.span.lowerBound)
            let last = lines.line(containing: max(edit.span.lowerBound, edit.span.upperBound - 1))
            if let previous = blocks.last, first <= previous.last {
                blocks[blocks.count - 1].last = max(previous.last, last)
                blocks[blocks.count - 1].edits.append(edit)
            } else {
                blocks.append((first, last, [edit]))
            }
        }
        // Blocks close enough to share context share a hunk.
        var hunks: [[(first: Int, last: Int, edits: [JSONEdit])]] = []
        for block in blocks {
            if let previous = hunks.last?.last, block.first - previous.last <= 2 * context {
                hunks[hunks.count - 1].append(block)
            } else {
                hunks.append([block])
            }
        }
        let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var output = "--- a/\(name)\n+++ b/\(name)\n"
        var shift = 0
        for hunk in hunks {
            let before = max(1, hunk[0].first - context)
            let after = min(lines.count, hunk[hunk.count - 1].last + context)
            var body = ""
            var oldCount = 0, newCount = 0
            var line = before
            for block in hunk {
                while line < block.first {
                    body += " " + lines.text(ofLine: line) + "\n"
                    line += 1
                    oldCount += 1
                    newCount += 1
                }
                let start = lines.start(ofLine: block.first)
                let rebased = block.edits.map {
                    JSONEdit(span: ($0.span.lowerBound - start)..<($0.span.upperBound - start), replacement: $0.replacement)
                }
                let oldText = Array(bytes[start..<lines.end(ofLine: block.last)])
                let oldLines = splitLines(oldText)
                let newLines = splitLines(JSONEdit.apply(rebased, to: oldText))
                for text in oldLines { body += "-" + text + "\n" }
                for text in newLines { body += "+" + text + "\n" }
                oldCount += oldLines.count
                newCount += newLines.count
                line = block.last + 1
            }
            while line <= after {
                body += " " + lines.text(ofLine: line) + "\n"
                line += 1
                oldCount += 1
                newCount += 1
            }
            output += "@@ -\(before),\(oldCount) +\(before + shift),\(newCount) @@\n" + body
            shift += newCount - oldCount
        }
        return output
    }

    /// The lines of `bytes`, without their breaks (LF or CRLF); none when there are no bytes
    /// (the edits removed whole lines).
    private static func splitLines(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        let lines = LineMap(bytes)
        return (1...lines.count).map(lines.text(ofLine:))
    }
}
