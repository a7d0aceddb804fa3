import JoyfillDecorators
import JoyfillFormulas

extension LintRule {
    static let invalidDecorator = LintRule(
        code: .invalidDecorator, severity: .warning,
        summary: "A decorator the SDKs reject or never show: no action, a repeated action, a bad color, no icon or label.",
        fixability: .never, scope: .field,
        documentation: Documentation(
            what: "Reports decorators (the tappable icons and labels on fields, rows, columns and cells) that cannot work as stored: one without an `action` or with an empty one, a `color` that is not `#RRGGBB`, two in one scope with the same action, one with neither an icon nor a label, an icon the SDKs do not draw, a cell decorator for a column the table does not have, row decorators under `\"decorate\": false`, `rowDecorators` on a field that is not a table, decorators stored in a shape the SDKs do not read, and row, column or schema ids spelt like the words paths reserve (`rows`, `columns`, `schemas`), which no path can name (see docs/decorators.md).",
            why: "The SDKs refuse to add such decorators through their API, but show what a template stores: a decorator without an icon or label is never drawn, a tap on one of two with the same action cannot be told from the other, and an unknown icon becomes a default symbol.",
            bad: json("""
                "rowDecorators": [{"action": "archive", "icon": "archive", "color": "red"}, {"action": "archive", "label": "Archive"}]
                """),
            good: json("""
                "rowDecorators": [{"action": "archive", "icon": "folder", "color": "#DC2626"}, {"action": "share", "label": "Share"}]
                """),
            fix: "Give every decorator a unique `action`, an `icon` from the supported list or a `label`, and a `color` of the form `#RRGGBB`."))
}

// The check.
extension DocumentLint {
    /// `invalid-decorator`: decorators the SDKs reject, never show, or cannot tell apart.
    mutating func decorators() {
        guard settings.isEnabled(.invalidDecorator) else { return }
        add(DecoratorCheck.issues(in: document), as: .invalidDecorator)
    }
}
