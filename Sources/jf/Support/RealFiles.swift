import Foundation
import JoyfillREPL

/// The file system as the REPL's `:load` and `:save` see it.
struct RealFiles: REPLFileSystem {
    func read(_ path: String) throws -> [UInt8] {
        try Input.read(path)
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        try Files.writeAtomically(bytes, to: path)
    }
}
