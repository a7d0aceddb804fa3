import Foundation
import JoyfillJSON
import JoyfillModel

/// The state the reader, the workers and the delivering thread share, under one lock. A
/// thread is woken only when what it waits for has come: the reader when the window is half
/// empty, a worker when lines are waiting, the delivering thread when the next result is ready;
/// each hand-off costs a context switch, and a stream has millions of lines.
///
/// Invariant (hence `@unchecked Sendable`): every stored `var` is read and written only with
/// `condition` locked; the `let`s are set before any thread starts.
final class LineStream<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Lines waiting for a worker, from `waitingStart` on (an oversized one's text is in its file).
    private var waiting: [(number: Int, line: ArraySlice<UInt8>, oversized: OversizedLine?)] = []
    private var waitingStart = 0
    /// Results not yet delivered, by line number, with the size of their line.
    private var results: [Int: (value: T, size: Int)] = [:]
    private var linesRead = 0
    private var linesDelivered = 0
    private var bytesInWindow = 0
    private let window: Int
    private let maxBytesInWindow = 64 << 20
    /// The end of the input has been read (or reading failed).
    private var ended = false
    /// Why reading stopped before the end of the input.
    private(set) var readFailure: InputLines.Failure?
    /// Who is waiting, so that a change wakes threads only when one of them can go on.
    private var readerWaits = false
    private var idleWorkers = 0
    private var awaitedResult = 0
    /// The reader waits for input: the client may be waiting for its answers.
    private var inputIdle = false

    /// Wakes the delivering thread when the result it waits for is ready and delivering now
    /// matters: the client may be waiting (input idle or ended), or half the lines in the window
    /// have their results (so a fast stream wakes it once per half window, not once a line, and
    /// a window the reader has filled is always emptied). Called with the lock held.
    private func wakeDeliverer() {
        guard awaitedResult != 0, results[awaitedResult] != nil else { return }
        if inputIdle || ended || results.count * 2 >= linesRead - linesDelivered { condition.broadcast() }
    }

    init(window: Int) {
        self.window = window
    }

    /// Whether standard input can be read without waiting (data, or its end, has arrived).
    private func inputIsReady() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// The reader: splits standard input into lines as it arrives, and queues each chunk's
    /// lines together. When it fails (input it cannot read, a line it cannot keep), the lines
    /// before the failure are queued, and none after it: a line is never answered cut short.
    func read() {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []   // the start of a line whose end has not arrived
        var spilling: OversizedLine.Writer?   // a line past the limit, going to its file
        var lines: [(ArraySlice<UInt8>, OversizedLine?)] = []
        var failure: InputLines.Failure?
        func take(_ line: ArraySlice<UInt8>) {
            lines.append((Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)[...], nil))
        }
        /// The number of the line being read (not yet taken).
        func current() -> Int { condition.withLock { linesRead } + lines.count + 1 }
        func spill(_ bytes: ArraySlice<UInt8>) -> Bool {
            do {
                try spilling?.write(bytes)
                return true
            } catch {
                spilling = nil   // its file is gone with the failure
                // A line that never ends (no line break in a gigabyte) ends the stream, after
                // the lines before it are answered; so does a file that cannot be written.
                failure = error.code.map { .unkept(line: current(), directory: OversizedLine.Writer.directory, code: $0) }
                    ?? .tooLong(line: current(), limit: OversizedLine.maximumLength)
                return false
            }
        }
        while true {
            // About to wait for input: whatever is answered must reach the client now.
            let idle = !inputIsReady()
            if idle {
                condition.withLock {
                    inputIdle = true
                    // Even with nothing new to deliver, what it delivered may wait in its buffer.
                    if awaitedResult != 0 { condition.broadcast() }
                }
            }
            let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if idle { condition.withLock { inputIdle = false } }
            if count == 0 { break }
            if count < 0 {
                let error = errno
                if error == EINTR { continue }
                failure = .unreadable(code: error)
                break
            }
            var start = 0
            if spilling != nil {
                // The rest of a line past the limit, to its file, up to its end.
                let newline = Self.newline(in: chunk, from: 0, to: count)
                guard spill(chunk[..<(newline ?? count)]) else { break }
                guard let newline else { continue }
                lines.append(([], spilling?.finish()))
                spilling = nil
                start = newline + 1
            }
            while let newline = Self.newline(in: chunk, from: start, to: count) {
                if pending.isEmpty {
                    take(chunk[start..<newline])
                } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    take(pending[...])
                    pending = []
                }
                start = newline + 1
            }
            pending.append(contentsOf: chunk[start..<count])
            if pending.count > OversizedLine.limit {
                // Memory holds no more than the limit of one line: the rest goes to a file.
                do {
                    spilling = try OversizedLine.Writer()
                } catch {
                    failure = .unkept(line: current(), directory: OversizedLine.Writer.directory, code: error.code ?? 0)
                    break
                }
                guard spill(pending[...]) else { break }
                pending = []
            }
            queue(&lines)
        }
        if failure == nil {
            if let spilling { lines.append(([], spilling.finish())) }
            if !pending.isEmpty { take(pending[...]) }
        }
        queue(&lines)
        condition.withLock {
            readFailure = failure
            ended = true
            condition.broadcast()
        }
    }

    /// The offset of the first line break in `chunk[start..<end]`, found by `memchr`: a loop
    /// over the bytes spends 4–5 instructions on each byte of a stream, 4% of a stream of
    /// 25 KB documents; memchr compares a vector of bytes at a time.
    private static func newline(in chunk: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return chunk.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, end - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Queues lines for the workers as the window makes room for them.
    private func queue(_ lines: inout [(ArraySlice<UInt8>, OversizedLine?)]) {
        guard !lines.isEmpty else { return }
        condition.lock()
        for (line, oversized) in lines {
            while linesRead - linesDelivered >= window || (bytesInWindow >= maxBytesInWindow && linesRead > linesDelivered) {
                readerWaits = true
                if idleWorkers > 0 { condition.broadcast() } else { wakeDeliverer() }
                condition.wait()
                readerWaits = false
            }
            linesRead += 1
            bytesInWindow += line.count
            waiting.append((linesRead, line, oversized))
        }
        if idleWorkers > 0 { condition.broadcast() }
        condition.unlock()
        lines.removeAll(keepingCapacity: true)
    }

    /// A worker: runs `job` on waiting lines until the input has ended and none is left.
    func work(_ job: (Int, ArraySlice<UInt8>) -> T, oversized: (Int, OversizedLine) -> T) {
        condition.lock()
        while true {
            while waitingStart == waiting.count && !ended {
                idleWorkers += 1
                condition.wait()
                idleWorkers -= 1
            }
            guard waitingStart < waiting.count else { break }
            let (number, line, spilled) = waiting[waitingStart]
            waitingStart += 1
            if waitingStart >= 1024 && waitingStart * 2 >= waiting.count {
                waiting.removeFirst(waitingStart)
                waitingStart = 0
            }
            condition.unlock()
            let value = spilled.map { oversized(number, $0) } ?? job(number, line)
            condition.lock()
            results[number] = (value, line.count)
            wakeDeliverer()
        }
        condition.unlock()
    }

    /// The results of line `number` and of the lines after it that are ready, once line
    /// `number`'s is; none after the last line.
    func results(from number: Int, beforeWaiting flush: () -> Void) -> [T] {
        condition.lock()
        defer { condition.unlock() }
        while results[number] == nil {
            if ended && number > linesRead { return [] }
            if inputIdle {
                condition.unlock()
                flush()
                condition.lock()
                if results[number] != nil || (ended && number > linesRead) { continue }
            }
            awaitedResult = number
            condition.wait()
            awaitedResult = 0
        }
        var ready: [T] = []
        var next = number
        while let result = results.removeValue(forKey: next) {
            ready.append(result.value)
            bytesInWindow -= result.size
            next += 1
        }
        linesDelivered += ready.count
        // The reader goes on once the window is half empty both by lines and by bytes (or
        // empty: one line may be larger than half the bytes).
        if readerWaits && linesRead - linesDelivered <= window / 2
            && (bytesInWindow <= maxBytesInWindow / 2 || linesRead == linesDelivered) { condition.broadcast() }
        return ready
    }
}
