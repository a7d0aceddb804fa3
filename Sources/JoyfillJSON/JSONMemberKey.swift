/// A member's key as ``JSONValue/forEachMember(_:)`` lends it: its decoded UTF-8 text, valid
/// only during the call it is passed to. It is matched against names written in code with
/// `switch`, comparing bytes, so reading an object's members in one pass makes no string:
///
/// ```swift
/// object.forEachMember { key, value in
///     switch key {
///     case "type": type = value
///     case "title": title = value
///     default: break
///     }
/// }
/// ```
public struct JSONMemberKey {
    /// The key's UTF-8 bytes (escapes resolved).
    let bytes: UnsafeBufferPointer<UInt8>

    /// The key as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether `key` is `name`, byte for byte.
    public static func ~= (name: StaticString, key: JSONMemberKey) -> Bool {
        key.equals(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether the key's bytes are `text`'s.
    func equals(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count == bytes.count else { return false }
        for offset in 0..<bytes.count where bytes[offset] != text[offset] { return false }
        return true
    }
}
