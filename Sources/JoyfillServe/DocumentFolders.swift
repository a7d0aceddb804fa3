#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The files `jf serve` may open and save: regular files whose names end in `.json`, under one
/// of its folders (the served document's, or those named with `--root`), judged after every
/// symbolic link is resolved. A path with a NUL, a `..` that climbs out, or a link that points
/// out is refused like any other path outside; a named pipe or a device is refused before
/// anything is read from it, so it never blocks the server.
public struct DocumentFolders: Sendable {
    /// The folders, as real paths (symbolic links resolved), without a trailing `/`.
    public let roots: [String]

    /// The folders `paths` (relative to the working directory). Each must be a directory.
    public init(_ paths: [String]) throws {
        var roots: [String] = []
        for path in paths {
            guard let real = Self.realPath(path) else {
                throw ServeError("\(path): \(Self.lastError())", status: 404)
            }
            var status = stat()
            guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw ServeError("\(path): not a directory")
            }
            if !roots.contains(real) { roots.append(real) }
        }
        self.roots = roots
    }

    /// The folders, as a person reads them in a message.
    var described: String {
        roots.count == 1 ? roots[0] : roots.dropLast().joined(separator: ", ") + " and " + (roots.last ?? "")
    }

    /// The real path of `path`, an existing file to open (or to save over).
    func existingFile(_ path: String) throws(ServeError) -> String {
        guard !path.contains("\0") else { throw ServeError("\(path.debugDescription): a path has no NUL character", status: 400) }
        guard let real = Self.realPath(path) else { throw ServeError("\(path): \(Self.lastError())", status: 404) }
        try check(real, shown: path)
        return real
    }

    /// The real path a new file `path` would have (its folder's real path and its name), for
    /// Save as. An existing file is refused: it is opened, not overwritten unseen.
    func newFile(_ path: String) throws(ServeError) -> String {
        guard !path.contains("\0") else { throw ServeError("\(path.debugDescription): a path has no NUL character", status: 400) }
        if Self.exists(path) {
            throw ServeError("\(path) already exists: choose another name, or open it", status: 409)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { throw ServeError("\(path): name a file, not a folder", status: 400) }
        guard let realFolder = Self.realPath(folder) else { throw ServeError("\(folder): \(Self.lastError())", status: 404) }
        let real = (realFolder == "/" ? "" : realFolder) + "/" + name
        try check(real, shown: path)
        return real
    }

    /// Refuses a real path outside the folders or not named `.json`.
    private func check(_ real: String, shown: String) throws(ServeError) {
        guard roots.contains(where: { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            throw ServeError("\(shown): jf serve opens and saves only under \(described) (--root names other folders)", status: 403)
        }
        guard real.hasSuffix(".json") else {
            throw ServeError("\(shown): jf serve opens and saves JoyDocs, which are .json files", status: 422)
        }
    }

    /// The bytes of the regular file at `real` (a path from ``existingFile(_:)``), at most
    /// `limit` of them. Opened without waiting, and refused unless it is a regular file.
    func contents(of real: String, shown: String, limit: Int) throws(ServeError) -> [UInt8] {
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw ServeError("\(shown): \(Self.lastError())", status: 404) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ServeError("\(shown): \(Self.lastError())") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ServeError("\(shown): not a regular file (a folder, a pipe or a device); jf serve opens JoyDoc files")
        }
        guard Int(status.st_size) <= limit else {
            throw ServeError("\(shown) is \(status.st_size) bytes, more than the \(limit) bytes jf serve opens", status: 413)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ServeError("\(shown): \(Self.lastError())")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= limit else {
                throw ServeError("\(shown) is more than the \(limit) bytes jf serve opens", status: 413)
            }
        }
        return bytes
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether anything is at `path`, a dangling symbolic link included.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
