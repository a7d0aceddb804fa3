import Foundation

/// The shared work queue and results of ``parallelForEach(_:workers:_:deliver:)``, under one
/// lock: workers wait while the window of jobs ahead of the one awaited is full, the
/// delivering thread while the one it awaits is not done.
///
/// Each wake-up is a context switch, and a batch has millions of jobs, so a worker wakes the
/// delivering thread only when half the window is ready or every job has started; otherwise
/// that thread looks again every 20 ms while it waits (fast documents are reported in batches,
/// a slow one within 20 ms of being done).
///
/// Invariant (hence `@unchecked Sendable`): every stored `var` is read and written only with
/// `condition` locked; a result is handed from its worker to the delivering thread under it.
final class ParallelState<T>: @unchecked Sendable {
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
