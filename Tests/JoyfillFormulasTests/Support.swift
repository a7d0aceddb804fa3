import Foundation
@testable import JoyfillFormulas

/// Evaluation with a fixed clock and UTC, so results are reproducible.
func evaluate(_ source: String, _ names: [String: Value] = [:], options: EvaluationOptions? = nil) throws(Diagnostic) -> Value {
    let evaluator = Evaluator(options: options ?? EvaluationOptions(now: Instant(milliseconds: 1_717_243_200_000)))
    return try evaluator.evaluate(Parser.parse(source), in: DictionaryContext(names))
}

/// A result as the tables write it: a value's debug form (strings quoted) or `error: <kind>`.
func outcome(_ source: String, _ names: [String: Value] = [:]) -> String {
    do throws(Diagnostic) {
        return try evaluate(source, names).description
    } catch {
        return "error: \(error.kind.rawValue)"
    }
}

/// The error a formula fails with, or nil.
func failure(_ source: String, _ names: [String: Value] = [:]) -> Diagnostic? {
    do throws(Diagnostic) {
        _ = try evaluate(source, names)
        return nil
    } catch {
        return error
    }
}

/// The repository's top level, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
