import JoyfillChanges
import JoyfillFormulas
import JoyfillJSON

/// What was wrong with a request: said in the page, never a crash. The session is left as it
/// was before the request.
struct ServeError: Error, CustomStringConvertible {
    var message: String
    var suggestion: String?
    /// The field the request was about, when it names one.
    var field: String?
    /// The change entry at fault (0-based), for a list of changes.
    var change: Int?
    /// The HTTP status the request gets (422: understood, but not applicable).
    var status = 422
    /// Save was refused because the file changed on disk: the page offers reload or save as.
    var conflict = false

    init(_ message: String, suggestion: String? = nil, field: String? = nil, status: Int = 422) {
        self.message = message
        self.suggestion = suggestion
        self.field = field
        self.status = status
    }

    init(_ error: ChangeError) {
        self.init(error.message, suggestion: error.suggestion, field: error.field)
        change = error.index
    }

    /// Save refused: the file is not what was read (409).
    static func conflict(_ message: String) -> ServeError {
        var error = ServeError(message, status: 409)
        error.conflict = true
        return error
    }

    var description: String { message }

    /// `{"error": {"message", "suggestion"?, "field"?, "change"?, "conflict"?}}`.
    var json: JSONValue {
        var members = [JSONMember("message", .string(message))]
        if let suggestion { members.append(JSONMember("suggestion", .string(suggestion))) }
        if let field { members.append(JSONMember("field", .string(field))) }
        if let change { members.append(JSONMember("change", .integer(change))) }
        if conflict { members.append(JSONMember("conflict", .bool(true))) }
        return .object([JSONMember("error", .object(members))])
    }
}
