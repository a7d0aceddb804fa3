/// One whole JSON value as a ``JSONWriter`` wrote it, to be written into another writer: a
/// report made on a worker thread, placed in the document the output thread writes.
///
/// Sendable because nothing writes to its bytes once it is made: the writer it came from
/// copies them before it writes on (``ByteBuffer`` is copy-on-write).
public struct EncodedJSON: @unchecked Sendable {
    let bytes: ByteBuffer

    /// The JSON text.
    public var text: String { bytes.withBytes { String(decoding: $0, as: UTF8.self) } }
}
