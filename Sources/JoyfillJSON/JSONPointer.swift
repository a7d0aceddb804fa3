/// A JSON pointer (RFC 6901): the path from a document's root to one of its values, as the
/// steps that lead there (`/fields/3/value`). The one pointer type of the toolchain: the
/// schema check names a violation with one, the linter finds the field it is in, a
/// configuration file's settings are placed by them.
///
/// A step is a member's key or an element's index. As RFC 6901 says, a step's meaning is
/// settled by the value it is taken in: an index taken in an object is the member named by
/// its digits, a key of digits taken in an array is that element. Parsed from text, a step of
/// digits is read as an index.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public private(set) var steps: [Step]

    public init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// The document's root (the empty pointer, `""`).
    public static let root = JSONPointer()

    /// Reads a pointer's text: empty for the root, else `/` before each step, with `~1` for a
    /// `/` and `~0` for a `~` in a key. Nil for text that is not a pointer.
    public init?(_ text: String) {
        guard !text.isEmpty else {
            self.init()
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var steps: [Step] = []
        for token in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if let index = Int(token), index >= 0, token.allSatisfy(\.isASCII), !(token.count > 1 && token.hasPrefix("0")) {
                steps.append(.index(index))
            } else {
                guard !Self.hasBadEscape(token) else { return nil }
                steps.append(.key(Self.unescaped(token)))
            }
        }
        self.init(steps)
    }

    /// A token's key: `~1` is `/`, `~0` is `~` (checked by ``hasBadEscape(_:)``).
    private static func unescaped(_ token: Substring) -> String {
        guard token.contains("~") else { return String(token) }
        var key = ""
        var characters = token.makeIterator()
        while let character = characters.next() {
            if character == "~" { key.append(characters.next() == "1" ? "/" : "~") } else { key.append(character) }
        }
        return key
    }

    /// `~` followed by anything but `0` or `1`.
    private static func hasBadEscape(_ token: Substring) -> Bool {
        var characters = token.makeIterator()
        while let character = characters.next() {
            guard character == "~" else { continue }
            guard let next = characters.next(), next == "0" || next == "1" else { return true }
        }
        return false
    }

    /// The pointer's text (`/fields/3/value`; `""` for the root).
    public var description: String {
        steps.map { step -> String in
            switch step {
            case .index(let index): return "/\(index)"
            case .key(let key): return "/" + key.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
            }
        }.joined()
    }

    /// Whether this is the root.
    public var isRoot: Bool { steps.isEmpty }

    /// Takes one step further.
    public mutating func append(_ step: Step) {
        steps.append(step)
    }

    /// The pointer one step further.
    public func appending(_ step: Step) -> JSONPointer {
        JSONPointer(steps + [step])
    }

    public static func + (pointer: JSONPointer, step: Step) -> JSONPointer {
        pointer.appending(step)
    }

    public static func + (pointer: JSONPointer, steps: [Step]) -> JSONPointer {
        JSONPointer(pointer.steps + steps)
    }

    /// The pointer without its last step (the root's is the root).
    public var parent: JSONPointer {
        JSONPointer(Array(steps.dropLast()))
    }

    /// The value the pointer reaches in `root`, or nil when a step finds nothing.
    public func value(in root: JSONValue) -> JSONValue? {
        var value = root
        for step in steps {
            guard let next = Self.step(step, in: value) else { return nil }
            value = next
        }
        return value
    }

    /// The value one step reaches from `value`: a member (the last of that name, as reading
    /// JSON takes it) or an element.
    public static func step(_ step: Step, in value: JSONValue) -> JSONValue? {
        switch (step, value.isArray) {
        case (.index(let index), true):
            guard let elements = value.arrayValue, elements.indices.contains(index) else { return nil }
            return elements[index]
        case (.key(let key), true):
            guard let index = Int(key), let elements = value.arrayValue, elements.indices.contains(index) else { return nil }
            return elements[index]
        case (.index(let index), false): return value[String(index)]
        case (.key(let key), false): return value[key]
        }
    }
}

extension JSONPointer: ExpressibleByArrayLiteral {
    /// A pointer written as its steps: `[.key("fields"), .index(3)]`.
    public init(arrayLiteral steps: Step...) {
        self.init(steps)
    }
}
