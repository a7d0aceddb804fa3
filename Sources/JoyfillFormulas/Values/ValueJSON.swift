import JoyfillJSON

/// The JSON form of values in `jf`'s machine-readable output (see docs/cli.md):
/// numbers as JSON numbers, dates as ISO-8601 strings, undefined as null, a lambda as its
/// source text, and NaN and ±Infinity as the strings "NaN", "Infinity", "-Infinity".
extension Value {
    public var json: String {
        var output = JSONWriter()
        write(to: &output)
        return output.text
    }

    /// Writes ``json`` as the next value of `output`. Values nest at most ``Value/maxDepth``
    /// levels, which bounds the recursion.
    public func write(to output: inout JSONWriter) {
        switch self {
        case .number(let number):
            if number.isFinite { output.number(text: NumberText.format(number)) } else { output.string(NumberText.format(number)) }
        case .string(let text): output.string(text)
        case .boolean(let flag): output.bool(flag)
        case .date(let instant): output.string(instant.iso8601)
        case .null, .undefined: output.null()
        case .lambda(let lambda): output.string(lambda.sourceText)
        case .array(let array):
            output.beginArray()
            for element in array { element.write(to: &output) }
            output.endArray()
        case .object(let object):
            output.beginObject()
            for (key, value) in object {
                output.key(key)
                value.write(to: &output)
            }
            output.endObject()
        }
    }
}
