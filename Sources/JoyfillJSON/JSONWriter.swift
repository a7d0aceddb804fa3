/// Compact JSON written as UTF-8 bytes, a key or a value at a time, for output assembled in
/// code (an error per line of `jf eval --json`, a lint report): appending to a `String` costs
/// hundreds of instructions a piece, appending bytes a few. The writer places the commas and
/// colons, so what it writes is well-formed by construction:
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("line"); json.integer(3)
/// json.key("notes"); json.beginArray(); json.string("a"); json.endArray()
/// json.endObject()
/// json.text   // {"line":3,"notes":["a"]}
/// ```
///
/// A document that is printed while it is written (a report whose files come in as they are
/// done) takes the text written so far with ``flush()`` and goes on where it was. A value
/// made on another thread travels as ``EncodedJSON`` and is written in with ``value(_:)``.
public struct JSONWriter {
    /// The JSON written since the last ``flush()``.
    private var bytes: ByteBuffer
    /// How many objects and arrays are open.
    private var depth = 0
    /// For each open object or array, whether it has a member or element yet: bit `d` for
    /// the container at depth `d` (from 0), for the first 64; ``deeper`` holds the rest, so
    /// the usual shallow output allocates nothing for it.
    private var hasElement: UInt64 = 0
    private var deeper: [Bool] = []
    /// Whether a key was just written, so the next value is its value.
    private var afterKey = false
    /// Whether the next member or element starts a line (see ``lineBreak()``).
    private var breaksLine = false

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 128) {
        bytes = ByteBuffer(capacity: capacity)
    }

    /// The JSON written since the last ``flush()``, as a `String`.
    public var text: String { bytes.withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the bytes written since the last ``flush()``.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withBytes(body)
    }

    /// The JSON written since the last flush; the writer goes on after it.
    public mutating func flush() -> String {
        defer { bytes.removeAll() }
        return text
    }

    /// Hands the JSON written since the last flush to `body` (to be written out without a copy);
    /// the writer goes on after it.
    public mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withBytes(body)
        bytes.removeAll()
    }

    /// The value written, whole, to be written into another writer (on another thread). The
    /// bytes are shared, not copied: writing on afterwards makes this writer a copy of its own.
    public var encoded: EncodedJSON {
        precondition(depth == 0 && !afterKey, "only a finished value is encoded")
        return EncodedJSON(bytes: bytes)
    }

    /// Forgets what was written, keeping the memory, to write another value (one line after
    /// another).
    public mutating func reset() {
        bytes.removeAll()
        depth = 0
        hasElement = 0
        deeper.removeAll(keepingCapacity: true)
        afterKey = false
        breaksLine = false
    }

    // MARK: Containers and keys

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        push()
    }

    public mutating func endObject() {
        precondition(!afterKey, "a key without a value")
        pop()
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        push()
    }

    public mutating func endArray() {
        pop()
        bytes.append(UInt8(ascii: "]"))
    }

    /// The key of the next member of the open object: a name written in code, which needs no
    /// escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        let count = name.utf8CodeUnitCount
        let start = name.utf8Start
        assert(!UnsafeBufferPointer(start: start, count: count).contains(where: JSONWriter.needsEscape),
               "a key written in code needs no escaping")
        bytes.append(count: count + 3) { pointer in
            pointer[0] = UInt8(ascii: "\"")
            (pointer + 1).update(from: start, count: count)
            pointer[count + 1] = UInt8(ascii: "\"")
            pointer[count + 2] = UInt8(ascii: ":")
        }
        afterKey = true
    }

    /// The key of the next member of the open object, from text (a document's own key).
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Starts the next member or element of the open container on a line of its own (after
    /// its comma): a long array that people read, one entry a line.
    public mutating func lineBreak() {
        breaksLine = true
    }

    // MARK: Values

    public mutating func null() {
        separate()
        appendStatic("null")
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        appendStatic(value ? "true" : "false")
    }

    /// A whole number in decimal.
    public mutating func integer(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // room for 20 digits, filled from the end
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[buffer.count - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            for index in (buffer.count - count)..<buffer.count { bytes.append(buffer[index]) }
        }
    }

    /// A number given as its JSON text (made by a number formatter, such as JavaScript's
    /// shortest form); text that is not a JSON number is written as null.
    public mutating func number(text: String) {
        guard JSONWriter.isNumber(text) else { return null() }
        separate()
        appendASCII(text)
    }

    /// `text` as a JSON string literal: `"`, `\` and control characters are escaped,
    /// everything else is written as UTF-8.
    public mutating func string(_ text: String) {
        separate()
        appendString(text)
    }

    /// A string, or null for nil.
    public mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// An array of strings.
    public mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// A value read or built as a ``JSONValue``, in its compact form (numbers keep their
    /// text, members their order).
    public mutating func value(_ value: JSONValue) {
        _ = write(value, byteLimit: .max)
    }

    /// Writes `value` until more than `byteLimit` bytes are written; false when it stopped
    /// there. The recursion follows the value's nesting, which the reader bounds.
    mutating func write(_ value: JSONValue, byteLimit: Int) -> Bool {
        switch value.kind {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let text):
            separate()
            appendASCII(text)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements {
                guard bytes.count <= byteLimit, write(element, byteLimit: byteLimit) else { return false }
            }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                guard bytes.count <= byteLimit else { return false }
                key(member.key)
                guard write(member.value, byteLimit: byteLimit) else { return false }
            }
            endObject()
        }
        return bytes.count <= byteLimit
    }

    /// A value another writer wrote (``encoded``).
    public mutating func value(_ encoded: EncodedJSON) {
        separate()
        encoded.bytes.withBytes { bytes.append($0) }
    }

    /// ``value(_:)-(EncodedJSON)`` for a document printed as it is written: hands `body` what
    /// was written since the last flush, the comma included, then the encoded value itself,
    /// which is not copied into this writer (a report can be tens of megabytes).
    public mutating func value(_ encoded: EncodedJSON, flushingTo body: (UnsafeBufferPointer<UInt8>) -> Void) {
        separate()
        flush(body)
        encoded.bytes.withBytes(body)
    }

    // MARK: Private

    /// The comma before a member or element that is not the first of its container.
    @inline(__always)
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let last: Bool
        if depth <= 64 {
            let bit: UInt64 = 1 << UInt64(depth - 1)
            last = hasElement & bit != 0
            hasElement |= bit
        } else {
            last = deeper[depth - 65]
            deeper[depth - 65] = true
        }
        if last { bytes.append(UInt8(ascii: ",")) }
        if breaksLine {
            breaksLine = false
            if last { bytes.append(UInt8(ascii: "\n")) }
        }
    }

    /// Opens a container, with no element yet.
    @inline(__always)
    private mutating func push() {
        depth += 1
        if depth <= 64 { hasElement &= ~(1 << UInt64(depth - 1)) } else { deeper.append(false) }
    }

    /// Closes the innermost container.
    @inline(__always)
    private mutating func pop() {
        precondition(depth > 0, "nothing to close")
        if depth > 64 { deeper.removeLast() }
        depth -= 1
    }

    /// Text written in code that needs no escaping (a keyword).
    @inline(__always)
    private mutating func appendStatic(_ text: StaticString) {
        bytes.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Whether a byte of a string must be escaped in JSON.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    /// Text known to be ASCII that needs no escaping (a keyword, a number's text).
    private mutating func appendASCII(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append($0) }) == nil {
            for byte in text.utf8 { bytes.append(byte) }
        }
    }

    /// `text` as a string literal: written in one piece when nothing needs escaping (most
    /// text), else run by run, each escape between them.
    private mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else {
                appendStatic("\"\"")
                return
            }
            var first = 0
            while first < utf8.count && !JSONWriter.needsEscape(base[first]) { first += 1 }
            if first == utf8.count {
                bytes.append(count: utf8.count + 2) { pointer in
                    pointer[0] = UInt8(ascii: "\"")
                    (pointer + 1).update(from: base, count: utf8.count)
                    pointer[utf8.count + 1] = UInt8(ascii: "\"")
                }
                return
            }
            bytes.append(UInt8(ascii: "\""))
            var run = 0
            for index in first..<utf8.count {
                let byte = base[index]
                guard JSONWriter.needsEscape(byte) else { continue }
                // Only ASCII is escaped, so the bytes of other characters pass through.
                if run < index { bytes.append(UnsafeBufferPointer(start: base + run, count: index - run)) }
                run = index + 1
                switch byte {
                case 0x22: appendStatic("\\\"")
                case 0x5C: appendStatic("\\\\")
                case 0x0A: appendStatic("\\n")
                case 0x0D: appendStatic("\\r")
                case 0x09: appendStatic("\\t")
                default:
                    appendStatic("\\u00")
                    bytes.append(JSONWriter.hexDigits[Int(byte >> 4)])
                    bytes.append(JSONWriter.hexDigits[Int(byte & 0xF)])
                }
            }
            if run < utf8.count { bytes.append(UnsafeBufferPointer(start: base + run, count: utf8.count - run)) }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether `text` is a JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] &- 0x30 < 10 }
            func digits() -> Int {
                let start = index
                while isDigit(index) { index += 1 }
                return index - start
            }
            if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
            if index < bytes.count && bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return false }
            if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
                index += 1
                if digits() == 0 { return false }
            }
            if index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
                if digits() == 0 { return false }
            }
            return index == bytes.count
        }
    }
}

extension JSONValue {
    /// The value a ``JSONWriter`` wrote, read back: to place writer-made JSON in a value built
    /// in code.
    public init(encoded: EncodedJSON) {
        do {
            self = try JSONReader.read(encoded.bytes.array)
        } catch {
            preconditionFailure("a JSONWriter wrote JSON that does not read back: \(error)")
        }
    }
}
