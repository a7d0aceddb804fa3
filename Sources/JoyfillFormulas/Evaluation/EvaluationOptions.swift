/// Limits and settings for one evaluation.
public struct EvaluationOptions: Sendable {
    /// The instant `now()` returns; nil means the current time, read once per evaluation.
    public var now: Instant?
    /// The calendar zone of date functions (specification §5.3).
    public var zone: CalendarZone
    /// The most syntax nodes one evaluation may visit before it is stopped.
    public var maxSteps: Int
    /// The longest string (in UTF-8 bytes) an operation may build.
    public var maxStringLength: Int
    /// The most elements an operation may put in one array.
    public var maxCollectionCount: Int
    /// A request to stop, from outside the evaluation (Ctrl-C in the REPL): when it is made,
    /// an evaluation stops within about a million steps with an `interrupted` error.
    public var interruption: Interruption?

    public init(
        now: Instant? = nil, zone: CalendarZone = .utc, maxSteps: Int = 100_000_000,
        maxStringLength: Int = 64 << 20, maxCollectionCount: Int = 10_000_000
    ) {
        self.now = now
        self.zone = zone
        self.maxSteps = maxSteps
        self.maxStringLength = maxStringLength
        self.maxCollectionCount = maxCollectionCount
    }
}
