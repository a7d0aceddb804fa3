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
            if number.isFinite { output += NumberText.format(number) } else { JSON.appendString(NumberText.format(number), to: &output) }
        case .string(let text): JSON.appendString(text, to: &output)
        case .boolean(let flag): output += flag ? "true" : "false"
        case .date(let instant): JSON.appendString(instant.iso8601, to: &output)
        case .null, .undefined: output += "null"
        case .lambda(let lambda): JSON.appendString(lambda.sourceText, to: &output)
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
                JSON.appendString(key, to: &output)
                output += ":"
                value.appendJSON(to: &output)
            }
            output += "}"
        }
    }
}

/// Minimal JSON text helpers shared by the machine-readable outputs.
public enum JSON {
    /// Appends `text` as a JSON string literal.
    public static func appendString(_ text: String, to output: inout String) {
        output += "\""
        var needsEscaping = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        output += "\""
    }

    /// `text` as a JSON string literal.
    public static func string(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }
}
