import JoyfillChanges
import JoyfillJSON
import JoyfillModel

extension DocumentSession {
    /// The document as it is now, read from ``currentBytes``: ``document`` itself while no
    /// change since it was read wrote anything, else the current text read once per
    /// ``revision`` and kept. What a front end lints or shows as text.
    public func currentDocument() throws(DocumentError) -> JoyDoc {
        guard let bytes = engine.updatedBytes else { return document }
        if let read = currentRead, read.revision == revision { return read.document }
        let read = try JoyDoc(bytes: bytes)
        currentRead = (revision, read)
        return read
    }

    /// Edits the document's text (`jf lint --fix`'s fixes, say): `edits` (bytes of
    /// ``currentBytes``) are applied together, the result is read, and every formula runs
    /// again, so that the text, the model and the values never disagree. A step of its own in
    /// the history; no changelog (the change API has no entry for an edit of a template's
    /// text).
    /// - Throws: in `readonly` mode, or when the edited text is no JoyDoc; the session is then
    ///   as it was.
    public func edit(_ edits: [JSONEdit]) throws(ChangeError) {
        guard !edits.isEmpty else { return }
        if mode == .readonly {
            throw ChangeError(index: 0, field: nil, message: "the form is read-only (mode readonly): the text is not edited")
        }
        let edited: JoyDoc
        do {
            edited = try JoyDoc(bytes: JSONEdit.apply(edits, to: currentBytes))
        } catch {
            throw ChangeError(index: 0, field: nil, message: "the edited text is no JoyDoc: \(error)")
        }
        let before = stateBefore(nil)
        goOn(with: edited)
        pristine = false
        record(before, step: nil)
    }
}
