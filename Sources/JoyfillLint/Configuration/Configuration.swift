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
    public func isEnabled(_ code: RuleCode) -> Bool { enabled.contains(code.name) }

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

    /// No configuration: every rule at its default.
    public static let standard = LintConfiguration(base: RuleSelection(), overrides: [])

    public init(base: RuleSelection, overrides: [(paths: [Glob], selection: RuleSelection)]) {
        self.base = base
        self.overrides = overrides
    }

    /// The names configuration files have, in the order they are looked for in a directory.
    public static let fileNames = ["jf.toml", ".jf.json"]

    /// Why a configuration cannot be used.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads a configuration; `name` tells the format (`*.toml` is TOML, anything else JSON).
    public init(text: [UInt8], name: String) throws(Error) {
        let json: JSONValue
        if name.hasSuffix(".toml") {
            do {
                json = try TOML.read(String(decoding: text, as: UTF8.self))
            } catch {
                throw Error(message: "\(name): \(error)")
            }
        } else {
            do {
                json = try JSONReader.read(text)
            } catch {
                throw Error(message: "\(name): line \(error.line), column \(error.column): \(error.message)")
            }
        }
        try self.init(json: json, name: name)
    }

    init(json: JSONValue, name: String) throws(Error) {
        guard json.isObject else { throw Error(message: "\(name): the configuration must be an object (a table)") }
        for member in json.members ?? [] where member.key != "lint" {
            throw Error(message: "\(name): unknown section '\(member.key)'" + Self.hint(member.key, ["lint"]))
        }
        guard let lint = json["lint"] else {
            self = .standard
            return
        }
        guard lint.isObject else { throw Error(message: "\(name): 'lint' must be a table") }
        base = try Self.selection(lint, at: "\(name): [lint]", allowed: ["select", "ignore", "severity", "targets", "unsafe-fixes", "overrides"])
        overrides = []
        if let list = lint["overrides"] {
            guard let entries = list.arrayValue else { throw Error(message: "\(name): [lint] overrides must be an array of tables") }
            for (index, entry) in entries.enumerated() {
                let place = "\(name): [[lint.overrides]] #\(index + 1)"
                guard entry.isObject else { throw Error(message: "\(place) must be a table") }
                guard let paths = try Self.strings(entry["paths"], at: place + " paths"), !paths.isEmpty else {
                    throw Error(message: "\(place) needs 'paths', a list of path patterns such as \"legacy/**\"")
                }
                let selection = try Self.selection(entry, at: place, allowed: ["paths", "select", "ignore", "severity", "targets", "unsafe-fixes"])
                overrides.append((paths.map(Glob.init), selection))
            }
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

    // MARK: Decoding

    private static func selection(_ table: JSONValue, at place: String, allowed: [String]) throws(Error) -> RuleSelection {
        for member in table.members ?? [] where !allowed.contains(member.key) {
            throw Error(message: "\(place): unknown key '\(member.key)'" + hint(member.key, allowed))
        }
        var selection = RuleSelection()
        selection.select = try strings(table["select"], at: place + " select")
        for rule in selection.select ?? [] { try check(rule, at: place + " select") }
        selection.ignore = try strings(table["ignore"], at: place + " ignore") ?? []
        for rule in selection.ignore { try check(rule, at: place + " ignore") }
        if let severities = table["severity"] {
            guard let members = severities.members else { throw Error(message: "\(place) severity must be a table of rule = level") }
            for member in members {
                try check(member.key, at: place + " severity")
                let levels = ["error", "warning", "info", "off"]
                guard let level = member.value.stringValue, levels.contains(level) else {
                    throw Error(message: "\(place) severity: '\(member.key)' must be one of \(levels.joined(separator: ", "))")
                }
                selection.severities[member.key] = level
            }
        }
        if let targets = try strings(table["targets"], at: place + " targets") {
            selection.targets = try portability(targets, at: place + " targets")
        }
        if let unsafeFixes = table["unsafe-fixes"] {
            guard let flag = unsafeFixes.boolValue else { throw Error(message: "\(place) unsafe-fixes must be true or false") }
            selection.unsafeFixes = flag
        }
        return selection
    }

    private static func strings(_ value: JSONValue?, at place: String) throws(Error) -> [String]? {
        guard let value else { return nil }
        guard let elements = value.arrayValue else { throw Error(message: "\(place) must be a list of strings") }
        var result: [String] = []
        for element in elements {
            guard let text = element.stringValue else { throw Error(message: "\(place) must be a list of strings") }
            result.append(text)
        }
        return result
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
