/// Reading arguments whose type the signature already guarantees.
extension Arguments {
    func number(_ position: Int) -> Double {
        guard case .number(let value) = self[position] else { preconditionFailure("signature guarantees a number") }
        return value
    }

    func text(_ position: Int) -> String {
        guard case .string(let value) = self[position] else { preconditionFailure("signature guarantees a string") }
        return value
    }

    func list(_ position: Int) -> ArrayValue {
        guard case .array(let value) = self[position] else { preconditionFailure("signature guarantees an array") }
        return value
    }

    func flag(_ position: Int) -> Bool {
        guard case .boolean(let value) = self[position] else { preconditionFailure("signature guarantees a boolean") }
        return value
    }

    /// A number argument truncated toward zero to an integer, or an `arguments` error.
    func integer(_ position: Int, _ what: String) throws(Diagnostic) -> Int {
        let value = number(position).rounded(.towardZero)
        guard value.isFinite, abs(value) < 9e15 else {
            throw error(.arguments, "\(what) must be a finite number, got \(NumberText.format(number(position)))", at: position)
        }
        return Int(value)
    }
}

/// Unicode white space trimming, as the reference's `trimmingCharacters(in: .whitespacesAndNewlines)`.
extension String {
    func trimmedOfWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
