import JoyfillJSON

/// The JSON form of values in `jf`'s machine-readable output (see docs/cli.md):
/// numbers as JSON numbers, dates as ISO-8601 strings, undefined as null, a lambda as its
/// source text, and NaN and ±Infinity as the strings "NaN", "Infinity", "-Infinity".
extension Value {
    public var json: String {
        var output = ""
        appendJSON(to: &output)
        return output
    }

    public func appendJSON(to output: inout String) {
        switch self {
        case .number(let number):
            if number.isFinite { output += NumberText.format(number) } else { JSONText.appendString(NumberText.format(number), to: &output) }
        case .string(let text): JSONText.appendString(text, to: &output)
        case .boolean(let flag): output += flag ? "true" : "false"
        case .date(let instant): JSONText.appendString(instant.iso8601, to: &output)
        case .null, .undefined: output += "null"
        case .lambda(let lambda): JSONText.appendString(lambda.sourceText, to: &output)
        case .array(let array):
            output += "["
            for (index, element) in array.enumerated() {
                if index > 0 { output += "," }
                element.appendJSON(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            var first = true
            for (key, value) in object {
                if !first { output += "," }
                first = false
                JSONText.appendString(key, to: &output)
                output += ":"
                value.appendJSON(to: &output)
            }
            output += "}"
        }
    }
}

