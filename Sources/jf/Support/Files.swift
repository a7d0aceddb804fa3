import Foundation
import JoyfillJSON
import JoyfillLint

/// The file system as `jf` uses it: finding documents, writing atomically.
enum Files {
    /// The files named by `paths`, each with the argument it came from: files as given (`-`,
    /// standard input, too), directories searched recursively for `*.json` (sorted, so batches
    /// are deterministic), passing over hidden directories, configuration files and, when
    /// `followingIgnoreFiles`, what `.gitignore` files ignore.
    static func documents(in paths: [String], followingIgnoreFiles: Bool) throws(Failure) -> [(path: String, argument: String)] {
        var result: [(path: String, argument: String)] = []
        for argument in paths {
            let found = argument == "-" ? [argument] : try files(in: argument, followingIgnoreFiles: followingIgnoreFiles) { name in
                name.hasSuffix(".json") && !isConfiguration(name)
            }
            result += found.map { ($0, argument) }
        }
        return result
    }

    /// What a PATH of `jf lint` and `jf fmt` may be (see ``lintable(in:)``), for their help.
    static let templatePathHelp = "PATH is a JoyDoc, a .jf or .formula file holding one expression, or a directory "
        + "searched recursively for all three (directories starting with '.', and what .gitignore files ignore, are passed over)."

    /// What `jf lint` and `jf fmt` read under `path`: the path itself when it is a file; in a directory,
    /// every `*.json`, `*.jf` and `*.formula` file, passing over what `.gitignore` files ignore
    /// (when `followingIgnoreFiles`), hidden directories (`.git`,
    /// `.build`) and configuration files.
    static func lintable(in path: String, followingIgnoreFiles: Bool) throws(Failure) -> [String] {
        try files(in: path, followingIgnoreFiles: followingIgnoreFiles) { name in
            !isConfiguration(name) && (name.hasSuffix(".json") || Linter.isExpressionFile(name))
        }
    }

    /// Whether a file's name is that of a `jf lint` configuration file (`jf.toml`, `.jf.json`).
    private static func isConfiguration(_ name: String) -> Bool {
        LintConfiguration.fileNames.contains(name)
    }

    /// `path` if it is a file, or the files under the directory `path` whose name `accepts`,
    /// sorted by path (see ``DirectoryWalk``).
    private static func files(in path: String, followingIgnoreFiles: Bool, accepts: (String) -> Bool) throws(Failure) -> [String] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            throw .usage(code == ENOENT ? "\(path): no such file or directory" : "\(path): \(FileReadError(code: code))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return [path] }
        do {
            return try DirectoryWalk.files(under: path, followingIgnoreFiles: followingIgnoreFiles, accepts: accepts)
        } catch {
            throw .usage("\(error.path): cannot read the directory: \(error.reason)")
        }
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, flushed to
    /// disk, then a rename, itself flushed to disk with the directory, so a reader never sees
    /// half a file, a failure leaves the old file intact, and a crash leaves the old text or
    /// the new one.
    ///
    /// A file that is replaced keeps its mode and its owner. A read-only file (no write
    /// permission for `jf`'s user, or for anyone when `jf` runs as root) is refused rather than
    /// replaced, and so is one whose owner `jf` could not keep: `jf` is not `sed -i`. The
    /// directory must exist: one that vanished while `jf` worked is not made again.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        try writeAtomically(to: path) { write in try bytes.withUnsafeBytes { try write($0) } }
    }

    /// Writes what `produce` hands its writer to `path` atomically (as ``writeAtomically(_:to:)``);
    /// small pieces are gathered into a buffer, so a document written as millions of pieces
    /// costs few system calls and no copy of the whole. A failure names the path and the
    /// system's reason: "cannot write out/a.json: Permission denied".
    ///
    /// With `durable` false the file is not flushed to disk before it replaces the old one:
    /// for a batch that flushes once at the end (``flushWrittenFiles()``), as `jf run --out`
    /// does, rather than twice a file.
    static func writeAtomically(to path: String, durable: Bool = true,
                                _ produce: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws(Failure) {
        do {
            try writeThroughTemporaryFile(to: path, durable: durable, produce)
        } catch let refusal as WriteRefusal {
            throw .usage(refusal.message)
        } catch {
            throw .usage("cannot write \(path): \(reason(error))")
        }
    }

    /// Makes the directories that `files` go into, and their parents: up front, so that a
    /// directory removed while `jf` works is an error for the files it held, not made again.
    static func makeDirectories(for files: [String]) throws(Failure) {
        for directory in Set(files.map { ($0 as NSString).deletingLastPathComponent }) where !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                // "File exists": a part of the directory's path is a file.
                throw .usage("cannot make the directory \(directory): "
                             + (systemErrorCode(error) == EEXIST ? "a part of it is a file" : reason(error)))
            }
        }
    }

    /// Flushes to disk what has been written: the end of a batch written without flushing
    /// each file (`sync`, once, is cheaper than two flushes a file).
    static func flushWrittenFiles() {
        sync()
    }

    /// A file `jf` will not replace, with what to do instead.
    private struct WriteRefusal: Error {
        var message: String
    }

    /// Why a file operation failed, in the system's words ("No such file or directory"):
    /// Foundation's own descriptions ("The operation could not be completed") name neither.
    private static func reason(_ error: any Error) -> String {
        if let code = systemErrorCode(error) { return String(cString: strerror(code)) }
        return error.localizedDescription
    }

    /// The `errno` behind `error`, if there is one.
    private static func systemErrorCode(_ error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let described = error as NSError
        if described.domain == NSPOSIXErrorDomain { return Int32(described.code) }
        if let underlying = described.userInfo[NSUnderlyingErrorKey] as? any Error { return systemErrorCode(underlying) }
        return nil
    }

    private static func writeThroughTemporaryFile(
        to link: String, durable: Bool, _ produce: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        // A symbolic link is written through: its target gets the new text and the link stays
        // (renaming over the link would replace it with a copy and leave the target as it was).
        let path = resolvingSymbolicLinks(link)
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).jf-\(UUID().uuidString).tmp"
        var status = stat()
        let replacing = stat(path, &status) == 0
        if replacing {
            let mode = status.st_mode & 0o7777
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw WriteRefusal(message: "cannot write \(link): it is not a regular file")
            }
            // Root may write anything; it is still told a file is read-only when no one may write it.
            guard geteuid() == 0 ? mode & 0o222 != 0 : access(path, W_OK) == 0 else {
                throw WriteRefusal(message: "cannot write \(link): the file is read-only (mode 0\(String(mode, radix: 8))); "
                                   + "jf does not replace read-only files: make it writable (chmod u+w \(link)) first")
            }
        }
        // New files get the usual 0666 less the umask; a replaced file's mode is set below.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if replacing {
            // The new file takes the old one's owner and mode (open() applied the umask to it).
            let ownerKept = fchown(descriptor, status.st_uid, status.st_gid) == 0
            let ownerError = errno
            guard ownerKept || (status.st_uid == geteuid() && status.st_gid == getegid()) else {
                close(descriptor)
                unlink(temporary)
                throw WriteRefusal(message: "cannot write \(link): its owner (user \(status.st_uid), group \(status.st_gid)) "
                                   + "cannot be kept (\(String(cString: strerror(ownerError)))); jf does not change who owns a file")
            }
            guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else {
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        }
        func writeAll(_ raw: UnsafeRawBufferPointer) throws {
            var written = 0
            while written < raw.count {
                let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                written += result
            }
        }
        let bufferSize = 1 << 18
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bufferSize)
        do {
            try produce { piece in
                if buffer.count + piece.count > bufferSize {
                    try buffer.withUnsafeBytes(writeAll)
                    buffer.removeAll(keepingCapacity: true)
                }
                if piece.count >= bufferSize { try writeAll(piece) } else { buffer.append(contentsOf: piece) }
            }
            try buffer.withUnsafeBytes(writeAll)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // On disk before it takes the old file's place: after a crash, the file is the old text
        // or the new one, never an empty one (some file systems persist a rename first).
        let syncFailure = !durable || fsync(descriptor) == 0 ? 0 : errno
        let closeFailure = close(descriptor) == 0 ? 0 : errno
        if syncFailure != 0 || closeFailure != 0 {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: syncFailure != 0 ? syncFailure : closeFailure) ?? .EIO)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        // The rename is on disk once the directory is: without this, a crash soon after could
        // bring the old file back. Best effort: some file systems cannot sync a directory, and
        // the new text is in place either way.
        guard durable else { return }
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}

extension Files {
    /// The file `path` names, following symbolic links (`path` itself when it is not one, or
    /// when the link leads nowhere).
    static func resolvingSymbolicLinks(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
