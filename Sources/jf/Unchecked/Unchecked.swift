// Unchecked/: what `jf` does that Swift cannot check, in one place, as each library keeps its
// own (JoyfillFormulas/Unchecked/Unchecked.swift, JoyfillJSON/Unchecked/Unchecked.swift).
//
// Terminal         buffered standard output and error, shared by every thread: a block of
//                  bytes and a JSON writer under an NSLock (`@unchecked Sendable`).
// ParallelState,   the work queues of parallelForEach and of JSON-line streams, shared by
// LineStream       the reader, the workers and the delivering thread under an NSCondition
//                  (`@unchecked Sendable`): a condition variable, which Swift's Mutex lacks,
//                  wakes a thread only when what it waits for has come. The reader finds
//                  line breaks with `memchr` over the chunk's buffer, lent for the call.
// LineEditorState  what libedit's C callbacks and the SIGINT handler reach: globals
//                  (`nonisolated(unsafe)`) touched by the REPL's thread alone, and a
//                  `sig_atomic_t` the handler sets.
// keepUntilExit    a reference never released, so the process ends without freeing a large
//                  document object by object.
//
// Each file states its invariant beside the type. Outside this folder `jf` hands buffers to C
// only for the length of a call (`read`, `write`, `fwrite` in `withUnsafeBytes` scopes) and
// keeps C handles (`FILE *`, descriptors) as opaque values.
