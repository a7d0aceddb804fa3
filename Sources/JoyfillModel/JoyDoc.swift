import JoyfillJSON

/// A JoyDoc: the fields and formulas of a Joyfill document, over the JSON it was read from.
public struct JoyDoc: Sendable {
    /// The document's text, as read.
    public let bytes: SourceBytes
    /// The whole document.
    public let json: JSONValue
    /// Every field, in document order.
    public private(set) var fields: [Field]
    /// Document-level formulas (`formulas: [{_id, expression}]`), in document order.
    public let formulas: [FormulaDefinition]
    /// Problems the reader worked around.
    public let issues: [DocumentIssue]
    /// Document formulas the reader ignored, by `_id`: why, as the end of a sentence
    /// ("has no \"expression\""), so that a field applying one can say more than "no such formula".
    public let ignoredFormulas: [String: String]

    /// Field ids by position in ``fields`` (ids are looked up on every formula reference).
    private let fieldPositions: StringIndex
    private let formulaPositions: [String: Int]

    /// Reads a JoyDoc from JSON text (the document keeps `source`).
    public init(source: SourceBytes) throws(DocumentError) {
        let json: JSONValue
        do {
            json = try JSONReader.read(source)
        } catch {
            throw DocumentError(message: "invalid JSON: \(error.message)", line: error.line, column: error.column)
        }
        try self.init(json: json)
    }

    /// Reads a JoyDoc from a copy of JSON text.
    public init(bytes: some Collection<UInt8>) throws(DocumentError) {
        try self.init(source: SourceBytes(bytes))
    }

    /// Reads a JoyDoc from an already parsed JSON value; its text is the one `json` was read
    /// from (none for a value built in code).
    public init(json: JSONValue) throws(DocumentError) {
        let bytes = json.source ?? SourceBytes([])
        self.bytes = bytes
        self.json = json
        func located(_ message: String, _ value: JSONValue?, field: String? = nil) -> DocumentError {
            DocumentError(message: message, offset: value?.span?.lowerBound, in: bytes, field: field)
        }
        guard json.isObject else {
            throw located("not a JoyDoc: the document must be a JSON object, not \(json.typeName == "array" ? "an" : "a") \(json.typeName)", json)
        }
        guard let fieldsJSON = json["fields"] else {
            throw located("not a JoyDoc: the document has no \"fields\" array", json)
        }
        guard let fieldList = fieldsJSON.arrayValue else {
            throw located("not a JoyDoc: \"fields\" must be an array, not \(fieldsJSON.typeName == "object" ? "an" : "a") \(fieldsJSON.typeName)", fieldsJSON)
        }
        var issues: [DocumentIssue] = []
        var fields: [Field] = []
        fields.reserveCapacity(fieldList.count)
        var positions = StringIndex(capacity: fieldList.count)
        for (index, element) in fieldList.enumerated() {
            guard element.isObject else {
                throw located("fields[\(index)] must be an object, not \(element.typeName == "array" ? "an" : "a") \(element.typeName)", element)
            }
            guard let id = element["_id"]?.stringValue, !id.isEmpty else {
                throw located("fields[\(index)] has no \"_id\" string; every field needs one", element)
            }
            guard positions.insert(id).inserted else {
                issues.append(DocumentIssue(message: "a second field has the _id \"\(id)\"; formulas read the first", field: id,
                                            offset: element.span?.lowerBound, in: bytes))
                continue
            }
            let field = Field(json: element, id: id, bytes: bytes, issues: &issues)
            fields.append(field)
        }
        issues += JoyDoc.outOfRangeNumbers(in: json, fields: fieldList, bytes: bytes)
        var formulas: [FormulaDefinition] = []
        var formulaPositions: [String: Int] = [:]
        var ignoredFormulas: [String: String] = [:]
        if let list = json["formulas"] {
            guard let elements = list.arrayValue else {
                throw located("\"formulas\" must be an array, not \(list.typeName == "object" ? "an" : "a") \(list.typeName)", list)
            }
            formulas.reserveCapacity(elements.count)
            formulaPositions.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard let id = element["_id"]?.stringValue else {
                    issues.append(DocumentIssue(message: "formulas[\(index)] has no \"_id\" string and is ignored", field: nil,
                                                offset: element.span?.lowerBound, in: bytes))
                    continue
                }
                guard let expression = element["expression"] else {
                    issues.append(DocumentIssue(message: "formula \"\(id)\" has no \"expression\" and is ignored", field: nil,
                                                offset: element.span?.lowerBound, in: bytes))
                    if ignoredFormulas[id] == nil { ignoredFormulas[id] = "has no \"expression\"" }
                    continue
                }
                guard let text = expression.stringValue else {
                    issues.append(DocumentIssue(message: "formula \"\(id)\": \"expression\" must be a string, not \(expression.typeName)",
                                                field: nil, offset: expression.span?.lowerBound, in: bytes))
                    if ignoredFormulas[id] == nil { ignoredFormulas[id] = "has an \"expression\" that is not a string" }
                    continue
                }
                if formulaPositions[id] == nil { formulaPositions[id] = formulas.count }
                formulas.append(FormulaDefinition(id: id, expression: text, json: element))
            }
        }
        self.fields = fields
        self.fieldPositions = positions
        self.formulas = formulas
        self.formulaPositions = formulaPositions
        // A formula defined properly elsewhere in the list is not ignored.
        self.ignoredFormulas = ignoredFormulas.filter { formulaPositions[$0.key] == nil }
        self.issues = DocumentIssue.located(issues, in: bytes)
    }

    /// An issue for each number of the text beyond a double's range, naming the field that
    /// holds it, if any (`fields`: the `fields` array's elements, in the text's order).
    private static func outOfRangeNumbers(in json: JSONValue, fields: [JSONValue], bytes: SourceBytes) -> [DocumentIssue] {
        let separators = " ,]}\r\n\t".utf8
        return json.outOfRangeNumbers.map { offset in
            // The field that holds the number is the last to start before it, if it spans it.
            var (low, high) = (0, fields.count)
            while low < high {
                let middle = (low + high) / 2
                if (fields[middle].span?.lowerBound ?? 0) <= offset { low = middle + 1 } else { high = middle }
            }
            let owner = low > 0 ? fields[low - 1] : nil
            let field = owner.flatMap { $0.span?.contains(offset) == true ? $0["_id"]?.stringValue : nil }
            var end = offset + 1
            while end < bytes.count, end - offset < 24, !separators.contains(bytes[end]) { end += 1 }
            var number = String(decoding: bytes[offset..<end], as: UTF8.self)
            if end < bytes.count, !separators.contains(bytes[end]) { number += "…" }
            var message = "the number \(number) is beyond the range of a double (±1.8e308)"
            if let field { message = "field \"\(field)\": \(message); formulas read it as \(number.hasPrefix("-") ? "-" : "")Infinity" }
            return DocumentIssue(message: message, field: field, offset: offset, in: bytes)
        }
    }

    /// The field with this `_id` (case-sensitive), if any.
    public func field(_ id: String) -> Field? {
        fieldPositions.position(of: id).map { fields[$0] }
    }

    /// The position in ``fields`` of the field with this `_id`.
    public func fieldIndex(_ id: String) -> Int? { fieldPositions.position(of: id) }

    /// Gives the field at `position` the `rowOrder` a change in place wrote into the text
    /// (a session's rows moved or added without reading the text again): ``Field/rowOrder``
    /// reads it from then on; the field's `json` stays the text as read.
    public mutating func setRowOrder(_ order: [String], ofFieldAt position: Int) {
        fields[position].movedRowOrder = order
    }

    /// The document formula with this `_id` (the first, if several share it).
    public func formula(_ id: String) -> FormulaDefinition? {
        formulaPositions[id].map { formulas[$0] }
    }

    /// The position in ``formulas`` of the document formula with this `_id` (the first, if several share it).
    public func formulaIndex(_ id: String) -> Int? { formulaPositions[id] }

    /// Where a formula's expression lies in the document's text: a map from byte offsets in
    /// `formula.expression` to byte offsets in ``bytes``, inside its JSON string literal and
    /// through its escapes. Made once per formula, it places any number of spans. Without a
    /// place for the expression (a document built in code), every offset maps to the formula.
    public func textOffsets(of formula: FormulaDefinition) -> (Int) -> Int {
        guard let range = formula.json["expression"]?.span, range.upperBound <= bytes.count else {
            let start = formula.json.span?.lowerBound ?? 0
            return { _ in start }
        }
        let literal = bytes[range]
        // Without escapes the expression's bytes follow the opening quote one for one.
        if !literal.dropFirst().dropLast().contains(UInt8(ascii: "\\")) {
            let start = range.lowerBound + 1, end = range.upperBound - 1
            return { min(start + max($0, 0), end) }
        }
        let offsets = JSONText.rawOffsets(inLiteral: literal)
        return { offsets[min(max($0, 0), offsets.count - 1)] }
    }

}
