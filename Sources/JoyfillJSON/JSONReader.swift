/// A JSON syntax error, with its position.
public struct JSONError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The byte offset of the problem.
    public var offset: Int
    /// 1-based line and column (the column counts bytes).
    public var line: Int
    public var column: Int

    /// `line 3, column 14: expected ',' or '}' after an object member`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON text (RFC 8259) into ``JSONValue``s with spans.
///
/// The reader is iterative: nested arrays and objects live on an explicit stack, so hostile
/// nesting costs no call stack and stops cleanly at ``maxDepth``. Text must be UTF-8 (a leading
/// byte-order mark is skipped); invalid UTF-8 inside strings is an error.
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// Reads one JSON value that fills `bytes` (white space around it is allowed).
    public static func read(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        return try reader.readDocument()
    }

    /// Reads a JSON value from a string.
    public static func read(_ text: String) throws(JSONError) -> JSONValue {
        try read(Array(text.utf8))
    }

    private let bytes: [UInt8]
    private var position = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// An array or object being read. Frames are mutated in place on the stack, so appending
    /// an element never copies the elements read so far.
    private struct Container {
        let start: Int
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        /// The key of the member whose value is being read.
        var key = ""
    }

    private mutating func readDocument() throws(JSONError) -> JSONValue {
        var stack: [Container] = []
        skipWhitespace()
        parsing: while true {
            // Read the start of a value; containers are pushed and their first element read next.
            var value: JSONValue
            let start = position
            guard position < bytes.count else {
                throw error(stack.isEmpty && start == 0 ? "the input is empty: expected a JSON value" : "unexpected end of input: expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try push(&stack)
                position += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    position += 1
                    value = JSONValue(.object([]), span: start..<position)
                } else {
                    stack.append(Container(start: start, isObject: true, key: try readKey()))
                    continue parsing
                }
            case UInt8(ascii: "["):
                try push(&stack)
                position += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    position += 1
                    value = JSONValue(.array([]), span: start..<position)
                } else {
                    stack.append(Container(start: start, isObject: false))
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = JSONValue(.string(try readString()), span: start..<position)
            case UInt8(ascii: "t"):
                try expectWord("true")
                value = JSONValue(.bool(true), span: start..<position)
            case UInt8(ascii: "f"):
                try expectWord("false")
                value = JSONValue(.bool(false), span: start..<position)
            case UInt8(ascii: "n"):
                try expectWord("null")
                value = JSONValue(.null, span: start..<position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = JSONValue(.number(try readNumber()), span: start..<position)
            default:
                throw error("expected a JSON value, found \(describe(bytes[position]))")
            }

            // Attach the value to the containers it completes.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if position < bytes.count {
                        throw error("unexpected \(describe(bytes[position])) after the end of the JSON value")
                    }
                    return value
                }
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(stack[top].key, value))
                    if peek == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        stack[top].key = try readKey()
                        continue parsing
                    }
                    guard peek == UInt8(ascii: "}") else { throw error("expected ',' or '}' after an object member\(found)") }
                    position += 1
                    let frame = stack.removeLast()
                    value = JSONValue(.object(frame.members), span: frame.start..<position)
                } else {
                    stack[top].elements.append(value)
                    if peek == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        continue parsing
                    }
                    guard peek == UInt8(ascii: "]") else { throw error("expected ',' or ']' after an array element\(found)") }
                    position += 1
                    let frame = stack.removeLast()
                    value = JSONValue(.array(frame.elements), span: frame.start..<position)
                }
            }
        }
    }

    private func push(_ stack: inout [Container]) throws(JSONError) {
        if stack.count >= JSONReader.maxDepth {
            throw error("arrays and objects nested deeper than \(JSONReader.maxDepth) levels")
        }
    }

    /// Reads `"key"` and the `:` after it, leaving the position at the member's value.
    private mutating func readKey() throws(JSONError) -> String {
        guard peek == UInt8(ascii: "\"") else {
            throw error(peek == UInt8(ascii: "}") ? "a trailing comma is not allowed in JSON" : "expected a member name in double quotes\(found)")
        }
        let key = try readString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the member name \"\(key)\"\(found)") }
        position += 1
        skipWhitespace()
        return key
    }

    private var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

    private var found: String {
        position < bytes.count ? ", found \(describe(bytes[position]))" : ", found the end of input"
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count,
              (0..<length).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
        else { throw error("expected a JSON value, found \(describe(bytes[position]))") }
        position += length
    }

    private mutating func readNumber() throws(JSONError) -> String {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard isDigit(peek) else { throw error("expected a digit in the number") }
        if peek == UInt8(ascii: "0") {
            position += 1
            if isDigit(peek) { throw error("a number may not have leading zeros") }
        } else {
            while isDigit(peek) { position += 1 }
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard isDigit(peek) else { throw error("expected a digit after the decimal point") }
            while isDigit(peek) { position += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard isDigit(peek) else { throw error("expected a digit in the exponent") }
            while isDigit(peek) { position += 1 }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Reads a string starting at its opening quote.
    private mutating func readString() throws(JSONError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes; ASCII-only text needs no UTF-8 validation.
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = ascii ? asciiString(start, position) : try validated(start, position)
                position += 1
                return text
            }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character must be escaped in a string") }
            position += 1
        }
        var buffer = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw JSONReader.error("invalid UTF-8 in a string", at: start, in: bytes)
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try readEscape(into: &buffer)
            default:
                if byte < 0x20 { throw error("a control character must be escaped in a string") }
                buffer.append(byte)
                position += 1
            }
        }
        throw JSONReader.error("unterminated string", at: start - 1, in: bytes)
    }

    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONError) {
        guard position < bytes.count else { throw error("unterminated escape sequence") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar), peek == UInt8(ascii: "\\"),
               position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                let saved = position
                position += 2
                let low = try readHex4()
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = saved
                }
            }
            // A lone surrogate cannot be held in a Swift string; it reads as U+FFFD. The
            // document's bytes are kept, so it is only replaced if this string is rewritten.
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(character).utf8))
        default:
            position -= 1
            throw error("invalid escape sequence '\\\(describe(byte))' in a string")
        }
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func asciiString(_ start: Int, _ end: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    private func validated(_ start: Int, _ end: Int) throws(JSONError) -> String {
        let slice = bytes[start..<end]
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw JSONReader.error("invalid UTF-8 in a string", at: start, in: bytes)
        }
        return text
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private func error(_ message: String) -> JSONError {
        JSONReader.error(message, at: position, in: bytes)
    }

    static func error(_ message: String, at offset: Int, in bytes: [UInt8]) -> JSONError {
        let (line, column) = JSONReader.lineAndColumn(of: offset, in: bytes)
        return JSONError(message: message, offset: offset, line: line, column: column)
    }

    /// The 1-based line and column (in bytes) of `offset` in `bytes`.
    public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
