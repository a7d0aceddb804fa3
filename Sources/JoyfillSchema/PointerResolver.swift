import JoyfillJSON

/// The values the schema check's JSON pointers name, in one document (the findings of
/// `jf validate` and `jf lint` name the field a violation is in). Each array on the way is
/// decoded once and kept, so that a finding costs the length of its pointer, not the size of
/// the document (20,000 fields without `file` are 20,000 findings in `/fields`).
package struct PointerResolver {
    package let root: JSONValue
    /// The elements of each array reached, by its pointer.
    private var arrays: [JSONPointer: [JSONValue]] = [:]

    package init(_ root: JSONValue) {
        self.root = root
    }

    /// The value at `pointer`.
    package mutating func value(at pointer: JSONPointer) -> JSONValue? {
        var value = root
        var path = JSONPointer.root
        for step in pointer.steps {
            if value.isArray {
                if arrays[path] == nil { arrays[path] = value.arrayValue ?? [] }
                let index: Int?
                switch step {
                case .index(let number): index = number
                case .key(let key): index = Int(key)
                }
                guard let index, let elements = arrays[path], elements.indices.contains(index) else { return nil }
                value = elements[index]
            } else {
                guard let member = JSONPointer.step(step, in: value) else { return nil }
                value = member
            }
            path = path + step
        }
        return value
    }

    /// The `_id` of the field a pointer is in (`/fields/3/…`). A document with two `fields`
    /// keys reads the last, which a pointer may outrun: then nil.
    package mutating func field(of pointer: JSONPointer) -> String? {
        guard pointer.steps.count >= 2, pointer.steps[0] == .key("fields"), case .index = pointer.steps[1] else { return nil }
        return value(at: JSONPointer(Array(pointer.steps.prefix(2))))?["_id"]?.stringValue
    }
}
