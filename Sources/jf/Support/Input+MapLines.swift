import Foundation
import JoyfillJSON
import JoyfillModel

/// Streams of JoyDocs, one a line (`jf run --jsonl`, `jf validate --jsonl`): lines are read,
/// worked on in parallel and answered in input order, at the same time.
///
/// Three kinds of thread share one ``LineStream``: a reader splits standard input into lines,
/// workers run the job on them, and the caller's thread delivers the results in order. The
/// lines read but not yet delivered are bounded (64 a worker, or 64 MiB), so memory holds a
/// window of the stream, whatever its length. When the input pauses, the delivering thread
/// writes out what it has before it waits: a client that writes one line and waits for its
/// answer gets it at once, so `jf` can serve as a long-lived coprocess.
extension Input {
    /// Runs `job` on each line of standard input (its number from 1, and the line without its
    /// line break, `\n` or `\r\n`) on `workers` threads (at most ``maximumWorkers``), and calls
    /// `deliver` with each result, in input order, on the calling thread; `flush` is called when
    /// it waits while the input pauses. A line longer than ``OversizedLine/limit`` goes to
    /// `oversized` instead, kept in a temporary file rather than in memory, and the stream goes
    /// on after it.
    static func mapLines<T: Sendable>(workers: Int, flush: () -> Void,
                                      _ job: @escaping @Sendable (_ number: Int, _ line: ArraySlice<UInt8>) -> T,
                                      oversized: @escaping @Sendable (_ number: Int, _ line: OversizedLine) -> T,
                                      deliver: (T) -> Void) throws(Failure) {
        let workers = max(1, min(workers, maximumWorkers))
        let stream = LineStream<T>(window: workers * 64)
        Thread.detachNewThread { stream.read() }
        for _ in 0..<workers {
            let thread = Thread { stream.work(job, oversized: oversized) }
            thread.stackSize = 16 << 20   // as parallelForEach's: evaluation is bounded, not shallow
            thread.start()
        }
        var number = 1
        while true {
            let ready = stream.results(from: number, beforeWaiting: flush)
            if ready.isEmpty { break }
            for result in ready { deliver(result) }
            number += ready.count
        }
        if let failure = stream.readFailure { throw .usage(failure.message) }
    }
}
