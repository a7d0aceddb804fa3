// JoyfillJSON: JSON read and written losslessly. Nothing here knows about JoyDocs or formulas.
//
// JSONValue    a value: a view into a JSONTape (read from text: byte span, member order and
//              duplicate keys, number text; decoded on demand) or a Kind built in code.
// JSONReader   RFC 8259 reader into a tape (one flat entry per token): iterative (an explicit
//              stack, a depth limit of 512), errors with line and column, strict UTF-8.
// JSONWriter   every piece of JSON that jf writes: a key or value at a time into a ByteBuffer,
//              commas and colons placed by the writer; EncodedJSON carries a finished value
//              between threads; JSONValue+Text writes a value through it.
// JSONEdit     replaces only changed spans, so an unchanged document is written back byte
//              for byte (specification §10).
// SourceBytes  the text a tape points into: owned, immutable, shared, read (never mapped)
//              with a size limit.
// StringIndex  positions of distinct strings under a seeded word-at-a-time hash: the lookup
//              by name on hot paths (a document's fields by `_id`).
