// Unchecked/: the constructs of this module that Swift cannot check, in one place, as the
// formula module keeps its own (JoyfillFormulas/Unchecked/Unchecked.swift).
//
// SourceBytes   a document's bytes in memory the object owns (`UnsafeBufferPointer`), and
//               `@unchecked Sendable`. Invariants: the bytes are written only while the
//               object is made, and freed only in its deinit; whoever reads `buffer` keeps the
//               object alive for as long (a JSONTape holds its SourceBytes). Why: a tape's
//               token is 8 bytes because it holds offsets into one stable block, and a file
//               read straight into its own block is never copied (reading the JSON is a
//               quarter of a document's instructions in a batch run). Its `stringStop`
//               loads eight bytes at a time (`loadUnaligned`) while eight remain, so that a
//               string's plain run is skipped a word at a time.
// ByteBuffer    the block JSONWriter writes into: copy-on-write like an array
//               (`isKnownUniquelyReferenced` before every write into a shared block), a
//               capacity check and a store a byte. Invariant: `count` never exceeds the
//               block's capacity, and no pointer into a block outlives `withBytes`. Why: a
//               JSON line of `jf eval` is a dozen small writes, which through an array cost as
//               much as the rest of the line.
// EncodedJSON   `@unchecked Sendable`: a ByteBuffer nobody writes to once it is made (the
//               writer it came from copies on its next write), handed from a worker thread
//               to the thread that writes the output.
//
// Outside this folder the module reads through pointers only where they are lent, within
// bounds, and never keeps one: `withUnsafeBufferPointer` and `withUTF8` scopes, a SourceBytes'
// buffer while its owner is held, StringIndex's word loads inside the key's bytes, the key
// `JSONValue.forEachMember` lends its body (a JSONMemberKey, valid for that call).
