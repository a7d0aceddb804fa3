import JoyfillFormulas
import JoyfillJSON

/// The rules in force for one file: which run, at what severity, for which SDKs.
public struct LintSettings: Sendable, Hashable {
    /// Rules that run.
    public var enabled: Set<String>
    /// Severities that differ from the rules' defaults.
    public var severities: [String: Diagnostic.Severity]
    /// The Joyfill SDKs templates must run on (the `non-portable` rule).
    public var targets: Portability
    /// Whether `--fix` applies suggestions too: fixes that may change what a formula means
    /// (`qyt` → `qty`, a column's arithmetic mapped over the rows), as Ruff's unsafe fixes.
    public var unsafeFixes: Bool

    /// Whether the rule with `code` runs.
    public func isEnabled(_ code: DiagnosticCode) -> Bool { enabled.contains(code.name) }

    /// Every rule at its default severity, for the Swift SDK (the reference engine).
    public static let standard = LintSettings(enabled: Set(LintRule.names), severities: [:], targets: .swift)

    public init(enabled: Set<String>, severities: [String: Diagnostic.Severity], targets: Portability, unsafeFixes: Bool = false) {
        self.enabled = enabled
        self.severities = severities
        self.targets = targets
        self.unsafeFixes = unsafeFixes
    }

    /// The severity `rule` reports at, or nil when it does not run.
    public func severity(of rule: String) -> Diagnostic.Severity? {
        guard enabled.contains(rule) else { return nil }
        return severities[rule] ?? LintRule.named(rule)?.severity ?? .error
    }
}

/// A change to the settings: the top of a configuration, or one of its `overrides`.
public struct RuleSelection: Sendable, Hashable {
    /// Exactly these rules (`all` for every rule); nil keeps the current selection.
    public var select: [String]?
    /// Rules switched off.
    public var ignore: [String] = []
    /// Per-rule severities (`off` switches a rule off).
    public var severities: [String: String] = [:]
    /// Target SDKs; nil keeps the current targets.
    public var targets: Portability?
    /// Whether `--fix` applies suggestions too; nil keeps the current choice.
    public var unsafeFixes: Bool?

    public init(select: [String]? = nil, ignore: [String] = [], severities: [String: String] = [:], targets: Portability? = nil,
                unsafeFixes: Bool? = nil) {
        self.select = select
        self.ignore = ignore
        self.severities = severities
        self.targets = targets
        self.unsafeFixes = unsafeFixes
    }

    /// `settings` with this selection applied.
    public func applied(to settings: LintSettings) -> LintSettings {
        var result = settings
        if let select {
            result.enabled = select.contains("all") ? Set(LintRule.names) : Set(select)
        }
        result.enabled.subtract(ignore.contains("all") ? LintRule.names : ignore)
        for (rule, level) in severities {
            if level == "off" {
                result.enabled.remove(rule)
            } else if let severity = Diagnostic.Severity(rawValue: level) {
                result.severities[rule] = severity
            }
        }
        if let targets { result.targets = targets }
        if let unsafeFixes { result.unsafeFixes = unsafeFixes }
        return result
    }
}

/// A `jf.toml` or `.jf.json` file's `lint` section (docs/rules/README.md):
///
/// ```toml
/// [lint]
/// select = ["all"]
/// ignore = ["unused-formula"]
/// targets = ["swift", "web"]
/// unsafe-fixes = true
///
/// [lint.severity]
/// non-portable = "error"
///
/// [[lint.overrides]]
/// paths = ["legacy/**"]
/// ignore = ["non-portable"]
/// ```
public struct LintConfiguration: Sendable {
    /// The configuration's own selection, over ``LintSettings/standard``.
    public var base: RuleSelection
    /// Selections for paths, applied in order after ``base`` to the files they match.
    public var overrides: [(paths: [Glob], selection: RuleSelection)]
    /// Where each override's patterns are written (`file:line:column`), in the same order.
    private var patternPlaces: [[String]] = []

    /// No configuration: every rule at its default.
    public static let standard = LintConfiguration(base: RuleSelection(), overrides: [])

    public init(base: RuleSelection, overrides: [(paths: [Glob], selection: RuleSelection)]) {
        self.base = base
        self.overrides = overrides
    }

    /// The names configuration files have, in the order they are looked for in a directory.
    public static let fileNames = ["jf.toml", ".jf.json"]

    /// Why a configuration cannot be used: each problem's message starts with the file, and
    /// the line and column of the setting when it has one (`jf.toml:3:11: [lint] ignore: …`).
    /// Every problem the file has is reported, as a compiler reports every error, not the first.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// The problems, in the order of the file.
        public var messages: [String]
        /// The problems, a line each.
        public var message: String { messages.joined(separator: "\n") }
        public var description: String { message }

        init(message: String) { messages = [message] }
        init(messages: [String]) { self.messages = messages }
    }

    /// Reads a configuration; `name` tells the format (`*.toml` is TOML, anything else JSON).
    public init(text: [UInt8], name: String) throws(Error) {
        let json: JSONValue
        let places: ConfigurationPlaces
        if name.hasSuffix(".toml") {
            do {
                (json, places) = try TOML.readWithPlaces(String(decoding: text, as: UTF8.self))
            } catch {
                throw Error(message: "\(name):\(error.line):\(error.column): \(error.message)")
            }
        } else {
            do {
                json = try JSONReader.read(text)
            } catch {
                throw Error(message: "\(name):\(error.line):\(error.column): \(error.message)")
            }
            places = ConfigurationPlaces(json: json, bytes: text)
        }
        let decoder = Decoder(name: name, places: places)
        self.init(json: json, decoder: decoder)
        if !decoder.problems.isEmpty { throw Error(messages: decoder.problems) }
    }

    /// The configuration `json` says, with what is refused recorded in `decoder` and left out.
    private init(json: JSONValue, decoder: Decoder) {
        self = .standard
        guard json.isObject else {
            decoder.refuse("the configuration must be an object (a table)", at: [])
            return
        }
        for member in json.members ?? [] where member.key != "lint" {
            decoder.refuse("unknown section '\(member.key)'" + Self.hint(member.key, ["lint"]), at: [.key(member.key)], key: true)
        }
        guard let lint = json["lint"] else { return }
        guard lint.isObject else {
            decoder.refuse("'lint' must be a table", at: [.key("lint")])
            return
        }
        base = decoder.selection(lint, at: [.key("lint")], named: "[lint]",
                                 allowed: ["select", "ignore", "severity", "targets", "unsafe-fixes", "overrides"])
        guard let list = lint["overrides"] else { return }
        let path: JSONPointer = [.key("lint"), .key("overrides")]
        guard let entries = list.arrayValue else {
            decoder.refuse("[lint] overrides must be an array of tables", at: path)
            return
        }
        for (index, entry) in entries.enumerated() {
            let place = "[[lint.overrides]] #\(index + 1)"
            let at = path + [.index(index)]
            guard entry.isObject else {
                decoder.refuse("\(place) must be a table", at: at)
                continue
            }
            let paths = decoder.strings(entry["paths"], at: at + [.key("paths")], named: place + " paths")
            if paths?.isEmpty ?? (entry["paths"] == nil) {
                decoder.refuse("\(place) needs 'paths', a list of path patterns such as \"legacy/**\"", at: at + [.key("paths")])
            }
            let selection = decoder.selection(entry, at: at, named: place,
                                              allowed: ["paths", "select", "ignore", "severity", "targets", "unsafe-fixes"])
            guard let paths, !paths.isEmpty else { continue }
            overrides.append((paths.map { Glob($0.text) }, selection))
            patternPlaces.append(paths.indices.map { decoder.place(at + [.key("paths"), .index($0)]) })
        }
    }

    /// The settings for a file at `path`, relative to the configuration's directory.
    public func settings(for path: String) -> LintSettings {
        var settings = base.applied(to: .standard)
        for override in overrides where override.paths.contains(where: { $0.matches(path) }) {
            settings = override.selection.applied(to: settings)
        }
        return settings
    }

    /// An override's path pattern, and where it is written.
    public struct Pattern: Sendable {
        public var glob: Glob
        /// `file:line:column`, or the file alone for a configuration without places.
        public var place: String
        /// The override's number, from 1, in the order of the file.
        public var override: Int
    }

    /// The overrides' patterns that match none of `paths` (relative to the configuration's
    /// directory, `/`-separated): an override written relative to another directory is
    /// silently inert, which its user should hear about.
    public func patterns(matchingNoneOf paths: [String]) -> [Pattern] {
        let split = paths.map { $0.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.utf8) }[...] }
        var unmatched: [Pattern] = []
        for (number, override) in overrides.enumerated() {
            for (index, glob) in override.paths.enumerated() where !split.contains(where: { glob.matches(parts: $0) }) {
                let place = number < patternPlaces.count && index < patternPlaces[number].count ? patternPlaces[number][index] : ""
                unmatched.append(Pattern(glob: glob, place: place, override: number + 1))
            }
        }
        return unmatched
    }

    // MARK: Decoding

    /// Reads settings, recording each refused one with its file, line and column and going on
    /// without it, so that one run reports them all.
    private final class Decoder {
        let name: String
        let places: ConfigurationPlaces
        /// What was refused, in the order it was read.
        private(set) var problems: [String] = []

        init(name: String, places: ConfigurationPlaces) {
            self.name = name
            self.places = places
        }

        /// `file:line:column` of the value at `path` (or its key), or the file alone.
        func place(_ path: JSONPointer, key: Bool = false) -> String {
            places.location(of: path, key: key).map { "\(name):\($0.line):\($0.column)" } ?? name
        }

        func refuse(_ message: String, at path: JSONPointer, key: Bool = false) {
            problems.append("\(place(path, key: key)): \(message)")
        }

        func selection(_ table: JSONValue, at path: JSONPointer, named place: String, allowed: [String]) -> RuleSelection {
            for member in table.members ?? [] where !allowed.contains(member.key) {
                refuse("\(place): unknown key '\(member.key)'" + LintConfiguration.hint(member.key, allowed), at: path + [.key(member.key)], key: true)
            }
            var selection = RuleSelection()
            let select = strings(table["select"], at: path + [.key("select")], named: place + " select")
            let ignore = strings(table["ignore"], at: path + [.key("ignore")], named: place + " ignore") ?? []
            selection.select = select?.filter { rule(named: $0.text, at: path + [.key("select"), .index($0.index)], in: "\(place) select") }.map(\.text)
            selection.ignore = ignore.filter { rule(named: $0.text, at: path + [.key("ignore"), .index($0.index)], in: "\(place) ignore") }.map(\.text)
            if let severities = table["severity"] {
                let at = path + [.key("severity")]
                if let members = severities.members {
                    for member in members where rule(named: member.key, at: at + [.key(member.key)], key: true, in: place + " severity") {
                        let levels = ["error", "warning", "info", "off"]
                        guard let level = member.value.stringValue, levels.contains(level) else {
                            refuse("\(place) severity: '\(member.key)' must be one of \(levels.joined(separator: ", "))", at: at + [.key(member.key)])
                            continue
                        }
                        selection.severities[member.key] = level
                    }
                } else {
                    refuse("\(place) severity must be a table of rule = level", at: at)
                }
            }
            if let targets = strings(table["targets"], at: path + [.key("targets")], named: place + " targets") {
                do {
                    selection.targets = try LintConfiguration.portability(targets.map(\.text), at: place + " targets")
                } catch let refused {
                    refuse(refused.message, at: path + [.key("targets")])
                }
            }
            if let unsafeFixes = table["unsafe-fixes"] {
                if let flag = unsafeFixes.boolValue { selection.unsafeFixes = flag }
                else { refuse("\(place) unsafe-fixes must be true or false", at: path + [.key("unsafe-fixes")]) }
            }
            return selection
        }

        /// Whether `name` is a rule (or `all`); refused where it is written when not.
        private func rule(named name: String, at path: JSONPointer, key: Bool = false, in place: String) -> Bool {
            do {
                try LintConfiguration.check(name, at: place)
                return true
            } catch let refused {
                refuse(refused.message, at: path, key: key)
                return false
            }
        }

        /// The strings of a list, each with its index; nil when `value` is absent or not a
        /// list (refused, with the list to write when it is one string: `["all"]`). An element
        /// that is not a string is refused and left out.
        func strings(_ value: JSONValue?, at path: JSONPointer, named place: String) -> [(index: Int, text: String)]? {
            guard let value else { return nil }
            guard let elements = value.arrayValue else {
                let advice = value.stringValue.map { "; write it as a list: [\(JSONText.string($0))]" } ?? ""
                refuse("\(place) must be a list of strings" + advice, at: path)
                return nil
            }
            var result: [(index: Int, text: String)] = []
            for (index, element) in elements.enumerated() {
                guard let text = element.stringValue else {
                    refuse("\(place) must be a list of strings", at: path + [.index(index)])
                    continue
                }
                result.append((index, text))
            }
            return result
        }
    }

    /// A rule name from a configuration or the command line: a known rule, or `all`.
    public static func check(_ rule: String, at place: String) throws(Error) {
        guard rule != "all", LintRule.named(rule) == nil else { return }
        throw Error(message: "\(place): unknown rule '\(rule)'" + hint(rule, LintRule.names))
    }

    /// SDK names (`swift`, `web`) as a ``Portability``.
    public static func portability(_ names: [String], at place: String) throws(Error) -> Portability {
        var result: Portability = []
        for name in names {
            switch name {
            case "swift": result.insert(.swift)
            case "web": result.insert(.web)
            default: throw Error(message: "\(place): unknown SDK '\(name)'; the targets are swift and web")
            }
        }
        return result
    }

    private static func hint(_ word: String, _ candidates: [String]) -> String {
        Suggestions.closest(to: word, in: candidates).map { "; " + Suggestions.question($0) } ?? ""
    }
}
