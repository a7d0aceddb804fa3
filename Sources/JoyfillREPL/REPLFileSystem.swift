import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// The files a session reads and writes (`:load`, `:save`). `jf` supplies the real file
/// system; tests can supply their own.
public protocol REPLFileSystem {
    func read(_ path: String) throws -> [UInt8]
    /// Writes atomically.
    func write(_ bytes: [UInt8], to path: String) throws
}
