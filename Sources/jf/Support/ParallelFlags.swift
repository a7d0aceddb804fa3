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

/// The shared work queue and results of ``parallelForEach(_:workers:_:deliver:)``, under one
/// lock: workers wait while the window of jobs ahead of the one awaited is full, the
/// delivering thread while the one it awaits is not done.
///
/// Each wake-up is a context switch, and a batch has millions of jobs, so a worker wakes the
/// delivering thread only when half the window is ready or every job has started; otherwise
/// that thread looks again every 20 ms while it waits (fast documents are reported in batches,
/// a slow one within 20 ms of being done).
private final class ParallelState<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int
    private var next = 0
    private var delivered = 0
    private var results: [Int: T] = [:]
    private var workersWaiting = 0
    private var delivererWaits = false

    init(window: Int) { self.window = window }

    /// Wakes the delivering thread if the result it waits for is ready and half the window is,
    /// or every job has started. Called with the lock held.
    private func wakeDeliverer(count: Int) {
        guard delivererWaits, results[delivered] != nil else { return }
        if results.count * 2 >= window || next >= count { condition.broadcast() }
    }

    /// A worker: takes jobs in order until none is left.
    func work(count: Int, _ job: (Int) -> T) {
        condition.lock()
        while next < count {
            if next - delivered >= window {
                workersWaiting += 1
                condition.wait()
                workersWaiting -= 1
                continue
            }
            let index = next
            next += 1
            condition.unlock()
            let result = job(index)
            condition.lock()
            results[index] = result
            wakeDeliverer(count: count)
        }
        condition.unlock()
    }

    /// The result of job `index` and those after it that are done, once job `index`'s is.
    func results(from index: Int) -> [T] {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil {
            delivererWaits = true
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.02))
            delivererWaits = false
        }
        var ready: [T] = []
        var next = index
        while let result = results.removeValue(forKey: next) {
            ready.append(result)
            next += 1
        }
        delivered = next
        if workersWaiting > 0 { condition.broadcast() }
        return ready
    }
}
