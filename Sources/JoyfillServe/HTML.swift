/// The rich text a document carries made safe to show, and which addresses may be shown.
enum HTML {
    /// The elements rich text may keep (with no attribute but `href` on `a`); any other
    /// element is dropped with its tags, its text kept, except those whose content is code or
    /// styling (`script`, `style`, …), which are dropped whole.
    static let keptElements: [String: StaticString] = [
        "p": "p", "br": "br", "b": "b", "strong": "strong", "i": "i", "em": "em", "u": "u", "s": "s", "strike": "strike",
        "sub": "sub", "sup": "sup", "ul": "ul", "ol": "ol", "li": "li", "h1": "h1", "h2": "h2", "h3": "h3", "h4": "h4",
        "h5": "h5", "h6": "h6", "blockquote": "blockquote", "code": "code", "pre": "pre", "span": "span", "div": "div",
        "a": "a", "hr": "hr", "table": "table", "thead": "thead", "tbody": "tbody", "tr": "tr", "td": "td", "th": "th",
    ]
    static let droppedWhole: Set<String> = ["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math",
                                            "textarea", "select", "title", "head"]

    /// `html` (a richText field's value) with only ``keptElements`` left, their attributes
    /// removed but a link's `href` when it is `http:`, `https:` or `mailto:`; comments and
    /// anything unclosed dropped; text escaped again. One pass over the text.
    static func sanitize(_ html: String) -> Markup {
        let scalars = Array(html.unicodeScalars)
        var output = Markup()
        var index = 0
        var dropping: String?   // inside an element dropped whole, until its end tag
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<" else {
                if dropping == nil { output.text(String(scalar)) }
                index += 1
                continue
            }
            // A comment, a doctype or a processing instruction: dropped.
            if index + 1 < scalars.count, scalars[index + 1] == "!" || scalars[index + 1] == "?" {
                let end = Self.find("-->", in: scalars, from: index + 2) ?? Self.find(">", in: scalars, from: index + 2)
                index = (end ?? scalars.count - 1) + 1
                continue
            }
            guard let close = Self.find(">", in: scalars, from: index + 1) else {
                if dropping == nil { output.text("<") }
                index += 1
                continue
            }
            let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            index = close + 1
            let closing = tag.hasPrefix("/")
            let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
            if let dropped = dropping {
                if closing && name == dropped { dropping = nil }
                continue
            }
            if droppedWhole.contains(name) {
                if !closing && !tag.hasSuffix("/") { dropping = name }
                continue
            }
            guard let element = keptElements[name] else { continue }
            if closing {
                if name != "br" && name != "hr" { output.close(element) }
                continue
            }
            if name == "a", let href = Self.attribute("href", in: tag), Self.isSafeLink(href) {
                output.open("a", [.init("href", href), .init("rel", "noopener noreferrer"), .init("target", "_blank")])
            } else {
                output.open(element)
            }
        }
        return output
    }

    private static func find(_ needle: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        var index = start
        while index + pattern.count <= scalars.count {
            if scalars[index] == pattern[0] && Array(scalars[index..<(index + pattern.count)]) == pattern { return index + pattern.count - 1 }
            index += 1
        }
        return nil
    }

    /// The value of attribute `name` in a tag's text (`a href="…"`), quoted or not.
    static func attribute(_ name: String, in tag: String) -> String? {
        let lower = tag.lowercased()
        guard let range = lower.range(of: name + "=") else { return nil }
        let rest = tag[range.upperBound...]
        if let quote = rest.first, quote == "\"" || quote == "'" {
            return String(rest.dropFirst().prefix { $0 != quote })
        }
        return String(rest.prefix { !$0.isWhitespace && $0 != ">" })
    }

    static func isSafeLink(_ href: String) -> Bool {
        let lower = href.trimmingSpacesAndControls().lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:")
    }

    /// Whether an image source may be shown: a `data:image/` URL or an `http(s)` address.
    static func isImageSource(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("data:image/") || lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}

extension String {
    /// Without the spaces and control characters around it (which a browser ignores in a URL).
    func trimmingSpacesAndControls() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}
