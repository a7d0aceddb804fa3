import ArgumentParser
import Foundation

/// `--jobs`, shared by the commands that work on many files or lines at once (`run`,
/// `validate`, `lint`, `fmt`).
struct ParallelFlags: ParsableArguments {
    // Optional, so that the help says "the number of cores" rather than this machine's number.
    @Option(name: .customLong("jobs"), help: ArgumentHelp("Work on N files at once (default: the number of cores).", valueName: "N"))
    var requestedJobs: Int?

    /// How many threads to work on.
    var jobs: Int { requestedJobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if let requestedJobs, requestedJobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}

/// The most threads `--jobs` starts: 256, or the number of cores where there are more. The
/// work is computation, so threads beyond the cores only share them; the bound keeps a
/// mistyped `--jobs 100000` from spending seconds starting threads (each with a 16 MiB stack).
let maximumWorkers = max(256, ProcessInfo.processInfo.activeProcessorCount)

/// Runs `count` jobs on `workers` threads (at most ``maximumWorkers``, with stacks large
/// enough for deep formulas) and calls `deliver` on the calling thread with each result, in
/// job order, as soon as it and those before it are done. Workers run at most 64 jobs each
/// ahead of the one awaited, so the results held at once are bounded however many jobs there
/// are: a million documents are reported as they go, not at the end.
func parallelForEach<T: Sendable>(_ count: Int, workers: Int, _ job: @escaping @Sendable (Int) -> T,
                                  deliver: (Int, T) -> Void) {
    guard count > 0 else { return }
    let workers = max(1, min(workers, count, maximumWorkers))
    let state = ParallelState<T>(window: workers * 64)
    for _ in 0..<workers {
        let thread = Thread { state.work(count: count, job) }
        thread.stackSize = 16 << 20
        thread.start()
    }
    var delivered = 0
    while delivered < count {
        for result in state.results(from: delivered) {
            deliver(delivered, result)
            delivered += 1
        }
    }
}
