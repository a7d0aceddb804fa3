/// One parameter of a ``FunctionSignature``.
public struct Parameter: Sendable {
    public var name: String
    /// The types an argument may have; anything else is a `type` error before the call.
    public var types: ValueTypes
    public var isOptional: Bool
    /// The last parameter may repeat; `isOptional` says whether it may also be absent.
    public var isVariadic: Bool
    /// Lazy arguments are evaluated by the function itself, only when needed (IF's branches,
    /// AND's later arguments).
    public var isLazy: Bool
    /// For a lambda parameter: what the function passes the lambda. The call checks the
    /// lambda's parameter count against it, and the checker reads what the lambda receives.
    public var callback: Callback?
    /// For a text parameter that takes only certain words (`dateAdd`'s units): the words, in
    /// lower case; the function accepts them in any letter case. The checker reports a string
    /// literal that is none of them (`invalid-argument`). Empty: any text.
    public var choices: [String]
    /// How errors list ``choices`` (`years, months, … (or y, m, …)`); nil lists them all.
    public var choicesDescription: String?

    public init(_ name: String, _ types: ValueTypes, optional: Bool = false, variadic: Bool = false, lazy: Bool = false,
                callback: Callback? = nil, choices: [String] = [], describedAs choicesDescription: String? = nil) {
        self.name = name
        self.types = types
        self.isOptional = optional
        self.isVariadic = variadic
        self.isLazy = lazy
        self.callback = callback
        self.choices = choices
        self.choicesDescription = choicesDescription
    }

    /// What to say of `word`, given for this parameter and none of its ``choices``: the
    /// message, the note that lists the choices, and the closest choice, if one is close. The
    /// function's error and the checker's `invalid-argument` say the same.
    public func unknownChoice(_ word: String) -> (message: String, note: String, closest: String?) {
        ("unknown \(name) \"\(word)\"", "\(name)s: " + (choicesDescription ?? choices.joined(separator: ", ")),
         Suggestions.closest(to: word.lowercased(), in: choices))
    }
}

/// What a function passes to a lambda argument (specification §5.4): the values, named in order,
/// of which the lambda may declare one or more but not more than supplied; and which of them
/// is an element of an array argument, so that the checker knows `row` in
/// `map(items, (row) -> row.price)` is one of `items`' rows.
public struct Callback: Sendable {
    /// The names of the values passed, in order (`element, index, array`).
    public var supplies: [String]
    /// The position in ``supplies`` of the element, if one is passed.
    public var elementPosition: Int?
    /// The argument whose elements are passed there.
    public var elementsOf: Int

    public init(supplies: [String], element elementPosition: Int? = nil, of array: Int = 0) {
        precondition(!supplies.isEmpty, "a callback is passed at least one value")
        self.supplies = supplies
        self.elementPosition = elementPosition
        self.elementsOf = array
    }
}
