/// A JSON syntax error, with its position.
public struct JSONError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The byte offset of the problem.
    public var offset: Int
    /// 1-based line and column (the column counts characters).
    public var line: Int
    public var column: Int

    /// `line 3, column 14: expected ',' or '}' after an object member`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON text (RFC 8259) into a ``JSONTape``: one entry per token, with spans.
///
/// The reader is iterative: open arrays and objects live on an explicit stack, so hostile
/// nesting costs no call stack and stops cleanly at ``maxDepth``. Strings are checked here
/// (escapes, control characters, UTF-8) and decoded only when asked for. Text must be UTF-8 (a leading
/// byte-order mark is skipped); invalid UTF-8 inside strings is an error.
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// Reads one JSON value that fills `source` (white space around it is allowed); the
    /// value's tape keeps `source`.
    public static func read(_ source: SourceBytes) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes: source)
        return try reader.readDocument()
    }

    /// Reads one JSON value that fills `bytes` (a copy of them is kept).
    public static func read(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
        try read(SourceBytes(bytes))
    }

    /// Reads a JSON value from a string.
    public static func read(_ text: String) throws(JSONError) -> JSONValue {
        try read(SourceBytes(text.utf8))
    }

    private let bytes: SourceBytes
    private var position = 0
    private var entries: [JSONTape.Entry] = []
    private var containers: [JSONTape.Container] = []
    private var outOfRangeNumbers: [Int] = []

    private init(bytes: SourceBytes) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        // Generous: capacity that is never written costs address space, not memory, and
        // growing a large tape would copy it.
        entries.reserveCapacity(bytes.count / 4 + 1)
        containers.reserveCapacity(bytes.count / 32 + 1)
    }

    /// An array or object whose closing bracket has not been read yet.
    private struct Container {
        let row: Int
        let isObject: Bool
        var count = 0
    }

    private mutating func append(_ type: JSONTape.TokenType, from start: Int, needsDecoding: Bool = false) throws(JSONError) {
        let length = position - start
        if length > JSONTape.maxScalarLength {
            position = start
            throw tooLongError()
        }
        entries.append(JSONTape.Entry(type: type, needsDecoding: needsDecoding, start: start, payload: length))
    }

    private mutating func open(_ type: JSONTape.TokenType, _ stack: inout [Container]) throws(JSONError) {
        try push(&stack)
        if containers.count > JSONTape.maxScalarLength {
            throw error("more than \(JSONTape.maxScalarLength) arrays and objects in one document")
        }
        stack.append(Container(row: containers.count, isObject: type == .object))
        entries.append(JSONTape.Entry(type: type, start: position, payload: containers.count))
        containers.append(JSONTape.Container(end: 0, next: 0, count: 0))
        position += 1
        skipWhitespace()
    }

    private mutating func close(_ container: Container) {
        position += 1
        containers[container.row] = JSONTape.Container(end: UInt32(position), next: UInt32(entries.count),
                                                       count: UInt32(container.count))
    }

    private mutating func readDocument() throws(JSONError) -> JSONValue {
        guard bytes.count < Int(UInt32.max) else {
            throw error("the document is larger than 4 GiB")
        }
        var stack: [Container] = []
        skipWhitespace()
        parsing: while true {
            // Read one value; an opened container continues with its first element.
            let start = position
            guard position < bytes.count else {
                throw error(stack.isEmpty && entries.isEmpty ? "the input is empty: expected a JSON value" : "unexpected end of input: expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try open(.object, &stack)
                if peek == UInt8(ascii: "}") {
                    close(stack.removeLast())
                } else {
                    try readKey()
                    continue parsing
                }
            case UInt8(ascii: "["):
                try open(.array, &stack)
                if peek == UInt8(ascii: "]") {
                    close(stack.removeLast())
                } else {
                    continue parsing
                }
            case UInt8(ascii: "\""):
                let needsDecoding = try readString()
                try append(.string, from: start, needsDecoding: needsDecoding)
            case UInt8(ascii: "t"):
                try expectWord("true")
                try append(.true, from: start)
            case UInt8(ascii: "f"):
                try expectWord("false")
                try append(.false, from: start)
            case UInt8(ascii: "n"):
                try expectWord("null")
                try append(.null, from: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try readNumber()
                try append(.number, from: start)
            default:
                throw error("expected a JSON value, found \(describe(bytes[position]))")
            }

            // The value is complete: continue or close the containers it ends.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if position < bytes.count {
                        throw error("unexpected \(describe(bytes[position])) after the end of the JSON value")
                    }
                    return JSONValue(tape: JSONTape(bytes: bytes, entries: entries, containers: containers,
                                                             outOfRangeNumbers: outOfRangeNumbers), index: 0)
                }
                let top = stack.count - 1
                stack[top].count += 1
                skipWhitespace()
                if stack[top].isObject {
                    if peek == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        try readKey()
                        continue parsing
                    }
                    guard peek == UInt8(ascii: "}") else { throw error("expected ',' or '}' after an object member\(found)") }
                } else {
                    if peek == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        continue parsing
                    }
                    guard peek == UInt8(ascii: "]") else { throw error("expected ',' or ']' after an array element\(found)") }
                }
                close(stack.removeLast())
            }
        }
    }

    private func push(_ stack: inout [Container]) throws(JSONError) {
        if stack.count >= JSONReader.maxDepth {
            throw error("arrays and objects nested deeper than \(JSONReader.maxDepth) levels")
        }
    }

    /// Reads `"key"` (as a string entry) and the `:` after it, leaving the position at the
    /// member's value.
    private mutating func readKey() throws(JSONError) {
        guard peek == UInt8(ascii: "\"") else { throw memberNameError() }
        let start = position
        let needsDecoding = try readString()
        let end = position
        try append(.string, from: start, needsDecoding: needsDecoding)
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw colonError(afterKeyFrom: start, to: end) }
        position += 1
        skipWhitespace()
    }

    // The errors of the functions called once a token are made out of line, so that their
    // messages are not built into the paths every token takes.

    @inline(never)
    private func tooLongError() -> JSONError {
        error("a string or number longer than \(JSONTape.maxScalarLength >> 20) MiB")
    }

    @inline(never)
    private func memberNameError() -> JSONError {
        error(peek == UInt8(ascii: "}") ? "a trailing comma is not allowed in JSON" : "expected a member name in double quotes\(found)")
    }

    @inline(never)
    private func colonError(afterKeyFrom start: Int, to end: Int) -> JSONError {
        let key = JSONStrings.decode(bytes[(start + 1)..<(end - 1)])
        return error("expected ':' after the member name \"\(key)\"\(found)")
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

    private mutating func readNumber() throws(JSONError) {
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
            noteIfOutOfRange(from: start)
        } else if position - start > 309 {
            noteIfOutOfRange(from: start)
        }
    }

    /// Records a number beyond a double's range (±1.8e308), which reads as ±Infinity. Only a
    /// number with an exponent or over 309 characters can be one, so most are never converted.
    @inline(never)
    private mutating func noteIfOutOfRange(from start: Int) {
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if let value = Double(text), value.isInfinite { outOfRangeNumbers.append(start) }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Checks a string starting at its opening quote and moves past it. Returns whether its
    /// text has escape sequences (and so must be decoded, not just copied).
    private mutating func readString() throws(JSONError) -> Bool {
        let start = position
        position += 1
        var escaped = false
        var ascii = true
        while true {
            position = bytes.stringStop(from: position, stoppingAtNonASCII: ascii)
            guard position < bytes.count else { break }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                if !ascii, !JSONReader.isValidUTF8(bytes, from: start + 1, to: position) {
                    throw JSONReader.error("invalid UTF-8 in a string", at: start + 1, in: bytes)
                }
                position += 1
                return escaped
            case UInt8(ascii: "\\"):
                escaped = true
                position += 1
                try checkEscape()
            case 0..<0x20:
                throw stringError(.controlCharacter)
            default:
                // A non-ASCII byte: the scan stops at one only while the string is all ASCII.
                ascii = false
                position += 1
            }
        }
        throw JSONReader.error("unterminated string", at: start, in: bytes)
    }

    private mutating func checkEscape() throws(JSONError) {
        guard position < bytes.count else { throw stringError(.unterminatedEscape) }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            guard position + 4 <= bytes.count, bytes[position..<(position + 4)].allSatisfy(JSONStrings.isHexDigit) else {
                throw stringError(.hexDigits)
            }
            position += 4
        default:
            throw stringError(.invalidEscape(byte))
        }
    }

    /// Whether a string's bytes that are not all ASCII are UTF-8.
    @inline(never)
    private static func isValidUTF8(_ bytes: SourceBytes, from start: Int, to end: Int) -> Bool {
        String(validating: bytes[start..<end], as: UTF8.self) != nil
    }

    private enum StringProblem {
        case controlCharacter, unterminatedEscape, hexDigits, invalidEscape(UInt8)
    }

    /// The error of a string at `position`, made out of line: strings are most of a
    /// document's tokens, and their path should not carry the messages.
    @inline(never)
    private func stringError(_ problem: StringProblem) -> JSONError {
        switch problem {
        case .controlCharacter: return error("a control character must be escaped in a string")
        case .unterminatedEscape: return error("unterminated escape sequence")
        case .hexDigits: return error("expected four hex digits after \\u")
        case .invalidEscape(let byte) where byte >= 0x21 && byte < 0x7F:
            return error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))' in a string")
        case .invalidEscape(let byte): return error("invalid escape sequence: \(describe(byte)) after a backslash in a string")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private func error(_ message: String) -> JSONError {
        JSONReader.error(message, at: position, in: bytes)
    }

    @inline(never)
    static func error(_ message: String, at offset: Int, in bytes: SourceBytes) -> JSONError {
        let (line, column) = LineMap(bytes).location(of: offset)
        return JSONError(message: message, offset: offset, line: line, column: column)
    }
}
