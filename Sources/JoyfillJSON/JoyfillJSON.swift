// JoyfillJSON: JSON read and written losslessly. Nothing here knows about JoyDocs or formulas.
//
// JSONValue    a value: a view into a JSONTape (read from text: byte span, member order and
//              duplicate keys, number text; decoded on demand) or a Kind built in code.
// JSONReader   RFC 8259 reader into a tape (one flat entry per token): iterative (an explicit
//              stack, a depth limit of 512), errors with line and column, strict UTF-8.
// JSONWriter   compact text for values built in code; JSONEdit replaces only changed spans,
//              so an unchanged document is written back byte for byte (specification §10).
// SourceBytes  the text a tape points into: owned, immutable, shared; large files are mapped
//              read-only instead of read, so their bytes cost no copy and no fresh memory.
// StringIndex  positions of distinct strings under a seeded word-at-a-time hash: the lookup
//              by name on hot paths (a document's fields by `_id`).
