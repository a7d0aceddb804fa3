/// Turns formula source bytes into ``Token``s.
///
/// The lexer works on UTF-8 bytes with an ASCII fast path; only non-ASCII bytes are decoded
/// into Unicode scalars (for Unicode letters in names and Unicode white space).
///
/// Context-dependent rules (specification §2.2, §2.1):
/// - a `.` right after an operand is member access, and the name after it is lexed as a
///   name even when it is all digits (`items.0.price`); elsewhere `.5` is a number;
/// - `-` is always its own token; the parser decides unary or binary by position;
/// - a run that starts with a digit and continues with letters, digits or `_` but is not a
///   number literal is a name (`6857510fbfed1553e168161b`, `1_000`); `1e5` stays a number.
public struct Lexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var previous: TokenKind = .endOfInput
    /// The value of the last integer literal of at most 15 digits, and where it ended: the
    /// parser reads a number token's value here when the token ends there.
    private(set) var integer = 0
    private(set) var integerEnd = -1
    /// ``ByteClass/table`` and ``ByteClass/pairs``, read once.
    private let classes = ByteClass.table
    private let pairs = ByteClass.pairs

    /// Creates a lexer over UTF-8 bytes, which must stay valid while the lexer is used.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Creates a lexer over UTF-8 bytes that starts at offset `start`.
    init(bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.bytes = bytes
        position = start
    }

    /// For completion and signature help: the call whose arguments the end of `before` (an
    /// unfinished formula) is in, and which argument (from 0). That is the innermost open `(`
    /// that follows a name, its commas counted at its own depth (those of a list or a lambda
    /// inside it are theirs). Nil outside any call.
    public static func openCall(before: String) -> (function: String, argument: Int)? {
        let bytes = Array(before.utf8)
        var open: [(function: String?, commas: Int)] = []
        var previous: Token?
        for token in tokenize(before) {
            switch token.kind {
            case .leftParen:
                let name = previous.flatMap { $0.kind == .identifier
                    ? String(decoding: bytes[$0.span.start..<$0.span.end], as: UTF8.self) : nil }
                open.append((name, 0))
            case .leftBracket, .leftBrace: open.append((nil, 0))
            case .rightParen, .rightBracket, .rightBrace: if !open.isEmpty { open.removeLast() }
            case .comma: if !open.isEmpty { open[open.count - 1].commas += 1 }
            default: break
            }
            previous = token
        }
        guard let call = open.last(where: { $0.function != nil }), let name = call.function else { return nil }
        return (name, call.commas)
    }

    /// Whether `before` (an unfinished formula) ends inside a string.
    public static func endsInsideString(_ before: String) -> Bool {
        tokenize(before).dropLast().last?.kind == .unterminatedString
    }

    /// The quote (`"` or `'`) that opened the string `before` ends inside, or nil when it ends
    /// outside one: what closes the text a completion finishes.
    public static func openQuote(_ before: String) -> Character? {
        guard let token = tokenize(before).dropLast().last, token.kind == .unterminatedString else { return nil }
        let bytes = Array(before.utf8)
        return token.span.start < bytes.count ? Character(Unicode.Scalar(bytes[token.span.start])) : nil
    }

    /// Lexes the whole input; the last token is always `.endOfInput`.
    public static func tokenize(_ source: String) -> [Token] {
        var text = source
        return text.withUTF8 { buffer in
            var lexer = Lexer(bytes: buffer)
            return lexer.all()
        }
    }

    /// True when `text` is one name as a formula writes it (`price`, `6857510f…`), so that it
    /// can stand after a `.` or for a field: not a keyword, a number, nor text with spaces.
    public static func isName(_ text: String) -> Bool {
        let tokens = tokenize(text)
        return tokens.count == 2 && tokens[0].kind == .identifier && tokens[0].span == SourceSpan(start: 0, end: text.utf8.count)
    }

    /// True when the name after a `.` is all digits (`items.0`): it reads an element by index,
    /// not a property.
    public static func isIndex(_ member: String) -> Bool {
        !member.isEmpty && member.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Lexes the rest of the input, ending with `.endOfInput`.
    mutating func all() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 3 + 2)
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .endOfInput { return tokens }
        }
    }

    /// Returns the next token; at the end, `.endOfInput` again and again.
    mutating func next() -> Token {
        // The common tokens (ASCII names and integers, one-byte punctuation, operators of one
        // or two bytes) are told apart by one lookup in ``ByteClass/table`` and lexed here;
        // everything else (strings, fractions, `=` and `!` forms, Unicode) goes through
        // ``scanToken()``.
        let end = bytes.count
        var index = position
        while index < end, classes[Int(bytes[index])] == ByteClass.space { index += 1 }
        if index < end, bytes[index] >= 0x80 {
            position = index
            skipWhitespace()
            index = position
        }
        let start = index
        guard index < end else {
            position = index
            return Token(kind: .endOfInput, span: SourceSpan(start: start, end: start))
        }
        let byteClass = classes[Int(bytes[index])]
        let kind: TokenKind
        if byteClass >= ByteClass.single {
            // The table holds only valid kinds; `init(rawValue:)` would be a call per token.
            kind = Unchecked.enumCase(byteClass &- ByteClass.single, as: TokenKind.self)
            position = index + 1
        } else if byteClass == ByteClass.pair {
            // An operator of one byte, or of two when the second is the one it pairs with.
            let entry = pairs[Int(bytes[index])]
            let paired = index + 1 < end && bytes[index + 1] == UInt8(truncatingIfNeeded: entry >> 8)
            kind = Unchecked.enumCase(UInt8(truncatingIfNeeded: paired ? entry >> 16 : entry), as: TokenKind.self)
            position = index + (paired ? 2 : 1)
        } else if byteClass &- ByteClass.digit < 2, previous != .dot,
                  case let run = asciiNameRun(from: index), run.complete {
            // A name, or an integer, of ASCII bytes only (most tokens that are not punctuation).
            position = run.end
            let length = run.end - index
            if byteClass == ByteClass.digit {
                kind = .number
                // Up to 15 digits are exact as an `Int` and as a `Double`.
                if length <= 15 {
                    integer = run.integer
                    integerEnd = run.end
                }
            } else {
                kind = length == 4 || length == 5 || length == 9 ? Lexer.keyword(bytes, at: index, length: length) : .identifier
            }
        } else {
            position = index
            kind = scanToken()
        }
        previous = kind
        return Token(kind: kind, span: SourceSpan(start: start, orderedEnd: position))
    }

    // MARK: - Scanning

    /// The run of ASCII name bytes (letters, digits, `_`) from `start`, starting with a letter,
    /// or of digits, starting with a digit; `complete` is false when the token goes on in a way
    /// only the general scanner handles (a Unicode letter, a fraction or exponent, a name that
    /// starts with a digit). For digits, `integer` is their value (wrapping past `Int.max`).
    @inline(__always)
    private func asciiNameRun(from start: Int) -> (end: Int, complete: Bool, integer: Int) {
        let end = bytes.count
        var index = start + 1
        let first = bytes[start]
        if isDigit(first) {
            var value = Int(first &- 0x30)
            while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
                value = value &* 10 &+ Int(digit)
                index += 1
            }
            guard index < end else { return (index, true, value) }
            let byte = bytes[index]
            return (index, byte != UInt8(ascii: ".") && classes[Int(byte)] &- ByteClass.digit >= 2 && byte < 0x80, value)
        }
        while index < end, classes[Int(bytes[index])] &- ByteClass.digit < 2 { index += 1 }
        return (index, index == end || bytes[index] < 0x80, 0)
    }

    private mutating func scanToken() -> TokenKind {
        let byte = bytes[position]
        if previous == .dot, isNameContinue(at: position) {
            scanNameRun()
            return .identifier
        }
        if isDigit(byte) || (byte == UInt8(ascii: ".") && !previous.endsOperand && isDigit(peek(1))) {
            return scanNumberOrDigitName()
        }
        if isNameStart(at: position) {
            return scanName()
        }
        // The bytes of classes `single` and `pair` never come here: ``next()`` lexes them.
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return scanString(quote: byte)
        case UInt8(ascii: "/"):
            if peek(1) == UInt8(ascii: "/") { return scanLineComment() }
            if peek(1) == UInt8(ascii: "*") { return scanBlockComment() }
            return single(.slash)
        case UInt8(ascii: "!"):
            if peek(1) == UInt8(ascii: "=") {
                return peek(2) == UInt8(ascii: "=") ? triple(.strictNotEqual) : double(.bangEqual)
            }
            return single(.bang)
        case UInt8(ascii: "="):
            if peek(1) == UInt8(ascii: "=") {
                return peek(2) == UInt8(ascii: "=") ? triple(.strictEqual) : double(.equalEqual)
            }
            return peek(1) == UInt8(ascii: ">") ? double(.fatArrow) : single(.assign)
        case UInt8(ascii: "."): return single(.dot)
        case UInt8(ascii: "%"): return single(.percent)
        case UInt8(ascii: "?"): return single(.question)
        case UInt8(ascii: "^"): return single(.caret)
        default:
            position += max(1, scalarLength(at: position))
            return .invalidCharacter
        }
    }

    private mutating func single(_ kind: TokenKind) -> TokenKind { position += 1; return kind }
    private mutating func double(_ kind: TokenKind) -> TokenKind { position += 2; return kind }
    private mutating func triple(_ kind: TokenKind) -> TokenKind { position += 3; return kind }

    @inline(__always)
    private func peek(_ offset: Int) -> UInt8 {
        let index = position + offset
        return index < bytes.count ? bytes[index] : 0
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// ASCII letters, digits and `_`.
    @inline(__always)
    private func isASCIINameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
    }

    private mutating func scanNumberOrDigitName() -> TokenKind {
        let start = position
        var sawDotOrSign = false
        scanDigits()
        if peek(0) == UInt8(ascii: "."), isDigit(peek(1)) {
            sawDotOrSign = true
            position += 1
            scanDigits()
        }
        if peek(0) == UInt8(ascii: "e") || peek(0) == UInt8(ascii: "E") {
            var exponent = 1
            if peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") { exponent = 2 }
            if isDigit(peek(exponent)) {
                if exponent == 2 { sawDotOrSign = true }
                position += exponent
                scanDigits()
            }
        }
        // S5: `12abc`, `0x1F`, `1_000`, ObjectIds: a digit-led run of name characters is a name.
        if !sawDotOrSign, bytes[start] != UInt8(ascii: "."), position < bytes.count, isNameContinue(at: position) {
            position = start
            scanNameRun()
            return .identifier
        }
        return .number
    }

    private mutating func scanDigits() {
        var index = position
        let end = bytes.count
        while index < end, isDigit(bytes[index]) { index += 1 }
        position = index
    }

    private mutating func scanName() -> TokenKind {
        let start = position
        scanNameRun()
        let length = position - start
        return length == 4 || length == 5 || length == 9 ? Lexer.keyword(bytes, at: start, length: length) : .identifier
    }

    /// The keyword spelled by the `length` bytes of name at `start`, in any letter case (true,
    /// false, null, undefined), or `.identifier`. Static, so that a call passes the bytes and
    /// not a copy of the lexer.
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, length: Int) -> TokenKind {
        switch bytes[start] | 0x20 {
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "u"): break
        default: return .identifier   // most names of these lengths (`items`, `round`)
        }
        var folded: UInt64 = 0
        for index in start..<(start + length) where length <= 8 {
            folded = folded << 8 | UInt64(bytes[index] | 0x20)
        }
        switch length {
        case 4 where folded == 0x7472_7565: return .trueKeyword       // "true"
        case 4 where folded == 0x6E75_6C6C: return .nullKeyword       // "null"
        case 5 where folded == 0x66_616C_7365: return .falseKeyword   // "false"
        case 9 where matchesFolded(bytes, start, "undefined"): return .undefinedKeyword
        default: return .identifier
        }
    }

    private static func matchesFolded(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: StaticString) -> Bool {
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] | 0x20 != pointer[offset] {
            return false
        }
        return true
    }

    private mutating func scanNameRun() {
        var index = position
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if classes[Int(byte)] &- ByteClass.digit < 2 {
                index += 1
            } else if byte >= 0x80, isNameContinue(at: index) {
                index += scalarLength(at: index)
            } else {
                break
            }
        }
        position = index
    }

    private mutating func scanString(quote: UInt8) -> TokenKind {
        var index = position + 1
        let end = bytes.count
        while index < end {
            if bytes[index] == quote {
                position = index + 1
                return .string
            }
            index += 1
        }
        position = end
        return .unterminatedString
    }

    private mutating func scanLineComment() -> TokenKind {
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        return .comment
    }

    private mutating func scanBlockComment() -> TokenKind {
        position += 2
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                position += 2
                return .comment
            }
            position += 1
        }
        return .comment
    }

    // The scanning loops keep the position in a local: stored back only once, it stays in a
    // register instead of being reloaded after every byte read.
    private mutating func skipWhitespace() {
        var index = position
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte &- 0x09 < 5 {
                index += 1
            } else if byte >= 0x80, case let length = unicodeWhitespaceLength(at: index), length > 0 {
                index += length
            } else {
                break
            }
        }
        position = index
    }

    /// The length of the Unicode white space character at `index`, or 0.
    @inline(never)
    private func unicodeWhitespaceLength(at index: Int) -> Int {
        guard let scalar = scalar(at: index), scalar.properties.isWhitespace else { return 0 }
        return scalarLength(at: index)
    }

    // MARK: - Unicode

    @inline(__always)
    private func isNameStart(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 {
            return (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
        }
        return isNonASCIINameStart(at: index)
    }

    // The non-ASCII checks stay out of line: the Unicode property types are resilient, and
    // inlined they would make every caller look up their metadata on entry, even for ASCII.
    @inline(never)
    private func isNonASCIINameStart(at index: Int) -> Bool {
        guard let scalar = scalar(at: index) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    @inline(__always)
    private func isNameContinue(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 { return isASCIINameByte(byte) }
        return isNonASCIINameContinue(at: index)
    }

    @inline(never)
    private func isNonASCIINameContinue(at index: Int) -> Bool {
        guard let scalar = scalar(at: index) else { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    private func scalarLength(at index: Int) -> Int {
        let byte = bytes[index]
        let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        return min(length, bytes.count - index)
    }

    private func scalar(at index: Int) -> Unicode.Scalar? {
        let length = scalarLength(at: index)
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

/// The lexer's byte classes: one table lookup tells white space, digits, name letters, the
/// one-byte tokens that need no look-ahead (whose class is ``single`` + their kind) and the
/// operators that one more byte may extend (``pair``).
enum ByteClass {
    static let other: UInt8 = 0
    static let space: UInt8 = 1
    static let digit: UInt8 = 2
    /// ASCII letters and `_` (a digit must directly follow in the table: name bytes are
    /// `digit` and `letter`).
    static let letter: UInt8 = 3
    /// Operators of one byte that a second one may extend (`-` and `->`): see ``pairs``.
    static let pair: UInt8 = 4
    static let single: UInt8 = 64

    /// The class of each byte.
    static let table = ConstantTable<UInt8>(count: 256, repeating: other) { table in
        for byte in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { table[byte] = space }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = digit }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = letter }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = letter }
        table[Int(UInt8(ascii: "_"))] = letter
        let singles: [(Character, TokenKind)] = [
            ("(", .leftParen), (")", .rightParen), ("[", .leftBracket), ("]", .rightBracket),
            ("{", .leftBrace), ("}", .rightBrace), (",", .comma), (":", .colon), ("+", .plus),
        ]
        for (character, kind) in singles { table[Int(character.asciiValue!)] = single + kind.rawValue }
        for byte in pairedOperators.keys { table[Int(byte)] = pair }
    }

    /// Per `pair` byte: the one-byte operator's kind, the byte that extends it, and the
    /// two-byte operator's kind, packed in bits 0, 8 and 16.
    static let pairs = ConstantTable<UInt32>(count: 256, repeating: 0) { table in
        for (byte, entry) in pairedOperators {
            table[Int(byte)] = UInt32(entry.one.rawValue) | UInt32(entry.second) << 8 | UInt32(entry.two.rawValue) << 16
        }
    }

    private static let pairedOperators: [UInt8: (one: TokenKind, second: UInt8, two: TokenKind)] = [
        UInt8(ascii: "-"): (.minus, UInt8(ascii: ">"), .arrow),
        UInt8(ascii: "*"): (.star, UInt8(ascii: "*"), .starStar),
        UInt8(ascii: "<"): (.less, UInt8(ascii: "="), .lessEqual),
        UInt8(ascii: ">"): (.greater, UInt8(ascii: "="), .greaterEqual),
        UInt8(ascii: "&"): (.ampersand, UInt8(ascii: "&"), .ampAmp),
        UInt8(ascii: "|"): (.pipe, UInt8(ascii: "|"), .pipePipe),
    ]
}
