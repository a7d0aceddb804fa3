enum Signatures {
    /// The error for argument `position` of a call of `function`, whose value is of none of its
    /// parameter's types.
    static func typeError(_ function: RegisteredFunction, _ position: Int, _ value: Value, span: SourceSpan) -> Diagnostic {
        let parameter = min(position, function.lastParameter)
        return Diagnostic(.type,
            "\(function.signature.name)() expects \(function.signature.parameters[parameter].name) (argument \(position + 1)) to be \(function.expectations[parameter]), got \(Describe.value(value))",
            at: span, notes: [function.usageNote], code: .typeMismatch)
    }

    /// The message for a lambda, given as argument `position` of a call of `signature`, that
    /// declares none or more parameters than the callback supplies.
    static func callbackMismatch(_ signature: FunctionSignature, _ position: Int, declares count: Int) -> String {
        let names = signature.parameter(at: position).callback?.supplies ?? []
        let name = signature.name
        return "the lambda given to \(name)() takes \(count) parameter\(count == 1 ? "" : "s"), but \(name)() supplies 1 to \(names.count): \(names.joined(separator: ", "))"
    }

    static func article(_ types: ValueTypes) -> String {
        let text = types.description
        if types == .any { return "anything" }
        if ["array", "object", "undefined"].contains(where: { text.hasPrefix($0) }) { return "an " + text }
        if text.hasPrefix("null") { return text }
        return "a " + text
    }
}
