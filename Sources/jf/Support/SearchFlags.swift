import ArgumentParser
import Foundation

/// `--no-ignore`, for the commands that search directories.
struct SearchFlags: ParsableArguments {
    @Flag(help: "Search directories whole: do not pass over what .gitignore files ignore.")
    var noIgnore = false
}
