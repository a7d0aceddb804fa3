/// Keeps `object` alive until the process exits, by a strong reference that is never
/// released: the memory it holds is left to the end of the process, which gives it back at
/// once, where releasing a large document's objects one by one takes as long as a tenth of
/// its run. Invariant: only for objects whose end does nothing but free memory (a session
/// writes its file before this).
func keepUntilExit(_ object: AnyObject) {
    UnsafeMutablePointer<AnyObject>.allocate(capacity: 1).initialize(to: object)
}
