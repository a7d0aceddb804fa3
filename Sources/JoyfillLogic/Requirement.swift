import JoyfillJSON
import JoyfillModel

/// What makes a field, a column or a cell need a value: its `required` flag, its
/// `requiredLogic`, or (a cell) its column's `cellRequiredLogic`. `jf validate --json` names
/// it, so a person can see why a value is asked for.
public enum Requirement: String, Sendable {
    case required, requiredLogic, cellRequiredLogic

    /// What `logic` (required logic; `holds` tests it) makes of a value whose `required` is
    /// `base`: `enforce` requires it while its conditions hold, `unenforce` releases it.
    static func of(base: Bool, logic: Logic?, holds: (Logic) -> Bool) -> Requirement? {
        if let logic, holds(logic) {
            switch logic.action {
            case .enforce: return .requiredLogic
            case .unenforce: return nil
            case .show, .hide: break
            }
        }
        return base ? .required : nil
    }
}
