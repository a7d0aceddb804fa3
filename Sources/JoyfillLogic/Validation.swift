import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

public enum ValidationStatus: String, Sendable {
    case valid, invalid
}

/// The result of validating a document, a page or one field: every shown field in scope, in
/// page order, with why it fails, if it does.
public struct Validation: Sendable {
    public let status: ValidationStatus
    /// The shown fields in scope: hidden fields, fields on hidden pages and fields placed on no
    /// page (in a document that has pages) are left out, as nobody can fill them.
    public let fields: [FieldValidity]

    public var invalidFields: [FieldValidity] { fields.filter { $0.status == .invalid } }

    /// A document the SDKs refuse at load (a version they do not read): invalid, and no field
    /// is checked, as their form shows none.
    public static let refused = Validation(status: .invalid, fields: [])
}

/// One field's validity.
public struct FieldValidity: Sendable {
    /// The document's fields (shared, not copied) and this field's place among them: a
    /// validation holds one of these for every field checked, and a ``Field`` is a hundred
    /// bytes, which a large document's validation held again beside the document.
    private let fields: [Field]
    private let index: Int
    public var field: Field { fields[index] }
    /// The page and position the field was validated at (nil in a document without pages).
    public let pageID: String?
    public let positionID: String?
    public let status: ValidationStatus
    /// What makes the field required (its `required`, or its `requiredLogic`); nil when it is not.
    public let requiredBy: Requirement?
    /// Whether the field is required.
    public var isRequired: Bool { requiredBy != nil }
    /// True when the field is required and has no value (a table or collection: no row).
    public let isMissing: Bool
    /// The rows that fail: a required column without a value, or a required child schema
    /// without rows (tables and collections, required or not).
    public let rows: [RowValidity]

    init(fields: [Field], index: Int, pageID: String?, positionID: String?, status: ValidationStatus, requiredBy: Requirement?,
         isMissing: Bool, rows: [RowValidity]) {
        self.fields = fields
        self.index = index
        self.pageID = pageID
        self.positionID = positionID
        self.status = status
        self.requiredBy = requiredBy
        self.isMissing = isMissing
        self.rows = rows
    }
}

/// A table or collection row that fails validation.
public struct RowValidity: Sendable {
    /// The row's `_id` ("" when it has none).
    public let id: String
    /// The row's place among the rows shown (0-based, after `rowOrder`).
    public let index: Int
    /// The collection schema the row belongs to (nil for a table row).
    public let schema: String?
    /// Where the row is in the document's text (its `_id`, or the row itself); nil for a row
    /// a formula wrote.
    public let span: Range<Int>?
    /// Required columns, shown, whose cell has no value.
    public let emptyColumns: [TableColumn]
    /// What makes each empty cell required, by column `_id`.
    public let requiredBy: [String: Requirement]
    /// Required child schemas (collections) with no row under this one.
    public let missingSchemas: [String]
    /// Child rows that fail.
    public let children: [RowValidity]
}
