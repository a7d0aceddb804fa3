/// The Joyfill SDKs that have a function (specification §5.2).
public struct Portability: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The Swift (iOS) SDK's formula engine registers it.
    public static let swift = Portability(rawValue: 1)
    /// The web formulas guide documents it.
    public static let web = Portability(rawValue: 2)
    /// Every SDK.
    public static let all: Portability = [.swift, .web]
    /// No SDK: a jf extension.
    public static let jfOnly: Portability = []

    /// `swift, web`, or `jf only`.
    public var description: String {
        if isEmpty { return "jf only" }
        return [(Portability.swift, "swift"), (Portability.web, "web")].filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }

    /// The SDK names, for JSON output.
    public var names: [String] {
        [(Portability.swift, "swift"), (Portability.web, "web")].filter { contains($0.0) }.map(\.1)
    }
}
