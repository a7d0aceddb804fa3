/// HTML made only through typed calls, so that nothing read from a document can become markup:
/// element and attribute names are static strings of this code, and every text and attribute
/// value is escaped as it is added. The page's HTML is built with it and nothing else; the one
/// way in for HTML made elsewhere is a rich text's sanitiser (``HTML/sanitize(_:)``), which
/// builds its output with it too.
///
/// ```swift
/// var html = Markup()
/// html.element("p", [.init("class", "error")], text: message)   // <p class="error">…</p>
/// ```
struct Markup: Equatable, Sendable {
    /// The HTML so far.
    private(set) var html = ""

    init() {}

    /// One attribute: `name="value"`, or a boolean attribute (`hidden`, `disabled`) when
    /// `value` is nil. An attribute given as nil in a list is left out.
    struct Attribute: Sendable {
        let name: StaticString
        let value: String?

        init(_ name: StaticString, _ value: String) {
            self.name = name
            self.value = value
        }

        private init(flag name: StaticString) {
            self.name = name
            value = nil
        }

        /// The boolean attribute `name` when `on`; nothing otherwise.
        static func flag(_ name: StaticString, _ on: Bool) -> Attribute? {
            on ? Attribute(flag: name) : nil
        }

        /// `name="value"` when there is a value; nothing otherwise.
        static func optional(_ name: StaticString, _ value: String?) -> Attribute? {
            value.map { Attribute(name, $0) }
        }
    }

    /// Text content, escaped.
    mutating func text(_ text: String) {
        Self.escape(text, into: &html)
    }

    /// An element with its attributes, and its content written by `content`.
    mutating func element(_ name: StaticString, _ attributes: [Attribute?] = [], _ content: (inout Markup) -> Void = { _ in }) {
        open(name, attributes)
        content(&self)
        html += "</\(name)>"
    }

    /// An element whose content is `text`, escaped.
    mutating func element(_ name: StaticString, _ attributes: [Attribute?] = [], text: String) {
        element(name, attributes) { $0.text(text) }
    }

    /// A void element (`<input …>`, `<img …>`), or with `selfClosing` an SVG element without
    /// content (`<line …/>`).
    mutating func void(_ name: StaticString, _ attributes: [Attribute?] = [], selfClosing: Bool = false) {
        html += "<\(name)"
        writeAttributes(attributes)
        html += selfClosing ? "/>" : ">"
    }

    /// The start tag of an element whose content follows, written by the caller, and whose
    /// end tag ``close(_:)`` writes: for content built over several statements.
    mutating func open(_ name: StaticString, _ attributes: [Attribute?] = []) {
        html += "<\(name)"
        writeAttributes(attributes)
        html += ">"
    }

    /// The end tag of an element ``open(_:_:)`` started.
    mutating func close(_ name: StaticString) {
        html += "</\(name)>"
    }

    /// Markup made elsewhere: a container rendered before, a sanitised rich text.
    mutating func append(_ other: Markup) {
        html += other.html
    }

    /// The HTML of a container as rendered before, kept by its text (``FormSession`` keeps
    /// what it sent). Only this module's own output comes back here.
    mutating func append(rendered: String) {
        html += rendered
    }

    /// Markup holding `build`'s output.
    static func build(_ build: (inout Markup) -> Void) -> Markup {
        var markup = Markup()
        build(&markup)
        return markup
    }

    private mutating func writeAttributes(_ attributes: [Attribute?]) {
        for case let attribute? in attributes {
            html += " \(attribute.name)"
            if let value = attribute.value {
                html += "=\""
                Self.escape(value, into: &html)
                html += "\""
            }
        }
    }

    /// `text` for an element's content or a quoted attribute value: `& < > " '` escaped.
    private static func escape(_ text: String, into output: inout String) {
        output.reserveCapacity(output.utf8.count + text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
    }
}
