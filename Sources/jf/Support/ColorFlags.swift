import ArgumentParser
import Foundation

extension Terminal.ColorChoice: ExpressibleByArgument {}

/// `--color`, for the commands that print findings (`eval`, `run`, `lint`, `validate`,
/// `apply`, `fmt`); it sets ``Terminal/colorChoice`` for all their output.
struct ColorFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Colour the output: auto (on a terminal, unless NO_COLOR is set; always with FORCE_COLOR), always or never.",
                               valueName: "WHEN"))
    var color: Terminal.ColorChoice = .auto

    func validate() throws {
        Terminal.colorChoice = color
    }
}
