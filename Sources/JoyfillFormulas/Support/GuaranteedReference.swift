extension Unmanaged {
    /// Runs `body` on the instance where it lies, without retaining it (the caller guarantees
    /// it is alive), for a body with a typed error: `_withUnsafeGuaranteedRef` rethrows untyped
    /// errors, so the one `body` can throw is recovered here. The evaluator calls function
    /// bodies, its context and itself this way: through a stored reference, even an unowned
    /// one, each call would retain and release the instance.
    @inline(__always)
    func withGuaranteedReference<Result, Failure: Error>(_ body: (Instance) throws(Failure) -> Result) throws(Failure) -> Result {
        do {
            return try _withUnsafeGuaranteedRef { instance throws in try body(instance) }
        } catch let error as Failure {
            throw error
        } catch {
            preconditionFailure("only \(Failure.self) is thrown")
        }
    }
}
