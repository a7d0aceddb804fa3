import JoyfillJSON
import JoyfillModel

/// What hides a field, page, column or cell (`jf validate --json` says it, so that a value left
/// unchecked can be traced to its rule).
public enum HiddenBy: String, Sendable {
    /// `hiddenViews` names the view.
    case hiddenViews
    /// Its `hidden` flag (or a formula applied with the key `hidden`), with no logic.
    case hidden
    /// Its `logic`, from where its `hidden` flag puts it.
    case logic
    /// A deleted column.
    case deleted
    /// The column's `cellVisibilityLogic`, in this row.
    case cellVisibilityLogic
    /// The column's `cellsHidden`.
    case cellsHidden
}
