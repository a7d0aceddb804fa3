import JoyfillFormulas
import JoyfillJSON
import JoyfillLint
import JoyfillModel
import JoyfillSession

/// What one input produced: text for standard output, whether it failed, whether to quit.
public struct REPLOutput: Sendable, Equatable {
    public var text: String
    public var failed: Bool
    public var quit: Bool

    public init(_ text: String, failed: Bool = false, quit: Bool = false) {
        self.text = text
        self.failed = failed
        self.quit = quit
    }
}
