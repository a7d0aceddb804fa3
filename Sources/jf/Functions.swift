import ArgumentParser
import JoyfillFormulas

struct Functions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in functions.",
        discussion: """
            Prints every function with its signature and summary, grouped by category. \
            --json prints the catalogue as JSON (parameters, types, examples, portability); \
            --markdown prints the reference page docs/functions.md is generated from.
            """
    )

    @Flag(help: "Print the catalogue as JSON.")
    var json = false

    @Flag(help: "Print the Markdown reference (docs/functions.md).")
    var markdown = false

    func validate() throws {
        if json && markdown { throw ValidationError("choose one of --json and --markdown") }
    }

    func run() {
        let output = Terminal.standardOutput
        if json {
            output.write(FunctionReference.json() + "\n")
        } else if markdown {
            output.write(FunctionReference.markdown())
        } else {
            let registry = FunctionRegistry.standard
            let width = registry.signatures.map(\.usage.count).max() ?? 0
            for category in FunctionSignature.Category.allCases {
                output.write("\(category.title):\n")
                for signature in registry.signatures where signature.category == category {
                    let usage = signature.usage.padding(toLength: width, withPad: " ", startingAt: 0)
                    output.write("  \(usage)  \(signature.summary)\n")
                }
                output.write("\n")
            }
            output.write("Details and examples: jf functions --markdown, or docs/functions.md.\n")
        }
        output.flush()
    }
}
