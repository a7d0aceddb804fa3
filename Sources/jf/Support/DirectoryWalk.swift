import Foundation

/// The files under a directory, as `jf run`, `validate`, `lint` and `fmt` search it: read with
/// `readdir`, whose entries carry their type, so a file costs no `stat` unless it is a symbolic
/// link (Foundation's enumerator and a `fileExists` for each entry took about 6 µs a file:
/// 1.3 s before the first of 220,000 documents was read).
///
/// - Order: by path, byte for byte, as sorting the whole list would give, but one directory at
///   a time (a directory's name sorts as if followed by `/`).
/// - Passed over: directories whose name starts with `.` (`.git`, `.build`), symbolic links to
///   directories (so a link cannot make a loop), links that lead nowhere, anything that is
///   neither a file nor a directory (sockets, devices), and, unless told otherwise, what the
///   `.gitignore` files of the search and of its repository above it ignore (``IgnoreRules``).
/// - Depth: the walk keeps its own stack of directories, so deep trees cost memory, never the
///   thread's stack.
struct DirectoryWalk {
    /// A directory below the root that cannot be read ("Permission denied"): the batch stops
    /// with it rather than pass over its files unseen.
    struct Unreadable: Error {
        let path: String
        let reason: String
    }

    /// The files under `root` whose name `accepts`, full paths starting with `root`, in order;
    /// with `followingIgnoreFiles`, less what `.gitignore` files ignore.
    static func files(under root: String, followingIgnoreFiles: Bool, accepts: (String) -> Bool) throws(Unreadable) -> [String] {
        var found: [String] = []
        // Each level: a directory, its absolute path (which ignore rules match), its remaining
        // entries, sorted, where the walk is in them, and the ignore rules that apply in it.
        var levels: [(directory: String, absolute: String, entries: [Entry], next: Int, ignoring: [IgnoreRules])] = []
        let absoluteRoot = ((root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root) as NSString).standardizingPath
        var rules: [IgnoreRules] = []
        if followingIgnoreFiles {
            rules = IgnoreRules.above(absoluteRoot) + [IgnoreRules.read(in: absoluteRoot)].compactMap { $0 }
        }
        levels.append((root, absoluteRoot, try entries(of: root), 0, rules))
        while let last = levels.indices.last {
            let level = levels[last]
            guard level.next < level.entries.count else {
                levels.removeLast()
                continue
            }
            levels[last].next += 1
            let entry = level.entries[level.next]
            let path = level.directory.hasSuffix("/") ? level.directory + entry.name : level.directory + "/" + entry.name
            let absolute = level.absolute == "/" ? "/" + entry.name : level.absolute + "/" + entry.name
            if !level.ignoring.isEmpty,
               IgnoreRules.ignores(absolute, name: entry.isDirectory ? entry.key.dropLast() : entry.key[...], isDirectory: entry.isDirectory,
                                   by: level.ignoring) { continue }
            if entry.isDirectory {
                let own = followingIgnoreFiles ? IgnoreRules.read(in: absolute) : nil
                levels.append((path, absolute, try entries(of: path), 0, level.ignoring + [own].compactMap { $0 }))
            } else if accepts(entry.name) {
                found.append(path)
            }
        }
        return found
    }

    /// One entry of a directory worth looking at: a file, or a directory to search.
    private struct Entry {
        let name: String
        let isDirectory: Bool
        /// What the entry sorts by: its name's bytes, a directory's followed by `/`, so that the
        /// order of paths is the order of whole paths.
        let key: [UInt8]
    }

    /// The files and searchable directories in `directory`, sorted.
    private static func entries(of directory: String) throws(Unreadable) -> [Entry] {
        guard let stream = opendir(directory) else { throw Unreadable(path: directory, reason: String(cString: strerror(errno))) }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Unreadable(path: directory, reason: String(cString: strerror(errno))) }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            switch kind(of: entry.pointee.d_type, named: name, in: directory) {
            case .file:
                entries.append(Entry(name: name, isDirectory: false, key: Array(name.utf8)))
            case .directory where !name.hasPrefix("."):
                entries.append(Entry(name: name, isDirectory: true, key: Array(name.utf8) + [UInt8(ascii: "/")]))
            case .directory, .other:
                continue
            }
        }
        entries.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return entries
    }

    private enum Kind { case file, directory, other }

    /// What an entry is: its directory entry's type, or, where the file system does not say
    /// (`DT_UNKNOWN`) or the entry is a link, what `lstat` and `stat` say. A link counts as the
    /// file it leads to; a link to a directory is not followed.
    private static func kind(of type: UInt8, named name: String, in directory: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK), Int32(DT_UNKNOWN):
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK:
                guard stat(path, &status) == 0 else { return .other }
                return status.st_mode & S_IFMT == S_IFREG ? .file : .other
            default: return .other
            }
        default: return .other
        }
    }
}
