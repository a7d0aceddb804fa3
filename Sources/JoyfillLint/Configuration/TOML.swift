import JoyfillJSON

/// Reads the part of TOML 1.0 that configuration files use, into the same ``JSONValue``
/// shape a `.jf.json` file has, so one decoder serves both.
///
/// Supported: comments, `[table]` and `[dotted.table]` headers, `[[arrays.of.tables]]`, bare,
/// quoted and dotted keys, basic strings (with escapes) and literal strings, integers,
/// floats, booleans, arrays (over several lines, with a trailing comma) and inline tables.
/// Multi-line strings and dates are not (no setting needs them); they are reported with
/// their line and column, like every other error. A key or a table defined twice is an error.
///
/// Where each key and value starts is kept (``Places``), so that a setting the decoder
/// refuses is reported at its line and column too.
///
/// Nesting is bounded: keys of at most ``maximumDepth`` parts, and arrays and inline tables
/// nested at most as deep, so a hostile file is an error, not a stack overflow (the reader,
/// and the tree it builds, recurse once a level).
///
/// Why not LebJe/TOMLKit, which is on this machine: its package depends on karwa/swift-checkit
/// (for its own tests), which is not, so the package does not resolve here. It would also
/// bring a C++ parser into a build that has none, to read a few settings; reading them into
/// a `JSONValue` lets one decoder serve `jf.toml` and `.jf.json` alike.
enum TOML {
    /// The most parts a key may have, and the most levels arrays and inline tables may nest.
    static let maximumDepth = 64

    struct Error: Swift.Error, CustomStringConvertible {
        var message: String
        var line: Int
        var column: Int
        var description: String { "line \(line), column \(column): \(message)" }
    }

    static func read(_ text: String) throws(Error) -> JSONValue {
        try readWithPlaces(text).value
    }

    /// The document, and where its keys and values start (byte offsets in `text`).
    static func readWithPlaces(_ text: String) throws(Error) -> (value: JSONValue, places: ConfigurationPlaces) {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.document()
        return (value, ConfigurationPlaces(bytes: reader.bytes, values: reader.valueStarts, keys: reader.keyStarts))
    }

    /// A table being built: keys in order, and how it was defined: a table is defined once,
    /// by a header or by dotted keys, and an inline table is never extended.
    private final class Table {
        var keys: [String] = []
        var values: [String: Item] = [:]
        var isInline = false
        /// A `[header]` names this table: another header cannot, nor can dotted keys add to it.
        var hasHeader = false
        /// Dotted keys (`a.b = 1`) made it: a header cannot name it.
        var madeByDottedKeys = false

        func json() -> JSONValue {
            .object(keys.map { JSONMember($0, values[$0]!.json()) })
        }
    }

    private enum Item {
        case value(JSONValue)
        case table(Table)
        case tables([Table])

        func json() -> JSONValue {
            switch self {
            case .value(let value): return value
            case .table(let table): return table.json()
            case .tables(let tables): return .array(tables.map { $0.json() })
            }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        /// Where each value and each key starts, by the value's path.
        var valueStarts: [JSONPointer: Int] = [:]
        var keyStarts: [JSONPointer: Int] = [:]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func document() throws(Error) -> JSONValue {
            let root = Table()
            var current = root
            var currentPath: JSONPointer = []
            while true {
                skipBlankLinesAndComments()
                guard position < bytes.count else { break }
                if bytes[position] == UInt8(ascii: "[") {
                    let start = position
                    let isArray = position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "[")
                    position += isArray ? 2 : 1
                    skipSpaces()
                    let path = try key()
                    skipSpaces()
                    try expect("]")
                    if isArray { try expect("]") }
                    try endOfLine()
                    (current, currentPath) = try header(path, in: root, isArray: isArray)
                    valueStarts[currentPath] = start
                    keyStarts[currentPath] = start
                } else {
                    let keyStart = position
                    let path = try key()
                    skipSpaces()
                    try expect("=")
                    skipSpaces()
                    let full = currentPath + path.map(JSONPointer.Step.key)
                    keyStarts[full] = keyStart
                    let value = try self.value(at: full)
                    try assign(value, to: path, in: current)
                    try endOfLine()
                }
            }
            return root.json()
        }

        // MARK: Tables

        /// The table a header names, and its path (an array of tables' element by its index).
        private func header(_ path: [String], in root: Table, isArray: Bool) throws(Error) -> (Table, JSONPointer) {
            var table = root
            var located: JSONPointer = []
            for (index, part) in path.enumerated() {
                located.append(.key(part))
                let last = index == path.count - 1
                let name = path[...index].joined(separator: ".")
                switch table.values[part] {
                case nil:
                    let child = Table()
                    table.keys.append(part)
                    table.values[part] = last && isArray ? .tables([child]) : .table(child)
                    if last && isArray { located.append(.index(0)) }
                    table = child
                case .table(let child)?:
                    if last && isArray { throw error("'\(name)' is a table, not an array of tables") }
                    if child.isInline { throw error("inline table '\(name)' cannot be extended") }
                    if last && child.hasHeader { throw error("table '\(name)' is defined twice") }
                    if last && child.madeByDottedKeys { throw error("table '\(name)' is already defined by dotted keys") }
                    table = child
                case .tables(let children)?:
                    if last && !isArray { throw error("'\(name)' is an array of tables; add an element with [[\(name)]]") }
                    if last {
                        let child = Table()
                        table.values[part] = .tables(children + [child])
                        located.append(.index(children.count))
                        table = child
                    } else {
                        located.append(.index(children.count - 1))
                        table = children[children.count - 1]
                    }
                case .value?:
                    throw error("'\(name)' already has a value")
                }
            }
            table.hasHeader = true
            return (table, located)
        }

        private func assign(_ value: JSONValue, to path: [String], in table: Table) throws(Error) {
            var table = table
            for (index, part) in path.dropLast().enumerated() {
                let name = path[...index].joined(separator: ".")
                switch table.values[part] {
                case nil:
                    let child = Table()
                    child.madeByDottedKeys = true
                    table.keys.append(part)
                    table.values[part] = .table(child)
                    table = child
                case .table(let child)?:
                    if child.isInline { throw error("inline table '\(name)' cannot be extended") }
                    if child.hasHeader { throw error("table '\(name)' is defined by a header; set its keys there") }
                    table = child
                default:
                    throw error("'\(name)' already has a value")
                }
            }
            let name = path[path.count - 1]
            guard table.values[name] == nil else { throw error("'\(path.joined(separator: "."))' is defined twice") }
            table.keys.append(name)
            table.values[name] = .value(value)
        }

        // MARK: Keys and values

        private mutating func key() throws(Error) -> [String] {
            var parts: [String] = []
            repeat {
                skipSpaces()
                guard position < bytes.count else { throw error("expected a key") }
                switch bytes[position] {
                case UInt8(ascii: "\""): parts.append(try basicString())
                case UInt8(ascii: "'"): parts.append(try literalString())
                default:
                    let start = position
                    while position < bytes.count, Self.isBareKey(bytes[position]) { position += 1 }
                    guard position > start else { throw error("expected a key, found \(describe())") }
                    parts.append(String(decoding: bytes[start..<position], as: UTF8.self))
                }
                skipSpaces()
                if parts.count > TOML.maximumDepth { throw error("a key of more than \(TOML.maximumDepth) parts") }
            } while consume(".")
            return parts
        }

        private mutating func value(at path: JSONPointer, depth: Int = 1) throws(Error) -> JSONValue {
            guard position < bytes.count else { throw error("expected a value") }
            valueStarts[path] = position
            if depth > TOML.maximumDepth { throw error("arrays and inline tables nested more than \(TOML.maximumDepth) deep") }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                if starts(with: "\"\"\"") { throw error("multi-line strings are not supported in jf's configuration") }
                return .string(try basicString())
            case UInt8(ascii: "'"):
                if starts(with: "'''") { throw error("multi-line strings are not supported in jf's configuration") }
                return .string(try literalString())
            case UInt8(ascii: "["):
                position += 1
                var elements: [JSONValue] = []
                while true {
                    skipWhitespaceAndComments()
                    if consume("]") { return .array(elements) }
                    elements.append(try value(at: path + [.index(elements.count)], depth: depth + 1))
                    skipWhitespaceAndComments()
                    if consume(",") { continue }
                    try expect("]")
                    return .array(elements)
                }
            case UInt8(ascii: "{"):
                position += 1
                let table = Table()
                table.isInline = true
                skipSpaces()
                if consume("}") { return table.json() }
                while true {
                    skipSpaces()
                    let keyStart = position
                    let key = try self.key()
                    try expect("=")
                    skipSpaces()
                    let full = path + key.map(JSONPointer.Step.key)
                    keyStarts[full] = keyStart
                    try assign(try value(at: full, depth: depth + key.count), to: key, in: table)
                    skipSpaces()
                    if consume("}") { return table.json() }
                    try expect(",")
                }
            default:
                let start = position
                while position < bytes.count, !Self.endsScalar(bytes[position]) { position += 1 }
                let word = String(decoding: bytes[start..<position], as: UTF8.self)
                if word == "true" { return .bool(true) }
                if word == "false" { return .bool(false) }
                let digits = word.replacingUnderscores()
                if let number = Double(digits), !digits.isEmpty, digits.first != ".", digits.last != "." {
                    return .number(number)
                }
                position = start
                throw error(word.isEmpty ? "expected a value, found \(describe())"
                            : "'\(word)' is not a value here; strings need quotes, e.g. \"\(word)\"")
            }
        }

        private mutating func basicString() throws(Error) -> String {
            let start = position
            position += 1
            var raw: [UInt8] = [UInt8(ascii: "\"")]
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                let byte = bytes[position]
                if byte == 0x0A { break }
                raw.append(byte)
                position += 1
                if byte == UInt8(ascii: "\\"), position < bytes.count {
                    raw.append(bytes[position])
                    position += 1
                }
            }
            guard consume("\"") else {
                position = start
                throw error("unterminated string")
            }
            raw.append(UInt8(ascii: "\""))
            // TOML's basic-string escapes are JSON's (plus \U, which no setting needs).
            guard case .string(let text)? = (try? JSONReader.read(raw))?.kind else {
                position = start
                throw error("invalid escape in string")
            }
            return text
        }

        private mutating func literalString() throws(Error) -> String {
            let start = position
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "'"), bytes[position] != 0x0A { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "'") else {
                position = start
                throw error("unterminated string")
            }
            position += 1
            return String(decoding: bytes[(start + 1)..<(position - 1)], as: UTF8.self)
        }

        // MARK: Layout

        private static func isBareKey(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            [UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#")]
                .contains(byte)
        }

        private mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == 0x09 { position += 1 }
        }

        private mutating func skipComment() {
            if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            }
        }

        private mutating func skipWhitespaceAndComments() {
            while position < bytes.count {
                skipSpaces()
                skipComment()
                guard position < bytes.count, bytes[position] == 0x0A || bytes[position] == 0x0D else { return }
                position += 1
            }
        }

        private mutating func skipBlankLinesAndComments() { skipWhitespaceAndComments() }

        private mutating func endOfLine() throws(Error) {
            skipSpaces()
            skipComment()
            if position < bytes.count, bytes[position] == 0x0D { position += 1 }
            guard position >= bytes.count || bytes[position] == 0x0A else {
                throw error("expected the end of the line, found \(describe())")
            }
        }

        private func starts(with text: String) -> Bool {
            bytes[position...].starts(with: text.utf8)
        }

        private mutating func consume(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue! else { return false }
            position += 1
            return true
        }

        private mutating func expect(_ character: Character) throws(Error) {
            guard consume(character) else { throw error("expected '\(character)', found \(describe())") }
        }

        private func describe() -> String {
            guard position < bytes.count else { return "the end of the file" }
            if bytes[position] == 0x0A { return "the end of the line" }
            let end = bytes[position...].firstIndex { $0 == 0x0A || $0 == UInt8(ascii: " ") } ?? bytes.count
            return "'\(String(decoding: bytes[position..<min(end, position + 20)], as: UTF8.self))'"
        }

        private func error(_ message: String) -> Error {
            let (line, column) = LineMap(bytes).location(of: position)
            return Error(message: message, line: line, column: column)
        }
    }
}

private extension String {
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
