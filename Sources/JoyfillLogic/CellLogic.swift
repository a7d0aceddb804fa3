import JoyfillJSON
import JoyfillModel

/// A column's cell logic, its conditions on fields decided once (they read the same fields in
/// every row) and those on the row's cells read row by row.
struct CellLogic: Sendable {
    let logic: Logic
    /// For each condition, its outcome when it reads a field; nil when it reads a cell.
    private let fieldOutcomes: [Bool?]

    init(_ logic: Logic, _ values: FieldValues) {
        self.logic = logic
        fieldOutcomes = logic.conditions.map { condition in
            if case .field = condition.subject { return condition.holds(in: values) }
            return nil
        }
    }

    /// Whether the logic holds on `row` (`columns` are the row's: a condition on a column the
    /// row's schema does not have reads it as absent).
    func holds(row: JSONValue, columns: [TableColumn]) -> Bool {
        var index = 0
        return logic.holds { condition in
            defer { index += 1 }
            if let outcome = fieldOutcomes[index] { return outcome }
            guard case .cell(_, let column) = condition.subject else { return false }
            let type = columns.first { $0.id == column && !$0.deleted }?.type ?? .text
            return condition.holds(on: row["cells"]?[column], type: type)
        }
    }
}
