import Foundation

/// Transparent huge pages for runs over very large documents.
///
/// Reading a JoyDoc of hundreds of megabytes makes the process touch gigabytes of fresh
/// memory. With 4 KiB pages that is one page fault per 4 KiB, and on virtual machines a fault
/// can cost 5–10 µs, more as the process grows: on the benchmark machine a 1,000,000-field
/// chain spent more time in the kernel than in jf (docs/performance.md). With 2 MiB pages the
/// same memory costs 512 times fewer faults.
///
/// Most Linux systems enable huge pages only where a program asks for them (`madvise`), and
/// glibc's allocator asks only when the tunable `glibc.malloc.hugetlb=1` is set. A tunable
/// is read once, when the process starts, so `jf` sets it and executes itself again, with
/// the same arguments, before reading a large input; nothing has been read or written yet.
///
/// `JF_HUGE_PAGES` chooses: `auto` (the default: when an input file is at least
/// ``threshold`` bytes), `always`, or `never`.
enum HugePages {
    /// The input size from which huge pages pay for the second start (about a millisecond).
    static let threshold = 64 << 20

    private static let tunable = "glibc.malloc.hugetlb=1"

    /// Restarts `jf` with huge pages when the policy and the size of `files` call for it;
    /// returns (doing nothing) otherwise, or when the restart fails.
    static func enableIfLarge(_ files: [String]) {
        #if os(Linux) && canImport(Glibc)
        let environment = ProcessInfo.processInfo.environment
        let existing = environment["GLIBC_TUNABLES"] ?? ""
        guard !existing.contains("glibc.malloc.hugetlb") else { return }
        switch environment["JF_HUGE_PAGES"] ?? "auto" {
        case "always": break
        case "never": return
        default: guard largestSize(of: files) >= threshold else { return }
        }
        setenv("GLIBC_TUNABLES", existing.isEmpty ? tunable : existing + ":" + tunable, 1)
        Terminal.flushAll()
        let arguments = CommandLine.arguments
        var pointers = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &pointers)
        // Still here: the restart failed; go on with ordinary pages.
        for pointer in pointers { free(pointer) }
        #endif
    }

    private static func largestSize(of files: [String]) -> Int {
        var largest = 0
        for file in files {
            var status = stat()
            if stat(file, &status) == 0 { largest = max(largest, Int(status.st_size)) }
        }
        return largest
    }
}
