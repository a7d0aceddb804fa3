extension String {
    /// The UTF-16 offset of UTF-8 offset `byte` (editors and browsers count characters so);
    /// an offset inside a character counts the character's bytes before it.
    public func utf16Offset(ofByte byte: Int) -> Int {
        String(decoding: utf8.prefix(max(0, byte)), as: UTF8.self).utf16.count
    }

    /// The UTF-8 offset of UTF-16 offset `unit`, clamped to the text; an offset inside a
    /// surrogate pair counts the whole character.
    public func byteOffset(ofUTF16 unit: Int) -> Int {
        let index = utf16.index(utf16.startIndex, offsetBy: max(0, min(unit, utf16.count)))
        return utf8.distance(from: utf8.startIndex, to: index.samePosition(in: utf8) ?? index)
    }
}
