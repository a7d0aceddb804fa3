import JoyfillJSON

/// Where the keys and values of a configuration file are, so that a setting the decoder
/// refuses, or an override pattern that matches nothing, is reported at its line and column.
///
/// A TOML file's reader records where each key and value starts as it reads them; a JSON
/// file's values know their spans, and are walked to on demand.
struct ConfigurationPlaces: Sendable {
    private enum Source: Sendable {
        case recorded(values: [JSONPointer: Int], keys: [JSONPointer: Int])
        case json(JSONValue)
    }

    private let bytes: [UInt8]
    private let source: Source

    /// Places recorded while reading (TOML): byte offsets in `bytes` by path.
    init(bytes: [UInt8], values: [JSONPointer: Int], keys: [JSONPointer: Int]) {
        self.bytes = bytes
        source = .recorded(values: values, keys: keys)
    }

    /// The places of a JSON file's values, read from `bytes`.
    init(json: JSONValue, bytes: [UInt8]) {
        self.bytes = bytes
        source = .json(json)
    }

    /// No places: a configuration built in code.
    static let none = ConfigurationPlaces(bytes: [], values: [:], keys: [:])

    /// The line and column (1-based, in characters) where the value at `path` starts, or with
    /// `key`, where its key does; the nearest enclosing place when `path` has none (a
    /// missing key is reported at its table).
    func location(of path: JSONPointer, key: Bool = false) -> (line: Int, column: Int)? {
        var path = path
        while true {
            if let offset = offset(of: path, key: key) { return LineMap(bytes).location(of: offset) }
            guard !path.isRoot else { return nil }
            path = path.parent
        }
    }

    private func offset(of path: JSONPointer, key: Bool) -> Int? {
        switch source {
        case .recorded(let values, let keys):
            return key ? keys[path] ?? values[path] : values[path]
        case .json(let root):
            var value = root
            var keyStart: Int?
            for step in path.steps {
                switch step {
                case .key(let name):
                    // The last member of that name, as reading the configuration takes it.
                    guard let members = value.members, let position = members.lastIndex(where: { $0.key == name }) else { return nil }
                    keyStart = value.keyStarts?[position]
                    value = members[position].value
                case .index(let index):
                    guard let elements = value.arrayValue, elements.indices.contains(index) else { return nil }
                    keyStart = nil
                    value = elements[index]
                }
            }
            return key ? keyStart ?? value.span?.lowerBound : value.span?.lowerBound
        }
    }
}
