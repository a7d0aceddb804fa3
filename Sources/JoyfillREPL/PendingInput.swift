import JoyfillFormulas

/// The lines of an input that is not finished yet, and whether it is: an open bracket, an
/// open string or block comment, or a last token that cannot end an expression (an operator,
/// a comma, an arrow, a dot) asks for another line.
///
/// Each line is lexed once, when it comes, with what the lines before it left open carried
/// over (the depth of brackets, the last token, a string's quote, a comment): an input of
/// many lines costs time in proportion to its length, not to its length squared. Its size is
/// bounded by ``maximumSize``.
struct PendingInput {
    /// The most bytes an input of several lines may gather (16 MiB); past that it is dropped.
    static let maximumSize = 16 << 20

    /// The lines so far, separated by `\n`.
    private(set) var text = ""
    /// The lines so far, one an element (what completion reads).
    private(set) var lines: [String] = []
    private var depth = 0
    private var last: TokenKind = .endOfInput
    /// What the last line left open: a string (its quote) or a block comment.
    private var open: Opening?

    private enum Opening {
        case string(quote: UInt8)
        case blockComment
    }

    var isEmpty: Bool { lines.isEmpty }

    /// Adds a line; returns whether the input still needs more.
    mutating func append(_ line: String) -> Bool {
        text += lines.isEmpty ? line : "\n" + line
        lines.append(line)
        var rest = Substring(line)
        // The part of the line that closes what the lines before left open.
        switch open {
        case .string(let quote)?:
            guard let close = rest.utf8.firstIndex(of: quote) else { return true }
            rest = rest[rest.utf8.index(after: close)...]
            last = .string
        case .blockComment?:
            guard let close = rest.range(of: "*/") else { return true }
            rest = rest[close.upperBound...]
            last = .comment
        case nil:
            break
        }
        open = nil
        for token in Lexer.tokenize(String(rest)) where token.kind != .endOfInput {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            case .unterminatedString:
                open = .string(quote: rest.utf8[rest.utf8.index(rest.utf8.startIndex, offsetBy: token.span.start)])
                return true
            case .comment where Self.isUnclosedBlockComment(rest.utf8.dropFirst(token.span.start).prefix(token.span.end - token.span.start)):
                open = .blockComment
            default: break
            }
            last = token.kind
        }
        return isUnfinished
    }

    /// Whether a comment's text opens a block comment it does not close (`/* …`, `/*/`).
    private static func isUnclosedBlockComment(_ comment: Substring.UTF8View.SubSequence) -> Bool {
        comment.starts(with: "/*".utf8) && !(comment.count >= 4 && comment.suffix(2).elementsEqual("*/".utf8))
    }

    /// Whether the input needs more lines.
    private var isUnfinished: Bool {
        if open != nil || depth > 0 { return true }
        switch last {
        case .plus, .minus, .star, .slash, .bang, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
             .ampAmp, .pipePipe, .arrow, .fatArrow, .comma, .dot, .colon:
            return true
        default:
            return false
        }
    }
}
