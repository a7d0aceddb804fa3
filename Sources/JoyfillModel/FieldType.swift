import JoyfillJSON

/// The types of JoyDoc fields; anything else reads as ``unknown``.
public enum FieldType: Sendable, Hashable {
    case text, textarea, number, date, dropdown, multiSelect, signature, image, block, richText
    case table, collection, chart, file
    case unknown(String)

    public init(_ name: String) {
        switch name {
        case "text": self = .text
        case "textarea": self = .textarea
        case "number": self = .number
        case "date": self = .date
        case "dropdown": self = .dropdown
        case "multiSelect": self = .multiSelect
        case "signature": self = .signature
        case "image": self = .image
        case "block": self = .block
        case "richText": self = .richText
        case "table": self = .table
        case "collection": self = .collection
        case "chart": self = .chart
        case "file": self = .file
        default: self = .unknown(name)
        }
    }

    /// The type as JoyDocs spell it.
    public var name: String {
        switch self {
        case .text: return "text"
        case .textarea: return "textarea"
        case .number: return "number"
        case .date: return "date"
        case .dropdown: return "dropdown"
        case .multiSelect: return "multiSelect"
        case .signature: return "signature"
        case .image: return "image"
        case .block: return "block"
        case .richText: return "richText"
        case .table: return "table"
        case .collection: return "collection"
        case .chart: return "chart"
        case .file: return "file"
        case .unknown(let name): return name
        }
    }
}
