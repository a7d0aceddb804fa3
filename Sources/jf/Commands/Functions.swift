import ArgumentParser
import JoyfillFormulas

struct Functions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "functions",
        abstract: "List the built-in functions.",
        discussion: """
            Prints every function with its signature and summary, grouped by category; with \
            NAMEs, each one's documentation: usage, details, examples and portability \
            (jf functions round dateAdd). --json prints the catalogue as JSON (parameters, \
            types, examples, portability); --markdown prints the reference page \
            docs/functions.md is generated from.

            Exits 2 when a NAME is no function (with "did you mean").
            """
    )

    @Argument(help: ArgumentHelp("Functions to document (names are case-insensitive).", valueName: "name"),
              completion: .list(FunctionRegistry.standard.names))
    var names: [String] = []

    @Flag(help: "Print the catalogue as JSON.")
    var json = false

    @Flag(help: "Print the Markdown reference (docs/functions.md).")
    var markdown = false

    func validate() throws {
        guard !JF.checksSuspended else { return }
        if json && markdown { throw ValidationError("choose one of --json and --markdown") }
        if markdown && !names.isEmpty { throw ValidationError("--markdown prints the whole reference; give no NAME") }
    }

    func run() throws {
        let output = Terminal.standardOutput
        let registry = FunctionRegistry.standard
        if !names.isEmpty {
            let signatures = try names.map { name throws(Failure) in
                guard let function = registry.lookup(name) else {
                    let hint = registry.hintForUnknownFunction(name).map { " (\($0))" } ?? ""
                    throw .usage("no function '\(name)'\(hint); jf functions lists them all")
                }
                return function.signature
            }
            output.write(json ? FunctionReference.json(signatures) + "\n"
                              : signatures.map { FunctionReference.text($0, width: output.columns) }.joined(separator: "\n"))
        } else if json {
            output.write(FunctionReference.json() + "\n")
        } else if markdown {
            output.write(FunctionReference.markdown())
        } else {
            output.write(FunctionReference.listing(registry, width: output.columns))
        }
        output.flush()
    }
}
