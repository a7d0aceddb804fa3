/// The kinds of token the ``Lexer`` produces.
///
/// Besides the language's own tokens, the lexer recognises a few spellings that users
/// bring from other languages (`===`, `%`, `?`, `//` …) as *unsupported* tokens, so that
/// the parser can say exactly what to write instead.
public enum TokenKind: UInt8, Sendable {
    case endOfInput
    case number, string, identifier
    case trueKeyword, falseKeyword, nullKeyword, undefinedKeyword
    case plus, minus, star, slash, bang
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    case ampAmp, pipePipe
    case arrow, fatArrow
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, dot, colon
    // Spellings the language does not have, kept for precise diagnostics.
    case assign, strictEqual, strictNotEqual, percent, question, ampersand, pipe, caret, starStar, comment
    case unterminatedString, invalidCharacter

    /// True for tokens after which a `.` is member access and a `-` is binary.
    var endsOperand: Bool {
        switch self {
        case .number, .string, .identifier, .trueKeyword, .falseKeyword, .nullKeyword, .undefinedKeyword,
             .rightParen, .rightBracket, .rightBrace:
            return true
        default:
            return false
        }
    }

    /// How the token is written, for messages ("expected ')'").
    public var display: String {
        switch self {
        case .endOfInput: return "end of input"
        case .number: return "number"
        case .string: return "string"
        case .identifier: return "name"
        case .trueKeyword: return "'true'"
        case .falseKeyword: return "'false'"
        case .nullKeyword: return "'null'"
        case .undefinedKeyword: return "'undefined'"
        case .plus: return "'+'"
        case .minus: return "'-'"
        case .star: return "'*'"
        case .slash: return "'/'"
        case .bang: return "'!'"
        case .equalEqual: return "'=='"
        case .bangEqual: return "'!='"
        case .less: return "'<'"
        case .lessEqual: return "'<='"
        case .greater: return "'>'"
        case .greaterEqual: return "'>='"
        case .ampAmp: return "'&&'"
        case .pipePipe: return "'||'"
        case .arrow: return "'->'"
        case .fatArrow: return "'=>'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .comma: return "','"
        case .dot: return "'.'"
        case .colon: return "':'"
        case .assign: return "'='"
        case .strictEqual: return "'==='"
        case .strictNotEqual: return "'!=='"
        case .percent: return "'%'"
        case .question: return "'?'"
        case .ampersand: return "'&'"
        case .pipe: return "'|'"
        case .caret: return "'^'"
        case .starStar: return "'**'"
        case .comment: return "comment"
        case .unterminatedString: return "unterminated string"
        case .invalidCharacter: return "character"
        }
    }
}

/// One token: its kind and the bytes it covers.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    public var span: SourceSpan

    public init(kind: TokenKind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }
}
